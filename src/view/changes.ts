/**
 * What changed at the table since a seat's previous decision, as that seat sees it (docs/performance.md, "Decisions
 * that remember"). A SeatMark is the agent's own record of what it last saw: its concealed counts, the counts the
 * every seat's discards and sets. `view.changesSince(mark)` brings the record up to the open decision
 * and says which parts moved, so that an agent's analysis of its hand is updated where it changed instead of
 * computed afresh at every decision. A mark holds nothing a view does not show: it is filled from the seat's own hand
 * and the public table only (test/view/hiding.test.ts).
 *
 * The reference it is checked against, a mark filled from the view's other reads alone, is in src/agent/seat-mark.ts.
 */
import type { Seat } from '../core/seat.js';
import { type HandState, KONG, MAX_DISCARDS, MAX_MELDS } from '../engine/state.js';
import { KINDS } from '../tiles/tile.js';
import { GROUP_BIT, MARK_DISCARDS, type SeatMark } from '../agent/seat-mark.js';

export { SeatMark, markDiff, markFromView } from '../agent/seat-mark.js';

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
  const pub = s.pub;
  const ver = pub.pubVer;
  const vers = m.versions;
  // The own hand changes only with the seat's public version (every tile it takes or gives moves it).
  if (fresh || vers[seat] !== ver[seat]) {
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
  } else m.handGroups = 0;
  let meldSeats = 0;
  let claimed = 0;
  for (let p = 0; p < s.players; p++) {
    if (!fresh && vers[p] === ver[p]) {
      m.discardsFrom[p] = m.discards[p]!;
      continue;
    }
    vers[p] = ver[p]!;
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
