// erf / normal quantile / Wilson / paired tests against published values (docs/statistics.md).
import { describe, expect, it } from 'vitest';
import { erf, erfc, normalCdf, normalQuantile, zCritical } from '../../src/stats/erf.js';
import { wilson } from '../../src/stats/wilson.js';
import { holm, incompleteBeta, pairedT, pairedZ, studentTwoSided } from '../../src/stats/paired.js';
import { meanInterval, ratio } from '../../src/stats/moments.js';

describe('erf', () => {
  // Reference values: Abramowitz & Stegun table 7.1 / high-precision evaluation.
  it.each([
    [0, 0],
    [0.1, 0.1124629160182849],
    [0.5, 0.5204998778130465],
    [1, 0.8427007929497149],
    [1.5, 0.9661051464753108],
    [2, 0.9953222650189527],
    [3, 0.9999779095030014],
    [-1, -0.8427007929497149],
  ])('erf(%f)', (x, v) => {
    expect(erf(x)).toBeCloseTo(v, 14);
  });
  it('erfc keeps relative precision in the tail', () => {
    expect(erfc(5) / 1.5374597944280349e-12).toBeCloseTo(1, 12);
    expect(erfc(-1)).toBeCloseTo(1.8427007929497148, 14);
  });
  it('normal CDF and quantile', () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 15);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 15);
    expect(zCritical(0.95)).toBeCloseTo(1.959963984540054, 13);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 12);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 9);
    for (const p of [1e-8, 0.01, 0.2, 0.5, 0.77, 0.999]) expect(normalCdf(normalQuantile(p)) / p).toBeCloseTo(1, 12);
  });
});

describe('Wilson interval', () => {
  // Values from the closed form (R: prop.test(x, n, correct = FALSE)$conf.int), evaluated independently in Python.
  it.each([
    [8, 10, 0.4901625, 0.9433178],
    [50, 100, 0.4038315, 0.5961685],
    [1, 1000, 0.0001765, 0.0056426],
  ])('%i of %i', (k, n, lo, hi) => {
    const w = wilson(k, n);
    expect(w.low).toBeCloseTo(lo, 6);
    expect(w.high).toBeCloseTo(hi, 6);
  });
  it('0 and n successes end exactly at 0 and 1', () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775328, 6);
    expect(wilson(10, 10).high).toBe(1);
  });
});

describe('exact moments', () => {
  it('ratio of BigInts beyond 2^53 is the nearest double', () => {
    expect(ratio(10n ** 30n + 1n, 10n ** 12n)).toBe(1e18);
    expect(ratio(-7n, 2n)).toBe(-3.5);
  });
  it('mean interval', () => {
    // x = 1..10: mean 5.5, sd 3.0276503540974917
    const m = { n: 10, sum: 55n, sumSq: 385n };
    const iv = meanInterval(m);
    expect(iv.estimate).toBe(5.5);
    expect(iv.high - iv.estimate).toBeCloseTo((1.959963984540054 * 3.0276503540974917) / Math.sqrt(10), 12);
  });
});

describe('paired tests', () => {
  it('Student t two-sided p-values', () => {
    expect(studentTwoSided(2, 10)).toBeCloseTo(0.07338803, 7);
    expect(studentTwoSided(2.228138851986274, 10)).toBeCloseTo(0.05, 10);
    expect(incompleteBeta(0.5, 2, 3)).toBeCloseTo(0.6875, 14);
  });
  it('paired t on a small sample (d = 1,2,3,4,-1: mean 1.8, sd sqrt(3.7); scipy p = 0.10454)', () => {
    const r = pairedT([1, 2, 3, 4, -1]);
    expect(r.statistic).toBeCloseTo(1.8 / Math.sqrt(3.7 / 5), 12);
    expect(r.df).toBe(4);
    expect(r.p).toBeCloseTo(0.10453999977837544, 9);
    expect(pairedZ([1, 2, 3, 4, -1]).p).toBeCloseTo(2 * normalCdf(-1.8 / Math.sqrt(3.7 / 5)), 12);
  });
  it('Holm step-down, in input order', () => {
    const adj = holm([0.01, 0.04, 0.03, 0.5]);
    expect(adj[0]).toBeCloseTo(0.04, 15);
    expect(adj[1]).toBeCloseTo(0.09, 15);
    expect(adj[2]).toBeCloseTo(0.09, 15);
    expect(adj[3]).toBeCloseTo(0.5, 15);
  });
});
