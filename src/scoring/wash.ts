/**
 * harr-limit "Washing the tiles" (docs/rules.md; Harr Part II): a player whose original hand holds 9 or more
 * different heads may call "no play" and collects from each player by the rule set's table (`washPayments`, Harr's
 * "9 → 50, 10 → 70, 11 → 100, 12 → 150, 13 → 200"); East neither pays nor receives double for it unless the rule
 * set's `washEastDouble` says so (a variant).
 */
import { distinctHeads } from '../hand/special.js';
import type { RuleSet } from '../rules/index.js';
import type { Counts } from '../tiles/counts.js';

/** What a washer with `heads` different heads collects from each other player (0 when he may not wash). */
export function washPayment(rules: RuleSet, heads: number): number {
  return heads < 9 ? 0 : rules.washPayments[Math.min(heads, 13) - 9]!;
}

/** Different heads in an original hand's count array. */
export function washHeads(c: Counts): number {
  return distinctHeads(c);
}

/**
 * Nets of a wash of `payment` a player: the washer collects it from each of the other `players - 1`, East (seat
 * `east`) paying or receiving `eastFactor` times it where the rule set's `washEastDouble` says so.
 */
export function settleWash(rules: RuleSet, players: number, washer: number, payment: number, east: number): number[] {
  const nets = new Array<number>(players).fill(0);
  for (let s = 0; s < players; s++) {
    if (s === washer) continue;
    const p = rules.washEastDouble && (s === east || washer === east) ? payment * rules.eastFactor : payment;
    nets[s]! -= p;
    nets[washer]! += p;
  }
  return nets;
}
