/**
 * The state machine's costs for search (docs/performance.md, "Search: rollouts and decisions"): copying a hand state into one allocated beforehand
 * (`cloneInto`, target ≤ 2 µs), sampling a world for the seat to move (`sampleWorldInto`, ≤ 10 µs), and playing a
 * sampled world to the end of its hand with four `harr` acting through their own views (µs per hand, and per
 * rollout with the agents created afresh, as a search makes them). Positions are taken from real hands of four
 * `harr` at every decision, so the sizes are those a search meets. Medians of several runs, one thread.
 */
import { pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';
import type { Agent } from '../agent/types.js';
import { seededWalls } from '../engine/chance.js';
import { cloneInto, cloneState } from '../engine/clone.js';
import { handResult } from '../engine/result.js';
import { sampleWorldInto } from '../engine/sample.js';
import { type HandState, createHandState } from '../engine/state.js';
import { apply, startHand } from '../engine/step.js';
import { makeStream } from '../rng/streams.js';
import { ruleSet } from '../rules/index.js';
import { viewFor } from '../view/view.js';
import { harr } from '../../strategies/harr.js';

const RUNS = 7;

const HARR_PARAMS = Object.fromEntries(harr.params.map((p) => [p.name, p.default]));

function agentsFor(s: HandState, game: number): Agent[] {
  return Array.from({ length: s.players }, (_, seat) =>
    harr.create({ seat, players: s.players, rules: s.rules, rng: makeStream(1, game, `seat:${seat}`), params: HARR_PARAMS }),
  );
}

/** States at every decision of `hands` hands of four harr (copies), the positions a search would sample from. */
export function decisionStates(rules: string, hands: number): HandState[] {
  const r = ruleSet(rules);
  const out: HandState[] = [];
  for (let g = 0; g < hands; g++) {
    const s = createHandState(r, r.limit, r.flowers, 4);
    startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(1, g, `wall:0:${w}`)) });
    const agents = agentsFor(s, g);
    while (s.flow.phase !== 'over') {
      out.push(cloneState(s));
      apply(s, agents[s.flow.seat]!.act(viewFor(s, s.flow.seat)));
    }
  }
  return out;
}

function perCall(n: number, f: (i: number) => void): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) f(i);
  return ((performance.now() - t0) * 1000) / n;
}

export async function benchMachine(rules = 'harr', hands = 60): Promise<Record<string, number | string>> {
  const states = decisionStates(rules, hands);
  const r = ruleSet(rules);
  const dst = createHandState(r, r.limit, r.flowers, 4);
  const rng = makeStream(1, 0, 'bench:sample');
  const reps = 20_000;
  const clone = (i: number): void => void cloneInto(dst, states[i % states.length]!);
  const sample = (i: number): void => {
    const s = states[i % states.length]!;
    sampleWorldInto(dst, s, s.flow.seat, rng);
  };
  perCall(reps, clone);
  perCall(reps, sample);
  const cloneUs = median(Array.from({ length: RUNS }, () => perCall(reps, clone)));
  const sampleUs = median(Array.from({ length: RUNS }, () => perCall(reps, sample)));
  // Play sampled worlds to the end: one set of agents per world (a rollout), and what it costs to create them.
  const world = createHandState(r, r.limit, r.flowers, 4);
  let decisions = 0;
  const reused = agentsFor(world, 0);
  let fresh = true;
  const rollout = (i: number): void => {
    const s = states[(i * 7919) % states.length]!;
    sampleWorldInto(world, s, s.flow.seat, rng);
    const agents = fresh ? agentsFor(world, i) : reused;
    if (!fresh) for (const a of agents) a.reset!();
    while (world.flow.phase !== 'over') {
      apply(world, agents[world.flow.seat]!.act(viewFor(world, world.flow.seat)));
      decisions++;
    }
    void handResult(world, 0, false);
  };
  const rolls = 1_500;
  perCall(rolls / 3, rollout);
  decisions = 0;
  const rolloutRuns = Array.from({ length: RUNS }, () => perCall(rolls, rollout));
  fresh = false;
  perCall(rolls / 3, rollout);
  decisions = 0;
  const reusedRuns = Array.from({ length: RUNS }, () => perCall(rolls, rollout));
  const createUs = median(Array.from({ length: RUNS }, () => perCall(5_000, (i) => void agentsFor(world, i))));
  return {
    [`${rules}: decision states sampled from`]: states.length,
    'cloneInto, µs (target ≤ 2)': Math.round(cloneUs * 100) / 100,
    'sampleWorldInto, µs (target ≤ 10)': Math.round(sampleUs * 100) / 100,
    'sampled world played to the end by four harr, µs per rollout (agents created, result scored)': Math.round(median(rolloutRuns)),
    'the same, the four agents reused (reset) from rollout to rollout, as search does, µs per rollout': Math.round(median(reusedRuns)),
    'decisions per rollout': Math.round(decisions / (RUNS * rolls)),
    // The target: twice the 5,446 per second measured on the quiet machine (docs/performance.md, "Search: rollouts and decisions"), read in
    // instructions per rollout where the machine is loaded (callgrind: src/bench/count.ts rollouts).
    'rollouts per second per core (agents reused; target ≥ 10,892)': Math.round(1e6 / median(reusedRuns)),
    'creating four harr agents, µs': Math.round(createUs * 100) / 100,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchMachine(process.argv[2] ?? 'harr', Number(process.argv[3] ?? 60)));
}
