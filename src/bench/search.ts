/**
 * The search agent's cost (issue 15, point 2): one `search` against three `harr` for a few hands at each budget, one
 * thread; milliseconds per searched decision (a decision with two or more candidates: the rollouts are all of its
 * cost), rollouts per second per core, and the share of decisions searched. Target: ≥ 5,000 rollouts/s per core, so a
 * 256-rollout decision takes ≤ 50 ms. Medians over the hands of each budget.
 */
import { pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';
import { ruleSet } from '../rules/index.js';
import { timeSearchHands } from '../experiments/search-timing.js';

export async function benchSearch(rules = 'harr', hands = 6, budgets: readonly number[] = [32, 64, 128, 256]): Promise<Record<string, number | string>> {
  const r = ruleSet(rules);
  const out: Record<string, number | string> = {};
  // Warm-up: the hand analyser builds its tables on first use (about a second) and V8 compiles the hot paths: three hands first, timed for nothing.
  timeSearchHands(r, 3, ['budget=32'], 1000);
  for (const budget of budgets) {
    const { searched: perDecision, rollouts, ms, decisions } = timeSearchHands(r, hands, [`budget=${budget}`], 0);
    out[`budget ${budget}: searched decisions / all of its decisions`] = `${perDecision.length} / ${decisions}`;
    // Issue 24's target: a 256-rollout decision in at most 25 ms (median, quiet machine).
    out[`budget ${budget}: ms per searched decision (median)${budget === 256 ? ', issue 24 target ≤ 25' : ''}`] = Math.round(median(perDecision) * 10) / 10;
    out[`budget ${budget}: rollouts per second per core`] = Math.round(rollouts / (ms / 1000));
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchSearch(process.argv[2] ?? 'harr', Number(process.argv[3] ?? 6)));
}
