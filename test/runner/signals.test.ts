// SIGTERM and SIGINT: the run ends with the partial results written, one line saying so, and
// the resume command printed — with --shard when the shard came from the batch system's environment — and that
// very command, run as printed, finishes the run to the uninterrupted numbers. Kills happen on the gate plug-in's
// event, never on a timer.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXACT_FILES, GATE, mjlab, read, startHeld, tempDir, words } from './helpers.js';

const tmp = tempDir('signals');
// The last of three shards, as Slurm array task 2 of 0..2 sees it.
const SLURM = { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '3' };
const RUN = [
  'simulate', '--rules', 'harr', '--strategies', `${GATE},random,random,random`, '--seed', '3', '--games', '3000', '--workers', '2',
  '--games-csv', '--no-progress', '--decision-timeout', '600',
];
const ref = join(tmp, 'ref');

beforeAll(() => {
  const r = mjlab([...RUN, '--out', ref], { cwd: tmp, env: SLURM });
  expect(r.status, r.stderr).toBe(0);
});

describe.each([
  ['SIGTERM', 143],
  ['SIGINT', 130],
] as const)('%s', (signal, status) => {
  it('writes the partial results and the resume command, with the shard; that command finishes the run', async () => {
    const dir = join(tmp, signal);
    const { child, exited, stderr } = await startHeld([...RUN, '--out', dir], join(tmp, `${signal}.count`), 900, tmp, SLURM);
    child.kill(signal);
    expect(await exited).toBe(status);
    const lines = stderr().trimEnd().split('\n');
    expect(lines, stderr()).toHaveLength(1);
    const m = /^mjlab: interrupted after (\d+) of 1000 games; partial results in (.*); resume with: (.*)$/.exec(lines[0]!);
    expect(m, lines[0]).not.toBeNull();
    expect(m![2]).toBe(dir);
    const resume = m![3]!;
    expect(resume).toMatch(/ --shard \S+ --resume$/);
    const manifest = JSON.parse(read(dir, 'manifest.json')) as { complete: boolean; ranges: number[][]; shard: unknown };
    expect(manifest.complete).toBe(false);
    expect(manifest.ranges).toEqual([[2000, 2000 + Number(m![1])]]);
    for (const f of ['summary.csv', 'totals.csv', 'score-distribution.csv', 'aggregate.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    // Run exactly what was printed, without the Slurm variables.
    const [node, tool, ...args] = words(resume);
    expect([node, tool]).toEqual(['node', 'bin/mjlab.js']);
    const again = mjlab(args, { cwd: tmp, env: { SLURM_ARRAY_TASK_ID: '', SLURM_ARRAY_TASK_COUNT: '', SLURM_ARRAY_TASK_MIN: '' } });
    expect(again.status, again.stderr).toBe(0);
    for (const f of EXACT_FILES) expect(read(dir, f), f).toBe(read(ref, f));
  });
});

