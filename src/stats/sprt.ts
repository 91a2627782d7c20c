/**
 * A sequential probability ratio test on block outcomes (docs/statistics.md, "The sequential test"), as fishtest tests Stockfish patches on
 * game pairs: Wald's SPRT (A. Wald, "Sequential tests of statistical hypotheses", Ann. Math. Statist. 16, 1945)
 * in its generalised form (GSPRT) with the normal approximation fishtest uses for pentanomial game-pair outcomes
 * (M. Van den Bergh, "A practical introduction to the GSPRT", 2020, and "Normalized Elo", fishtest documentation).
 *
 * Each observation x_i is one block's mean outcome (here: a challenger's mean net per hand over one duplicate wall
 * set, the four rotations of one wall, which is the independent unit as fishtest's game pair is). H0: E[x] = mu0,
 * H1: E[x] = mu1. With n blocks of sum S the log-likelihood ratio is
 *
 *   LLR = (mu1 − mu0) · (S − n·(mu0 + mu1)/2) / V,
 *
 * and the test stops at the first look where LLR ≥ ln((1 − beta)/alpha) (accept H1) or LLR ≤ ln(beta/(1 − alpha))
 * (accept H0); alpha is the chance of accepting H1 when H0 holds, beta of accepting H0 when H1 holds.
 *
 * V is not the sample variance s² (the plug-in of the GSPRT) but its upper confidence limit, because the plug-in
 * runs low on the lab's outcomes and the error rates with it. Nets per wall set are heavy-tailed (kurtosis 5 to 25
 * on the committed pairs' wall sets): a few wall sets with a limit hand carry much of the variance, a run that has
 * not met them yet has an s² well below the true variance (at the false H0 stops of the plug-in test on the
 * heaviest pair, half of it) and, the tail being on the gain side, a mean below the true one too, and its LLR
 * overshoots. The plug-in test accepted H0 wrongly up to 11.5% of the time at a stated 5% on those pairs'
 * resampled wall sets, and 5.9% on the fixture's at D = 0.05 SD (docs/statistics.md). So V is the one-sided 95%
 * upper confidence limit of the variance from the asymptotic law of s², whose variance is (kurtosis − 1)·σ⁴/n
 * whatever the distribution (B. O'Neill, "Some useful moment
 * results in sampling problems", The American Statistician 68, 2014), the usual guard against planning with a
 * variance that ran low (R. H. Browne, "On the use of a pilot sample for sample size determination", Statistics in
 * Medicine 14, 1995):
 *
 *   V = s² / (1 − z(0.95) · √((k − 1)/n)),   k = max(sample kurtosis, KURTOSIS_FLOOR),
 *
 * and no evidence (LLR 0) while the denominator is not positive. The floor stands in for the tail a short run has
 * not seen (its sample kurtosis is as low as its variance): the heaviest kurtosis measured on the lab's pairs. V
 * falls to s² as n grows (about 13% above it at the 4,000-5,000 wall sets a run reads at the committed harr pairs'
 * D), which also leaves the rates a margin under Wald's bounds, exact only in the limit of many small steps. Cost,
 * in average wall sets against the plug-in's: about a fifth more at the harr pairs' D (D/σ near 0.04), 1.6 to 1.8
 * times at D/σ 0.1-0.25 (the search pairs' D), where the plug-in decided from a hundred or two wall sets that had
 * often not met the tail. The test suite checks both error rates by simulation on the fixture
 * (test/stats/sprt.test.ts) and on every committed pair's wall sets, raw and luck-adjusted
 * (test/stats/sprt-heavy-tails.test.ts). No decision is taken before MIN_BLOCKS blocks either (with the plug-in
 * and 20 blocks the test accepted H0 wrongly 11% of the time at a stated 5%).
 */

import { normalQuantile } from './erf.js';

export const MIN_BLOCKS = 100;
/** The variance's upper confidence limit is one-sided at this level. */
export const VARIANCE_CONFIDENCE = 0.95;
/**
 * The least kurtosis the variance's upper confidence limit assumes: the heaviest measured on the committed pairs'
 * wall sets (25.4: the held-out search-vs-harr run, luck-adjusted; 22.2 raw).
 */
export const KURTOSIS_FLOOR = 25;
const Z_VARIANCE = normalQuantile(VARIANCE_CONFIDENCE);

export interface SprtSpec {
  readonly mu0: number;
  readonly mu1: number;
  readonly alpha: number;
  readonly beta: number;
  /**
   * The variance the LLR divides by: 'upper' (the default), its upper confidence limit (varianceUpper); 'plug-in',
   * the sample variance, the rule before it, kept so that the error-rate checks can show what it did
   * (test/stats/sprt-heavy-tails.test.ts, experiments/fits/sprt-error-rates.ts).
   */
  readonly variance?: 'upper' | 'plug-in';
}

export type SprtVerdict = 'H1' | 'H0' | 'continue';

export interface SprtState {
  readonly n: number;
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly verdict: SprtVerdict;
}

export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1)) throw new RangeError('sprt: error rates must lie strictly between 0 and 1');
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * The variance the LLR divides by: the upper confidence limit of n blocks' variance from their sums of squared and
 * fourth-power deviations (m2, m4); Infinity while it has none.
 */
export function varianceUpper(n: number, m2: number, m4: number): number {
  const s2 = m2 / (n - 1);
  const kurtosis = Math.max(KURTOSIS_FLOOR, m2 > 0 ? (n * m4) / (m2 * m2) : 0);
  const shrink = 1 - Z_VARIANCE * Math.sqrt((kurtosis - 1) / n);
  return shrink > 0 ? s2 / shrink : Infinity;
}

/**
 * Streams block outcomes and says, after each look, where the LLR stands. Plain doubles: central moments to the
 * fourth by the one-pass updates of P. Pébay ("Formulas for robust, one-pass parallel computation of covariances
 * and arbitrary-order statistical moments", Sandia report SAND2008-6212, 2008), Welford's for the second.
 */
export class Sprt {
  private n = 0;
  private mean = 0;
  private m2 = 0;
  private m3 = 0;
  private m4 = 0;
  private decided: SprtVerdict = 'continue';
  private readonly bounds: { lower: number; upper: number };

  constructor(readonly spec: SprtSpec) {
    if (!(spec.mu1 !== spec.mu0)) throw new RangeError('sprt: H1 must differ from H0 (--delta not 0)');
    this.bounds = sprtBounds(spec.alpha, spec.beta);
  }

  /** One block's outcome (ignored once the test has stopped). */
  add(x: number): void {
    if (this.decided !== 'continue') return;
    const n = ++this.n;
    const d = x - this.mean;
    const dn = d / n;
    const dn2 = dn * dn;
    const t = d * dn * (n - 1);
    this.mean += dn;
    this.m4 += t * dn2 * (n * n - 3 * n + 3) + 6 * dn2 * this.m2 - 4 * dn * this.m3;
    this.m3 += t * dn * (n - 2) - 3 * dn * this.m2;
    this.m2 += t;
  }

  /** Blocks added so far. */
  get blocks(): number {
    return this.n;
  }

  get llr(): number {
    if (this.n < 2) return 0;
    const v = this.spec.variance === 'plug-in' ? this.m2 / (this.n - 1) : varianceUpper(this.n, this.m2, this.m4);
    const { mu0, mu1 } = this.spec;
    if (v === Infinity) return 0;
    if (v === 0) return this.mean === (mu0 + mu1) / 2 ? 0 : Math.sign((mu1 - mu0) * (this.mean - (mu0 + mu1) / 2)) * Infinity;
    return ((mu1 - mu0) * this.n * (this.mean - (mu0 + mu1) / 2)) / v;
  }

  /** A look: the LLR against the bounds; the first look past one stops the test for good. */
  look(): SprtState {
    const llr = this.llr;
    if (this.decided === 'continue' && this.n >= MIN_BLOCKS) {
      if (llr >= this.bounds.upper) this.decided = 'H1';
      else if (llr <= this.bounds.lower) this.decided = 'H0';
    }
    return { n: this.n, llr, lower: this.bounds.lower, upper: this.bounds.upper, verdict: this.decided };
  }
}

/**
 * The test run over a whole sequence, looking every `every` blocks (and at the end): what it decides and after how
 * many blocks; 'continue' when the sequence ran out first.
 */
export function runSprt(spec: SprtSpec, blocks: ArrayLike<number>, every = 1): SprtState {
  const t = new Sprt(spec);
  let last = t.look();
  for (let i = 0; i < blocks.length; i++) {
    t.add(blocks[i]!);
    if ((i + 1) % every === 0 || i + 1 === blocks.length) {
      last = t.look();
      if (last.verdict !== 'continue') return last;
    }
  }
  return last;
}
