/**
 * The luck-adjusted sequential test's error rates (docs/statistics.md, "The luck-adjusted sequential test": `mjlab sprt --adjust`), checked by
 * simulation as the raw test's are (sprt.test.ts): wall sets resampled from the committed seed-4 run of harr tuned
 * for harr-limit against three harr (10,000 wall sets with luck.bin format 3, results/league/sequential/), fed to
 * the command's own monitor (net and luck sums, so the adjustment is the command's), shifted so that the adjusted
 * outcomes' true mean is known, under H0 and H1, beside the raw test on the same resamples.
 *
 * Both wrong verdicts stay within the stated 5%, adjusted and raw: the upper end of their 95% Wilson interval over
 * 3,000 runs each way at most 0.05. With the plug-in variance the test used before (src/stats/sprt.ts) they did
 * not: false H0 about 5.5% adjusted and 6.3% raw here, since these outcomes are heavier-tailed than the raw test's
 * fixture (a few wall sets with a limit hand carry much of the variance) and the plug-in variance ran low. The
 * other committed pairs' wall sets: sprt-heavy-tails.test.ts.
 *
 * The error rates alone cannot catch an adjustment applied with the wrong sign or a variance taken from the raw
 * outcomes: both leave the outcomes unbiased and only make the test slower. So the test also holds the adjusted
 * test to what the adjustment is for, fewer wall sets than the raw test on the same resamples, and the adjusted
 * mean of the committed run to the value sprt.csv committed before --adjust existed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { luckBeta } from '../../src/luck/beta.js';
import { LUCK_FILE } from '../../src/runner/luck-file.js';
import { NETS_FILE } from '../../src/runner/nets-file.js';
import { forEachWall } from '../../src/runner/wall-sets.js';
import { SprtMonitor, wallOutcome } from '../../src/league/sprt-run.js';
import { rng } from '../../experiments/fits/sprt-error-rates.js';
import { Sprt, type SprtState } from '../../src/stats/sprt.js';
import { wilson } from '../../src/stats/wilson.js';

const RUN = join(import.meta.dirname, '..', '..', 'results', 'league', 'sequential', 'harr-tuned-harr-limit');
const BETA = luckBeta('harr-limit', 3);
const WALLS = 10_000;

const netSums: number[] = [];
const lucks: number[][] = [];
forEachWall([{ dir: RUN, labels: ['a', 'b'], seats: [1, 3] }], 4, WALLS, (sums, luck) => {
  netSums.push(sums[0]![0]!);
  lucks.push([...luck[0]!]);
}, BETA.length);

const adjusted = netSums.map((s, i) => wallOutcome(s, lucks[i]!, BETA));
const raw = netSums.map((s) => s / 4);
const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sdOf = (xs: readonly number[]) => {
  const m = meanOf(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};
const mAdj = meanOf(adjusted);
const mRaw = meanOf(raw);

const LOOK = 10;

/** One resampled sequence, fed to the adjusted monitor and to the raw test alike, both with true mean `shift`. */
function trial(next: () => number, shift: number, delta: number, max: number): { adj: SprtState; raw: SprtState } {
  const spec = { mu0: 0, mu1: delta, alpha: 0.05, beta: 0.05 };
  const mon = new SprtMonitor(spec, BETA);
  const rawTest = new Sprt(spec);
  let rawState = rawTest.look();
  for (let i = 0; i < max && (mon.state.verdict === 'continue' || rawState.verdict === 'continue'); i++) {
    const k = Math.floor(next() * netSums.length);
    // A per-hand shift c moves A's net over the wall set's four hands by 4c (wallOutcome is netSum / 4 plus luck).
    if (mon.state.verdict === 'continue') mon.addWall(netSums[k]! + 4 * (shift - mAdj), lucks[k]!);
    if (rawState.verdict === 'continue') {
      rawTest.add(raw[k]! - mRaw + shift);
      if (rawTest.blocks % LOOK === 0) rawState = rawTest.look();
    }
  }
  return { adj: mon.state, raw: rawState };
}

describe('sprt --adjust', () => {
  it('reads the committed run as sprt.csv reports it: raw LLR, adjusted mean (the sign of beta)', () => {
    // results/league/sequential/harr-tuned-harr-limit/sprt.csv: the means written by the code before --adjust existed,
    // the LLR by the resume that re-read the run under the variance limit (src/stats/sprt.ts; 1.348041 with the plug-in).
    expect(mRaw).toBeCloseTo(1.0198, 4);
    expect(mAdj).toBeCloseTo(1.159029, 5);
    // The monitor over the run's bytes, batch by batch, decides as the wall-set path does.
    const nets = readFileSync(join(RUN, NETS_FILE));
    const luck = readFileSync(join(RUN, LUCK_FILE));
    const spec = { mu0: 0, mu1: 1.65, alpha: 0.05, beta: 0.05 };
    const rawMon = new SprtMonitor(spec);
    const adjMon = new SprtMonitor(spec, BETA);
    const perGameLuck = 2 * BETA.length * 4;
    for (let g = 0; g < WALLS * 4; g += 412) {
      rawMon.batch(nets.subarray(g * 8, (g + 412) * 8));
      adjMon.batch(nets.subarray(g * 8, (g + 412) * 8), luck.subarray(g * perGameLuck, (g + 412) * perGameLuck));
    }
    expect(rawMon.state.llr).toBeCloseTo(1.239414, 5);
    expect(rawMon.state.verdict).toBe('continue');
    const byWall = new SprtMonitor(spec, BETA);
    for (let i = 0; i < WALLS && byWall.state.verdict === 'continue'; i++) byWall.addWall(netSums[i]!, lucks[i]!);
    expect(adjMon.state).toEqual(byWall.state);
  });

  // D small against a wall set's SD, so that the tests run well past MIN_BLOCKS (raw: about 400 wall sets).
  const delta = 0.115 * sdOf(raw);
  const reps = 3000;
  it('keeps both error rates within 5%, adjusted and raw, on resampled wall sets, with fewer wall sets adjusted', () => {
    const next = rng(2712);
    let falseH1 = 0;
    let falseH0 = 0;
    let rawFalseH1 = 0;
    let rawFalseH0 = 0;
    let blocksAdj = 0;
    let blocksRaw = 0;
    for (let r = 0; r < reps; r++) {
      const h0 = trial(next, 0, delta, 20_000);
      const h1 = trial(next, delta, delta, 20_000);
      if (h0.adj.verdict === 'H1') falseH1++;
      if (h1.adj.verdict === 'H0') falseH0++;
      if (h0.raw.verdict === 'H1') rawFalseH1++;
      if (h1.raw.verdict === 'H0') rawFalseH0++;
      expect(h0.adj.verdict).not.toBe('continue');
      expect(h1.adj.verdict).not.toBe('continue');
      blocksAdj += h0.adj.n + h1.adj.n;
      blocksRaw += h0.raw.n + h1.raw.n;
    }
    for (const k of [falseH1, falseH0, rawFalseH1, rawFalseH0]) expect(wilson(k, reps).high).toBeLessThanOrEqual(0.05);
    // The adjustment explains 27% of this pair's variance over wall sets (docs/statistics.md): Wald's test needs
    // wall sets in proportion to the variance, so about 0.73 of the raw test's. A wrong sign of beta or the raw
    // outcomes' variance would need as many as the raw test or more.
    expect(blocksAdj / blocksRaw).toBeLessThan(0.85);
  });
});
