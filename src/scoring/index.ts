// PLACEHOLDER until the scorer lands (issue 3): signatures are final, bodies are not.
import type { HandSpec } from '../tiles/index.js';
import type { RuleSet } from '../rules/index.js';
import { countsOf } from '../tiles/index.js';
import { isStandardComplete } from '../hand/index.js';
import type { ScoreContext, ScoreResult, SettleInput } from './types.js';
export * from './types.js';

/** True when concealed + winning tile (with the declared melds) form a complete hand under `rules`. */
export function isWinningHand(_rules: RuleSet, hand: HandSpec): boolean {
  const tiles = hand.winning === null ? hand.concealed : [...hand.concealed, hand.winning];
  return isStandardComplete(countsOf(tiles));
}

export function scoreHand(_rules: RuleSet, _hand: HandSpec, _ctx: ScoreContext): ScoreResult {
  return { lines: [], points: 0, doubles: 0, score: 0, limit: false, pattern: null };
}

export function settle(_rules: RuleSet, input: SettleInput): number[] {
  return input.scores.map(() => 0);
}
