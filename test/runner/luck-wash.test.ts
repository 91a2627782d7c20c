/**
 * luck.bin format 4 at a wash's new wall (docs/statistics.md "The learned value"; src/value/deal-value.ts): each
 * seat's term, V(the deal made) less the mean of V over the deals made from the same wall cut at other places, has
 * mean zero over many walls (within two standard errors, East's and the others' apart), is not zero, and is the
 * same whichever rotation of a wall set deals it; in play the meter adds one term a wash, and only after a wash.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededWalls } from '../../src/engine/chance.js';
import { dealHand } from '../../src/engine/deal.js';
import { createHandState, NO_OBSERVER, resetHand, type HandState } from '../../src/engine/state.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { LUCK_CHANNELS, LUCK_CHANNELS_VALUE } from '../../src/luck/format.js';
import { LuckMeter } from '../../src/luck/meter.js';
import { makeStream } from '../../src/rng/streams.js';
import { ruleSet } from '../../src/rules/index.js';
import { isHead } from '../../src/tiles/index.js';
import { tableConfig } from '../../src/runner/table.js';
import { DealValue } from '../../src/value/deal-value.js';
import { readValueModel } from '../../src/value/model-file.js';
import { ValueTerms } from '../../src/value/terms.js';
import { ROOT } from './helpers.js';

const MODEL = readValueModel(join(ROOT, 'test', 'runner', 'fixtures', 'value-harr-limit.mjval')).model;
const C = LUCK_CHANNELS_VALUE;

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};

/** Each seat's new-wall term for the deal of wall `i` (seed 5), dealer `i` mod 4. */
function termsOf(value: DealValue, s: HandState, i: number): Float64Array {
  const luck = new Float64Array(4 * C);
  resetHand(s, i % 4, 0);
  seededWalls(() => makeStream(5, i, 'test:wall')).fill(s.hidden.wall, 0);
  s.obs = { ...NO_OBSERVER, deal: (x: HandState) => value.newWall(x, luck, C, LUCK_CHANNELS) };
  dealHand(s);
  s.obs = NO_OBSERVER;
  return luck;
}

describe("format 4's term at a wash's new wall", () => {
  it('has mean zero over many walls, East and the others apart, and is not zero', () => {
    const value = new DealValue(MODEL);
    const s = createHandState(ruleSet('harr-limit'), 300, false, 4);
    const east: number[] = [];
    const others: number[] = [];
    for (let i = 0; i < 1500; i++) {
      const luck = termsOf(value, s, i);
      for (let j = 0; j < 4; j++) (j === i % 4 ? east : others).push(luck[j * C + LUCK_CHANNELS]!);
    }
    for (const xs of [east, others]) {
      expect(sd(xs)).toBeGreaterThan(1);
      expect(Math.abs(mean(xs))).toBeLessThan(2 * (sd(xs) / Math.sqrt(xs.length)));
    }
  }, 300_000);

  it('is the same for the same wall and dealer, whatever state dealt it before', () => {
    const a = new DealValue(MODEL);
    const b = new DealValue(MODEL);
    const s = createHandState(ruleSet('harr-limit'), 300, false, 4);
    termsOf(b, s, 7);
    expect(Array.from(termsOf(a, s, 3))).toEqual(Array.from(termsOf(b, createHandState(ruleSet('harr-limit'), 300, false, 4), 3)));
  });

  it('is added by the meter once a wash, at the new deal only', async () => {
    const config = await tableConfig({ rules: 'harr-limit', strategies: 'harr,defender,harr,harr', players: 4, unit: 'hand', seed: 41, duplicate: true, flowers: false, limit: 300 });
    const engine = createEngine(config);
    const terms = new ValueTerms(MODEL);
    let calls = 0;
    const spied = Object.assign(Object.create(terms) as ValueTerms, {
      newWall(s: HandState, luck: Float64Array, channels: number, channel: number) {
        calls++;
        terms.newWall(s, luck, channels, channel);
      },
    });
    const meter = new LuckMeter(4, true, spied);
    // The first deal gives East the thirteen heads and a tile more: it may wash (harr does, defender does not);
    // the new walls are seeded. Then four games of seeded walls only.
    const heads = Array.from({ length: 34 }, (_, k) => k).filter(isHead);
    const rest = Array.from({ length: 34 * 4 }, (_, i) => i >> 2);
    for (const h of [...heads, 4]) rest.splice(rest.indexOf(h), 1);
    const washing = [...heads, 4, ...rest];
    let washes = 0;
    for (let g = 0; g < 8; g++) {
      const outcome = engine.play(gameSetup(config, g), { record: false, luck: meter, ...(g < 4 ? { wallOrders: [washing] } : {}) });
      washes += outcome.hands[0]!.washes.length;
    }
    expect(washes).toBeGreaterThanOrEqual(3);
    expect(calls).toBe(washes);
  }, 300_000);
});
