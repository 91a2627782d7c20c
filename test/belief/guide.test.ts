/**
 * Worlds from the belief (docs/belief.md "Worlds from the belief", src/belief/guide.ts): a property test that every
 * world dealt with the belief's guide conserves every count exactly (each kind's four copies across hands, sets,
 * discards and wall; each hand's size; the deciding seat's own tiles), that the guide is a function of the view
 * (a second truth with the same view gives the same worlds from the same stream), and that it moves the deals (the
 * worlds differ from unguided ones, and the model finds them likelier).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selfPlay } from '../../experiments/self-play.js';
import { beliefGuide } from '../../src/belief/guide.js';
import { randomBeliefModel } from './helpers.js';
import type { AgentView } from '../../src/agent/types.js';
import type { HandState } from '../../src/engine/state.js';
import { makeStream } from '../../src/rng/streams.js';
import { KINDS } from '../../src/tiles/tile.js';
import { viewFor } from '../../src/view/view.js';
import { worldStateCopy } from '../../src/view/world.js';

/** Decisions of a few self-play hands: the state (copied) and the seat's view of the copy. */
function decisions(): { s: HandState; view: AgentView }[] {
  const out: { s: HandState; view: AgentView }[] = [];
  selfPlay('harr', 2, 61, (s, view) => {
    if (view.phase === 'turn' && out.length < 60) {
      const c = worldStateCopy(view.sampleWorld(makeStream(0, 0, 'noop'))); // a state with the same view (a second truth)
      out.push({ s: c, view: viewFor(c, view.seat) });
    }
  });
  return out;
}

/** Every tile of a kind: in hands, in sets, in discards still lying, in the wall. */
function kindTotals(s: HandState): number[] {
  const tot = new Array<number>(KINDS).fill(0);
  for (let i = 0; i < s.players * KINDS; i++) tot[i % KINDS]! += s.priv.hand[i]!;
  for (let i = s.hidden.wall.head; i < s.hidden.wall.tail; i++) if (s.hidden.wall.tiles[i]! < KINDS) tot[s.hidden.wall.tiles[i]!]!++;
  return tot;
}

describe("the belief's worlds", () => {
  const ds = decisions();
  const model = randomBeliefModel(3);

  it('conserve every count exactly: each kind, each hand\'s size, the seat\'s own tiles (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ds.length - 1 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 30 }), (i, seed, tries, steps) => {
        const { s, view } = ds[i]!;
        const w = worldStateCopy(view.sampleWorld(makeStream(seed, i, 'prop'), undefined, beliefGuide(model, view, tries, steps)));
        expect(kindTotals(w)).toEqual(kindTotals(s));
        for (let q = 0; q < 4; q++) expect(w.pub.handCount[q]).toBe(s.pub.handCount[q]);
        const own = (x: HandState): string => Array.from(x.priv.hand.subarray(view.seat * KINDS, view.seat * KINDS + KINDS)).join();
        expect(own(w)).toBe(own(s));
        expect(Array.from(w.pub.seen)).toEqual(Array.from(s.pub.seen));
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('are a function of the view: a second truth with the same view gives the same worlds from the same stream', () => {
    let differFromPlain = 0;
    for (const [i, { s, view }] of ds.slice(0, 15).entries()) {
      const other = worldStateCopy(view.sampleWorld(makeStream(9, i, 'second')));
      const v2 = viewFor(other, view.seat);
      const a = worldStateCopy(view.sampleWorld(makeStream(5, i, 'w'), undefined, beliefGuide(model, view, 4, 10)));
      const b = worldStateCopy(v2.sampleWorld(makeStream(5, i, 'w'), undefined, beliefGuide(model, v2, 4, 10)));
      expect(Array.from(b.priv.hand)).toEqual(Array.from(a.priv.hand));
      const plain = worldStateCopy(view.sampleWorld(makeStream(5, i, 'w')));
      if (Array.from(plain.priv.hand).join() !== Array.from(a.priv.hand).join()) differFromPlain++;
      expect(Array.from(other.priv.hand).join()).not.toBe(Array.from(s.priv.hand).join());
    }
    expect(differFromPlain).toBe(15);
  }, 120_000);

  it('deal hands the model finds likelier than uniform deals do', () => {
    let guided = 0;
    let plain = 0;
    for (const [i, { view }] of ds.entries()) {
      const g = beliefGuide(model, view, 8, 30);
      const score = (w: HandState): number => {
        let sum = 0;
        for (let q = 0; q < 4; q++) if (q !== view.seat) sum += Math.log(g.weight!(w.priv.hand.subarray(q * KINDS, q * KINDS + KINDS), q, 0) + 1e-300);
        return sum;
      };
      guided += score(worldStateCopy(view.sampleWorld(makeStream(7, i, 'g'), undefined, g)));
      plain += score(worldStateCopy(view.sampleWorld(makeStream(7, i, 'g'))));
    }
    expect(guided).toBeGreaterThan(plain + 10 * ds.length);
  }, 120_000);
});
