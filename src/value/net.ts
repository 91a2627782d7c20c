/**
 * The value network (docs/statistics.md "The learned value"): one hidden layer over the sparse inputs of
 * src/value/features.ts and one output per seat in wind order, each seat's net for the hand in `scale` points:
 *
 *   h   = relu(W1 x + b1)
 *   out = W2 h + b2        (VALUE_SEATS outputs)
 *
 * Small on purpose: the luck meter evaluates it for every kind the wall holds at every draw (about 30 a draw). W1
 * x is linear, so the meter keeps the base's columns summed from draw to draw and adds a kind's few columns to them
 * (src/value/terms.ts, base-sum.ts).
 * Every sum runs in one fixed order in double precision, so training is exactly reproducible. Gradients are checked
 * against finite differences (test/learn/value-train.test.ts).
 */
import type { Entries } from './features.js';
import { VALUE_SEATS } from './features.js';

export interface ValueLayout {
  readonly features: number;
  readonly hidden: number;
  readonly w1: number;
  readonly b1: number;
  readonly w2: number;
  readonly b2: number;
  readonly size: number;
}

export function valueLayout(features: number, hidden: number): ValueLayout {
  const w1 = 0;
  const b1 = w1 + features * hidden;
  const w2 = b1 + hidden;
  const b2 = w2 + VALUE_SEATS * hidden;
  return { features, hidden, w1, b1, w2, b2, size: b2 + VALUE_SEATS };
}

/** A sample's inputs as stored: sorted distinct indices and their values. */
export interface SparseInputs {
  readonly n: number;
  readonly index: ArrayLike<number>;
  readonly value: ArrayLike<number>;
}

/** Working arrays of one pass. */
export class ValuePass {
  readonly z: Float64Array;
  readonly h: Float64Array;
  readonly dh: Float64Array;
  readonly out = new Float64Array(VALUE_SEATS);
  constructor(readonly L: ValueLayout) {
    this.z = new Float64Array(L.hidden);
    this.h = new Float64Array(L.hidden);
    this.dh = new Float64Array(L.hidden);
  }
}

/** z += W1 x (x sparse, duplicates adding up). */
export function addColumns(p: Float64Array, L: ValueLayout, x: SparseInputs | Entries, z: Float64Array): void {
  const H = L.hidden;
  for (let i = 0; i < x.n; i++) {
    const row = L.w1 + x.index[i]! * H;
    const v = x.value[i]!;
    for (let k = 0; k < H; k++) z[k]! += v * p[row + k]!;
  }
}

/** The outputs from the hidden pre-activations already in w.z. */
export function head(p: Float64Array, L: ValueLayout, w: ValuePass): void {
  const H = L.hidden;
  for (let k = 0; k < H; k++) w.h[k] = w.z[k]! > 0 ? w.z[k]! : 0;
  for (let o = 0; o < VALUE_SEATS; o++) {
    let s = p[L.b2 + o]!;
    const r = L.w2 + o * H;
    for (let k = 0; k < H; k++) s += w.h[k]! * p[r + k]!;
    w.out[o] = s;
  }
}

export function forward(p: Float64Array, L: ValueLayout, x: SparseInputs, w: ValuePass): void {
  for (let k = 0; k < L.hidden; k++) w.z[k] = p[L.b1 + k]!;
  addColumns(p, L, x, w.z);
  head(p, L, w);
}

/** Half the squared error over the seats after `forward`. */
export function lossOf(w: ValuePass, y: ArrayLike<number>): number {
  let l = 0;
  for (let o = 0; o < VALUE_SEATS; o++) l += 0.5 * (w.out[o]! - y[o]!) ** 2;
  return l;
}

/** Adds this sample's gradient of lossOf to `g` (after `forward` on the same sample). */
export function backward(p: Float64Array, L: ValueLayout, x: SparseInputs, y: ArrayLike<number>, w: ValuePass, g: Float64Array): void {
  const H = L.hidden;
  const dh = w.dh.fill(0);
  for (let o = 0; o < VALUE_SEATS; o++) {
    const d = w.out[o]! - y[o]!;
    g[L.b2 + o]! += d;
    const r = L.w2 + o * H;
    for (let k = 0; k < H; k++) {
      g[r + k]! += d * w.h[k]!;
      dh[k]! += d * p[r + k]!;
    }
  }
  for (let k = 0; k < H; k++) if (!(w.z[k]! > 0)) dh[k] = 0;
  for (let k = 0; k < H; k++) g[L.b1 + k]! += dh[k]!;
  for (let i = 0; i < x.n; i++) {
    const row = L.w1 + x.index[i]! * H;
    const v = x.value[i]!;
    for (let k = 0; k < H; k++) g[row + k]! += v * dh[k]!;
  }
}
