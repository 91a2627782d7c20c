/**
 * What the table shows of each other seat that bears on its concealed hand (docs/strategies.md, "Reading the table"), read from one seat's
 * view only: its discards (the last few, newest last), the tiles other seats discarded since its last discard, which
 * it let pass (its hand has not changed since: it draws only on its own turn, and a claim is followed by its
 * discard), and the kinds of its exposed pungs. A function of the view alone.
 *
 * "Since its last discard" is read from the order of the discards (order.ts: the one order of play the view's
 * discard lists, claimed flags and melds allow, as the table saw it). A discard another seat claimed for a set was
 * let pass for Mah-Jongg too (Mah-Jongg takes precedence over every other claim: docs/rules.md "Claims"). When the
 * order cannot be read (no consistent order found within its budget), the seating order stands in for it: the seats
 * after it up to the last discarder, each one's last unclaimed discard. The discard of an open claim round is left
 * out: seats asked before the viewer may have claimed it unseen.
 */
import type { AgentView } from '../agent/types.js';
import type { Seat } from '../core/seat.js';
import { discardOrder, type PlayedDiscard } from './order.js';

export interface SeatRecord {
  readonly seat: Seat;
  /** Its discards, newest last (at most `recent`). */
  readonly discards: readonly number[];
  /** Tiles discarded by others since its own last discard, not claimed by it: it passed on each. */
  readonly passed: readonly number[];
  /**
   * For each of `passed`, whether it sat next in turn after the discarder: what the rule set's claims
   * (src/rules/claims.ts mayWinOnDiscard) ask of who could have won on it; who may chow does not change it.
   */
  readonly passedNext: readonly boolean[];
  /** Kinds of its exposed pungs (a fourth held would be added as a kong). */
  readonly pungs: readonly number[];
  /** Its declared sets (the hand's shanten counts them). */
  readonly melds: number;
}

/** `order`: discardOrder(view), when the caller has read it already (null: it could not be read). */
export function seatRecord(view: AgentView, q: Seat, recent: number, order: readonly PlayedDiscard[] | null = discardOrder(view)): SeatRecord {
  const table = view.table;
  const p = view.players;
  const mine = table[q]!.discards;
  const discards: number[] = [];
  for (let i = Math.max(0, mine.length - recent); i < mine.length; i++) discards.push(mine[i]!.tile);
  const passed: number[] = [];
  const passedNext: boolean[] = [];
  const last = view.lastDiscard;
  const open = view.phase === 'claim' || view.phase === 'rob';
  if (order !== null) {
    let from = order.length - 1;
    while (from >= 0 && order[from]!.by !== q) from--;
    const end = view.phase === 'claim' ? order.length - 1 : order.length;
    for (let i = from + 1; i < end; i++) {
      const d = order[i]!;
      passed.push(d.tile);
      passedNext.push((d.by + 1) % p === q);
    }
  } else if (last !== null && last.by !== q) {
    for (let o = (q + 1) % p; ; o = (o + 1) % p) {
      const d = table[o]!.discards;
      const top = d[d.length - 1];
      if (top !== undefined && !top.claimed && !(open && o === last.by)) {
        passed.push(top.tile);
        passedNext.push((o + 1) % p === q);
      }
      if (o === last.by) break;
    }
  }
  const pungs: number[] = [];
  for (const m of table[q]!.melds) if (m.type === 'pung') pungs.push(m.tile);
  return { seat: q, discards, passed, passedNext, pungs, melds: view.meldCount(q) };
}
