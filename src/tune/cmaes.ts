/**
 * CMA-ES (covariance matrix adaptation evolution strategy; N. Hansen, "The CMA Evolution Strategy: A Tutorial",
 * arXiv:1604.00772, 2016 — equation numbers below are the tutorial's), minimising: weighted recombination of the
 * best μ of λ samples, cumulative step-size adaptation (CSA, eqs. 43–44), a rank-one update from the evolution
 * path p_c and a rank-μ update from the selected steps (eq. 47), with the tutorial's default constants (Table 1;
 * positive weights only). Rank-based, so it tolerates noisy objectives: only the order of the λ values is used.
 *
 * Box constraints by repair (Hansen, "Injecting external solutions into CMA-ES", arXiv:1110.4181, 2011): a sample
 * outside the box is clipped onto it, the clipped point is what the caller evaluates, and the update uses the
 * step to the clipped point, shortened where its Mahalanobis length exceeds √n + 2n/(n+2) so a repaired step
 * cannot inflate the step size. Integer or otherwise discretised coordinates are the caller's business (round a
 * copy for evaluation, keep the continuous point here: src/tune/space.ts).
 *
 * The only randomness is the Rng passed to ask(), a stream of src/rng/streams.ts.
 */
import type { Rng } from '../rng/streams.js';
import { symmetricEigen } from './eigen.js';

export interface CmaOptions {
  /** Initial mean m⁽⁰⁾. */
  readonly mean: readonly number[];
  /** Initial step size σ⁽⁰⁾ (in the coordinates of `mean`). */
  readonly sigma: number;
  /** Population λ; default 4 + ⌊3 ln n⌋ (Table 1). */
  readonly lambda?: number;
  /** Repair box (both or neither). */
  readonly lower?: readonly number[];
  readonly upper?: readonly number[];
  /** Multiplier of the rank-one learning rate c₁ (1 = the default; 0 switches the update off, as pycma's CMA_rankone). */
  readonly rankOne?: number;
  /** Multiplier of the rank-μ learning rate c_μ (pycma's CMA_rankmu). */
  readonly rankMu?: number;
  /** Step-size adaptation on (default); off keeps σ fixed. */
  readonly adaptSigma?: boolean;
}

export function defaultLambda(n: number): number {
  return 4 + Math.floor(3 * Math.log(n));
}

/** λ standard normal numbers per call, by Box–Muller on the stream (both values of each pair used, in order). */
function normals(rng: Rng, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const u1 = 1 - rng.next(); // (0, 1]: log is finite
    const u2 = rng.next();
    const r = Math.sqrt(-2 * Math.log(u1));
    out.push(r * Math.cos(2 * Math.PI * u2));
    if (out.length < count) out.push(r * Math.sin(2 * Math.PI * u2));
  }
  return out;
}

const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: readonly number[]) => Math.sqrt(dot(a, a));

export class CmaEs {
  readonly n: number;
  readonly lambda: number;
  readonly mu: number;
  readonly weights: readonly number[];
  readonly mueff: number;
  readonly cs: number;
  readonly ds: number;
  readonly cc: number;
  readonly c1: number;
  readonly cmu: number;
  /** E‖N(0, I)‖. */
  readonly chiN: number;

  mean: number[];
  sigma: number;
  /** Completed generations (tell() calls). */
  generation = 0;
  private C: number[][];
  private pc: number[];
  private ps: number[];
  private B: number[][];
  private D: number[];
  private readonly lower: readonly number[] | null;
  private readonly upper: readonly number[] | null;
  private readonly adaptSigma: boolean;
  /** The points handed out by the last ask() (repaired), and whether each was moved by the repair. */
  private asked: { x: number[]; repaired: boolean }[] | null = null;

  constructor(o: CmaOptions) {
    const n = o.mean.length;
    if (n < 1) throw new RangeError('CMA-ES needs at least one dimension');
    if (!(o.sigma > 0) || !Number.isFinite(o.sigma)) throw new RangeError(`CMA-ES sigma must be positive, got ${o.sigma}`);
    if ((o.lower === undefined) !== (o.upper === undefined)) throw new RangeError('CMA-ES bounds need both lower and upper');
    if (o.lower && (o.lower.length !== n || o.upper!.length !== n || o.lower.some((l, i) => !(l < o.upper![i]!)))) {
      throw new RangeError('CMA-ES bounds must have lower < upper in every dimension');
    }
    this.n = n;
    this.lambda = o.lambda ?? defaultLambda(n);
    if (!Number.isSafeInteger(this.lambda) || this.lambda < 2) throw new RangeError(`CMA-ES population must be at least 2, got ${this.lambda}`);
    this.mu = Math.floor(this.lambda / 2);
    // Eq. 49 with positive weights only (the classic recombination), normalised to sum to one.
    const raw = Array.from({ length: this.mu }, (_, i) => Math.log((this.lambda + 1) / 2) - Math.log(i + 1));
    const sum = raw.reduce((s, w) => s + w, 0);
    this.weights = raw.map((w) => w / sum);
    this.mueff = 1 / this.weights.reduce((s, w) => s + w * w, 0);
    const me = this.mueff;
    this.cs = (me + 2) / (n + me + 5);
    this.ds = 1 + 2 * Math.max(0, Math.sqrt((me - 1) / (n + 1)) - 1) + this.cs;
    this.cc = (4 + me / n) / (n + 4 + (2 * me) / n);
    const c1 = 2 / ((n + 1.3) ** 2 + me);
    const cmu = Math.min(1 - c1, (2 * (me - 2 + 1 / me)) / ((n + 2) ** 2 + me));
    this.c1 = c1 * (o.rankOne ?? 1);
    this.cmu = cmu * (o.rankMu ?? 1);
    if (this.c1 + this.cmu > 1) throw new RangeError('CMA-ES learning rates c1 + cmu exceed 1');
    this.chiN = Math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));
    this.mean = [...o.mean];
    this.sigma = o.sigma;
    this.C = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
    this.B = this.C.map((r) => [...r]);
    this.D = new Array<number>(n).fill(1);
    this.pc = new Array<number>(n).fill(0);
    this.ps = new Array<number>(n).fill(0);
    this.lower = o.lower ?? null;
    this.upper = o.upper ?? null;
    this.adaptSigma = o.adaptSigma ?? true;
    if (this.lower) this.mean = this.repair(this.mean).x;
  }

  /** Coordinate-wise standard deviations σ·√C_ii. */
  get stds(): number[] {
    return this.C.map((row, i) => this.sigma * Math.sqrt(row[i]!));
  }

  /** Condition number of C (largest over smallest eigenvalue). */
  get condition(): number {
    const ev = this.D.map((d) => d * d);
    return Math.max(...ev) / Math.min(...ev);
  }

  private repair(x: number[]): { x: number[]; repaired: boolean } {
    if (!this.lower) return { x, repaired: false };
    let repaired = false;
    const out = x.map((v, i) => {
      const c = Math.min(this.upper![i]!, Math.max(this.lower![i]!, v));
      if (c !== v) repaired = true;
      return c;
    });
    return { x: out, repaired };
  }

  /** λ new points m + σ·B·D·z, repaired into the box: the points to evaluate, in order. */
  ask(rng: Rng): number[][] {
    const n = this.n;
    const z = normals(rng, n * this.lambda);
    this.asked = [];
    for (let k = 0; k < this.lambda; k++) {
      const x = new Array<number>(n);
      for (let i = 0; i < n; i++) {
        let y = 0;
        for (let j = 0; j < n; j++) y += this.B[i]![j]! * this.D[j]! * z[k * n + j]!;
        x[i] = this.mean[i]! + this.sigma * y;
      }
      this.asked.push(this.repair(x));
    }
    return this.asked.map((a) => [...a.x]);
  }

  /** C^(−1/2)·v = B·D⁻¹·Bᵀ·v. */
  private invSqrtC(v: readonly number[]): number[] {
    const n = this.n;
    const t = new Array<number>(n).fill(0);
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += this.B[i]![j]! * v[i]!;
      t[j] = s / this.D[j]!;
    }
    const out = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i]! += this.B[i]![j]! * t[j]!;
    return out;
  }

  /**
   * Update from the objective values of the last ask()'s points (lower is better; ties keep ask order, so equal
   * values from rounded coordinates rank deterministically).
   */
  tell(values: readonly number[]): void {
    const asked = this.asked;
    if (!asked || values.length !== asked.length) throw new RangeError(`tell() needs ${this.lambda} values for the points of the last ask()`);
    if (values.some((v) => Number.isNaN(v))) throw new RangeError('tell() got NaN');
    this.asked = null;
    const n = this.n;
    const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v || a.i - b.i).map((e) => e.i);
    // The selected steps y = (x − m)/σ; a repaired one is shortened to the length a sample could have.
    const cy = Math.sqrt(n) + (2 * n) / (n + 2);
    const ys = order.slice(0, this.mu).map((k) => {
      const y = asked[k]!.x.map((x, i) => (x - this.mean[i]!) / this.sigma);
      if (asked[k]!.repaired) {
        const len = norm(this.invSqrtC(y));
        if (len > cy) return y.map((v) => (v * cy) / len);
      }
      return y;
    });
    const yw = new Array<number>(n).fill(0);
    ys.forEach((y, r) => y.forEach((v, i) => (yw[i]! += this.weights[r]! * v)));
    // Eq. 41 (c_m = 1).
    this.mean = this.mean.map((m, i) => m + this.sigma * yw[i]!);
    // Eqs. 43–45: the conjugate path, and h_σ stalling p_c while ‖p_σ‖ is large.
    const csn = Math.sqrt(this.cs * (2 - this.cs) * this.mueff);
    const cw = this.invSqrtC(yw);
    this.ps = this.ps.map((p, i) => (1 - this.cs) * p + csn * cw[i]!);
    const psNorm = norm(this.ps);
    const hsig = psNorm / Math.sqrt(1 - (1 - this.cs) ** (2 * (this.generation + 1))) < (1.4 + 2 / (n + 1)) * this.chiN ? 1 : 0;
    const ccn = Math.sqrt(this.cc * (2 - this.cc) * this.mueff);
    this.pc = this.pc.map((p, i) => (1 - this.cc) * p + hsig * ccn * yw[i]!);
    // Eq. 47 (Σw = 1), with δ(h_σ) = (1 − h_σ)·c_c(2 − c_c) keeping the variance lost by a stalled p_c.
    const delta = (1 - hsig) * this.cc * (2 - this.cc);
    const keep = 1 - this.c1 - this.cmu + this.c1 * delta;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j <= i; j++) {
        let rankMu = 0;
        ys.forEach((y, r) => (rankMu += this.weights[r]! * y[i]! * y[j]!));
        const v = keep * this.C[i]![j]! + this.c1 * this.pc[i]! * this.pc[j]! + this.cmu * rankMu;
        this.C[i]![j] = v;
        this.C[j]![i] = v;
      }
    }
    // Eq. 44.
    if (this.adaptSigma) this.sigma *= Math.exp((this.cs / this.ds) * (psNorm / this.chiN - 1));
    this.generation += 1;
    const e = symmetricEigen(this.C);
    this.B = e.vectors;
    this.D = e.values.map((v) => Math.sqrt(Math.max(v, 1e-300)));
  }
}
