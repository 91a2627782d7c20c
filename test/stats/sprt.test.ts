/**
 * The sequential test's error rates (issue 27, point 2), checked by simulation: block outcomes resampled from 500
 * real wall sets (fixtures/harr-wall-sets.json: heavy-tailed, as nets are), centred so that the true mean is known
 * exactly, then shifted to H0's or H1's value. Over many repetitions, the share of wrong verdicts must lie within
 * the stated rates: the upper end of its 95% Wilson interval at most alpha (beta). Pure computation, a few seconds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_BLOCKS, runSprt, Sprt, sprtBounds } from '../../src/stats/sprt.js';
import { wilson } from '../../src/stats/wilson.js';

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'harr-wall-sets.json'), 'utf8')) as { wallSetNets: number[] };
const perHand = fixture.wallSetNets.map((x) => x / 4);
const mean = perHand.reduce((a, b) => a + b, 0) / perHand.length;
const centred = perHand.map((x) => x - mean);
const sd = Math.sqrt(centred.reduce((a, b) => a + b * b, 0) / (centred.length - 1));

/** xorshift32: the test's own resampling stream. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

function trial(next: () => number, shift: number, delta: number, max: number, every: number) {
  const blocks = new Float64Array(max);
  for (let i = 0; i < max; i++) blocks[i] = centred[Math.floor(next() * centred.length)]! + shift;
  return runSprt({ mu0: 0, mu1: delta, alpha: 0.05, beta: 0.05 }, blocks, every);
}

describe('sprt', () => {
  it('has Wald bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha)', () => {
    const b = sprtBounds(0.05, 0.05);
    expect(b.upper).toBeCloseTo(Math.log(19), 12);
    expect(b.lower).toBeCloseTo(-Math.log(19), 12);
  });

  it('decides nothing before MIN_BLOCKS blocks, then stops for good at a bound', () => {
    const t = new Sprt({ mu0: 0, mu1: 1, alpha: 0.05, beta: 0.05 });
    for (let i = 0; i < MIN_BLOCKS - 1; i++) t.add(i % 2 === 0 ? 10 : 12);
    expect(t.look().verdict).toBe('continue');
    t.add(11);
    expect(t.look().verdict).toBe('H1');
    t.add(-1000);
    expect(t.look().verdict).toBe('H1');
  });

  // delta a quarter of a wall set's SD: the sizes of the lab's comparisons (search-vs-harr: 6 points at SD 40-70).
  const delta = 0.25 * sd;
  const reps = 3000;
  for (const every of [1, 10]) {
    it(`keeps both error rates within 5% on resampled wall sets (looks every ${every})`, () => {
      const next = rng(2027 + every);
      let falseH1 = 0;
      let falseH0 = 0;
      let blocks = 0;
      for (let r = 0; r < reps; r++) {
        const h0 = trial(next, 0, delta, 5000, every);
        if (h0.verdict === 'H1') falseH1++;
        const h1 = trial(next, delta, delta, 5000, every);
        if (h1.verdict === 'H0') falseH0++;
        expect(h0.verdict).not.toBe('continue');
        expect(h1.verdict).not.toBe('continue');
        blocks += h0.n + h1.n;
      }
      expect(wilson(falseH1, reps).high).toBeLessThanOrEqual(0.05);
      expect(wilson(falseH0, reps).high).toBeLessThanOrEqual(0.05);
      // A fixed-size test with the same error rates needs ((1.645 + 1.645)·sd/delta)² ≈ 173 blocks; Wald's test about half.
      expect(blocks / (2 * reps)).toBeLessThan(((1.645 + 1.645) / 0.25) ** 2);
    });
  }
});
