/**
 * luck.bin format 4's channel 9 (docs/statistics.md "The learned value"; src/luck/meter.ts): at every draw, for
 * every seat, V(the state after the tile drawn) − Σ_k c_k V(the state after k) / n, the sum over the distinct kinds
 * k the wall holds (c_k of them, n in all), V the value model of the full state. The model is fixed before the run
 * (a file whose SHA-256 the run's identity names) and reads no wall order, so each term has mean zero whatever the
 * strategies do. One evaluation a kind gives every seat's value: the base's columns are kept from draw to draw
 * (base-sum.ts), a kind adds its few, and the outputs, linear in the hidden units, are taken once a draw from the
 * hidden units' weighted mean.
 */
import type { Seat } from '../core/seat.js';
import type { HandState } from '../engine/state.js';
import type { DrawValue } from '../luck/meter.js';
import type { WinBy } from '../scoring/index.js';
import { DrawFeatures, VALUE_SEATS } from './features.js';
import type { ValueModel } from './model-file.js';
import { addColumns, ValuePass } from './net.js';
import { BaseSum } from './base-sum.js';
import { DealValue } from './deal-value.js';

export class ValueTerms implements DrawValue {
  private readonly features = new DrawFeatures();
  private readonly pass: ValuePass;
  /** b1 + W1 x_base, kept from draw to draw (base-sum.ts). */
  private readonly base: BaseSum;
  /** Σ_k c_k h(k) over the kinds so far, and h(the kind drawn): the outputs are linear in h, so V's mean is W2 times h's. */
  private readonly hSum: Float64Array;
  private readonly hGot: Float64Array;
  private wall: Uint8Array = new Uint8Array(0);
  private drawn = -1;
  private n = 0;
  /** Evaluations of the network so far (for the benchmark). */
  evaluations = 0;

  /** A wash's new wall: the deal against the same wall cut elsewhere (deal-value.ts). */
  private readonly deals: DealValue;

  constructor(private readonly model: ValueModel) {
    this.pass = new ValuePass(model.layout);
    this.base = new BaseSum(model.params, model.layout);
    this.hSum = new Float64Array(model.layout.hidden);
    this.hGot = new Float64Array(model.layout.hidden);
    this.deals = new DealValue(model);
  }

  newWall(s: HandState, luck: Float64Array, channels: number, channel: number): void {
    this.deals.newWall(s, luck, channels, channel);
  }

  deal(): void {
    this.features.deal();
    this.base.restart();
  }

  start(s: HandState, seat: Seat, t: number, before: Uint8Array, wall: Uint8Array, n: number, _by: WinBy): void {
    this.features.start(s, seat, before, wall, n);
    this.base.set(this.features.base);
    this.hSum.fill(0);
    this.wall = wall;
    this.drawn = t;
    this.n = n;
  }

  kind(k: number, shanten: number, win: number, loser: number, best: number): void {
    this.features.kind(k, shanten, win, loser, best);
    const { params, layout } = this.model;
    const z = this.pass.z;
    z.set(this.base.z);
    addColumns(params, layout, this.features.kindPart, z);
    this.evaluations++;
    const c = this.wall[k]!;
    const hSum = this.hSum;
    const got = k === this.drawn;
    for (let j = 0; j < layout.hidden; j++) {
      const h = z[j]! > 0 ? z[j]! : 0;
      hSum[j]! += c * h;
      if (got) this.hGot[j] = h;
    }
  }

  finish(luck: Float64Array, channels: number, channel: number): void {
    const { params, layout, header } = this.model;
    const H = layout.hidden;
    const windOf = this.features.windOf;
    for (let j = 0; j < VALUE_SEATS; j++) {
      const w = windOf[j]!;
      const row = layout.w2 + w * H;
      let d = 0;
      for (let k = 0; k < H; k++) d += params[row + k]! * (this.hGot[k]! - this.hSum[k]! / this.n);
      luck[j * channels + channel]! += header.scale * d;
    }
  }
}
