/**
 * The coach's statistics (docs/replay.md, "A review"): each candidate's mean net over the worlds it met, with a 95%
 * interval (mean ± 1.96 standard errors, the normal approximation: a candidate meets tens of worlds or more), and the
 * loss of one candidate against another as the paired difference over the same worlds (common random numbers: the
 * worlds' luck cancels, so the difference is far tighter than the two intervals side by side suggest). Pure
 * functions of the nets: two candidates with the same net in every world get the same values.
 */
import { pairedSums } from '../../strategies/paired-sums.js';

/** The normal quantile of a two-sided 95% interval. */
export const Z95 = 1.96;

export interface Interval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  /** Standard error of the mean. */
  readonly se: number;
}

function interval(sum: number, sq: number, n: number): Interval {
  if (n === 0) return { mean: 0, low: 0, high: 0, se: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : 0;
  const se = Math.sqrt(variance / n);
  return { mean, low: mean - Z95 * se, high: mean + Z95 * se, se };
}

/** The mean of `xs` with its 95% interval. */
export function meanInterval(xs: readonly number[]): Interval {
  let sum = 0;
  let sq = 0;
  for (const x of xs) {
    sum += x;
    sq += x * x;
  }
  return interval(sum, sq, xs.length);
}

/** The mean of a[i] − b[i] over the worlds both met, with its 95% interval. */
export function pairedInterval(a: readonly number[], b: readonly number[]): Interval {
  const { n, sum, sq } = pairedSums(a, b);
  return interval(sum, sq, n);
}

/** Round for output: values are points of net settlement, two decimals say all the precision there is. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
