/**
 * The value model's training samples, taken as the luck meter works out each draw (src/luck/meter.ts DrawValue):
 * the inputs of the state after the tile actually drawn (src/value/features.ts, the same function the meter's
 * channel 9 evaluates for every kind), at every STRIDE-th draw of a deal (offset by the game, so every draw number
 * is sampled across games), a hand's draws being close to one another. The targets, the seats' nets, are filled in
 * once the hand is over (src/value/worker.ts).
 */
import type { Seat } from '../core/seat.js';
import type { HandState } from '../engine/state.js';
import type { DrawValue } from '../luck/meter.js';
import type { WinBy } from '../scoring/index.js';
import { DrawFeatures, VALUE_FEATURES, VALUE_SEATS } from '../value/features.js';
import type { ValueSample } from './record.js';

export const STRIDE = 12;

export interface PendingSample extends ValueSample {
  /** The dealer when it was taken: the nets are put in wind order from it. */
  readonly dealer: number;
}

export class ValueRecorder implements DrawValue {
  private readonly features = new DrawFeatures();
  private readonly dense = new Float64Array(VALUE_FEATURES);
  private draws = 0;
  private take = false;
  private drawn = -1;
  private dealer = 0;
  game = 0;
  readonly samples: PendingSample[] = [];

  deal(): void {
    this.features.deal();
    this.draws = 0;
  }

  start(s: HandState, seat: Seat, t: number, before: Uint8Array, wall: Uint8Array, n: number, _by: WinBy): void {
    this.take = (this.draws++ + this.game) % STRIDE === 0;
    if (!this.take) return;
    this.features.start(s, seat, before, wall, n);
    this.drawn = t;
    this.dealer = s.pub.dealer;
  }

  kind(k: number, shanten: number, win: number, loser: number, best: number): void {
    if (!this.take || k !== this.drawn) return;
    this.features.kind(k, shanten, win, loser, best);
    const d = this.dense;
    for (const e of [this.features.base, this.features.kindPart]) for (let i = 0; i < e.n; i++) d[e.index[i]!]! += e.value[i]!;
    const index: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < VALUE_FEATURES; i++) {
      const v = Math.fround(d[i]!);
      d[i] = 0;
      if (v === 0) continue;
      index.push(i);
      values.push(v);
    }
    this.samples.push({ game: this.game, dealer: this.dealer, nets: new Float64Array(VALUE_SEATS), index: Uint16Array.from(index), values: Float64Array.from(values) });
  }

  finish(): void {}

  /** Samples are the states after draws only (a new wall's deal is valued by the same model, src/value/deal-value.ts). */
  newWall(): void {}
}
