/**
 * Paired-difference tests for strategy experiments (docs/statistics.md): with --duplicate every wall is played with
 * the lineup rotated, so per-wall differences between two strategies cancel the luck of the deal. Provides a
 * paired t test (Student t via the regularised incomplete beta function), its large-sample z form, and Holm's
 * step-down correction for several comparisons (S. Holm, Scand. J. Statist. 6, 1979).
 */
import { normalCdf, zCritical } from './erf.js';
import { ratio } from './moments.js';

export interface PairedResult {
  readonly n: number;
  readonly meanDiff: number;
  readonly sd: number;
  readonly statistic: number;
  /** Two-sided p-value. */
  readonly p: number;
  readonly df: number;
}

/** ln Γ(x), Lanczos approximation (g = 7, n = 9), relative error ~1e-15. */
function lnGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const xx = x - 1;
  let a = g[0]!;
  const t = xx + 7.5;
  for (let i = 1; i < 9; i++) a += g[i]! / (xx + i);
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction for the incomplete beta (Lentz's method, as in Numerical Recipes §6.4). */
function betaCf(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularised incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const front = Math.exp(lnFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaCf(a, b, x)) / a;
  return 1 - (front * betaCf(b, a, 1 - x)) / b;
}

/** Two-sided p-value of Student's t with df degrees of freedom. */
export function studentTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

function summarise(diffs: readonly number[]): { n: number; mean: number; sd: number } {
  const n = diffs.length;
  let mean = 0;
  for (const d of diffs) mean += d;
  mean /= n;
  let ss = 0;
  for (const d of diffs) ss += (d - mean) * (d - mean);
  return { n, mean, sd: n > 1 ? Math.sqrt(ss / (n - 1)) : NaN };
}

/** Paired t test on per-wall differences (a − b for each wall). */
export function pairedT(diffs: readonly number[]): PairedResult {
  const { n, mean, sd } = summarise(diffs);
  if (n < 2) throw new RangeError('pairedT needs at least two differences');
  const t = sd === 0 ? (mean === 0 ? 0 : Math.sign(mean) * Infinity) : mean / (sd / Math.sqrt(n));
  return { n, meanDiff: mean, sd, statistic: t, p: studentTwoSided(t, n - 1), df: n - 1 };
}

/** Large-sample z form of the paired test (df reported as Infinity). */
export function pairedZ(diffs: readonly number[]): PairedResult {
  const { n, mean, sd } = summarise(diffs);
  if (n < 2) throw new RangeError('pairedZ needs at least two differences');
  const z = sd === 0 ? (mean === 0 ? 0 : Math.sign(mean) * Infinity) : mean / (sd / Math.sqrt(n));
  return { n, meanDiff: mean, sd, statistic: z, p: 2 * normalCdf(-Math.abs(z)), df: Infinity };
}

/** Holm step-down adjusted p-values, returned in the input order. */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m).fill(0);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * Paired z test from exact streamed moments of the per-unit differences (n, Σd, Σd² as BigInt), so experiments
 * test millions of wall sets without holding them. `scale` divides every difference (e.g. hands per wall set, to
 * report a per-hand difference); it changes the mean and interval, not z or p. Same numbers as pairedZ on the
 * array of differences divided by scale.
 */
export interface PairedInterval extends PairedResult {
  readonly low: number;
  readonly high: number;
}

export function pairedFromSums(n: number, sum: bigint, sumSq: bigint, scale = 1, level = 0.95): PairedInterval {
  if (n < 2) throw new RangeError('pairedFromSums needs at least two differences');
  const N = BigInt(n);
  const mean = ratio(sum, N) / scale;
  const variance = ratio(N * sumSq - sum * sum, N * (N - 1n)) / (scale * scale);
  const sd = Math.sqrt(Math.max(0, variance));
  const se = sd / Math.sqrt(n);
  const z = se === 0 ? (mean === 0 ? 0 : Math.sign(mean) * Infinity) : mean / se;
  const half = zCritical(level) * se;
  return { n, meanDiff: mean, sd, statistic: z, p: 2 * normalCdf(-Math.abs(z)), df: Infinity, low: mean - half, high: mean + half };
}
