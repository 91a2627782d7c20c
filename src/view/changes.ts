/**
 * What changed at the table since a seat's previous decision, as that seat sees it (docs/performance.md, "Decisions
 * that remember"). A SeatMark is the agent's own record of what it last saw: its concealed counts, the counts the
 * table shows, every seat's discards and sets. `view.changesSince(mark)` brings the record up to the open decision
 * and says which parts moved, so that an agent's analysis of its hand is updated where it changed instead of
 * computed afresh at every decision. A mark holds nothing a view does not show: it is filled from the seat's own hand
 * and the public table only (test/view/hiding.test.ts).
 *
 * `markFromView` fills a mark from the view's other reads alone, every part marked changed: the reference the
 * incremental record is checked against, and the path for a view made elsewhere (a test's constructed view).
 */
import type { AgentView } from '../agent/types.js';
import type { Seat } from '../core/seat.js';
import { type HandState, KONG, MAX_DISCARDS, MAX_MELDS } from '../engine/state.js';
import { KINDS } from '../tiles/tile.js';
import { GROUP_BIT, MARK_DISCARDS, SeatMark } from '../agent/seat-mark.js';

export { SeatMark };

if (MARK_DISCARDS !== MAX_DISCARDS) throw new Error('SeatMark: its discard lists are not the state\'s length');

const ALL = 15;

/** Declared sets and kongs of `seat`, as one key that moves whenever its sets change. */
function meldKeyOf(s: HandState, p: Seat): number {
  const pub = s.pub;
  const n = pub.meldCount[p]!;
  let kongs = 0;
  for (let i = 0; i < n; i++) if (pub.meldType[p * MAX_MELDS + i] === KONG) kongs++;
  return n * 8 + kongs;
}

/** Bring `m` up to the open decision of `seat` in `s` (the view's changesSince): only the seat's own and public fields. */
export function markChanges(m: SeatMark, s: HandState, seat: Seat, token: object): SeatMark {
  const fresh = m.token !== token || m.seat !== seat;
  m.token = token;
  m.seat = seat;
  m.fresh = fresh;
  const hand = s.priv.hand;
  const base = seat * KINDS;
  const own = m.hand;
  let groups = 0;
  let n = 0;
  for (let t = 0; t < KINDS; t++) {
    const x = hand[base + t]!;
    n += x;
    if (own[t] !== x) {
      own[t] = x;
      groups |= GROUP_BIT[t]!;
    }
  }
  m.tiles = n;
  m.melds = Math.floor((14 - n) / 3);
  m.handGroups = fresh ? ALL : groups;
  const pub = s.pub;
  const seen = pub.seen;
  const ms = m.seen;
  groups = 0;
  for (let t = 0; t < KINDS; t++) {
    const x = seen[t]!;
    if (ms[t] !== x) {
      ms[t] = x;
      groups |= GROUP_BIT[t]!;
    }
  }
  m.seenGroups = fresh ? ALL : groups;
  let meldSeats = 0;
  let claimed = 0;
  for (let p = 0; p < s.players; p++) {
    const now = pub.discCount[p]!;
    const was = fresh || m.discards[p]! > now ? 0 : m.discards[p]!;
    // Only the last discard can become claimed (a claim takes the last discard).
    const last = p * MAX_DISCARDS + was - 1;
    if (was > 0 && pub.discClaimed[last] !== m.discClaimed[last]) {
      m.discClaimed[last] = pub.discClaimed[last]!;
      claimed |= 1 << p;
    }
    for (let i = was; i < now; i++) {
      const j = p * MAX_DISCARDS + i;
      m.discTile[j] = pub.discTile[j]!;
      m.discClaimed[j] = pub.discClaimed[j]!;
    }
    m.discards[p] = now;
    m.discardsFrom[p] = was;
    const key = meldKeyOf(s, p);
    if (fresh || m.meldKey[p] !== key) {
      m.meldKey[p] = key;
      meldSeats |= 1 << p;
    }
  }
  m.claimedSeats = claimed;
  m.meldSeats = fresh ? ALL : meldSeats;
  return m;
}

/** `m` filled from `view`'s own reads alone, every part marked changed (the reference, and views made elsewhere). */
export function markFromView(m: SeatMark, view: AgentView): SeatMark {
  m.token = null;
  m.seat = view.seat;
  m.fresh = true;
  m.tiles = view.concealedCounts(m.hand);
  m.melds = Math.floor((14 - m.tiles) / 3);
  m.handGroups = ALL;
  view.seenCounts(m.seen);
  m.seenGroups = ALL;
  for (let p = 0; p < view.players; p++) {
    const d = view.discardsOf(p);
    for (let i = 0; i < d.length; i++) {
      m.discTile[p * MAX_DISCARDS + i] = d[i]!.tile;
      m.discClaimed[p * MAX_DISCARDS + i] = d[i]!.claimed ? 1 : 0;
    }
    m.discards[p] = d.length;
    m.discardsFrom[p] = 0;
    let kongs = 0;
    for (const x of view.meldsOf(p)) if (x.type === 'kong') kongs++;
    m.meldKey[p] = view.meldCount(p) * 8 + kongs;
  }
  m.claimedSeats = 0;
  m.meldSeats = ALL;
  return m;
}

/**
 * Where two marks disagree on what the seat sees (its hand, the seen counts, the discards, the sets), or null: the
 * check of an incremental mark against markFromView's.
 */
export function markDiff(a: SeatMark, b: SeatMark, players: number): string | null {
  if (a.tiles !== b.tiles || a.melds !== b.melds) return `tiles ${a.tiles}/${b.tiles}, sets ${a.melds}/${b.melds}`;
  for (let t = 0; t < KINDS; t++) {
    if (a.hand[t] !== b.hand[t]) return `own count of kind ${t}: ${a.hand[t]} against ${b.hand[t]}`;
    if (a.seen[t] !== b.seen[t]) return `seen count of kind ${t}: ${a.seen[t]} against ${b.seen[t]}`;
  }
  for (let p = 0; p < players; p++) {
    if (a.discards[p] !== b.discards[p]) return `seat ${p}'s discards: ${a.discards[p]} against ${b.discards[p]}`;
    if (a.meldKey[p] !== b.meldKey[p]) return `seat ${p}'s sets: ${a.meldKey[p]} against ${b.meldKey[p]}`;
    for (let i = 0; i < a.discards[p]!; i++) {
      const j = p * MAX_DISCARDS + i;
      if (a.discTile[j] !== b.discTile[j] || a.discClaimed[j] !== b.discClaimed[j]) return `seat ${p}'s discard ${i}`;
    }
  }
  return null;
}
