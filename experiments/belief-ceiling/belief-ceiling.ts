/**
 * The ceiling of any belief over the other seats' hands (docs/strategies.md, "Why the inference gains nothing yet"):
 * the oracle gap of experiments/inference-why split in two, with the same harness, decisions and streams:
 *
 * - `without`: search as it plays by default (the opponent model's worlds);
 * - `oracle`: every world deals the other seats their TRUE concealed hands, the wall reshuffled: the best any
 *   belief about the hands can give (no player can know the wall's order, but a perfect belief could know the hands);
 * - `oracle-wall`: every world is the true state itself, the true hands AND the true wall order (and the true source of
 *   any reshuffle after a wash): what no player can know, the search's ceiling at this budget;
 * - `wall-vs-oracle`: where oracle-wall and oracle choose differently, what the wall's order adds.
 *
 * Each is a diagnostic that reads the true state; none is a strategy or ever seated.
 *
 * Run: `node dist/experiments/belief-ceiling/belief-ceiling.js [hands per rule set] [budget] [every] [evalN] [seed] [rules,...] [real]`
 * (`real`: each searcher also judged on the true wall, the one future the hand had: columns real_gain_per_hand, real_ci_*).
 */
import { pathToFileURL } from 'node:url';
import type { AgentView } from '../../src/agent/types.js';
import type { HandState } from '../../src/engine/state.js';
import { RULESET_IDS } from '../../src/rules/index.js';
import { type SearcherSpec, type RealizedGain, type WhyRow, compareSearchers, oracleView, trueState, viewWithWorlds, whyCsv } from '../inference-why/inference-why.js';

/** The seat's view of `s`, but every world it samples is the true state, wall order included (no stream used). */
export function trueWallView(view: AgentView, s: HandState): AgentView {
  return viewWithWorlds(view, () => trueState(s));
}

export const CEILING_SEARCHERS: readonly SearcherSpec[] = [
  { name: 'without', params: [] },
  { name: 'oracle', params: [], view: oracleView },
  { name: 'oracle-wall', params: [], view: trueWallView },
];

export function beliefCeiling(
  hands: number, budget: number, every = 2, evalN = 128, seed = 28, rulesIds: readonly string[] = RULESET_IDS, progress = false, realized = false,
): (WhyRow & Partial<RealizedGain>)[] {
  return compareSearchers(CEILING_SEARCHERS, [{ name: 'wall-vs-oracle', a: 'oracle-wall', b: 'oracle' }], hands, budget, every, evalN, seed, rulesIds, progress, realized);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [hands = 20, budget = 64, every = 2, evalN = 128, seed = 28] = process.argv.slice(2, 7).map(Number);
  const rulesIds = process.argv[7] ? process.argv[7].split(',') : RULESET_IDS;
  // `real`: every searcher judged on the true wall too (realizedValues): the gain an action truly earned.
  const realized = process.argv[8] === 'real';
  for (const line of whyCsv(beliefCeiling(hands, budget, every, evalN, seed, rulesIds, true, realized))) console.log(line);
}
