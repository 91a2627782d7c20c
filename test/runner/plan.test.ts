// Shard partition and shard selection from the command line or the batch system (issue 5, point 5).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchAt, batchCount, batchSizeFor, parseShard, resolveShard, shardRange } from '../../src/runner/plan.js';

describe('shards', () => {
  it('partition the game range into contiguous, disjoint, aligned blocks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 64 }), fc.constantFrom(1, 2, 3, 4), (n, m, align) => {
        let next = 0;
        for (let i = 0; i < m; i++) {
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
  it('parses I/M and rejects bad specs', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    for (const bad of ['5/5', '1/0', 'a/b', '1', '-1/3', '1/2/3']) expect(() => parseShard(bad)).toThrow(/bad --shard/);
  });
  it('takes the shard from JOB_COMPLETION_INDEX or the Slurm array', () => {
    expect(resolveShard(undefined, 8, { JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 3, count: 8 });
    expect(() => resolveShard(undefined, undefined, { JOB_COMPLETION_INDEX: '3' })).toThrow(/--shards/);
    expect(resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' }))
      .toEqual({ index: 3, count: 4 });
    expect(resolveShard(undefined, undefined, { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 2, count: 4 });
    expect(resolveShard('1/2', undefined, { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 2 });
    expect(resolveShard(undefined, undefined, {})).toBeNull();
    expect(() => resolveShard(undefined, 4, {})).toThrow(/--shards needs/);
  });
});
