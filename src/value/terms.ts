/**
 * luck.bin format 4's channel 9 (docs/statistics.md "The learned value"; src/luck/meter.ts): at every draw, for
 * every seat, V(the state after the tile drawn) − Σ_k c_k V(the state after k) / n, the sum over the distinct kinds
 * k the wall holds (c_k of them, n in all), V the value model of the full state. The model is fixed before the run
 * (a file whose SHA-256 the run's identity names) and reads no wall order, so each term has mean zero whatever the
 * strategies do. One evaluation a kind gives every seat's value; the base's columns are summed once a draw.
 */
import type { Seat } from '../core/seat.js';
import type { HandState } from '../engine/state.js';
import type { DrawValue } from '../luck/meter.js';
import type { WinBy } from '../scoring/index.js';
import { DrawFeatures, VALUE_SEATS } from './features.js';
import type { ValueModel } from './model-file.js';
import { addColumns, fromBase, ValuePass } from './net.js';
import { DealValue } from './deal-value.js';

export class ValueTerms implements DrawValue {
  private readonly features = new DrawFeatures();
  private readonly pass: ValuePass;
  private readonly zBase: Float64Array;
  private readonly sums = new Float64Array(VALUE_SEATS);
  private readonly got = new Float64Array(VALUE_SEATS);
  private wall: Uint8Array = new Uint8Array(0);
  private drawn = -1;
  private n = 0;
  /** Evaluations of the network so far (for the benchmark). */
  evaluations = 0;

  /** A wash's new wall: the deal against the same wall cut elsewhere (deal-value.ts). */
  private readonly deals: DealValue;

  constructor(private readonly model: ValueModel) {
    this.pass = new ValuePass(model.layout);
    this.zBase = new Float64Array(model.layout.hidden);
    this.deals = new DealValue(model);
  }

  newWall(s: HandState, luck: Float64Array, channels: number, channel: number): void {
    this.deals.newWall(s, luck, channels, channel);
  }

  deal(): void {
    this.features.deal();
  }

  start(s: HandState, seat: Seat, t: number, before: Uint8Array, wall: Uint8Array, n: number, _by: WinBy): void {
    this.features.start(s, seat, before, wall, n);
    const { params, layout } = this.model;
    for (let k = 0; k < layout.hidden; k++) this.zBase[k] = params[layout.b1 + k]!;
    addColumns(params, layout, this.features.base, this.zBase);
    this.sums.fill(0);
    this.wall = wall;
    this.drawn = t;
    this.n = n;
  }

  kind(k: number, shanten: number, win: number, loser: number, best: number): void {
    this.features.kind(k, shanten, win, loser, best);
    fromBase(this.model.params, this.model.layout, this.zBase, this.features.kindPart, this.pass);
    this.evaluations++;
    const c = this.wall[k]!;
    const out = this.pass.out;
    for (let o = 0; o < VALUE_SEATS; o++) this.sums[o]! += c * out[o]!;
    if (k === this.drawn) this.got.set(out);
  }

  finish(luck: Float64Array, channels: number, channel: number): void {
    const scale = this.model.header.scale;
    const windOf = this.features.windOf;
    for (let j = 0; j < VALUE_SEATS; j++) {
      const w = windOf[j]!;
      luck[j * channels + channel]! += scale * (this.got[w]! - this.sums[w]! / this.n);
    }
  }
}
