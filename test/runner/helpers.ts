// Shared helpers for the runner tests: run the compiled CLI (worker threads need dist/, built by globalSetup).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'mjlab.js');

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `mjlab-${prefix}-`));
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

export function spawnMjlab(args: readonly string[], cwd = ROOT) {
  return spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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
