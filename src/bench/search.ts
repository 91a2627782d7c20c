/**
 * The search agent's cost (issue 15, point 2): one `search` against three `harr` for a few hands at each budget, one
 * thread; milliseconds per searched decision (a decision with two or more candidates: the rollouts are all of its
 * cost), rollouts per second per core, and the share of decisions searched. Target: ≥ 5,000 rollouts/s per core, so a
 * 256-rollout decision takes ≤ 50 ms. Medians over the hands of each budget.
 */
import { pathToFileURL } from 'node:url';
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

type Searcher = Agent & { rollouts(): number };

export async function benchSearch(rules = 'harr', hands = 6, budgets: readonly number[] = [32, 64, 128, 256]): Promise<Record<string, number | string>> {
  const r = ruleSet(rules);
  const out: Record<string, number | string> = {};
  // Warm-up: the hand analyser builds its tables on first use (about a second) and V8 compiles the hot paths: three hands first, timed for nothing.
  await benchSearchHands(r, 3, 32, 1000);
  for (const budget of budgets) {
    const { perDecision, rollouts, ms, decisions } = await benchSearchHands(r, hands, budget, 0);
    out[`budget ${budget}: searched decisions / all of its decisions`] = `${perDecision.length} / ${decisions}`;
    out[`budget ${budget}: ms per searched decision (median)`] = Math.round(median(perDecision) * 10) / 10;
    out[`budget ${budget}: rollouts per second per core`] = Math.round(rollouts / (ms / 1000));
  }
  return out;
}

/** Hands `first ..` of one search (seat 0) against three harr; the time of each of its searched decisions. */
async function benchSearchHands(r: RuleSet, hands: number, budget: number, first: number) {
  {
    const perDecision: number[] = [];
    let rollouts = 0;
    let ms = 0;
    let decisions = 0;
    for (let g = first; g < first + hands; g++) {
      const s = createHandState(r, r.limit, r.flowers, 4);
      startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(7, g, `wall:0:${w}`)) });
      const harrParams = applyParams(harr, [], 'harr');
      const agents: Agent[] = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(7, g, `seat:${seat}`), params: harrParams }));
      const me = search.create({ seat: 0, players: 4, rules: r, rng: makeStream(7, g, 'seat:0'), params: applyParams(search, [`budget=${budget}`], 'search') }) as Searcher;
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
          perDecision.push(dt);
          rollouts += me.rollouts() - before;
          ms += dt;
        }
        apply(s, a);
      }
    }
    return { perDecision, rollouts, ms, decisions };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchSearch(process.argv[2] ?? 'harr', Number(process.argv[3] ?? 6)));
}
