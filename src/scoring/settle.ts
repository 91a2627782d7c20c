/**
 * Settlement, pure (docs/rules.md "harr" Settling, "harr-limit" Settling and Penalties, "babcock" Settling,
 * "code500" dead round): the winner collects his score from each loser; each pair of losers settles the
 * difference, the higher collecting; East pays and receives double in every one of these. Nets sum to zero.
 */
import type { RuleSet } from '../rules/index.js';
import type { SettleInput } from './types.js';

/** What passes between two seats for a score difference `diff`, East paying and receiving `eastFactor` times it. */
function stake(diff: number, limit: number | null, eastInvolved: boolean, eastFactor: number): number {
  // harr-limit: "non-winners settle differences up to the limit (double where East is one of the pair)";
  // elsewhere each hand's score is capped, which caps every difference the same way.
  const capped = limit === null ? diff : Math.min(diff, limit);
  return eastInvolved ? eastFactor * capped : capped;
}

/**
 * One payment, for `settle --explain`: who pays whom, how much, and why: the winner's score, two losers' difference,
 * or the penalised discarder paying for all; `capped` when the limit cut it, `east` when East's factor applied.
 */
export interface Payment {
  readonly from: number;
  readonly to: number;
  readonly amount: number;
  readonly why: 'winner' | 'losers' | 'penalty';
  readonly score: number;
  readonly capped: boolean;
  readonly east: boolean;
}

export function settle(rules: RuleSet, input: SettleInput, sink?: Payment[]): number[] {
  const { winner, east, limit } = input;
  const n = input.scores.length;
  const scores = input.scores.map((s) => (limit === null ? s : Math.min(s, limit)));
  const nets = new Array<number>(n).fill(0);
  if (winner === null) {
    // code500's dead round: "every hand scores and all settle differences"; elsewhere a drawn hand scores nothing.
    if (!rules.scoreDrawnHand) return nets;
    settleLosers(scores, nets, null, east, limit, rules.eastFactor, sink);
    return nets;
  }
  const won = scores[winner]!;
  let collected = 0;
  for (let s = 0; s < n; s++) {
    if (s === winner) continue;
    const pay = stake(won, limit, s === east || winner === east, rules.eastFactor);
    if (sink) sink.push({ from: s, to: winner, amount: pay, why: 'winner', score: won, capped: input.scores[winner]! > won, east: s === east || winner === east });
    nets[s]! -= pay;
    collected += pay;
  }
  nets[winner]! += collected;
  const payer = input.payer ?? null;
  if (payer !== null && payer !== winner) {
    // harr-limit penalty: "the discarder ... must pay all the losses of all other players (whose mutual
    // settlement is cancelled)".
    for (let s = 0; s < n; s++) if (s !== winner) nets[s] = 0;
    nets[payer] = -collected;
    if (sink) sink.push({ from: payer, to: winner, amount: collected, why: 'penalty', score: won, capped: false, east: false });
    return nets;
  }
  // A variant may have the losers not settle among themselves (docs/rules.md "Variants": losersSettle).
  if (rules.losersSettle) settleLosers(scores, nets, winner, east, limit, rules.eastFactor, sink);
  return nets;
}

function settleLosers(scores: readonly number[], nets: number[], winner: number | null, east: number, limit: number | null, eastFactor: number, sink?: Payment[]): void {
  const n = scores.length;
  for (let a = 0; a < n; a++) {
    if (a === winner) continue;
    for (let b = a + 1; b < n; b++) {
      if (b === winner) continue;
      const diff = scores[a]! - scores[b]!;
      if (diff === 0) continue;
      const amount = stake(Math.abs(diff), limit, a === east || b === east, eastFactor);
      const hi = diff > 0 ? a : b;
      const lo = diff > 0 ? b : a;
      if (sink) sink.push({ from: lo, to: hi, amount, why: 'losers', score: Math.abs(diff), capped: limit !== null && Math.abs(diff) > limit, east: a === east || b === east });
      nets[hi]! += amount;
      nets[lo]! -= amount;
    }
  }
}
