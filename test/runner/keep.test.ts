// Warm workers (src/runner/pool.ts WorkerKeep): runs that share a keep play on the workers the run before them
// parked, each sent its own table, and write exactly the files of runs that each started their own workers (one
// table, the other, then the first again); a tune's evaluator does the same with its own worker script. A worker
// that kept the last table (the init message ignored) would play the other lineup and fail the comparison.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulate, type SimulateOptions } from '../../src/runner/run.js';
import { WorkerKeep } from '../../src/runner/pool.js';
import { Evaluator } from '../../src/tune/evaluate.js';
import { EXACT_FILES, tempDir } from './helpers.js';

const run = (out: string, rules: string, strategies: string, keep?: WorkerKeep): SimulateOptions => ({
  rules, strategies, games: 64, seed: 5, workers: 2, out, outExplicit: true, gamesCsv: true, players: 4, unit: 'hand',
  duplicate: true, flowers: false, shard: null, resume: false, force: false, progress: 'none', nets: true, luck: true,
  command: 'test', ...(keep ? { keep } : {}),
});

/** Two tables that differ in rules and lineup, so a worker playing the wrong one cannot match. */
const TABLES = [
  ['harr', 'greedy,random,greedy,chow-mixer'],
  ['babcock', 'harr,defender,suit-hunter,harr'],
] as const;
const FILES = [...EXACT_FILES, 'nets.bin', 'luck.bin'] as const;

describe('warm workers', () => {
  it('runs on parked workers write the files of runs on fresh ones, each its own table', async () => {
    const dir = tempDir('keep');
    for (const [i, [rules, lineup]] of TABLES.entries()) await simulate(run(join(dir, `fresh-${i}`), rules, lineup));
    for (const order of [[1, 0, 1]]) {
      const keep = new WorkerKeep();
      try {
        for (const [k, i] of order.entries()) {
          const [rules, lineup] = TABLES[i]!;
          const out = join(dir, `warm-${order.join('')}-${k}`);
          await simulate(run(out, rules, lineup, keep));
          // Both workers came back to the keep after the run (and were taken from it by every run after the first).
          expect(keep.size).toBe(2);
          for (const f of FILES) expect(readFileSync(join(out, f)), `${out} ${f}`).toEqual(readFileSync(join(dir, `fresh-${i}`, f)));
        }
      } finally {
        await keep.close();
      }
      expect(keep.size).toBe(0);
    }
  }, 120_000);

  it("a tune's evaluator on parked workers returns the nets of fresh ones, for another table too", async () => {
    const jobs = [{ lineup: 'harr:minPairs=1,harr,harr,harr', seed: 2, start: 0, end: 40 }];
    const tables = [
      { rules: 'harr', players: 4, flowers: false, limit: null },
      { rules: 'code500', players: 4, flowers: true, limit: 500 },
    ] as const;
    const play = async (table: (typeof tables)[number], keep?: WorkerKeep) => {
      const ev = new Evaluator(table, 1, 60_000, undefined, keep);
      try {
        const r = await ev.run(jobs);
        expect(r.status).toBe('done');
        return r.status === 'done' ? r.walls.map((w) => Array.from(w)) : [];
      } finally {
        await ev.close();
      }
    };
    const fresh = [await play(tables[0]), await play(tables[1])];
    expect(fresh[0]).not.toEqual(fresh[1]);
    const keep = new WorkerKeep();
    try {
      for (const i of [0, 1, 0]) {
        expect(await play(tables[i]!, keep)).toEqual(fresh[i]);
        expect(keep.size).toBe(1);
      }
    } finally {
      await keep.close();
    }
  }, 120_000);
});
