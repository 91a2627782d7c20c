// Shard partition and shard selection from the command line or the batch system (README.md, "Running at scale").
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchAt, batchCount, batchSizeFor, parseShard, resolveShard, shardRange } from '../../src/runner/plan.js';

describe('shards', () => {
  it('partition the game range into contiguous, disjoint, aligned blocks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 64 }), fc.constantFrom(1, 2, 3, 4), (n, m, align) => {
        let next = 0;
        for (let i = 1; i <= m; i++) {
          const [s, e] = shardRange(n, { index: i, count: m }, align);
          expect(s).toBe(next);
          expect(e).toBeGreaterThanOrEqual(s);
          if (e < n) expect(e % align).toBe(0);
          next = e;
        }
        expect(next).toBe(n);
      }),
    );
  });
  it('batches cover a range exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 50_000 }), fc.constantFrom(1, 4), (s, len, align) => {
        const range: [number, number] = [s, s + len];
        const size = batchSizeFor(len, align);
        expect(size % align).toBe(0);
        let next = s;
        for (let i = 0; i < batchCount(range, size); i++) {
          const b = batchAt(range, size, i);
          expect(b.start).toBe(next);
          next = b.end;
        }
        expect(next).toBe(s + len);
      }),
    );
  });
  it('parses I/M counted from 1 and rejects bad specs', () => {
    expect(parseShard('1/5')).toEqual({ index: 1, count: 5 });
    expect(parseShard('5/5')).toEqual({ index: 5, count: 5 });
    expect(shardRange(10, parseShard('1/2'), 1)).toEqual([0, 5]);
    expect(shardRange(10, parseShard('2/2'), 1)).toEqual([5, 10]);
    for (const bad of ['6/5', '1/0', 'a/b', '1', '-1/3', '1/2/3']) expect(() => parseShard(bad)).toThrow(/^bad --shard .*1 <= I <= M/);
    expect(() => parseShard('0/3')).toThrow(/^bad --shard "0\/3": shards count from 1 \(1\/3 … 3\/3\)$/);
  });
  it('takes the shard from a Kubernetes Indexed Job: pod i of M plays shard i+1', () => {
    expect(resolveShard(undefined, 8, { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 8 });
    expect(resolveShard(undefined, 8, { JOB_COMPLETION_INDEX: '7' })).toEqual({ index: 8, count: 8 });
    expect(() => resolveShard(undefined, 8, { JOB_COMPLETION_INDEX: '8' })).toThrow(/JOB_COMPLETION_INDEX=8 is outside --shards 8/);
    expect(() => resolveShard(undefined, undefined, { JOB_COMPLETION_INDEX: '3' })).toThrow(/--shards/);
    expect(resolveShard('2/2', undefined, { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 2, count: 2 }); // --shard wins
  });
  const slurm = (id: number, min: number, max: number, step: number, count: number): NodeJS.ProcessEnv => ({
    SLURM_ARRAY_TASK_ID: String(id),
    SLURM_ARRAY_TASK_MIN: String(min),
    SLURM_ARRAY_TASK_MAX: String(max),
    SLURM_ARRAY_TASK_STEP: String(step),
    SLURM_ARRAY_TASK_COUNT: String(count),
  });
  it('takes the shard from a Slurm array, whatever its first index and step', () => {
    // Environments as Slurm 22.05 sets them (seen on the test cluster): --array=1-4, 0-3, 0-6:2, 5-8.
    for (const [ids, min, max, step] of [[[1, 2, 3, 4], 1, 4, 1], [[0, 1, 2, 3], 0, 3, 1], [[0, 2, 4, 6], 0, 6, 2], [[5, 6, 7, 8], 5, 8, 1]] as const) {
      expect(ids.map((id) => resolveShard(undefined, undefined, slurm(id, min, max, step, 4)))).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    }
    expect(resolveShard(undefined, 4, slurm(6, 0, 6, 2, 4))).toEqual({ index: 4, count: 4 });
    expect(resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 3, count: 4 });
    expect(resolveShard(undefined, undefined, {})).toBeNull();
    expect(() => resolveShard(undefined, 4, {})).toThrow(/--shards needs/);
  });
  it('refuses a Slurm array whose indices are not evenly spaced, or whose size --shards contradicts', () => {
    // --array=1,3,8: Slurm says step 1, 3 tasks from 1 to 8.
    expect(() => resolveShard(undefined, undefined, slurm(3, 1, 8, 1, 3))).toThrow(/^Slurm array task 3: 3 tasks from 1 to 8 \(step 1\) are not evenly spaced.*--array=A-B or A-B:S$/);
    expect(() => resolveShard(undefined, 8, slurm(2, 1, 4, 1, 4))).toThrow(/--shards 8 disagrees with the Slurm array's 4 tasks/);
    expect(() => resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '2' })).toThrow(/neither SLURM_ARRAY_TASK_COUNT nor --shards/);
  });
});
