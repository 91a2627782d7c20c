/**
 * The policy-and-value network (docs/learning.md): written here in TypeScript rather than taken from a library
 * (measured against @tensorflow/tfjs with its wasm backend in docs/performance.md "The learned policy"): its
 * inputs are sparse (about a tenth of the features are non-zero) and its policy head is needed only for the legal
 * actions (2 to 15 of 142), so one decision costs a few tens of thousands of multiply-adds, and every sum runs in
 * one fixed order in double precision, which makes training exactly reproducible.
 *
 *   h      = relu(W1 x + b1)                                 (hidden units)
 *   logit  = W0[a] x + W2[a] h + b2[a]   for each legal a    (a wide linear part plus the hidden part)
 *   policy = softmax of the legal logits
 *   value  = wv h + bv                                       (the hand's net for the seat, in valueScale points)
 *
 * The gradients below are checked against finite differences (test/learn/mlp.test.ts).
 */
import { ACTIONS } from './actions.js';
import type { Sparse } from './features.js';

export interface Dims {
  readonly features: number;
  readonly hidden: number;
  readonly actions: number;
}

/** Offsets of each parameter block in the flat parameter vector. */
export interface Layout {
  readonly w0: number;
  readonly w1: number;
  readonly b1: number;
  readonly w2: number;
  readonly b2: number;
  readonly wv: number;
  readonly bv: number;
  readonly size: number;
}

export function layoutOf(d: Dims): Layout {
  const w0 = 0;
  const w1 = w0 + d.actions * d.features;
  const b1 = w1 + d.features * d.hidden;
  const w2 = b1 + d.hidden;
  const b2 = w2 + d.actions * d.hidden;
  const wv = b2 + d.actions;
  const bv = wv + d.hidden;
  return { w0, w1, b1, w2, b2, wv, bv, size: bv + 1 };
}

/** The parameter blocks in layout order, as layoutOf names them. */
const BLOCKS = ['w0', 'w1', 'b1', 'w2', 'b2', 'wv', 'bv'] as const;

/** The first parameter that is not finite (NaN or ±Infinity): its block's name and its place in it; null when all are. */
export function firstNonFinite(p: ArrayLike<number>, L: Layout): { block: string; at: number } | null {
  for (let i = 0; i < L.size; i++) {
    if (Number.isFinite(p[i]!)) continue;
    let k = BLOCKS.length - 1;
    while (k > 0 && L[BLOCKS[k]!] > i) k--;
    return { block: BLOCKS[k]!, at: i - L[BLOCKS[k]!] };
  }
  return null;
}

/** Working arrays of one forward and backward pass. */
export class Pass {
  readonly z: Float64Array;
  readonly h: Float64Array;
  readonly dh: Float64Array;
  readonly logits = new Float64Array(ACTIONS);
  readonly probs = new Float64Array(ACTIONS);
  value = 0;
  constructor(readonly d: Dims) {
    this.z = new Float64Array(d.hidden);
    this.h = new Float64Array(d.hidden);
    this.dh = new Float64Array(d.hidden);
  }
}

/** Forward pass: logits and probabilities of the legal actions (at positions 0..legal.length-1) and the value. */
export function forward(p: Float64Array, L: Layout, x: Sparse, legal: ArrayLike<number>, nLegal: number, w: Pass): void {
  const H = w.d.hidden;
  const F = w.d.features;
  const z = w.z;
  const h = w.h;
  for (let k = 0; k < H; k++) z[k] = p[L.b1 + k]!;
  for (let i = 0; i < x.n; i++) {
    const j = x.index[i]!;
    const v = x.value[i]!;
    const row = L.w1 + j * H;
    for (let k = 0; k < H; k++) z[k]! += v * p[row + k]!;
  }
  for (let k = 0; k < H; k++) h[k] = z[k]! > 0 ? z[k]! : 0;
  let max = -Infinity;
  for (let q = 0; q < nLegal; q++) {
    const a = legal[q]!;
    let s = p[L.b2 + a]!;
    const r0 = L.w0 + a * F;
    for (let i = 0; i < x.n; i++) s += x.value[i]! * p[r0 + x.index[i]!]!;
    const r2 = L.w2 + a * H;
    for (let k = 0; k < H; k++) s += h[k]! * p[r2 + k]!;
    w.logits[q] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let q = 0; q < nLegal; q++) {
    const e = Math.exp(w.logits[q]! - max);
    w.probs[q] = e;
    sum += e;
  }
  for (let q = 0; q < nLegal; q++) w.probs[q] = w.probs[q]! / sum;
  let v = p[L.bv]!;
  for (let k = 0; k < H; k++) v += h[k]! * p[L.wv + k]!;
  w.value = v;
}

/**
 * The loss of one sample after `forward`: cross-entropy of the policy against `target` (a distribution over the
 * legal positions) plus valueWeight/2 times the squared value error.
 */
export function lossOf(w: Pass, target: ArrayLike<number>, nLegal: number, y: number, valueWeight: number): number {
  let ce = 0;
  for (let q = 0; q < nLegal; q++) if (target[q]! > 0) ce -= target[q]! * Math.log(Math.max(w.probs[q]!, 1e-300));
  const e = w.value - y;
  return ce + 0.5 * valueWeight * e * e;
}

/** Adds this sample's gradient of lossOf to `g` (after `forward` on the same sample). */
export function backward(p: Float64Array, L: Layout, x: Sparse, legal: ArrayLike<number>, nLegal: number, target: ArrayLike<number>, y: number, valueWeight: number, w: Pass, g: Float64Array): void {
  const H = w.d.hidden;
  const F = w.d.features;
  const dh = w.dh;
  dh.fill(0);
  for (let q = 0; q < nLegal; q++) {
    const a = legal[q]!;
    const d = w.probs[q]! - target[q]!;
    if (d === 0) continue;
    g[L.b2 + a]! += d;
    const r0 = L.w0 + a * F;
    for (let i = 0; i < x.n; i++) g[r0 + x.index[i]!]! += d * x.value[i]!;
    const r2 = L.w2 + a * H;
    for (let k = 0; k < H; k++) {
      g[r2 + k]! += d * w.h[k]!;
      dh[k]! += d * p[r2 + k]!;
    }
  }
  const dv = valueWeight * (w.value - y);
  g[L.bv]! += dv;
  for (let k = 0; k < H; k++) {
    g[L.wv + k]! += dv * w.h[k]!;
    dh[k]! += dv * p[L.wv + k]!;
  }
  for (let k = 0; k < H; k++) if (!(w.z[k]! > 0)) dh[k] = 0;
  for (let k = 0; k < H; k++) g[L.b1 + k]! += dh[k]!;
  for (let i = 0; i < x.n; i++) {
    const row = L.w1 + x.index[i]! * H;
    const v = x.value[i]!;
    for (let k = 0; k < H; k++) g[row + k]! += v * dh[k]!;
  }
}

/** Adam (Kingma & Ba 2015) over the flat parameters, in place. */
export class Adam {
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private t = 0;
  constructor(
    size: number,
    private readonly lr: number,
    private readonly b1 = 0.9,
    private readonly b2 = 0.999,
    private readonly eps = 1e-8,
  ) {
    this.m = new Float64Array(size);
    this.v = new Float64Array(size);
  }

  step(p: Float64Array, g: Float64Array, scale: number): void {
    this.t++;
    const c1 = 1 - Math.pow(this.b1, this.t);
    const c2 = 1 - Math.pow(this.b2, this.t);
    const { m, v, b1, b2, eps, lr } = this;
    for (let i = 0; i < p.length; i++) {
      const gi = g[i]! * scale;
      m[i] = b1 * m[i]! + (1 - b1) * gi;
      v[i] = b2 * v[i]! + (1 - b2) * gi * gi;
      p[i]! -= (lr * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + eps);
    }
  }
}
