/**
 * What the table shows of each other seat that bears on its concealed hand (issue 25, point 1), read from one seat's
 * view only: its discards (the last few, newest last), the tiles other seats discarded since its last discard that
 * it let pass, and the kinds of its exposed pungs. A function of the view alone.
 *
 * "Since its last discard" is read from the seating order, which the view shows: the seats after it up to the last
 * discarder, each one's last discard. A claim that skipped seats can make this wrong for a seat (an older discard
 * taken for a newer one); the fitted likelihood ratios (model.ts) carry that error, measured as it happens in play.
 * The discard of an open claim round is left out: seats asked before the viewer may have claimed it unseen.
 */
import type { AgentView } from '../agent/types.js';
import type { Seat } from '../core/seat.js';

export interface SeatRecord {
  readonly seat: Seat;
  /** Its discards, newest last (at most `recent`). */
  readonly discards: readonly number[];
  /** Tiles discarded by others since its own last discard, unclaimed: it passed on each. */
  readonly passed: readonly number[];
  /** Kinds of its exposed pungs (a fourth held would be added as a kong). */
  readonly pungs: readonly number[];
}

export function seatRecord(view: AgentView, q: Seat, recent: number): SeatRecord {
  const table = view.table;
  const mine = table[q]!.discards;
  const discards: number[] = [];
  for (let i = Math.max(0, mine.length - recent); i < mine.length; i++) discards.push(mine[i]!.tile);
  const passed: number[] = [];
  const last = view.lastDiscard;
  const open = view.phase === 'claim' || view.phase === 'rob';
  if (last !== null && last.by !== q) {
    const p = view.players;
    for (let o = (q + 1) % p; ; o = (o + 1) % p) {
      const d = table[o]!.discards;
      const top = d[d.length - 1];
      if (top !== undefined && !top.claimed && !(open && o === last.by)) passed.push(top.tile);
      if (o === last.by) break;
    }
  }
  const pungs: number[] = [];
  for (const m of table[q]!.melds) if (m.type === 'pung') pungs.push(m.tile);
  return { seat: q, discards, passed, pungs };
}
