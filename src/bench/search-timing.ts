/**
 * What a searched decision costs (issue 15): one `search` against three `harr` for a few hands, one thread, timing
 * each of its decisions that played rollouts. Used by `npm run bench` (src/bench/search.ts) and, for the
 * `ms_per_decision` column, by experiment search-vs-harr after its runs. A timing: it depends on the machine and its
 * load, unlike every other number an experiment writes.
 */
import { median } from 'simple-statistics';
import type { Agent, AgentView } from '../agent/types.js';
import { applyParams } from '../agent/params.js';
import { seededWalls } from '../engine/chance.js';
import { createHandState } from '../engine/state.js';
import { apply, startHand } from '../engine/step.js';
import { makeStream } from '../rng/streams.js';
import { type RuleSet, ruleSet } from '../rules/index.js';
import { viewFor } from '../view/view.js';
import { harr } from '../../strategies/harr.js';
import { search } from '../../strategies/search.js';
import type { Cell } from '../experiments/walls.js';
import { lineupParts } from '../../experiments/search-vs-harr/analysis.js';

type Searcher = Agent & { rollouts(): number };

export interface DecisionTimes {
  /** Milliseconds of each decision that played rollouts. */
  readonly searched: number[];
  readonly rollouts: number;
  /** Milliseconds of all of them together. */
  readonly ms: number;
  /** The searcher's decisions in all. */
  readonly decisions: number;
}

/** Hands `first ..` of one search (seat 0, `overrides` its parameters) against three harr under `r`. */
export function timeSearchHands(r: RuleSet, hands: number, overrides: readonly string[], first: number): DecisionTimes {
  const searched: number[] = [];
  let rollouts = 0;
  let ms = 0;
  let decisions = 0;
  const harrParams = applyParams(harr, [], 'harr');
  for (let g = first; g < first + hands; g++) {
    const s = createHandState(r, r.limit, r.flowers, 4);
    startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(7, g, `wall:0:${w}`)) });
    const agents: Agent[] = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(7, g, `seat:${seat}`), params: harrParams }));
    const me = search.create({ seat: 0, players: 4, rules: r, rng: makeStream(7, g, 'seat:0'), params: applyParams(search, overrides, 'search') }) as Searcher;
    agents[0] = me;
    while (s.flow.phase !== 'over') {
      const seat = s.flow.seat;
      const view: AgentView = viewFor(s, seat);
      if (seat !== 0) {
        apply(s, agents[seat]!.act(view));
        continue;
      }
      const before = me.rollouts();
      const t0 = performance.now();
      const a = me.act(view);
      const dt = performance.now() - t0;
      decisions++;
      if (me.rollouts() > before) {
        searched.push(dt);
        rollouts += me.rollouts() - before;
        ms += dt;
      }
      apply(s, a);
    }
  }
  return { searched, rollouts, ms, decisions };
}

/** The median milliseconds per searched decision of every (rules, search parameters) the cells play. */
export async function searchTiming(cells: readonly Cell[], progress: 'auto' | 'none', hands = 4): Promise<{ msPerDecision: Map<string, number> }> {
  const out = new Map<string, number>();
  for (const c of cells) {
    const parts = lineupParts(c.lineup);
    if (parts.budget === null) continue;
    const key = `${c.variant.rules} ${parts.budget}`;
    // Also by the challenger as written: two searches of one budget (experiment inference) are timed apart.
    const byName = `${c.variant.rules} ${parts.challenger}`;
    if (out.has(byName)) continue;
    if (progress !== 'none') process.stderr.write(`mjlab: timing ${parts.challenger} under ${c.variant.rules} (${hands} hands)\n`);
    const overrides = parts.challenger.split(':').slice(1);
    const r = ruleSet(c.variant.rules);
    timeSearchHands(r, 2, overrides, 1000); // warm-up: tables built and code compiled, timed for nothing
    const t = timeSearchHands(r, hands, overrides, 0);
    const ms = t.searched.length > 0 ? median(t.searched) : NaN;
    if (!out.has(key)) out.set(key, ms);
    out.set(byName, ms);
  }
  return { msPerDecision: out };
}
