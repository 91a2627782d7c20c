/**
 * Mean with a normal-approximation confidence interval from exact integer moments (n, Σx, Σx²), so a mean merged
 * from any number of batches or shards is bit-for-bit the same (docs/statistics.md: exact sums of the
 * values and of their squares). The variance numerator n·Σx² − (Σx)² is formed in BigInt before the one division.
 */
import { zCritical } from './erf.js';
import type { Interval } from './wilson.js';

export interface IntMoments {
  n: number;
  sum: bigint;
  sumSq: bigint;
}

export function emptyMoments(): IntMoments {
  return { n: 0, sum: 0n, sumSq: 0n };
}

export function addValue(m: IntMoments, x: number): void {
  if (!Number.isSafeInteger(x)) throw new RangeError(`exact moments need integers, got ${x}`);
  const b = BigInt(x);
  m.n += 1;
  m.sum += b;
  m.sumSq += b * b;
}

export function mergeMoments(a: IntMoments, b: IntMoments): IntMoments {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq };
}

/** Exact ratio of two BigInts as the nearest double (both may exceed 2^53). */
export function ratio(num: bigint, den: bigint): number {
  if (den === 0n) return NaN;
  const neg = num < 0n !== den < 0n;
  const an = num < 0n ? -num : num;
  const ad = den < 0n ? -den : den;
  const q = an / ad;
  const r = an % ad;
  // q is exact; the remainder fraction is < 1 so converting it via Number loses only sub-ulp precision.
  const v = Number(q) + Number(r) / Number(ad);
  return neg ? -v : v;
}

/** Sample variance (n − 1 denominator). */
export function variance(m: IntMoments): number {
  if (m.n < 2) return NaN;
  const n = BigInt(m.n);
  return ratio(n * m.sumSq - m.sum * m.sum, n * (n - 1n));
}

export function meanInterval(m: IntMoments, level = 0.95): Interval {
  if (m.n === 0) return { estimate: NaN, low: NaN, high: NaN };
  const mean = ratio(m.sum, BigInt(m.n));
  if (m.n < 2) return { estimate: mean, low: NaN, high: NaN };
  const half = zCritical(level) * Math.sqrt(variance(m) / m.n);
  return { estimate: mean, low: mean - half, high: mean + half };
}
