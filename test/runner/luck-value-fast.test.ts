/**
 * What makes luck.bin format 4 cheap changes nothing but rounding (docs/statistics.md "The learned value", what
 * recording costs; src/value/terms.ts, base-sum.ts): the first layer's base kept from draw to draw and the outputs
 * taken once a draw from the hidden units' weighted mean give every seat's term of every game as a fresh forward
 * pass of every kind's inputs does, to a millionth of a point.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../src/core/seat.js';
import type { HandState } from '../../src/engine/state.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { LUCK_CHANNELS } from '../../src/luck/format.js';
import { LuckMeter, type DrawValue } from '../../src/luck/meter.js';
import { tableConfig } from '../../src/runner/table.js';
import { DealValue } from '../../src/value/deal-value.js';
import { DrawFeatures, VALUE_SEATS } from '../../src/value/features.js';
import { readValueModel, type ValueModel } from '../../src/value/model-file.js';
import { addColumns, head, ValuePass } from '../../src/value/net.js';
import { ValueTerms } from '../../src/value/terms.js';
import { ROOT } from './helpers.js';

const MODEL = readValueModel(join(ROOT, 'test', 'runner', 'fixtures', 'value-harr-limit.mjval')).model;

/** The term as its definition reads: every kind's inputs summed afresh, every kind's outputs averaged. */
class Fresh implements DrawValue {
  private readonly features = new DrawFeatures();
  private readonly pass: ValuePass;
  private readonly deals: DealValue;
  private readonly sums = new Float64Array(VALUE_SEATS);
  private readonly got = new Float64Array(VALUE_SEATS);
  private wall: Uint8Array = new Uint8Array(0);
  private drawn = -1;
  private n = 0;
  constructor(private readonly model: ValueModel) {
    this.pass = new ValuePass(model.layout);
    this.deals = new DealValue(model);
  }
  deal(): void {
    this.features.deal();
  }
  start(s: HandState, seat: Seat, t: number, before: Uint8Array, wall: Uint8Array, n: number): void {
    this.features.start(s, seat, before, wall, n);
    this.sums.fill(0);
    this.wall = wall;
    this.drawn = t;
    this.n = n;
  }
  kind(k: number, shanten: number, win: number, loser: number, best: number): void {
    this.features.kind(k, shanten, win, loser, best);
    const { params, layout } = this.model;
    for (let j = 0; j < layout.hidden; j++) this.pass.z[j] = params[layout.b1 + j]!;
    addColumns(params, layout, this.features.base, this.pass.z);
    addColumns(params, layout, this.features.kindPart, this.pass.z);
    head(params, layout, this.pass);
    for (let o = 0; o < VALUE_SEATS; o++) this.sums[o]! += this.wall[k]! * this.pass.out[o]!;
    if (k === this.drawn) this.got.set(this.pass.out);
  }
  finish(luck: Float64Array, channels: number, channel: number): void {
    for (let j = 0; j < VALUE_SEATS; j++) {
      const w = this.features.windOf[j]!;
      luck[j * channels + channel]! += this.model.header.scale * (this.got[w]! - this.sums[w]! / this.n);
    }
  }
  newWall(s: HandState, luck: Float64Array, channels: number, channel: number): void {
    this.deals.newWall(s, luck, channels, channel);
  }
}

describe("format 4's fast term", () => {
  it('is the fresh forward pass of every kind, game by game and seat by seat, to a millionth of a point', async () => {
    const config = await tableConfig({ rules: 'harr-limit', strategies: 'chow-mixer,suit-hunter,defender,harr', players: 4, unit: 'hand', seed: 43, duplicate: true, flowers: false, limit: 300 });
    const engine = createEngine(config);
    const fast = new LuckMeter(4, true, new ValueTerms(MODEL));
    const fresh = new LuckMeter(4, true, new Fresh(MODEL));
    let biggest = 0;
    for (let g = 0; g < 60; g++) {
      engine.play(gameSetup(config, g), { record: false, luck: fast });
      engine.play(gameSetup(config, g), { record: false, luck: fresh });
      for (let j = 0; j < 4; j++) {
        const a = fast.luck[j * fast.channels + LUCK_CHANNELS]!;
        const b = fresh.luck[j * fresh.channels + LUCK_CHANNELS]!;
        biggest = Math.max(biggest, Math.abs(b));
        expect(Math.abs(a - b), `game ${g}, seat ${j}`).toBeLessThan(1e-6);
      }
    }
    expect(biggest).toBeGreaterThan(50);
  }, 300_000);
});
