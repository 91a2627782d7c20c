/**
 * The order in which the hand's discards were made, read back from one seat's view (docs/strategies.md, "Reading the
 * table": the record of passed claims as the table saw it). The view lists each seat's discards in order, each marked when claimed, and
 * each seat's sets in the order laid down; play fixes the rest (docs/rules.md "Claims" and "Play"): the dealer
 * discards first; after a discard nobody claims, the next seat in turn discards; after a claimed one, the claimer
 * does (a claimed kong's loose tile and a concealed kong change nothing of that). So the order is fixed by who made
 * each claim, and each claimed discard lies in an exposed set (its next not yet matched) of the seat that claimed it:
 * a pung or kong of its kind, or a run through it by the next seat in turn (by any seat where the rule set's
 * `chowFrom` is 'any'). Where two seats could have made a claim, a depth-first search keeps the one that leads to a
 * consistent end (every set matched, the seat now to move the one next in turn). In the books that end is the true
 * order; where any seat may chow, two seats may hold runs through the same discard and the view can fit more than one
 * order: the search returns the first it finds. A function of the view alone.
 */
import type { AgentView } from '../agent/types.js';
import type { Seat } from '../core/seat.js';
import { mayChow } from '../rules/claims.js';

export interface PlayedDiscard {
  readonly by: Seat;
  readonly tile: number;
  /** The seat that claimed it for a set; -1 when nobody did (or its claim round is still open). */
  readonly claimedBy: Seat | -1;
}

/** Steps the search may take before it gives up (an order it cannot read is rare: a tie of claims late in a hand). */
export const ORDER_BUDGET = 4096;

/** The hand's discards in the order they were made, or null when no order consistent with the view was found. */
export function discardOrder(view: AgentView): PlayedDiscard[] | null {
  const p = view.players;
  const lists = view.table.map((t) => t.discards);
  const claimed = view.table.map((t) => t.melds.filter((m) => !m.concealed));
  const total = lists.reduce((n, l) => n + l.length, 0);
  const dp = new Array<number>(p).fill(0);
  const mp = new Array<number>(p).fill(0);
  const out: PlayedDiscard[] = [];
  let steps = 0;
  const setsLeft = (): boolean => claimed.some((ms, c) => mp[c]! < ms.length);
  const search = (cur: Seat): boolean => {
    if (++steps > ORDER_BUDGET) return false;
    if (out.length === total) {
      if (setsLeft()) return false;
      // The seat to move on its turn is the one play brought there; in a claim round the last discard is open.
      if (view.phase === 'turn') return cur === view.seat;
      if (view.phase === 'claim') return total > 0 && out[total - 1]!.by === view.lastDiscard?.by;
      return true;
    }
    const i = dp[cur]!;
    const d = lists[cur]![i];
    if (d === undefined) return false;
    dp[cur]!++;
    if (!d.claimed) {
      out.push({ by: cur, tile: d.tile, claimedBy: -1 });
      if (search((cur + 1) % p)) return true;
      out.pop();
    } else {
      for (let c = 0; c < p; c++) {
        if (c === cur) continue;
        const m = claimed[c]![mp[c]!];
        if (m === undefined) continue;
        const fits = m.type === 'chow' ? mayChow(view.rules, c === (cur + 1) % p) && m.tile <= d.tile && d.tile <= m.tile + 2 : m.tile === d.tile;
        if (!fits) continue;
        mp[c]!++;
        out.push({ by: cur, tile: d.tile, claimedBy: c });
        if (search(c)) return true;
        out.pop();
        mp[c]!--;
      }
    }
    dp[cur]!--;
    return false;
  };
  return search(view.dealer) ? out : null;
}
