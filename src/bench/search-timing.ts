/**
 * What a searched decision costs (docs/performance.md): one `search` against three `harr` for a few hands, one
 * thread, timing each of its decisions that played rollouts. Used by `npm run bench` (src/bench/search.ts) and, for
 * the `ms_per_decision` column, by the search experiments after their runs (experiments/search-vs-harr/timing.ts).
 * A timing: it depends on the machine and its load, unlike every other number an experiment writes.
 */
import type { Agent, AgentView } from '../agent/types.js';
import { applyParams } from '../agent/params.js';
import { seededWalls } from '../engine/chance.js';
import { createHandState } from '../engine/state.js';
import { apply, startHand } from '../engine/step.js';
import { makeStream } from '../rng/streams.js';
import type { RuleSet } from '../rules/index.js';
import { viewFor } from '../view/view.js';
import { harr } from '../../strategies/harr.js';
import { search } from '../../strategies/search.js';

/** The inference as experiment `inference` played it: what it adds to the default search's parameters. */
export const WITH_INFERENCE: readonly string[] = ['infer=true', 'inferSteps=20'];

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
