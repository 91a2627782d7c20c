/**
 * harr-limit "Washing the tiles" (docs/rules.md; Harr Part II): a player whose original hand holds 9 or more
 * different heads may call "no play" and collects from each player by the table below; East neither pays nor
 * receives double for it.
 */
import { distinctHeads } from '../hand/special.js';
import type { Counts } from '../tiles/counts.js';

/** Heads → collected from each player: "9 → 50, 10 → 70, 11 → 100, 12 → 150, 13 → 200". */
const WASH_TABLE: Readonly<Record<number, number>> = { 9: 50, 10: 70, 11: 100, 12: 150, 13: 200 };

/** What a washer with `heads` different heads collects from each other player (0 when he may not wash). */
export function washPayment(heads: number): number {
  return WASH_TABLE[Math.min(heads, 13)] ?? 0;
}

/** Different heads in an original hand's count array. */
export function washHeads(c: Counts): number {
  return distinctHeads(c);
}

/** Nets of a wash: the washer collects `washPayment` from each of the other `players - 1`, no East double. */
export function settleWash(players: number, washer: number, heads: number): number[] {
  const p = washPayment(heads);
  return Array.from({ length: players }, (_, s) => (s === washer ? p * (players - 1) : -p));
}
