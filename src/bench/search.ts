/**
 * The search agent's cost (docs/strategies.md, "The search agent"): one `search` against three `harr` for a few hands at each budget, one
 * thread; milliseconds per searched decision (a decision with two or more candidates: the rollouts are all of its
 * cost), rollouts per second per core, and the share of decisions searched. Target: ≥ 5,000 rollouts/s per core, so a
 * 256-rollout decision takes ≤ 50 ms. Medians over the hands of each budget. Then what the inference over worlds adds
 * to a decision at budget 64 under the two rule sets where the inference was to show a gain, timed side by side.
 */
import { pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';
import { ruleSet } from '../rules/index.js';
import { timeSearchHands, WITH_INFERENCE } from './search-timing.js';

export async function benchSearch(rules = 'harr', hands = 6, budgets: readonly number[] = [32, 64, 128, 256]): Promise<Record<string, number | string>> {
  const r = ruleSet(rules);
  const out: Record<string, number | string> = {};
  // Warm-up: the hand analyser builds its tables on first use (about a second) and V8 compiles the hot paths: three hands first, timed for nothing.
  timeSearchHands(r, 3, ['budget=32'], 1000);
  for (const budget of budgets) {
    const { searched: perDecision, rollouts, ms, decisions } = timeSearchHands(r, hands, [`budget=${budget}`], 0);
    out[`budget ${budget}: searched decisions / all of its decisions`] = `${perDecision.length} / ${decisions}`;
    // The target (docs/performance.md): a 256-rollout decision in at most 25 ms (median, quiet machine).
    out[`budget ${budget}: ms per searched decision (median)${budget === 256 ? ', target ≤ 25' : ''}`] = Math.round(median(perDecision) * 10) / 10;
    out[`budget ${budget}: rollouts per second per core`] = Math.round(rollouts / (ms / 1000));
  }
  for (const id of ['harr-limit', 'babcock']) Object.assign(out, inferenceCost(id, hands));
  return out;
}

/** The inference as experiment `inference` played it (docs/performance.md target: cost at most 1.5x at the same budget). */
const INFER = ['budget=64', ...WITH_INFERENCE];

/**
 * Search with the inference against search without, at budget 64, hand by hand in alternating order (the machine's
 * drift falls on both alike): the medians of their searched decisions' times and the ratio of the two.
 */
export function inferenceCost(rules: string, hands: number): Record<string, number> {
  const r = ruleSet(rules);
  timeSearchHands(r, 2, INFER, 1000);
  const plain: number[] = [];
  const inferred: number[] = [];
  for (let g = 0; g < hands; g++) {
    const runs = [() => plain.push(...timeSearchHands(r, 1, ['budget=64'], g).searched), () => inferred.push(...timeSearchHands(r, 1, INFER, g).searched)];
    if (g % 2 === 1) runs.reverse();
    for (const run of runs) run();
  }
  const a = median(plain);
  const b = median(inferred);
  return {
    [`${rules}, budget 64: ms per searched decision without the inference (median)`]: Math.round(a * 10) / 10,
    [`${rules}, budget 64: ms per searched decision with the inference, inferSteps=20 (median)`]: Math.round(b * 10) / 10,
    [`${rules}, budget 64: the inference's cost, with / without (target ≤ 1.5)`]: Math.round((b / a) * 100) / 100,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchSearch(process.argv[2] ?? 'harr', Number(process.argv[3] ?? 6)));
}
