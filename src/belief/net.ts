/**
 * The belief network (docs/belief.md "The network"): the project's own kind of network (as strategies/learned/mlp.ts:
 * sparse inputs, every sum in one fixed order in double precision, so a fit is reproducible byte for byte), with
 * three heads, each read for every other seat k (1..3, in turn order after the deciding seat) and kind t:
 *
 *   h                = relu(W1 x + b1)
 *   count logit[k,t,c] = Wc[k,t,c] h + bc[k,t,c] + Uc[k,c] · x_t     c = 0..min(4, unseen t): a softmax over the counts
 *                                                                    the seat can hold (more than are unseen, none)
 *   ready logit[k]   = Wr[k] h + br[k]                               P(k is one tile from complete): a sigmoid
 *   wait logit[k,t]  = Ww[k,t] h + bw[k,t] + Uw[k] · x_t            P(k goes Mah-Jongg on t, discarded): a sigmoid
 *
 * x_t is kind t's own block of the features (src/belief/features.ts PER_KIND numbers), read through weights shared by
 * every kind (a wide part: what the table shows of a kind says most about that kind). The loss of a sample is the
 * sum of the counts' cross-entropies, the readiness's and the waits' binary cross-entropies.
 *
 * The gradients are checked against finite differences (test/belief/net.test.ts).
 */
import { KINDS } from '../tiles/tile.js';
import { BELIEF_FEATURES, KIND_AT, OTHERS, PER_KIND } from './features.js';

/** Sparse features as the net reads them (float32 values from a data file, or a featurizer's own). */
export interface SparseX {
  readonly n: number;
  readonly index: Uint16Array;
  readonly value: Float32Array | Float64Array;
}

export const COUNTS = 5;
const OUT = OTHERS * KINDS;

export interface BeliefLayout {
  readonly hidden: number;
  readonly w1: number;
  readonly b1: number;
  readonly wc: number;
  readonly bc: number;
  readonly uc: number;
  readonly wr: number;
  readonly br: number;
  readonly ww: number;
  readonly bw: number;
  readonly uw: number;
  readonly size: number;
}

export function beliefLayout(hidden: number): BeliefLayout {
  const w1 = 0;
  const b1 = w1 + BELIEF_FEATURES * hidden;
  const wc = b1 + hidden;
  const bc = wc + OUT * COUNTS * hidden;
  const uc = bc + OUT * COUNTS;
  const wr = uc + OTHERS * COUNTS * PER_KIND;
  const br = wr + OTHERS * hidden;
  const ww = br + OTHERS;
  const bw = ww + OUT * hidden;
  const uw = bw + OUT;
  return { hidden, w1, b1, wc, bc, uc, wr, br, ww, bw, uw, size: uw + OTHERS * PER_KIND };
}

/** The blocks in layout order (for naming a parameter that is not finite). */
export const BELIEF_BLOCKS = ['w1', 'b1', 'wc', 'bc', 'uc', 'wr', 'br', 'ww', 'bw', 'uw'] as const;

/** One sample as the fit reads it: features, what the view leaves unseen, and the labels. */
export interface BeliefSample {
  readonly x: SparseX;
  readonly unseen: Uint8Array;
  /** The seat's own concealed counts (read from its features). */
  readonly own: Uint8Array;
  readonly counts: Uint8Array;
  readonly ready: number;
  readonly waits: Uint8Array;
  readonly game: number;
  readonly wall: number;
}

/** Working arrays of one forward and backward pass, and the predictions. */
export class BeliefPass {
  readonly z: Float64Array;
  readonly h: Float64Array;
  readonly dh: Float64Array;
  /** OTHERS × 34 × 5: each count's probability (0 beyond what is unseen). */
  readonly countP = new Float64Array(OUT * COUNTS);
  /** OTHERS: P(ready). */
  readonly readyP = new Float64Array(OTHERS);
  /** OTHERS × 34: P(wins on the kind). */
  readonly waitP = new Float64Array(OUT);
  /** The dense kind blocks of x (34 × PER_KIND). */
  readonly xk = new Float64Array(KINDS * PER_KIND);
  constructor(readonly L: BeliefLayout) {
    this.z = new Float64Array(L.hidden);
    this.h = new Float64Array(L.hidden);
    this.dh = new Float64Array(L.hidden);
  }
}

const sigmoid = (v: number): number => (v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v)));

/** Forward pass: every head's probabilities into `w`. */
export function beliefForward(p: Float64Array, x: SparseX, unseen: ArrayLike<number>, w: BeliefPass): void {
  const L = w.L;
  const H = L.hidden;
  const z = w.z;
  const h = w.h;
  for (let j = 0; j < H; j++) z[j] = p[L.b1 + j]!;
  const xk = w.xk;
  xk.fill(0);
  for (let i = 0; i < x.n; i++) {
    const f = x.index[i]!;
    const v = x.value[i]!;
    const row = L.w1 + f * H;
    for (let j = 0; j < H; j++) z[j]! += v * p[row + j]!;
    if (f >= KIND_AT) xk[f - KIND_AT] = v;
  }
  for (let j = 0; j < H; j++) h[j] = z[j]! > 0 ? z[j]! : 0;
  for (let k = 0; k < OTHERS; k++) {
    for (let t = 0; t < KINDS; t++) {
      const o = k * KINDS + t;
      const top = Math.min(COUNTS - 1, unseen[t]!);
      let max = -Infinity;
      for (let c = 0; c <= top; c++) {
        let s = p[L.bc + o * COUNTS + c]!;
        const row = L.wc + (o * COUNTS + c) * H;
        for (let j = 0; j < H; j++) s += h[j]! * p[row + j]!;
        const u = L.uc + (k * COUNTS + c) * PER_KIND;
        for (let m = 0; m < PER_KIND; m++) s += xk[t * PER_KIND + m]! * p[u + m]!;
        w.countP[o * COUNTS + c] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let c = 0; c <= top; c++) {
        const e = Math.exp(w.countP[o * COUNTS + c]! - max);
        w.countP[o * COUNTS + c] = e;
        sum += e;
      }
      for (let c = 0; c < COUNTS; c++) w.countP[o * COUNTS + c] = c <= top ? w.countP[o * COUNTS + c]! / sum : 0;
      let s = p[L.bw + o]!;
      const row = L.ww + o * H;
      for (let j = 0; j < H; j++) s += h[j]! * p[row + j]!;
      const u = L.uw + k * PER_KIND;
      for (let m = 0; m < PER_KIND; m++) s += xk[t * PER_KIND + m]! * p[u + m]!;
      w.waitP[o] = sigmoid(s);
    }
    let s = p[L.br + k]!;
    for (let j = 0; j < H; j++) s += h[j]! * p[L.wr + k * H + j]!;
    w.readyP[k] = sigmoid(s);
  }
}

const TINY = 1e-300;
const bce = (q: number, y: number): number => -(y ? Math.log(Math.max(q, TINY)) : Math.log(Math.max(1 - q, TINY)));

/** The loss of one sample after beliefForward: the three heads' parts and their sum. */
export function beliefLoss(w: BeliefPass, s: Pick<BeliefSample, 'counts' | 'ready' | 'waits'>): { counts: number; ready: number; waits: number; total: number } {
  let counts = 0;
  let ready = 0;
  let waits = 0;
  for (let o = 0; o < OUT; o++) {
    counts -= Math.log(Math.max(w.countP[o * COUNTS + s.counts[o]!]!, TINY));
    waits += bce(w.waitP[o]!, s.waits[o]!);
  }
  for (let k = 0; k < OTHERS; k++) ready += bce(w.readyP[k]!, (s.ready >> k) & 1);
  return { counts, ready, waits, total: counts + ready + waits };
}

/** Adds this sample's gradient of beliefLoss's total to `g` (after beliefForward on the same sample). */
export function beliefBackward(p: Float64Array, x: SparseX, s: Pick<BeliefSample, 'unseen' | 'counts' | 'ready' | 'waits'>, w: BeliefPass, g: Float64Array): void {
  const L = w.L;
  const H = L.hidden;
  const dh = w.dh;
  const h = w.h;
  const xk = w.xk;
  dh.fill(0);
  for (let k = 0; k < OTHERS; k++) {
    for (let t = 0; t < KINDS; t++) {
      const o = k * KINDS + t;
      const top = Math.min(COUNTS - 1, s.unseen[t]!);
      for (let c = 0; c <= top; c++) {
        const d = w.countP[o * COUNTS + c]! - (s.counts[o] === c ? 1 : 0);
        if (d === 0) continue;
        g[L.bc + o * COUNTS + c]! += d;
        const row = L.wc + (o * COUNTS + c) * H;
        for (let j = 0; j < H; j++) {
          g[row + j]! += d * h[j]!;
          dh[j]! += d * p[row + j]!;
        }
        const u = L.uc + (k * COUNTS + c) * PER_KIND;
        for (let m = 0; m < PER_KIND; m++) g[u + m]! += d * xk[t * PER_KIND + m]!;
      }
      const d = w.waitP[o]! - s.waits[o]!;
      g[L.bw + o]! += d;
      const row = L.ww + o * H;
      for (let j = 0; j < H; j++) {
        g[row + j]! += d * h[j]!;
        dh[j]! += d * p[row + j]!;
      }
      const u = L.uw + k * PER_KIND;
      for (let m = 0; m < PER_KIND; m++) g[u + m]! += d * xk[t * PER_KIND + m]!;
    }
    const d = w.readyP[k]! - ((s.ready >> k) & 1);
    g[L.br + k]! += d;
    for (let j = 0; j < H; j++) {
      g[L.wr + k * H + j]! += d * h[j]!;
      dh[j]! += d * p[L.wr + k * H + j]!;
    }
  }
  for (let j = 0; j < H; j++) if (!(w.z[j]! > 0)) dh[j] = 0;
  for (let j = 0; j < H; j++) g[L.b1 + j]! += dh[j]!;
  for (let i = 0; i < x.n; i++) {
    const row = L.w1 + x.index[i]! * H;
    const v = x.value[i]!;
    for (let j = 0; j < H; j++) g[row + j]! += v * dh[j]!;
  }
}

/** The first parameter that is not finite, named by its block; null when all are. */
export function beliefNonFinite(p: ArrayLike<number>, L: BeliefLayout): { block: string; at: number } | null {
  for (let i = 0; i < L.size; i++) {
    if (Number.isFinite(p[i]!)) continue;
    let k = BELIEF_BLOCKS.length - 1;
    while (k > 0 && L[BELIEF_BLOCKS[k]!] > i) k--;
    return { block: BELIEF_BLOCKS[k]!, at: i - L[BELIEF_BLOCKS[k]!] };
  }
  return null;
}
