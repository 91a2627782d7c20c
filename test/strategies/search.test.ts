/**
 * The search agent (docs/strategies.md, "The search agent"): it never reads hidden state (two true states that give the seat the same view give the
 * same decision), a decision with one candidate costs no rollouts, every action it returns is legal, its rollout
 * agents reused through reset() play exactly as new ones, and a simulate run with it in the lineup is the same on one
 * worker and on two.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Action, Agent, AgentInit } from '../../src/agent/types.js';
import { applyParams } from '../../src/agent/params.js';
import { seededWalls } from '../../src/engine/chance.js';
import { sampleWorld } from '../../src/engine/sample.js';
import { type HandState, createHandState } from '../../src/engine/state.js';
import { apply, isOver, startHand } from '../../src/engine/step.js';
import { makeStream } from '../../src/rng/streams.js';
import { ruleSet } from '../../src/rules/index.js';
import { viewFor } from '../../src/view/view.js';
import { harr } from '../../strategies/harr.js';
import { search } from '../../strategies/search.js';
import { suitHunter } from '../../strategies/suit-hunter.js';
import { tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

type Searcher = Agent & { rollouts(): number; lastCandidates(): number };

function searcher(seat: number, rules: string, overrides: string[] = [], stream = 'seat'): Searcher {
  const init: AgentInit = { seat, players: 4, rules: ruleSet(rules), rng: makeStream(9, seat, stream), params: applyParams(search, overrides, 'search') };
  return search.create(init) as Searcher;
}

function harrAgents(s: HandState): Agent[] {
  const params = applyParams(harr, [], 'harr');
  return [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: s.rules, rng: makeStream(1, seat, 'h'), params }));
}

/** A hand of four harr stopped at decision `stop` (or its last). */
function position(rules: string, game: number, stop: number): HandState {
  const r = ruleSet(rules);
  const s = createHandState(r, r.limit, r.flowers, 4);
  startHand(s, { dealer: game % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(game, 0, `wall:0:${w}`)) });
  const agents = harrAgents(s);
  for (let k = 0; k < stop; k++) {
    const a = agents[s.flow.seat]!.act(viewFor(s, s.flow.seat));
    apply(s, a);
    if (isOver(s)) break;
  }
  return s;
}

const text = (a: Action): string => JSON.stringify(a);

describe('search', () => {
  it('decides the same on two true states that give it the same view (it never reads hidden tiles)', () => {
    let searched = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 60 }), fc.constantFrom('harr', 'harr-limit', 'babcock', 'code500'), (game, stop, rules) => {
        const s = position(rules, game, stop);
        fc.pre(!isOver(s));
        const seat = s.flow.seat;
        const other = sampleWorld(s, seat, makeStream(game, 1, 'another truth'));
        expect(JSON.stringify(viewFor(other, seat))).toBe(JSON.stringify(viewFor(s, seat)));
        const a = searcher(seat, rules, ['budget=24']);
        const b = searcher(seat, rules, ['budget=24']);
        expect(text(b.act(viewFor(other, seat)))).toBe(text(a.act(viewFor(s, seat))));
        expect(b.rollouts()).toBe(a.rollouts());
        if (a.rollouts() > 0) searched++;
      }),
      { numRuns: 40 },
    );
    expect(searched).toBeGreaterThan(10);
  });

  it('with infer, deals its worlds by the inference over worlds: ESS reported, and other decisions than without', () => {
    let searched = 0;
    let differ = 0;
    let ess = 0;
    let seats = 0;
    for (let game = 0; game < 30; game++) {
      const s = position('harr-limit', game, 30 + (game * 13) % 50);
      if (isOver(s) || s.flow.phase !== 'turn') continue;
      const seat = s.flow.seat;
      const a = searcher(seat, 'harr-limit', ['budget=48', 'infer=true']) as Searcher & { inference(): { seats: number; essSum: number } };
      const b = searcher(seat, 'harr-limit', ['budget=48']);
      const x = text(a.act(viewFor(s, seat)));
      const y = text(b.act(viewFor(s, seat)));
      if (a.rollouts() === 0) continue;
      searched++;
      if (x !== y) differ++;
      seats += a.inference().seats;
      ess += a.inference().essSum;
    }
    expect(searched).toBeGreaterThan(5);
    expect(seats).toBeGreaterThan(0);
    expect(ess / seats).toBeGreaterThanOrEqual(1);
    expect(differ).toBeGreaterThan(0);
  });

  it('a decision with one candidate costs no rollouts; every answer is one of the legal actions', () => {
    let single = 0;
    let multi = 0;
    for (let game = 0; game < 6; game++) {
      const r = ruleSet('harr');
      const s = createHandState(r, r.limit, r.flowers, 4);
      startHand(s, { dealer: 0, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(game, 0, `wall:0:${w}`)) });
      const agents: Agent[] = harrAgents(s);
      const me = searcher(0, 'harr', ['budget=16', 'candidates=1']);
      agents[0] = me;
      while (!isOver(s)) {
        const seat = s.flow.seat;
        const view = viewFor(s, seat);
        const legal = view.legal;
        const before = me.rollouts();
        const a = agents[seat]!.act(view);
        expect(legal.some((l) => text(l) === text(a)), `${text(a)} in ${legal.map(text).join(' ')}`).toBe(true);
        if (seat === 0) {
          // One candidate (a single legal action, or the policy's choice is also the safest discard): no rollout.
          if (me.lastCandidates() < 2) {
            expect(me.rollouts()).toBe(before);
            single++;
          } else {
            expect(me.rollouts()).toBeGreaterThan(before);
            multi++;
          }
        }
        apply(s, a);
      }
    }
    expect(multi).toBeGreaterThan(10);
    expect(single).toBeGreaterThan(5);
  });

  it('with a budget of 0 it is its policy, decision for decision', () => {
    const s = position('babcock', 3, 0);
    const a = searcher(s.flow.seat, 'babcock', ['budget=0', 'policy=suit-hunter/minPairs=3']);
    const b = suitHunter.create({ seat: s.flow.seat, players: 4, rules: s.rules, rng: makeStream(9, 0, 'x'), params: applyParams(suitHunter, ['minPairs=3'], 'x') });
    const agents = harrAgents(s);
    while (!isOver(s)) {
      const seat = s.flow.seat;
      const v = viewFor(s, seat);
      const act = seat === 0 ? a.act(v) : agents[seat]!.act(v);
      if (seat === 0) expect(text(act)).toBe(text(b.act(viewFor(s, seat))));
      apply(s, act);
    }
    expect(a.rollouts()).toBe(0);
  });

  it('rollout agents reset between rollouts play exactly as new ones', () => {
    for (const strategy of [harr, suitHunter]) {
      const params = applyParams(strategy, [], strategy.name);
      const reused: Agent[] = [0, 1, 2, 3].map((seat) => strategy.create({ seat, players: 4, rules: ruleSet('harr'), rng: makeStream(1, seat, 'r'), params }));
      for (let game = 0; game < 30; game++) {
        const s = position('harr', game, 10 + (game % 20));
        if (isOver(s)) continue;
        const v = viewFor(s, s.flow.seat);
        const world = v.sampleWorld(makeStream(game, 2, 'w'));
        for (const a of reused) a.reset!();
        const fresh: Agent[] = [0, 1, 2, 3].map((seat) => strategy.create({ seat, players: 4, rules: ruleSet('harr'), rng: makeStream(1, seat, 'r'), params }));
        expect(world.copy().playOut(reused)).toEqual(world.copy().playOut(fresh));
      }
    }
  });

  it('refuses a bad parameter with one line', () => {
    expect(() => searcher(0, 'harr', ['policy=nobody'])).toThrow(/search: unknown policy "nobody" \(known: harr, /);
    expect(() => searcher(0, 'harr', ['budget=-1'])).toThrow(/budget must be a whole number/);
    expect(() => searcher(0, 'harr', ['policy=harr/noSuch=1'])).toThrow(/has no parameter "noSuch"/);
  });

  it('searches a robbing round in worlds where the added tile stays with its owner (code500 seed 1 game 1180)', async () => {
    // The experiment's run stopped here: worlds dealt the added tile away, so passing (adding it to the pung) or
    // robbing it took a tile its owner did not hold, and a rollout later scored a hand that was not complete.
    const r = await mjlabIn(['replay', '--rules', 'code500', '--strategies', 'search,harr,harr,harr', '--seed', '1', '--game', '1180', '--duplicate']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Result: /);
  });

  it('in a simulate run: the same outputs on one worker and on two', async () => {
    const outs: string[][] = [];
    for (const workers of [1, 2]) {
      const dir = tempDir('mjlab-search-');
      const r = await mjlabIn(['simulate', '--rules', 'harr', '--strategies', 'search:budget=32,harr,harr,harr', '--games', '8', '--duplicate', '--workers', String(workers), '--games-csv', '--out', dir, '--no-progress']);
      expect(r.status, r.stderr).toBe(0);
      outs.push(['summary.csv', 'games.csv'].map((f) => readFileSync(join(dir, f), 'utf8')));
    }
    expect(outs[1]).toEqual(outs[0]);
    expect(outs[0]![0]).toMatch(/^search:budget=32,8,/m);
  });
});
