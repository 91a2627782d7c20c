// nets.bin (the runner's paired records for experiments): one Int32 per label per game, in game order, summing to
// the aggregate's exact net totals; and checkpoint-safe — a run cut back to an earlier checkpoint, with junk past
// the committed records, resumes to exactly the bytes of an uninterrupted run.
import { describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulate, type SimulateOptions } from '../../src/runner/run.js';
import { totalSum } from '../../src/stats/aggregate.js';
import { tempDir } from '../runner/helpers.js';

const GAMES = 400;
const base = (out: string, resume = false): SimulateOptions => ({
  rules: 'harr', strategies: 'greedy,random,greedy,chow-mixer', games: GAMES, seed: 3, workers: 2, out, outExplicit: true,
  gamesCsv: false, players: 4, unit: 'hand', duplicate: true, flowers: false, shard: null, resume, force: false,
  progress: 'none', nets: true, command: 'test',
});

describe('nets.bin', () => {
  it('holds each label\'s net per game, summing to the aggregate, and survives an interrupted run', async () => {
    const dir = tempDir('nets');
    const a = join(dir, 'a');
    const r = await simulate(base(a));
    const buf = readFileSync(join(a, 'nets.bin'));
    const labels = r.aggregate.labels;
    expect(labels).toEqual(['greedy', 'random', 'chow-mixer']);
    expect(buf.length).toBe(GAMES * labels.length * 4);
    const sums = labels.map(() => 0);
    for (let g = 0; g < GAMES; g++) {
      let zero = 0;
      labels.forEach((_, l) => {
        const v = buf.readInt32LE((g * labels.length + l) * 4);
        sums[l]! += v;
        zero += v;
      });
      expect(zero).toBe(0); // every hand's nets sum to zero across the table (no flowers, no washes in harr)
    }
    labels.forEach((l, i) => expect(BigInt(sums[i]!)).toBe(totalSum(r.aggregate.strategies.get(l)!.net)));

    // Cut the checkpoint back to its header and two batches, add junk past the committed records, resume.
    const b = join(dir, 'b');
    await simulate(base(b));
    const cp = readFileSync(join(b, 'checkpoint.jsonl'), 'utf8').split('\n');
    writeFileSync(join(b, 'checkpoint.jsonl'), `${cp.slice(0, 3).join('\n')}\n`);
    appendFileSync(join(b, 'nets.bin'), Buffer.from('torn record'));
    const resumed = await simulate(base(b, true));
    expect(resumed.status).toBe('complete');
    expect(readFileSync(join(b, 'nets.bin')).equals(buf)).toBe(true);
  });
});
