/**
 * The hand as a state machine (README.md, "The engine as a state machine"): tile conservation and cached-equals-fresh after every
 * apply; a bad action refused by name with nothing changed; a copy played on with the same actions ends as the
 * original; a world sampled for the seat to move shows that seat exactly its view (legal list included), deals
 * every other seat new hidden tiles, is the same for the same stream, and depends on the seat's view only (two true
 * states that give the same view give the same world).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Action } from '../../src/core/action.js';
import { cloneState } from '../../src/engine/clone.js';
import { handResult } from '../../src/engine/result.js';
import { sampleGuidedInto, sampleWorld } from '../../src/engine/sample.js';
import { type HandState, createHandState } from '../../src/engine/state.js';
import { IllegalAction, apply, isOver, legalActions, toMove } from '../../src/engine/step.js';
import { validateDecision, validateState } from '../../src/engine/validate.js';
import { makeStream, type Rng } from '../../src/rng/streams.js';
import { viewFor } from '../../src/view/view.js';
import { executeScenario, readScenario } from '../../src/game/replay.js';
import { join } from 'node:path';
import { newHand, type Table } from './helpers.js';

const TABLES: readonly Table[] = [
  { rules: 'harr', players: 4 },
  { rules: 'harr-limit', players: 4 },
  { rules: 'babcock', players: 3 },
  { rules: 'code500', players: 4 },
  { rules: 'harr', players: 2, flowers: true },
];

/** A uniform choice among the legal actions, from `rng`. */
function pick(s: HandState, rng: Rng): Action {
  const legal = legalActions(s);
  return legal[rng.int(legal.length)]!;
}

/**
 * Everything a state holds that the game goes on from: the tiles (hands, melds, flowers, discards, wall), the
 * counts kept beside them, and the machine's position. Not the caches' keys (public versions, the win-mask cache),
 * which tell only whether something was recomputed.
 */
function fingerprint(s: HandState): string {
  const w = s.hidden.wall;
  const f = s.flow;
  const { pubVer: _v, ...pub } = s.pub;
  const { winMask: _m, winMaskVer: _mv, ...priv } = s.priv;
  const arrays = (o: object): Record<string, unknown> =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v]));
  return JSON.stringify({
    priv: arrays(priv),
    pub: arrays(pub),
    wall: Array.from(w.tiles),
    head: w.head,
    tail: w.tail,
    flow: { phase: f.phase, seat: f.seat, source: f.source, legal: f.legal.slice(0, f.n), claim: f.claim, rob: f.rob, wash: f.wash, end: f.end },
  });
}

describe('the state machine', () => {
  it('keeps every tile and every cached count after every apply, to the end of 200 hands per table', () => {
    let applied = 0;
    for (const t of TABLES) {
      for (let seed = 0; seed < 200; seed++) {
        const s = newHand(t, seed);
        const rng = makeStream(seed, 1, 'choices');
        validateState(s);
        while (!isOver(s)) {
          apply(s, pick(s, rng));
          validateState(s);
          applied++;
        }
        expect(handResult(s, 0, false).nets.reduce((a, b) => a + b, 0)).toBe(0);
      }
    }
    expect(applied).toBeGreaterThan(50_000);
  });

  it('refuses a decision the open phase does not allow, by name, and changes nothing', () => {
    const s = newHand({ rules: 'harr', players: 4 }, 3);
    const before = fingerprint(s);
    expect(() => apply(s, { type: 'pung' })).toThrow(IllegalAction);
    expect(() => apply(s, { type: 'pung' })).toThrow(/illegal action \{"type":"pung"\} in phase turn/);
    expect(() => apply(s, { type: 'discard', tile: 40 } as Action)).toThrow(/"tile":40/);
    expect(fingerprint(s)).toBe(before);
    const rng = makeStream(3, 1, 'choices');
    while (!isOver(s)) apply(s, pick(s, rng));
    expect(() => apply(s, { type: 'pass' })).toThrow(/the hand is over/);
  });

  it('a copy taken at any decision, given the same decisions, ends exactly as the original', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 150 }), fc.constantFrom(...TABLES), (seed, stop, t) => {
        const s = newHand(t, seed);
        const rng = makeStream(seed, 2, 'choices');
        for (let k = 0; k < stop && !isOver(s); k++) apply(s, pick(s, rng));
        const copy = cloneState(s);
        expect(fingerprint(copy)).toBe(fingerprint(s));
        const a = makeStream(seed, 3, 'choices');
        const b = makeStream(seed, 3, 'choices');
        while (!isOver(s)) apply(s, pick(s, a));
        while (!isOver(copy)) apply(copy, pick(copy, b));
        expect(fingerprint(copy)).toBe(fingerprint(s));
        expect(handResult(copy, 0, true)).toEqual(handResult(s, 0, true));
      }),
      { numRuns: 300 },
    );
  });

  it('a copy is independent: playing it on leaves the original as it was', () => {
    const s = newHand({ rules: 'code500', players: 4 }, 11);
    const rng = makeStream(11, 1, 'choices');
    for (let k = 0; k < 40; k++) apply(s, pick(s, rng));
    const before = fingerprint(s);
    const copy = cloneState(s);
    while (!isOver(copy)) apply(copy, pick(copy, rng));
    expect(fingerprint(s)).toBe(before);
  });
});

/** The state after `stop` uniform decisions of hand `seed` (or fewer when it ends first). */
function midHand(t: Table, seed: number, stop: number): HandState {
  const s = newHand(t, seed);
  const rng = makeStream(seed, 2, 'choices');
  for (let k = 0; k < stop && !isOver(s); k++) apply(s, pick(s, rng));
  return s;
}

const view = (s: HandState): string => JSON.stringify(viewFor(s, toMove(s)));

describe('sampled worlds', () => {
  it('give the seat to move exactly its view, and every other seat new hidden tiles of the same counts', () => {
    let differs = 0;
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 120 }), fc.constantFrom(...TABLES), (seed, stop, t) => {
        const s = midHand(t, seed, stop);
        fc.pre(!isOver(s));
        const seat = toMove(s);
        const w = sampleWorld(s, seat, makeStream(seed, 4, 'sample'));
        validateState(w);
        expect(view(w)).toBe(view(s));
        for (let p = 0; p < t.players; p++) {
          if (p === seat) continue;
          expect(w.pub.handCount[p]).toBe(s.pub.handCount[p]);
          const a = Array.from(w.priv.hand.subarray(p * 34, p * 34 + 34));
          const b = Array.from(s.priv.hand.subarray(p * 34, p * 34 + 34));
          if (a.join() !== b.join()) differs++;
          checked++;
        }
        // The world plays on to an end like any hand.
        const rng = makeStream(seed, 5, 'choices');
        while (!isOver(w)) {
          apply(w, pick(w, rng));
          validateState(w);
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(500);
    expect(differs / checked).toBeGreaterThan(0.95);
  });

  it('in a robbing round keep the added tile in its owner\'s hand, so robbing it or passing plays on (guided or not)', () => {
    // The round of the scenario of Babcock's "stealing the fourth", and those uniform play reaches (rarely).
    const robs: HandState[] = [];
    const file = join(import.meta.dirname, '..', 'scenarios', 'babcock-stealing-the-fourth.json');
    executeScenario(readScenario(file), file, { decision: (state) => void (state.flow.phase === 'rob' && robs.push(cloneState(state))) });
    expect(robs).toHaveLength(1);
    for (let seed = 0; seed < 20_000; seed++) {
      const t = TABLES[seed % TABLES.length]!;
      const s = newHand(t, seed);
      const rng = makeStream(seed, 8, 'choices');
      while (!isOver(s) && s.flow.phase !== 'rob') apply(s, pick(s, rng));
      if (!isOver(s)) robs.push(s);
    }
    expect(robs.length).toBeGreaterThan(1);
    // A guide that finds no deal plausible: every seat is dealt all its tries (the most reshuffling).
    const guide = { tries: 6, misfit: () => 1 };
    for (const [i, s] of robs.entries()) {
      const seat = toMove(s);
      for (let k = 0; k < 20; k++) {
        for (const w of [
          sampleWorld(s, seat, makeStream(i, k, 'sample')),
          sampleGuidedInto(createHandState(s.rules, s.limit, s.flowers, s.players), s, seat, makeStream(i, k, 'guided'), guide),
        ]) {
          validateDecision(w);
          expect(view(w)).toBe(view(s));
          for (const a of legalActions(w)) {
            const c = cloneState(w);
            apply(c, a);
            const rng = makeStream(i, k, 'choices');
            while (!isOver(c)) {
              validateDecision(c);
              apply(c, pick(c, rng));
            }
            handResult(c, 0, false);
          }
        }
      }
    }
  });

  it('are the same for the same stream, and differ for another', () => {
    const s = midHand({ rules: 'harr', players: 4 }, 21, 30);
    const seat = toMove(s);
    const a = sampleWorld(s, seat, makeStream(1, 0, 'x'));
    const b = sampleWorld(s, seat, makeStream(1, 0, 'x'));
    const c = sampleWorld(s, seat, makeStream(2, 0, 'x'));
    expect(fingerprint(b)).toBe(fingerprint(a));
    expect(fingerprint(c)).not.toBe(fingerprint(a));
  });

  it('depend on the seat\'s view only: two true states with the same view give the same world', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 80 }), fc.constantFrom(...TABLES), (seed, stop, t) => {
        const s = midHand(t, seed, stop);
        fc.pre(!isOver(s));
        const seat = toMove(s);
        // Another true state with the same view: the same table, the hidden tiles dealt otherwise.
        const other = sampleWorld(s, seat, makeStream(seed, 6, 'other truth'));
        expect(view(other)).toBe(view(s));
        expect(fingerprint(other)).not.toBe(fingerprint(s));
        const wa = sampleWorld(s, seat, makeStream(seed, 7, 'sample'));
        const wb = sampleWorld(other, seat, makeStream(seed, 7, 'sample'));
        expect(fingerprint(wb)).toBe(fingerprint(wa));
      }),
      { numRuns: 200 },
    );
  });

  it('only the seat to move may sample, through its view while the decision is open', () => {
    const s = midHand({ rules: 'babcock', players: 4 }, 5, 10);
    const seat = toMove(s);
    expect(() => sampleWorld(s, (seat + 1) % 4, makeStream(1, 0, 'x'))).toThrow(/not the seat to move/);
    const v = viewFor(s, seat);
    const world = v.sampleWorld(makeStream(1, 0, 'x'));
    expect(world.toMove()).toBe(seat);
    expect(JSON.stringify(world.view())).toBe(JSON.stringify(v));
    const other = viewFor(s, (seat + 1) % 4);
    expect(() => other.sampleWorld(makeStream(1, 0, 'x'))).toThrow(/only the seat to move/);
    apply(s, legalActions(s)[0]!);
    expect(() => v.sampleWorld(makeStream(1, 0, 'x'))).toThrow(/after its decision/);
  });
});
