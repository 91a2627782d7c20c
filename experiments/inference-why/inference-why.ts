/**
 * Why the inference gains no strength (docs/strategies.md, "Why the inference gains nothing yet": "if it misses,
 * measure why: which decisions change, and whether the weights or the rollouts are at fault"). Where the truth is known
 * (four `harr` self-play), at sampled decisions, four searches decide from the same view with the same stream:
 *
 * - `without`: search as it plays by default (the opponent model's worlds);
 * - `with`: search with the inference (by default infer=true, inferSteps=20, as experiment `inference` played it);
 * - `oracle`: the same search whose every world deals the other seats their TRUE concealed hands (the wall order,
 *   which nobody knows, still shuffled): the best any weighting of worlds could do, with the same rollouts;
 * - `oracle-wide`: the oracle at four times the budget: what more rollouts buy once the worlds are right.
 *
 * Where any of them departs from the policy's (harr's) own choice, each chosen action is valued where the truth is
 * known: the mean net, to the deciding seat, of `evalN` play-outs by four harr from the true state with only the wall
 * reshuffled, every action on the same reshuffles, from a stream no search saw (so the value is not the searches'
 * own noise, and a search's gain is not inflated by picking its own lucky rollouts). A searcher's gain at a decision
 * is its action's value minus the policy's; summed over a hand's sampled decisions, and scaled to one seat's
 * decisions of a whole hand (times `every`, over four seats), it is a first-order estimate of what that searcher
 * earns per hand over harr (each decision judged with harr playing on, as the search itself assumes).
 *
 * Reading: if `oracle` gains clearly more than `without`, true hands would pay and the weights (the worlds) are at
 * fault; if `oracle` gains about as little, the rollouts are: even perfect worlds do not move the choice. The oracle
 * is a diagnostic that reads the true state; it is no strategy and is never seated.
 *
 * Run: `node dist/experiments/inference-why/inference-why.js [hands per rule set] [budget] [every] [evalN] [seed] [rules,...] [with's
 * parameters, colon-separated: default infer=true:inferSteps=20]`.
 */
import { WITH_INFERENCE } from '../../src/bench/search-timing.js';
import { pathToFileURL } from 'node:url';
import { applyParams } from '../../src/agent/params.js';
import type { Action, Agent, AgentView, World } from '../../src/agent/types.js';
import { sameAction } from '../../src/core/action.js';
import { streamWalls } from '../../src/engine/chance.js';
import { cloneState } from '../../src/engine/clone.js';
import { handResult } from '../../src/engine/result.js';
import type { HandState } from '../../src/engine/state.js';
import { apply } from '../../src/engine/step.js';
import { type Rng, makeStream, shuffleInPlace } from '../../src/rng/streams.js';
import { RULESET_IDS, ruleSet } from '../../src/rules/index.js';
import { viewFor } from '../../src/view/view.js';
import { StateWorld } from '../../src/view/world.js';
import { harr } from '../../strategies/harr.js';
import { search } from '../../strategies/search.js';
import { selfPlay } from '../self-play.js';

/** A copy of the true state as a sampled world shows it: a claim made earlier in this round is not shown to the seat. */
export function trueState(s: HandState): HandState {
  const w = cloneState(s);
  if (w.flow.phase === 'claim') {
    w.flow.claim.bestSeat = -1;
    w.flow.claim.bestAction = null;
  }
  return w;
}

/** The true state with the undrawn wall (live and dead) reshuffled: true hands, unknown wall order. */
export function oracleState(s: HandState, rng: Rng): HandState {
  const w = trueState(s);
  const wall = w.hidden.wall;
  shuffleInPlace(wall.tiles.subarray(wall.head, wall.tail), rng);
  w.hidden.chance = streamWalls(rng);
  return w;
}

/** The seat's view, but every world it samples is `make`'s (an oracle's, from the true state). */
export function viewWithWorlds(view: AgentView, make: (rng: Rng) => HandState): AgentView {
  const sample = (rng: Rng): World => new StateWorld(make(rng), viewFor);
  return new Proxy(view, {
    get(t, p) {
      if (p === 'sampleWorld') return sample;
      const v: unknown = Reflect.get(t, p, t);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}

/** The seat's view of `s`, but every world it samples is an oracle world of the true state. */
export function oracleView(view: AgentView, s: HandState): AgentView {
  return viewWithWorlds(view, (rng) => oracleState(s, rng));
}

/** Each action's mean net to `seat` over `n` oracle play-outs by four harr, the same reshuffles for every action. */
export function trueValues(s: HandState, seat: number, actions: readonly Action[], n: number, rng: Rng): number[] {
  const r = s.rules;
  const params = applyParams(harr, [], 'harr');
  const sums = actions.map(() => 0);
  for (let i = 0; i < n; i++) {
    const base = oracleState(s, rng);
    actions.forEach((a, ai) => {
      const w = cloneState(base);
      // The same wall and agent streams for every action of this reshuffle (common random numbers; a wash inside a
      // play-out draws its new wall from the shared stream, so past a wash the actions' play-outs part).
      const agents: Agent[] = [0, 1, 2, 3].map((q) => harr.create({ seat: q, players: 4, rules: r, rng: makeStream(0, i, `why-eval:${q}`), params }));
      apply(w, a);
      while (w.flow.phase !== 'over') apply(w, agents[w.flow.seat]!.act(viewFor(w, w.flow.seat)));
      sums[ai]! += handResult(w, 0, false).nets[seat]!;
    });
  }
  return sums.map((x) => x / n);
}

/**
 * Each action's net to `seat` on the TRUE state, wall order included: one play-out by four harr (which draws no
 * random number, so the play-out is the hand's one future after the action): what the action truly earned.
 */
export function realizedValues(s: HandState, seat: number, actions: readonly Action[]): number[] {
  const r = s.rules;
  const params = applyParams(harr, [], 'harr');
  return actions.map((a) => {
    const w = trueState(s);
    const agents: Agent[] = [0, 1, 2, 3].map((q) => harr.create({ seat: q, players: 4, rules: r, rng: makeStream(0, 0, `why-real:${q}`), params }));
    apply(w, a);
    while (w.flow.phase !== 'over') apply(w, agents[w.flow.seat]!.act(viewFor(w, w.flow.seat)));
    return handResult(w, 0, false).nets[seat]!;
  });
}

/** A searcher's gain judged on the true wall (realizedValues), per hand with its 95% interval. */
export interface RealizedGain {
  real_gain_per_hand: number;
  real_ci_low: number;
  real_ci_high: number;
}

export interface WhyRow {
  rules: string;
  hands: number;
  decisions: number;
  /** A searcher's name, or a pair's (`with-vs-without`: with against without). */
  searcher: string;
  /** Decisions where this searcher's action differs from the policy's (a pair's: from the second's). */
  departs: number;
  departs_turn: number;
  departs_claim: number;
  /** Of those, how many the true value says were better than what they replaced. */
  better: number;
  /** The gain per hand of one searching seat over the policy (a pair's: of the first over the second), 95% CI. */
  gain_per_hand: number;
  ci_low: number;
  ci_high: number;
  /** The mean gain at a decision where it departs. */
  gain_per_departure: number;
}

export { WITH_INFERENCE };

/** One searcher of a comparison: search with these parameters (besides `budget`), deciding from this view. */
export interface SearcherSpec {
  name: string;
  params: readonly string[];
  /** The view it decides from, given the seat's own and the true state (an oracle's); the seat's own when absent. */
  view?: (view: AgentView, s: HandState) => AgentView;
}

/** A pair compared where the two choose differently: `name`'s gain of `a`'s action over `b`'s. */
export interface SearcherPair {
  name: string;
  a: string;
  b: string;
}

/** The searchers of this diagnostic (with's parameters given). */
export function whySearchers(budget: number, withParams: readonly string[] = WITH_INFERENCE): SearcherSpec[] {
  return [
    { name: 'without', params: [] },
    { name: 'with', params: withParams },
    { name: 'oracle', params: [], view: oracleView },
    { name: 'oracle-wide', params: [`budget=${4 * budget}`], view: oracleView },
  ];
}

export function inferenceWhy(
  hands: number, budget: number, every = 3, evalN = 128, seed = 28, rulesIds: readonly string[] = RULESET_IDS, progress = false,
  withParams: readonly string[] = WITH_INFERENCE,
): WhyRow[] {
  return compareSearchers(whySearchers(budget, withParams), [{ name: 'with-vs-without', a: 'with', b: 'without' }], hands, budget, every, evalN, seed, rulesIds, progress);
}

/**
 * At every `every`-th decision with two or more legal actions of four-harr self-play, each searcher decides from
 * the seat's view (or its oracle view) with the same stream; where any departs from the policy, every distinct
 * action is valued on the true state (trueValues). One row per searcher, then one per pair.
 */
export function compareSearchers(
  searchers: readonly SearcherSpec[], pairs: readonly SearcherPair[],
  hands: number, budget: number, every = 3, evalN = 128, seed = 28, rulesIds: readonly string[] = RULESET_IDS, progress = false, realized = false,
): (WhyRow & Partial<RealizedGain>)[] {
  const out: (WhyRow & Partial<RealizedGain>)[] = [];
  for (const id of rulesIds) {
    const r = ruleSet(id);
    const names = [...searchers.map((x) => x.name), ...pairs.map((x) => x.name)];
    const tally = new Map(names.map((x) => [x, { departs: 0, turn: 0, claim: 0, better: 0, gainSum: 0, perHand: new Array<number>(hands).fill(0), realPerHand: new Array<number>(hands).fill(0) }]));
    let decisions = 0;
    let k = 0;
    let lastHand = -1;
    selfPlay(id, hands, seed, (s, view, g) => {
      if (progress && g !== lastHand && g % 10 === 0) process.stderr.write(`${id}: hand ${g} of ${hands}\n`);
      lastHand = g;
      if (view.legal.length < 2 || k++ % every !== 0) return;
      decisions++;
      const seat = view.seat;
      const decide = (over: readonly string[], v: AgentView): Action => {
        const a = search.create({ seat, players: 4, rules: r, rng: makeStream(seed, g, `why:${k}`), params: applyParams(search, [...(over.some((p) => p.startsWith('budget=')) ? [] : [`budget=${budget}`]), ...over], 'search') });
        return a.act(v);
      };
      const policy = decide(['budget=0'], view);
      const chosen = new Map(searchers.map((x) => [x.name, decide(x.params, x.view ? x.view(view, s) : view)]));
      const distinct = [policy, ...chosen.values()].filter((a, i, all) => all.findIndex((b) => sameAction(b, a)) === i);
      if (distinct.length < 2) return;
      const values = trueValues(s, seat, distinct, evalN, makeStream(seed, g, `why-eval:${k}`));
      const valueOf = (a: Action): number => values[distinct.findIndex((b) => sameAction(b, a))]!;
      const real = realized ? realizedValues(s, seat, distinct) : null;
      const realOf = (a: Action): number => real![distinct.findIndex((b) => sameAction(b, a))]!;
      const count = (name: string, a: Action, against: Action): void => {
        if (sameAction(a, against)) return;
        const t = tally.get(name)!;
        const gain = valueOf(a) - valueOf(against);
        t.departs++;
        if (view.phase === 'turn') t.turn++;
        else t.claim++;
        if (gain > 0) t.better++;
        t.gainSum += gain;
        t.perHand[g]! += gain;
        if (real) t.realPerHand[g]! += realOf(a) - realOf(against);
      };
      for (const x of searchers) count(x.name, chosen.get(x.name)!, policy);
      for (const p of pairs) count(p.name, chosen.get(p.a)!, chosen.get(p.b)!);
    });
    // The normal 97.5% quantile (src/stats's zCritical: that folder sits above this one, so it is not imported).
    const z = 1.959963984540054;
    /** Mean and 95% interval over hands of one searching seat's gains per hand (every `every`-th decision of four seats sampled). */
    const perHand = (sums: readonly number[]): [number, number, number] => {
      const xs = sums.map((x) => (x * every) / 4);
      const m = xs.reduce((a, b) => a + b, 0) / hands;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) * (b - m), 0) / Math.max(1, hands - 1));
      const half = (z * sd) / Math.sqrt(hands);
      return [m, m - half, m + half];
    };
    for (const name of names) {
      const t = tally.get(name)!;
      const [m, lo, hi] = perHand(t.perHand);
      const row: WhyRow & Partial<RealizedGain> = {
        rules: id, hands, decisions, searcher: name, departs: t.departs, departs_turn: t.turn, departs_claim: t.claim, better: t.better,
        gain_per_hand: m, ci_low: lo, ci_high: hi, gain_per_departure: t.departs === 0 ? 0 : t.gainSum / t.departs,
      };
      if (realized) {
        const [rm, rlo, rhi] = perHand(t.realPerHand);
        Object.assign(row, { real_gain_per_hand: rm, real_ci_low: rlo, real_ci_high: rhi });
      }
      out.push(row);
    }
  }
  return out;
}

const fmt = (x: number | string): string => (typeof x === 'number' && !Number.isInteger(x) ? x.toFixed(4) : String(x));

/** The rows as CSV lines, header first (the numbers as the committed tables print them). */
export function whyCsv(rows: readonly WhyRow[]): string[] {
  return [Object.keys(rows[0]!).join(','), ...rows.map((x) => Object.values(x).map(fmt).join(','))];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [hands = 20, budget = 64, every = 3, evalN = 128, seed = 28] = process.argv.slice(2, 7).map(Number);
  const rulesIds = process.argv[7] ? process.argv[7].split(',') : RULESET_IDS;
  // The searcher `with`'s parameters, colon-separated (another setting of the inference to diagnose).
  const withParams = process.argv[8] ? process.argv[8].split(':') : WITH_INFERENCE;
  for (const line of whyCsv(inferenceWhy(hands, budget, every, evalN, seed, rulesIds, true, withParams))) console.log(line);
}
