/**
 * The opponent model of search's worlds (strategies/opponent-model.ts): the committed table is what its
 * generator gives; guided worlds are still a function of the seat's view and stream (two true states with the same
 * view give the same world), keep every tile, and deal opponents hands nearer to complete than uniform deals do.
 */
import { describe, expect, it } from 'vitest';
import { seededWalls } from '../../src/engine/chance.js';
import { sampleWorld } from '../../src/engine/sample.js';
import { type HandState, createHandState } from '../../src/engine/state.js';
import { apply, isOver, legalActions, startHand } from '../../src/engine/step.js';
import { validateState } from '../../src/engine/validate.js';
import { MODEL_HANDS, MODEL_SEED, opponentShantenMedians } from '../../experiments/fits/opponent-model.js';
import { shanten } from '../../src/hand/index.js';
import { makeStream } from '../../src/rng/streams.js';
import { ruleSet } from '../../src/rules/index.js';
import { viewFor } from '../../src/view/view.js';
import { MEDIAN_SHANTEN, opponentGuide } from '../../strategies/opponent-model.js';

function midHand(rules: string, game: number, stop: number): HandState {
  const r = ruleSet(rules);
  const s = createHandState(r, r.limit, r.flowers, 4);
  startHand(s, { dealer: game % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(game, 0, `wall:0:${w}`)) });
  const pick = makeStream(game, 1, 'pick');
  for (let k = 0; k < stop && !isOver(s); k++) {
    const legal = legalActions(s);
    // Prefer discarding over claiming so that hands run long (a uniform pick claims whatever it can).
    const discard = legal.filter((a) => a.type === 'discard');
    apply(s, discard.length > 0 ? discard[pick.int(discard.length)]! : legal.find((a) => a.type === 'pass') ?? legal[0]!);
  }
  return s;
}

const others = (s: HandState, seat: number) => [0, 1, 2, 3].filter((p) => p !== seat);
const shOf = (s: HandState, p: number) => shanten(s.priv.hand.slice(p * 34, p * 34 + 34), s.pub.meldCount[p]!);

describe('the opponent model', () => {
  it('holds the medians its generator gives', () => {
    expect(opponentShantenMedians(MODEL_HANDS, MODEL_SEED)).toEqual(MEDIAN_SHANTEN.map((r) => [...r]));
  }, 300_000);

  it('guided worlds depend on the view only, keep every tile, and deal opponents nearer to complete hands', () => {
    const guide = opponentGuide(12);
    let guided = 0;
    let uniform = 0;
    let n = 0;
    for (let g = 0; g < 60; g++) {
      const s = midHand(['harr', 'harr-limit', 'babcock', 'code500'][g % 4]!, g, 40 + (g % 30));
      if (isOver(s)) continue;
      const seat = s.flow.seat;
      const a = sampleWorld(s, seat, makeStream(g, 2, 'w'), guide);
      validateState(a);
      expect(JSON.stringify(viewFor(a, seat))).toBe(JSON.stringify(viewFor(s, seat)));
      const truth2 = sampleWorld(s, seat, makeStream(g, 3, 'another truth'));
      const b = sampleWorld(truth2, seat, makeStream(g, 2, 'w'), guide);
      expect(Array.from(b.priv.hand)).toEqual(Array.from(a.priv.hand));
      expect(Array.from(b.hidden.wall.tiles)).toEqual(Array.from(a.hidden.wall.tiles));
      const u = sampleWorld(s, seat, makeStream(g, 4, 'u'));
      for (const p of others(s, seat)) {
        guided += shOf(a, p);
        uniform += shOf(u, p);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
    expect(guided / n).toBeLessThan(uniform / n - 0.5);
  });
});
