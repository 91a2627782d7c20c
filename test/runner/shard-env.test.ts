// Shards from the batch system's environment, end to end (docs/distributed.md): a Kubernetes Indexed Job's pods and
// the tasks of offset and stepped Slurm arrays play shards 1..M whose merge is the single run byte for byte; an
// unevenly spaced array and shard 0 are refused with one line; and the "resume with:" hint of an interrupted
// shard names the shard it got from the environment.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { EXACT_FILES, GATE, read, startHeld, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const BASE = ['simulate', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '5', '--games', '300', '--games-csv', '--no-progress', '--workers', '1'];
let tmp: string;

async function ok(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const r = await mjlabIn(args, { cwd: tmp, env });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

function expectSame(a: string, b: string): void {
  for (const f of EXACT_FILES) expect(read(b, f), `${f}: ${a} vs ${b}`).toBe(read(a, f));
}

function slurmEnv(id: number, min: number, max: number, step: number, count: number): NodeJS.ProcessEnv {
  return {
    SLURM_ARRAY_JOB_ID: '77',
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(min),
    SLURM_ARRAY_TASK_MAX: String(max),
    SLURM_ARRAY_TASK_STEP: String(step),
    SLURM_ARRAY_TASK_COUNT: String(count),
  };
}

beforeAll(async () => {
  tmp = tempDir('shard-env');
  await ok([...BASE, '--out', join(tmp, 'single')]);
});

describe('shards from the environment', () => {
  it('Kubernetes pods 0..2 with --shards 3 are shards 1/3..3/3 and merge to the single run', async () => {
    for (const i of [0, 1, 2]) await ok([...BASE, '--shards', '3', '--out', join(tmp, `k8s-${i}`)], { JOB_COMPLETION_INDEX: String(i) });
    expect(JSON.parse(read(join(tmp, 'k8s-0'), 'manifest.json')).shard).toEqual({ index: 1, count: 3 });
    await ok(['merge', '--out', join(tmp, 'k8s-merged'), ...[0, 1, 2].map((i) => join(tmp, `k8s-${i}`))]);
    expectSame(join(tmp, 'single'), join(tmp, 'k8s-merged'));
  });

  it('a stepped Slurm array (--array=10-14:2) plays shards 1..3 and merges to the single run', async () => {
    for (const id of [10, 12, 14]) await ok([...BASE, '--out', join(tmp, `slurm-${id}`)], slurmEnv(id, 10, 14, 2, 3));
    expect([10, 12, 14].map((id) => JSON.parse(read(join(tmp, `slurm-${id}`), 'manifest.json')).shard)).toEqual(
      [1, 2, 3].map((index) => ({ index, count: 3 })),
    );
    await ok(['merge', '--out', join(tmp, 'slurm-merged'), ...[10, 12, 14].map((id) => join(tmp, `slurm-${id}`))]);
    expectSame(join(tmp, 'single'), join(tmp, 'slurm-merged'));
  });

  it('refuses an unevenly spaced Slurm array and shard 0 with one line, exit 2', async () => {
    for (const [args, env, pattern] of [
      [BASE, slurmEnv(3, 1, 8, 1, 3), /^mjlab: Slurm array task 3: 3 tasks from 1 to 8 \(step 1\) are not evenly spaced/],
      [[...BASE, '--shard', '0/3'], {}, /^mjlab: bad --shard "0\/3": shards count from 1/],
    ] as const) {
      const r = await mjlabIn([...args, '--out', join(tmp, 'refused')], { cwd: tmp, env });
      expect(r.status).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });

  it('an interrupted Slurm task says to resume with its --shard', async () => {
    // The gate holds the shard at its 200th game of 10,000, so the interruption lands mid-run on any machine.
    const dir = join(tmp, 'hint');
    const args = ['simulate', '--strategies', `${GATE},random,random,random`, '--games', '30000', '--seed', '2', '--workers', '2', '--no-progress', '--decision-timeout', '600', '--out', dir];
    const { child, exited, stderr } = await startHeld(args, join(tmp, 'hint.count'), 200, tmp, slurmEnv(2, 1, 3, 1, 3));
    child.kill('SIGINT');
    expect(await exited, stderr()).toBe(130);
    expect(stderr()).toMatch(/resume with: node bin\/mjlab\.js simulate --strategies \S+ --games 30000 --seed 2 --workers 2 --no-progress --decision-timeout 600 --out \S+ --shard 2\/3 --resume\n$/);
  });
});
