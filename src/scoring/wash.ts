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

/** East's part of a wash where the rule set has East pay and receive it `eastFactor` times. */
export interface WashEast {
  /** East's seat. */
  readonly seat: number;
  /** What East pays the washer, or, washing himself, collects from each. */
  readonly payment: number;
}

/**
 * East's part of a wash of `payment` a player under the rule set, with East at seat `east`: present only where the
 * rule set's `washEastDouble` has East pay and receive it `eastFactor` times (a variant; no book does).
 */
export function washEast(rules: RuleSet, payment: number, east: number): WashEast | undefined {
  return rules.washEastDouble ? { seat: east, payment: payment * rules.eastFactor } : undefined;
}

/**
 * What a wash collected, in words ("50 from each"; where East pays and receives it double, what East paid or
 * collected too), for every text that tells of a wash (record/render.ts; the pages' copy is viewer/widgets.ts washPaid).
 */
export function washPaidText(w: { readonly seat: number; readonly payment: number; readonly east?: WashEast }): string {
  if (w.east === undefined) return `${w.payment} from each`;
  return w.east.seat === w.seat
    ? `${w.east.payment} from each: East collects a wash as he collects a hand (washEastDouble)`
    : `${w.payment} from each and ${w.east.payment} from East, who pays a wash as he pays a hand (washEastDouble)`;
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
  const doubled = washEast(rules, payment, east);
  for (let s = 0; s < players; s++) {
    if (s === washer) continue;
    const p = doubled !== undefined && (s === east || washer === east) ? doubled.payment : payment;
    nets[s]! -= p;
    nets[washer]! += p;
  }
  return nets;
}
