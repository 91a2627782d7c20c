/**
 * A fair table (docs/strategies.md, "What a world holds"): a sampled world holds nothing the seat has not seen, and nothing an agent
 * is given reaches the true state. Checked against a second truth built independently of the sampler
 * (second-truth.ts: every unseen tile dealt afresh wherever it lies, drawn wall positions included), so a sampler, a
 * view or a world that carried any true hidden tile would make the two truths' results differ; each check has a
 * positive control showing it can fail.
 */
import { SeatMark } from '../../src/agent/seat-mark.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Agent, AgentView, HandGuide, World } from '../../src/agent/types.js';
import { sampleGuidedInto, sampleWorld } from '../../src/engine/sample.js';
import { createHandState, type HandState } from '../../src/engine/state.js';
import { apply, isOver, legalActions, toMove } from '../../src/engine/step.js';
import { makeStream, seatStream, type Rng } from '../../src/rng/streams.js';
import { viewFor } from '../../src/view/view.js';
import { worldStateCopy } from '../../src/view/world.js';
import { builtinStrategies } from '../../strategies/index.js';
import { discardDanger } from '../../src/infer/danger.js';
import { inferenceGuide, noStats } from '../../src/infer/guide.js';
import { discardOrder } from '../../src/infer/order.js';
import { opponentGuide } from '../../src/infer/opponent-model.js';
import { secondTruth, stateBytes } from './second-truth.js';
import { EVERY_TABLE, newHand, type Table } from '../engine/helpers.js';
import { decodeModel } from '../../strategies/learned/model-file.js';
import { Featurizer, emptySparse } from '../../strategies/learned/features.js';
import { netWith, type NetAgent } from '../../strategies/net.js';
import { searchWith } from '../../strategies/search.js';
import { randomModel } from '../learn/helpers.js';
import { beliefGuide } from '../../src/belief/guide.js';
import { beliefDanger } from '../../src/belief/danger.js';
import { beliefPredict } from '../../src/belief/predict.js';
import { BeliefFeaturizer, emptyBeliefSparse } from '../../src/belief/features.js';
import { randomBeliefModel } from '../belief/helpers.js';

const TABLES = EVERY_TABLE;

/** A hand played `stop` decisions in by random legal answers (claims, kongs and robbing rounds come up). */
function midHand(t: Table, seed: number, stop: number): HandState {
  const s = newHand(t, seed);
  const pick = makeStream(seed, 1, 'pick');
  for (let k = 0; k < stop && !isOver(s); k++) {
    const legal = legalActions(s);
    // Mah-Jongg ends the hand: taken rarely, so that most stops are mid-hand.
    const notWin = legal.filter((a) => a.type !== 'mahjong');
    apply(s, (notWin.length > 0 ? notWin : legal)[pick.int(notWin.length > 0 ? notWin.length : legal.length)]!);
  }
  return s;
}

const arbTable = fc.constantFrom(...TABLES);
const arbSeed = fc.integer({ min: 0, max: 100_000 });
const arbStop = fc.integer({ min: 0, max: 140 });

const GUIDE: HandGuide = {
  tries: 4,
  // Prefers hands with pairs: any function of the dealt hand and the public record will do.
  misfit: (counts, melds, turns) => {
    let pairs = 0;
    for (let t = 0; t < 34; t++) if (counts[t]! >= 2) pairs++;
    return 3 - pairs - melds + (turns > 8 ? 1 : 0);
  },
};

function random(rng: Rng): Agent {
  return { act: (v: AgentView) => v.legal[rng.int(v.legal.length)]! };
}

describe('the second truth', () => {
  it('gives the seat the same view, differs in every hidden place, and passes the conservation check', () => {
    fc.assert(
      fc.property(arbTable, arbSeed, arbStop, (t, seed, stop) => {
        const s = midHand(t, seed, stop);
        fc.pre(!isOver(s));
        const seat = toMove(s);
        const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
        expect(JSON.stringify(viewFor(other, seat))).toBe(JSON.stringify(viewFor(s, seat)));
        expect(stateBytes(other)).not.toBe(stateBytes(s));
      }),
      { numRuns: 150 },
    );
  });
});

describe('a sampled world holds nothing the seat has not seen', () => {
  it('worlds from two truths with the same view are the same, byte for byte, plain and guided, and play out the same', () => {
    let guided = 0;
    fc.assert(
      fc.property(arbTable, arbSeed, arbStop, fc.boolean(), (t, seed, stop, useGuide) => {
        const s = midHand(t, seed, stop);
        fc.pre(!isOver(s));
        const seat = toMove(s);
        const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
        const sample = (x: HandState): HandState =>
          useGuide
            ? sampleGuidedInto(createHandState(x.rules, x.limit, x.flowers, x.players), x, seat, makeStream(seed, 3, 'w'), GUIDE)
            : sampleWorld(x, seat, makeStream(seed, 3, 'w'));
        const a = sample(s);
        const b = sample(other);
        expect(stateBytes(b)).toBe(stateBytes(a));
        if (useGuide) guided++;
        // Through the view as an agent gets it, and played to the end by the same agents (reshuffles included).
        const wa = viewFor(s, seat).sampleWorld(makeStream(seed, 4, 'w'));
        const wb = viewFor(other, seat).sampleWorld(makeStream(seed, 4, 'w'));
        expect(stateBytes(worldStateCopy(wb))).toBe(stateBytes(worldStateCopy(wa)));
        const agents = (k: number) => Array.from({ length: t.players }, (_, p) => random(makeStream(seed, 5 + k, `p${p}`)));
        expect(wb.playOut(agents(0))).toEqual(wa.playOut(agents(0)));
      }),
      { numRuns: 200 },
    );
    expect(guided).toBeGreaterThan(20);
  });

  it('positive control: a sampler that kept the drawn wall positions (as the old one did) is caught', () => {
    let caught = 0;
    let tried = 0;
    for (let seed = 0; seed < 40; seed++) {
      const s = midHand(TABLES[seed % TABLES.length]!, seed, 10 + seed);
      if (isOver(s)) continue;
      const seat = toMove(s);
      const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
      const leaky = (x: HandState): HandState => {
        const w = sampleWorld(x, seat, makeStream(seed, 3, 'w'));
        w.hidden.wall.tiles.set(x.hidden.wall.tiles.subarray(0, x.hidden.wall.head));
        return w;
      };
      tried++;
      if (stateBytes(leaky(s)) !== stateBytes(leaky(other))) caught++;
    }
    expect(tried).toBeGreaterThan(30);
    expect(caught).toBe(tried);
  });
});

/** Mid-hand positions of the first `tables` tables, seed by seed, each with a second truth behind the seat's view. */
function* twoTruths(seeds: number, tables: number): Generator<{ s: HandState; seat: number; other: HandState; seed: number }> {
  for (let seed = 0; seed < seeds; seed++) {
    const s = midHand(TABLES[seed % tables]!, seed, 20 + (seed * 11) % 100);
    if (isOver(s)) continue;
    const seat = toMove(s);
    yield { s, seat, other: secondTruth(s, seat, makeStream(seed, 2, 'truth')), seed };
  }
}

/** Positions of every table in turn, 20 to 109 decisions in, each with a second truth: where the searches are compared. */
function* searchTruths(seeds: number): Generator<{ s: HandState; seat: number; other: HandState; seed: number }> {
  for (let seed = 0; seed < seeds; seed++) {
    const s = midHand(TABLES[seed % TABLES.length]!, seed, 20 + (seed * 7) % 90);
    if (isOver(s)) continue;
    const seat = toMove(s);
    yield { s, seat, other: secondTruth(s, seat, makeStream(seed, 2, 'truth')), seed };
  }
}

describe('the inference over worlds reads the view alone', () => {
  it('inference-weighted worlds and the danger of each discard are the same on two truths with the same view', () => {
    let compared = 0;
    let weighed = 0;
    let skipped = 0;
    for (const { s, seat, other, seed } of twoTruths(40, TABLES.length)) {
      const run = (x: HandState) => {
        const view = viewFor(x, seat);
        const stats = noStats();
        const guide = inferenceGuide(view, 6, opponentGuide(6), { stats });
        const w = view.sampleWorld(makeStream(seed, 3, 'w'), undefined, guide);
        const danger = discardDanger(viewFor(x, seat), makeStream(seed, 4, 'd'), { worlds: 3, tries: 4 });
        return { world: stateBytes(worldStateCopy(w)), danger: Array.from(danger).join(','), ess: stats.essSum, seats: stats.seats };
      };
      const a = run(s);
      expect(run(other)).toEqual(a);
      if (a.seats > 0) weighed++;
      compared++;
      // The record of passes is read in the order of play (src/infer/order.ts), from the view alone.
      const order = discardOrder(viewFor(s, seat));
      expect(discardOrder(viewFor(other, seat))).toEqual(order);
      if (order?.some((d) => d.claimedBy !== -1 && d.claimedBy !== (d.by + 1) % viewFor(s, seat).players)) skipped++;
    }
    expect(compared).toBeGreaterThan(30);
    expect(weighed).toBeGreaterThan(30);
    // Positions where a claim skipped seats, which the seating order would have misread.
    expect(skipped).toBeGreaterThan(5);
  });

  it('positive control: a weight that reads the true hands is caught', () => {
    let caught = 0;
    let tried = 0;
    for (const { s, seat, other, seed } of twoTruths(30, 4)) {
      const run = (x: HandState) => {
        const view = viewFor(x, seat);
        const fair = inferenceGuide(view, 6, opponentGuide(6));
        const leaky: HandGuide = {
          ...fair,
          // Prefers hands like the true one: a cheat.
          weight: (counts, q) => {
            let same = 0;
            for (let k = 0; k < 34; k++) same += Math.min(counts[k]!, x.priv.hand[q * 34 + k]!);
            return Math.exp(same);
          },
        };
        return stateBytes(worldStateCopy(view.sampleWorld(makeStream(seed, 3, 'w'), undefined, leaky)));
      };
      tried++;
      if (run(s) !== run(other)) caught++;
    }
    expect(tried).toBeGreaterThan(20);
    expect(caught).toBeGreaterThan(tried / 2);
  });
});

describe('the belief model reads the view alone', () => {
  const model = randomBeliefModel(5);
  /** The model's inputs and outputs, its worlds and its danger at the seat's view of `x`, as one string. */
  const read = (x: HandState, seat: number, seed: number): string => {
    const view = viewFor(x, seat);
    const p = beliefPredict(model, view);
    const guide = beliefGuide(model, view, 4, 10);
    const w = view.sampleWorld(makeStream(seed, 3, 'w'), undefined, guide);
    return JSON.stringify({
      inputs: [Array.from(p.index), Array.from(p.value), Array.from(p.unseen)],
      outputs: [Array.from(p.countP), Array.from(p.readyP), Array.from(p.waitP)],
      // Everything the search is handed with the guide, its prediction included.
      guide: reach(guide, new Set()),
      world: stateBytes(worldStateCopy(w)),
      danger: Array.from(beliefDanger(model, viewFor(x, seat))),
    });
  };

  it("a probe of the model's inputs and outputs, its worlds and its danger finds nothing of another seat's truth", () => {
    let compared = 0;
    for (const { s, seat, other, seed } of twoTruths(40, TABLES.length)) {
      expect(read(other, seat, seed)).toBe(read(s, seat, seed));
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });

  it("positive control: features read from another seat's view (its concealed hand) are caught", () => {
    let caught = 0;
    let tried = 0;
    for (const { s, seat, other } of twoTruths(30, 4)) {
      const leaky = (x: HandState): string => {
        // A cheat: the next seat's own view shows its concealed tiles.
        const f = emptyBeliefSparse();
        new BeliefFeaturizer().encode(viewFor(x, (seat + 1) % x.players), f);
        return JSON.stringify([Array.from(f.index.subarray(0, f.n)), Array.from(f.value.subarray(0, f.n))]);
      };
      tried++;
      if (leaky(s) !== leaky(other)) caught++;
    }
    expect(tried).toBeGreaterThan(20);
    expect(caught).toBe(tried);
  });
});

describe("agents' decisions depend on the view alone", () => {
  const strategy = (name: string) => builtinStrategies.find((x) => x.name === name)!;
  const params = (name: string, over: Record<string, number | boolean | string> = {}) => ({
    ...Object.fromEntries(strategy(name).params.map((p) => [p.name, p.default])),
    ...over,
  });

  const params0 = params('search');

  function decide(s: HandState, seat: number, name: string, over: Record<string, number | boolean | string>, seed: number) {
    const rng = seatStream(seed, 0, seat);
    const agent = strategy(name).create({ seat, players: s.players, rules: s.rules, rng, params: params(name, over) } as never);
    const action = agent.act(viewFor(s, seat));
    return JSON.stringify({ action, next: rng.next() });
  }

  it('search (worlds sampled, plain, modelled and inferred) and harr choose the same, and draw as much of their stream, on both truths', () => {
    let compared = 0;
    for (let seed = 0; seed < 48; seed++) {
      const t = TABLES[seed % 4]!;
      const s = midHand(t, seed, 20 + (seed * 7) % 90);
      if (isOver(s)) continue;
      const seat = toMove(s);
      const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
      for (const [name, over] of [
        ['harr', {}],
        ['search', { budget: 16, model: seed % 2 === 0 }],
        ['search', { budget: 16, infer: true, inferSteps: 5 }],
      ] as const) {
        expect(decide(other, seat, name, over, seed)).toBe(decide(s, seat, name, over, seed));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(90);
  });

  it('net (its features, its choice, its value) and search with a net as policy and prior choose the same on both truths', () => {
    // A model with seeded random weights: what is tested is what the net reads, not how well it plays.
    const model = decodeModel(randomModel(8, 5), 'random.mjnet');
    const bound = new Map([['net/model=random.mjnet', { strategy: netWith(model), params: { model: 'random.mjnet' } }]]);
    const searcher = searchWith(bound);
    let compared = 0;
    for (const { s, seat, other, seed } of searchTruths(40)) {
      const init = (truth: HandState) => ({ seat, players: truth.players, rules: truth.rules, rng: seatStream(seed, 0, seat), params: { model: 'random.mjnet' } });
      const netSays = (truth: HandState): string => {
        const feat = new Featurizer(init(truth));
        const x = emptySparse();
        const v = viewFor(truth, seat);
        feat.encode(v, feat.priorChoice(v), x);
        const agent = netWith(model).create(init(truth)) as NetAgent;
        const ranked = agent.ranked(viewFor(truth, seat));
        return JSON.stringify({ index: Array.from(x.index.subarray(0, x.n)), value: Array.from(x.value.subarray(0, x.n)), ranked, value0: agent.lastValue() });
      };
      expect(netSays(other)).toBe(netSays(s));
      const searchSays = (truth: HandState): string => {
        const rng = seatStream(seed, 0, seat);
        const params = { ...params0, budget: 8, policy: 'net/model=random.mjnet', prior: 'net/model=random.mjnet' };
        const agent = searcher.create({ seat, players: truth.players, rules: truth.rules, rng, params });
        return JSON.stringify({ action: agent.act(viewFor(truth, seat)), next: rng.next() });
      };
      expect(searchSays(other)).toBe(searchSays(s));
      compared++;
    }
    expect(compared).toBeGreaterThan(25);
  });

  it('search with worlds from a belief model chooses the same, and draws as much of its stream, on both truths', () => {
    const searcher = searchWith(new Map(), randomBeliefModel(7));
    let compared = 0;
    let departed = 0;
    let differs = 0;
    for (const { s, seat, other, seed } of searchTruths(40)) {
      const says = (truth: HandState): string => {
        const rng = seatStream(seed, 0, seat);
        const params = { ...params0, budget: 16, belief: 'random.mjbelief', beliefSteps: 5 };
        const agent = searcher.create({ seat, players: truth.players, rules: truth.rules, rng, params }) as Agent & { lastSearch(): unknown };
        return JSON.stringify({ action: agent.act(viewFor(truth, seat)), search: agent.lastSearch(), next: rng.next() });
      };
      const a = says(s);
      expect(says(other)).toBe(a);
      const searched = (JSON.parse(a) as { search: { means: number[] } | null }).search;
      if (searched !== null) {
        departed++;
        // The same search in today's worlds: its rollouts come out otherwise (the belief's worlds are in play).
        const plain = searcher.create({ seat, players: s.players, rules: s.rules, rng: seatStream(seed, 0, seat), params: { ...params0, budget: 16 } }) as Agent & { lastSearch(): { means: number[] } | null };
        plain.act(viewFor(s, seat));
        if (JSON.stringify(plain.lastSearch()?.means) !== JSON.stringify(searched.means)) differs++;
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(25);
    // Positions where the search played rollouts in the belief's worlds, nearly all unlike today's worlds'.
    expect(departed).toBeGreaterThan(10);
    expect(differs).toBeGreaterThan(departed / 2);
  });

  it('positive control: an agent that reads the hidden state is caught choosing otherwise', () => {
    let differs = 0;
    let turns = 0;
    for (let seed = 0; seed < 60; seed++) {
      const s = midHand(TABLES[seed % 4]!, seed, 20 + (seed * 7) % 90);
      if (isOver(s) || s.flow.phase !== 'turn') continue;
      const seat = toMove(s);
      const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
      // Discards the tile the next seat holds most of (a cheat: it reads that hand).
      const peek = (x: HandState) => {
        const next = (seat + 1) % x.players;
        const discards = legalActions(x).filter((a) => a.type === 'discard');
        let best = discards[0]!;
        for (const a of discards) if (a.type === 'discard' && best.type === 'discard' && x.priv.hand[next * 34 + a.tile]! > x.priv.hand[next * 34 + best.tile]!) best = a;
        return JSON.stringify(best);
      };
      turns++;
      if (peek(s) !== peek(other)) differs++;
    }
    expect(turns).toBeGreaterThan(20);
    expect(differs).toBeGreaterThan(turns / 4);
  });
});

/**
 * Everything reachable from `root` as an agent could reach it: own properties and symbols, getters called on the
 * object they were reached from, prototypes that are not the language's own, typed arrays' contents and buffers,
 * and, for worlds and views, what their reading methods return (a world's view, legal list, seat to move; a view's
 * sampled world, from a fixed stream). Returned as one string; the typed arrays' buffers are collected.
 */
function reach(root: unknown, buffers: Set<ArrayBufferLike>): string {
  const out: string[] = [];
  const ids = new Map<object, number>();
  const intrinsic = new Set<unknown>([Object.prototype, Array.prototype, Function.prototype, null]);
  const visit = (x: unknown, path: string, depth: number): void => {
    if (x === null || (typeof x !== 'object' && typeof x !== 'function')) {
      out.push(`${path}=${typeof x === 'bigint' ? String(x) : JSON.stringify(x)}`);
      return;
    }
    const o = x as object;
    const id = ids.get(o);
    if (id !== undefined) {
      out.push(`${path}=#${id}`);
      return;
    }
    ids.set(o, ids.size);
    if (ArrayBuffer.isView(o)) {
      buffers.add(o.buffer);
      out.push(`${path}=[${Array.from(o as Uint8Array).join(',')}]`);
      return;
    }
    if (typeof o === 'function') out.push(`${path}=fn ${o.name}`);
    const props = (obj: object, receiver: object, at: string): void => {
      for (const key of Reflect.ownKeys(obj)) {
        const d = Object.getOwnPropertyDescriptor(obj, key)!;
        const name = `${at}.${String(key)}`;
        if ('value' in d) {
          if (typeof o === 'function' && (key === 'prototype' || key === 'name' || key === 'length')) {
            if (key === 'prototype') visit(d.value, name, depth);
            continue;
          }
          visit(d.value, name, depth);
        } else if (d.get) {
          try {
            visit(d.get.call(receiver), name, depth);
          } catch (e) {
            out.push(`${name} throws ${(e as Error).message}`);
          }
        }
      }
      const proto = Object.getPrototypeOf(obj);
      if (!intrinsic.has(proto)) props(proto, receiver, `${at}.__proto__`);
    };
    props(o, o, path);
    if (depth > 0) {
      const call = (m: string, ...args: unknown[]) => {
        try {
          const f = (o as Record<string, unknown>)[m];
          if (typeof f !== 'function') return;
          visit(f.apply(o, args), `${path}.${m}()`, depth - 1);
        } catch (e) {
          out.push(`${path}.${m}() throws ${(e as Error).message}`);
        }
      };
      for (const m of ['toMove', 'phase', 'legal', 'isOver', 'view']) call(m);
      call('sampleWorld', makeStream(7, 7, 'reach'));
      // The record of what changed since the seat's last decision: only numbers and a frozen token.
      call('changesSince', new SeatMark());
      call('copy');
    }
  };
  visit(root, '$', 2);
  return out.join('\n');
}

function stateBuffers(s: HandState): Set<ArrayBufferLike> {
  return new Set([s.slab8.buffer, s.slab16.buffer, s.slab32.buffer, s.hidden.wall.tiles.buffer, s.scratch.buffer]);
}

describe('nothing reachable from a view or a world leads to a hidden tile or to the true state', () => {
  it('walks the same on two truths, and shares no buffer with the true state', () => {
    let walked = 0;
    fc.assert(
      fc.property(arbTable, arbSeed, arbStop, (t, seed, stop) => {
        const s = midHand(t, seed, stop);
        fc.pre(!isOver(s));
        const seat = toMove(s);
        const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
        const ba = new Set<ArrayBufferLike>();
        const bb = new Set<ArrayBufferLike>();
        const va = viewFor(s, seat);
        const vb = viewFor(other, seat);
        const worldA = va.sampleWorld(makeStream(seed, 3, 'w'));
        const worldB = vb.sampleWorld(makeStream(seed, 3, 'w'));
        expect(reach(vb, bb)).toBe(reach(va, ba));
        expect(reach(worldB, bb)).toBe(reach(worldA, ba));
        for (const buf of stateBuffers(s)) expect(ba.has(buf)).toBe(false);
        for (const buf of stateBuffers(other)) expect(bb.has(buf)).toBe(false);
        walked++;
      }),
      { numRuns: 60 },
    );
    expect(walked).toBeGreaterThan(30);
  });

  it('positive control: the walk finds a state exposed as a property, and its buffers', () => {
    const s = midHand(TABLES[2]!, 3, 30);
    const seat = toMove(s);
    const other = secondTruth(s, seat, makeStream(3, 2, 'truth'));
    const ba = new Set<ArrayBufferLike>();
    const exposed = (x: HandState) => ({ view: viewFor(x, seat), state: x });
    expect(reach(exposed(other), new Set())).not.toBe(reach(exposed(s), ba));
    expect([...stateBuffers(s)].some((b) => ba.has(b))).toBe(true);
  });

  it('a world has no state property and its prototype, like the view\'s and the stream\'s, cannot be changed', () => {
    const s = midHand(TABLES[1]!, 11, 25);
    const v = viewFor(s, toMove(s));
    const w = v.sampleWorld(makeStream(1, 1, 'w'));
    expect((w as unknown as { state?: unknown }).state).toBeUndefined();
    expect(Reflect.ownKeys(w)).toEqual([]);
    for (const o of [w, v, makeStream(1, 1, 'x')]) {
      const proto = Object.getPrototypeOf(o) as object;
      expect(Object.isFrozen(proto)).toBe(true);
      expect(() => Object.defineProperty(proto, 'concealed', { get: () => [] })).toThrow(TypeError);
      expect(Object.isFrozen((proto as { constructor: object }).constructor)).toBe(true);
    }
  });

  it('refuses a forged world as into, in sampleWorld and in copy, before it is handed anything', () => {
    const s = midHand(TABLES[2]!, 5, 30);
    const v = viewFor(s, toMove(s));
    const world = v.sampleWorld(makeStream(1, 1, 'w'));
    const caught: unknown[] = [];
    const catcher = { set: (x: unknown) => caught.push(x) };
    const forged = Object.create(Object.getPrototypeOf(world) as object) as World & { state: unknown };
    forged.state = { players: 4, flowers: false, rules: { id: 'babcock' }, slab8: catcher, slab16: catcher, slab32: catcher };
    expect(() => v.sampleWorld(makeStream(1, 2, 'w'), forged)).toThrow(/not a world made by sampleWorld or copy/);
    expect(() => world.copy(forged)).toThrow(/not a world made by sampleWorld or copy/);
    expect(() => world.copy({} as World)).toThrow(/not a world made/);
    expect(caught).toEqual([]);
    // A real world is accepted as into, and is the one returned.
    const again = v.sampleWorld(makeStream(1, 3, 'w'), world);
    expect(again).toBe(world);
    const c = world.copy();
    expect(world.copy(c)).toBe(c);
  });

  it('a world written into an earlier one keeps nothing of it, nor of the truth', () => {
    const s = midHand(TABLES[0]!, 9, 40);
    const seat = toMove(s);
    const other = secondTruth(s, seat, makeStream(9, 2, 'truth'));
    const used = viewFor(s, seat).sampleWorld(makeStream(9, 1, 'first'));
    while (!used.isOver()) used.apply(used.legal()[0]!);
    const a = viewFor(s, seat).sampleWorld(makeStream(9, 3, 'w'), used);
    const b = viewFor(other, seat).sampleWorld(makeStream(9, 3, 'w'));
    expect(stateBytes(worldStateCopy(a))).toBe(stateBytes(worldStateCopy(b)));
  });
});
