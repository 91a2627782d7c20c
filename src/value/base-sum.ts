/**
 * The first layer's sum over a draw's base inputs, kept from draw to draw (docs/statistics.md "The learned value",
 * what recording costs): b1 + W1 x_base changes little between two draws of a hand (a tile gone from the wall, the
 * hands that moved, the readings of the seats that acted), so only the columns of the inputs whose value changed
 * are added, each times its change. A new deal starts from b1. The sums run in the hand's own order of draws, so the
 * same hand gives the same values on any worker and in any batch; they differ from a fresh sum by rounding alone.
 */
import type { Entries } from './features.js';
import type { ValueLayout } from './net.js';

export class BaseSum {
  /** b1 + W1 x for the last base given. */
  readonly z: Float64Array;
  /** The last base's inputs, dense, and which indices it holds. */
  private prev: Float64Array;
  private cur: Float64Array;
  private prevList: Int32Array;
  private curList: Int32Array;
  private prevN = 0;
  /** Which indices the current base holds: stamp[i] === gen. */
  private readonly stamp: Int32Array;
  private gen = 0;
  private fresh = true;

  constructor(private readonly p: Float64Array, private readonly L: ValueLayout) {
    this.z = new Float64Array(L.hidden);
    this.prev = new Float64Array(L.features);
    this.cur = new Float64Array(L.features);
    this.prevList = new Int32Array(L.features);
    this.curList = new Int32Array(L.features);
    this.stamp = new Int32Array(L.features);
  }

  /** A new deal: the next base is summed afresh. */
  restart(): void {
    this.fresh = true;
  }

  /** z for `base` (sparse, duplicates adding up). */
  set(base: Entries): void {
    const { cur, curList, stamp } = this;
    const g = ++this.gen;
    let n = 0;
    for (let e = 0; e < base.n; e++) {
      const i = base.index[e]!;
      if (stamp[i] !== g) {
        stamp[i] = g;
        curList[n++] = i;
      }
      cur[i]! += base.value[e]!;
    }
    const prev = this.prev;
    const z = this.z;
    if (this.fresh) {
      this.fresh = false;
      for (let k = 0; k < this.L.hidden; k++) z[k] = this.p[this.L.b1 + k]!;
      for (let e = 0; e < this.prevN; e++) prev[this.prevList[e]!] = 0;
      for (let e = 0; e < n; e++) this.add(curList[e]!, cur[curList[e]!]!);
    } else {
      for (let e = 0; e < n; e++) {
        const i = curList[e]!;
        const d = cur[i]! - prev[i]!;
        if (d !== 0) this.add(i, d);
      }
      for (let e = 0; e < this.prevN; e++) {
        const i = this.prevList[e]!;
        if (stamp[i] !== g && prev[i] !== 0) this.add(i, -prev[i]!);
        prev[i] = 0;
      }
    }
    // The current base becomes the previous one: prev (now all zero) and cur trade places, and so do their lists.
    this.prev = cur;
    this.cur = prev;
    this.curList = this.prevList;
    this.prevList = curList;
    this.prevN = n;
  }

  /** z += v · column i of W1. */
  private add(i: number, v: number): void {
    const H = this.L.hidden;
    const row = this.L.w1 + i * H;
    const z = this.z;
    const p = this.p;
    for (let k = 0; k < H; k++) z[k]! += v * p[row + k]!;
  }
}
