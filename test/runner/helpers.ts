// Shared helpers for the runner tests: run the compiled CLI (worker threads need dist/, built by globalSetup).
import { spawn, spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'mjlab.js');

/** A fresh directory under the run's temporary root (test/support/temp-root.ts), removed when the run ends. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(process.env.MJLAB_TEST_TMP ?? tmpdir(), `mjlab-${prefix}-`));
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function mjlab(args: readonly string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function spawnMjlab(args: readonly string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}) {
  return spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

export const FIXTURES = join(import.meta.dirname, 'fixtures');
/** The gate plug-in (fixtures/gate.mjs): random play that can be held at its K-th agent (one per game), for kill tests. */
export const GATE = join(FIXTURES, 'gate.mjs');

/**
 * Start a run whose gate plug-in holds it from its K-th agent on, and wait for that event (the gate's .held file):
 * the run is then mid-run whatever the machine's speed, and stays so until killed. Resolves with the child, a
 * promise of its exit (code, or -1 when killed by a signal it did not handle) and its stderr so far.
 */
export async function startHeld(args: readonly string[], counter: string, k: number, cwd: string, env: NodeJS.ProcessEnv = {}) {
  for (const f of [counter, `${counter}.held`]) rmSync(f, { force: true });
  const child = spawnMjlab(args, cwd, { ...env, MJLAB_TEST_GATE: `${counter}:${k}` });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((res) =>
    child.on('exit', (c, sig) => {
      code = sig ? -1 : c;
      res(code);
    }),
  );
  while (!existsSync(`${counter}.held`)) {
    if (code !== undefined) throw new Error(`the run ended (${code}) before its gate held it: ${stderr}`);
    await sleep(10);
  }
  return { child, exited, stderr: () => stderr };
}

/** Wait until a file has at least n lines: a run's checkpoint committing a batch is an event a test can wait on. */
export async function untilLines(path: string, n: number): Promise<void> {
  while (lineCount(path) < n) await sleep(10);
}

export function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), 'utf8');
}

export function lineCount(path: string): number {
  if (!existsSync(path)) return 0;
  return readFileSync(path, 'utf8').split('\n').length - 1;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The outputs that must not depend on workers, shards or interruptions. */
export const EXACT_FILES = ['summary.csv', 'score-distribution.csv', 'totals.csv', 'games.csv'] as const;

/** Rows of a CSV without quoted fields (all our test data), as objects keyed by the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trimEnd().split('\n');
  const cols = (head ?? '').split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i] ?? String(i), v])));
}

/** Arguments of a printed command line (mjlab's commandLine quoting: single quotes), e.g. a "resume with:" hint. */
export function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) out.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!);
  return out;
}

/** A refusal as the house rule has it: not killed, exit 2, one line on stderr (returned). */
export function oneLine(r: { status: number | null; signal?: NodeJS.Signals | null; stderr: string }): string {
  expect(r.signal ?? null, 'the run hung and was killed by the test').toBeNull();
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}
