/**
 * Wilson score interval for a binomial proportion (E. B. Wilson, JASA 22, 1927), used for win and deal-in rates
 * (docs/statistics.md). Unlike the Wald interval it stays inside [0, 1] and behaves at 0 or n successes.
 */
import { zCritical } from './erf.js';

export interface Interval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

export function wilson(successes: number, trials: number, level = 0.95): Interval {
  if (trials <= 0) return { estimate: NaN, low: NaN, high: NaN };
  if (successes < 0 || successes > trials) throw new RangeError(`wilson: ${successes} successes in ${trials} trials`);
  const z = zCritical(level);
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials))) / (1 + z2n);
  // Clamp the rounding error at the ends: at 0 successes the low end is exactly 0, at n the high end exactly 1.
  return {
    estimate: p,
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}
