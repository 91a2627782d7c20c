// A full disk (README.md, "Commands"): ENOSPC or EDQUOT anywhere a run writes ends with one line naming the
// file and what was kept, exit 2, no stack trace and no temporary file left behind; the checkpoint stays
// resumable, to the uninterrupted numbers. Faults are injected into node:fs for the commands run in this process
// (every write of the runner, merge and experiments happens on the main thread); a real tiny tmpfs is used too
// where this machine lets the test mount one (root), and the test says so when it cannot.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mjlabIn, runCli } from '../helpers/cli.js';
import { EXACT_FILES, GATE, read, tempDir } from './helpers.js';

const fault = vi.hoisted(() => ({
  /** Files (by path suffix) whose writes fail, once `after` more bytes have been written to them. */
  file: null as string | null,
  code: 'ENOSPC',
  after: 0,
  /** Or: the n-th write to the file fails (1: its first), whatever the sizes of the writes before it. */
  atWrite: null as number | null,
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const paths = new Map<number, string>();
  // Temporary files have a random part (.NAME.RANDOM.tmp): a fault on `.NAME.tmp` meets any of them.
  const named = (path: string) => path.replace(/\.[0-9a-f]{12}\.tmp$/, '.tmp');
  const openSync = ((path: string, ...rest: unknown[]) => {
    const fd = (fs.openSync as (...a: unknown[]) => number)(path, ...rest);
    paths.set(fd, String(path));
    return fd;
  }) as typeof fs.openSync;
  const writeSync = ((fd: number, buf: Uint8Array | string, ...rest: unknown[]) => {
    const path = paths.get(fd) ?? '';
    if (fault.file !== null && named(path).endsWith(fault.file)) {
      const n = typeof buf === 'string' ? Buffer.byteLength(buf) : ((rest[1] as number | undefined) ?? buf.length);
      const due = fault.atWrite !== null ? --fault.atWrite <= 0 : fault.after < n;
      if (due) throw Object.assign(new Error(`${fault.code}: injected, write`), { code: fault.code, syscall: 'write' });
      fault.after -= n;
    }
    return (fs.writeSync as (...a: unknown[]) => number)(fd, buf, ...rest);
  }) as typeof fs.writeSync;
  // Whole-file writes fail at once (whatever way a version of the code writes a file, it meets the fault).
  const writeFileSync = ((path: string, ...rest: unknown[]) => {
    if (fault.file !== null && named(String(path)).endsWith(fault.file)) throw Object.assign(new Error(`${fault.code}: injected, write`), { code: fault.code, syscall: 'write' });
    return (fs.writeFileSync as (...a: unknown[]) => void)(path, ...rest);
  }) as typeof fs.writeFileSync;
  return { ...fs, default: { ...fs, openSync, writeSync, writeFileSync }, openSync, writeSync, writeFileSync };
});

const tmp = tempDir('full');
const RUN = ['simulate', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '9', '--games', '1000', '--workers', '2', '--games-csv', '--no-progress'];
const ref = join(tmp, 'ref');

function temps(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.tmp')) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

async function failsWith(args: string[], pattern: RegExp): Promise<string> {
  const r = await runCli(args);
  fault.file = null;
  fault.atWrite = null;
  expect(r.code, r.err).toBe(2);
  const lines = r.err.trimEnd().split('\n');
  expect(lines, r.err).toHaveLength(1);
  expect(lines[0]).toMatch(/^mjlab: /);
  expect(lines[0]).toMatch(pattern);
  return lines[0]!;
}

beforeAll(async () => {
  expect((await mjlabIn([...RUN, '--out', ref])).status).toBe(0);
});

describe('simulate on a full disk (injected)', () => {
  it('ENOSPC while streaming games.csv: one line with what was kept; --resume reaches the uninterrupted numbers', async () => {
    const dir = join(tmp, 'games');
    Object.assign(fault, { file: `${dir}/games.csv`, code: 'ENOSPC', after: 10_000 });
    const line = await failsWith([...RUN, '--out', dir], /cannot write .*games\.csv: disk full \(ENOSPC\); \d+ of 1000 games kept in .*; free space .* resume with: node bin\/mjlab\.js.* --resume$/);
    expect(temps(dir)).toEqual([]);
    expect(existsSync(join(dir, 'manifest.json'))).toBe(false);
    const kept = Number(/; (\d+) of 1000 games kept/.exec(line)![1]);
    const committed = read(dir, 'checkpoint.jsonl').trimEnd().split('\n').length - 1;
    expect(kept).toBe(Math.min(1000, committed * Math.ceil(1000 / 64)));
    const r = await runCli([...RUN, '--out', dir, '--resume']);
    expect(r.code, r.err).toBe(0);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(ref, f));
  });

  it('EDQUOT while writing the final summary: no temporary file, the checkpoint kept whole', async () => {
    const dir = join(tmp, 'summary');
    Object.assign(fault, { file: `${dir}/.summary.csv.tmp`, code: 'EDQUOT', after: 0 });
    await failsWith([...RUN, '--out', dir], /cannot write .*\/summary\.csv: disk quota exceeded \(EDQUOT\); 1000 of 1000 games kept in .*\(its checkpoint\); free space and rerun with: node bin\/mjlab\.js.* --resume$/);
    expect(temps(dir)).toEqual([]);
    expect(existsSync(join(dir, 'summary.csv'))).toBe(false);
    const r = await runCli([...RUN, '--out', dir, '--resume']);
    expect(r.code, r.err).toBe(0);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(ref, f));
  });

  it('ENOSPC writing the largest win\'s replay page: one line, the run\'s results complete, the page\'s command', async () => {
    const dir = join(tmp, 'page');
    Object.assign(fault, { file: `${dir}/.largest-win.html.tmp`, code: 'ENOSPC', after: 0 });
    await failsWith([...RUN, '--out', dir], /cannot write .*largest-win\.html: disk full \(ENOSPC\); the run's results in .* are complete; make the page with: node bin\/mjlab\.js replay --run .* --game \d+ --html .*largest-win\.html$/);
    expect(temps(dir)).toEqual([]);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(ref, f));
    expect(existsSync(join(dir, 'largest-win.html'))).toBe(false);
  });
  it('ENOSPC while writing the checkpoint itself', async () => {
    const dir = join(tmp, 'checkpoint');
    Object.assign(fault, { file: `${dir}/checkpoint.jsonl`, code: 'ENOSPC', after: 8_000 });
    await failsWith([...RUN, '--out', dir], /cannot write .*checkpoint\.jsonl: disk full \(ENOSPC\); \d+ of 1000 games kept/);
    const r = await runCli([...RUN, '--out', dir, '--resume']);
    expect(r.code, r.err).toBe(0);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(ref, f));
  });
  it('ENOSPC when the batches staged before a stall are committed: one line, the stalled workers stopped', async () => {
    // The gate holds every worker from its 400th game on (batches of 16: the first is done by then however the
    // two workers share them), so the batches before it are committed by the flush timer alone, or by a batch's
    // arrival; the checkpoint's second write, its first batch line, fails, and the run must end, not wait.
    const stalled = ['simulate', '--rules', 'harr', '--strategies', `${GATE},random,random,random`, '--seed', '9', '--games', '1000', '--workers', '2', '--games-csv', '--no-progress', '--decision-timeout', '600'];
    const gateRef = join(tmp, 'gate-ref');
    expect((await mjlabIn([...stalled, '--out', gateRef])).status).toBe(0);
    const dir = join(tmp, 'stalled');
    Object.assign(fault, { file: `${dir}/checkpoint.jsonl`, code: 'ENOSPC', atWrite: 2 });
    process.env.MJLAB_TEST_GATE = `${join(tmp, 'stalled.count')}:400`;
    try {
      await failsWith([...stalled, '--out', dir], /cannot write .*checkpoint\.jsonl: disk full \(ENOSPC\); 0 of 1000 games kept/);
    } finally {
      delete process.env.MJLAB_TEST_GATE;
    }
    expect(read(dir, 'checkpoint.jsonl').trimEnd().split('\n')).toHaveLength(1); // the header alone
    const r = await runCli([...stalled, '--out', dir, '--resume']);
    expect(r.code, r.err).toBe(0);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(gateRef, f));
  }, 120_000);
});

describe('merge and experiment on a full disk (injected): atomic, no temporary file left', () => {
  it('merge: ENOSPC while copying games.csv leaves no games.csv and no temporary file', async () => {
    const shards = [0, 1].map((i) => join(tmp, `shard${i}`));
    for (const [i, d] of shards.entries()) expect((await mjlabIn([...RUN, '--shard', `${i + 1}/2`, '--out', d])).status).toBe(0);
    const out = join(tmp, 'merged');
    Object.assign(fault, { file: `${out}/.games.csv.tmp`, code: 'ENOSPC', after: 10_000 });
    await failsWith(['merge', '--out', out, ...shards], /cannot write .*\/games\.csv: disk full \(ENOSPC\); the inputs are untouched/);
    expect(temps(out)).toEqual([]);
    expect(existsSync(join(out, 'games.csv'))).toBe(false);
  });

  it('experiment: ENOSPC while writing its README leaves no temporary file; --resume finishes it', async () => {
    const out = join(tmp, 'exp');
    Object.assign(fault, { file: `${out}/.README.md.tmp`, code: 'ENOSPC', after: 100 });
    await failsWith(['experiment', 'defender-draws', '--games', '40', '--workers', '1', '--no-progress', '--out', out], /cannot write .*\/README\.md: disk full \(ENOSPC\)/);
    expect(temps(out)).toEqual([]);
    const r = await runCli(['experiment', 'defender-draws', '--games', '40', '--workers', '1', '--no-progress', '--out', out, '--resume']);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(out, 'README.md'))).toBe(true);
  });

  it('league --merge: ENOSPC while writing league.csv is one line (no stack trace), no temporary file; --resume finishes it', async () => {
    const LEAGUE = ['league', '--rules', 'harr', '--strategies', 'greedy,random', '--games', '16', '--seed', '5', '--workers', '1', '--no-progress'];
    const shards = [1, 2].map((i) => join(tmp, `league-shard${i}`));
    for (const [i, d] of shards.entries()) expect((await mjlabIn([...LEAGUE, '--shard', `${i + 1}/2`, '--out', d])).status).toBe(0);
    const out = join(tmp, 'league-merged');
    Object.assign(fault, { file: `${out}/.league.csv.tmp`, code: 'ENOSPC', after: 0 });
    await failsWith(['league', '--merge', shards.join(','), '--out', out], /^mjlab: cannot write .*\/league\.csv: disk full \(ENOSPC\); the files already written are whole/);
    expect(temps(out)).toEqual([]);
    expect(existsSync(join(out, 'league.csv'))).toBe(false);
    const r = await runCli(['league', '--merge', shards.join(','), '--out', out, '--resume']);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(out, 'league.csv'))).toBe(true);
  });
});

// A real full file system: a 256 KiB tmpfs, mounted where the machine allows it (root).
const mnt = join(tmp, 'tiny');
let mounted = false;
try {
  mkdirSync(mnt);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mnt], { stdio: 'ignore' });
  mounted = true;
} catch {
  process.stdout.write('disk-full.test: cannot mount a tmpfs here (needs root); the real-full-disk case is skipped, the injected ones run\n');
}
afterAll(() => {
  if (mounted) execFileSync('umount', [mnt]);
});

describe.skipIf(!mounted)('simulate on a real full tmpfs', () => {
  it('ends with one line, keeps the checkpoint, and resumes once there is room', async () => {
    const dir = join(mnt, 'run');
    const r = await mjlabIn([...RUN.map((a) => (a === '1000' ? '6000' : a)), '--out', dir]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/disk full \(ENOSPC\); \d+ of 6000 games kept/);
    expect(temps(dir)).toEqual([]);
    execFileSync('mount', ['-o', 'remount,size=8m', mnt]);
    const full = join(tmp, 'ref6000');
    expect((await mjlabIn([...RUN.map((a) => (a === '1000' ? '6000' : a)), '--out', full])).status).toBe(0);
    const again = await mjlabIn([...RUN.map((a) => (a === '1000' ? '6000' : a)), '--out', dir, '--resume']);
    expect(again.status, again.stderr).toBe(0);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(full, f));
  });
});
