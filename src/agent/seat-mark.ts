/**
 * The record an agent keeps of what its seat last saw, brought up to date by `AgentView.changesSince` (src/view/
 * changes.ts fills it from the state; docs/performance.md, "Decisions that remember"). Only fields a player at the
 * table sees: the seat's own concealed counts, the counts the table shows, every seat's discards and sets.
 */
import type { Seat } from '../core/seat.js';
import { KINDS } from '../tiles/tile.js';

/** Discard entries kept per seat (the state's MAX_DISCARDS; src/view/changes.ts checks that they agree). */
export const MARK_DISCARDS = 128;

/** Bit of each kind's group in the change masks: 1 characters, 2 dots, 4 bamboos, 8 honours. */
export const GROUP_BIT: Readonly<Uint8Array> = Uint8Array.from({ length: KINDS }, (_, t) => 1 << (t < 27 ? (t / 9) | 0 : 3));

/** All four groups, or all four seats: everything changed. */
const ALL = 15;

export class SeatMark {
  /** The hand this record belongs to: a token of the state's deal (a copied or re-dealt state has another). */
  token: object | null = null;
  seat: Seat = -1;
  /** Nothing was known before this update (the first decision of a hand, or a view of another table). */
  fresh = true;
  /** Own concealed counts (the drawn tile included), and how many tiles. */
  readonly hand = new Uint8Array(KINDS);
  tiles = 0;
  /** Sets the seat has declared (every set takes three of the 13 places, kongs too). */
  melds = 0;
  /** Groups (GROUP_BIT) whose own counts changed since the previous update. */
  handGroups = ALL;
  /** What the table shows of each kind (AgentView.seen), and the groups in which it changed. */
  readonly seen = new Uint8Array(KINDS);
  seenGroups = ALL;
  /** Per seat: its discards (tile, claimed) in order, and how many. */
  readonly discTile = new Uint8Array(4 * MARK_DISCARDS);
  readonly discClaimed = new Uint8Array(4 * MARK_DISCARDS);
  readonly discards = new Uint16Array(4);
  /** Per seat, how many discards the previous update knew (0 when fresh): entries from it on are new. */
  readonly discardsFrom = new Uint16Array(4);
  /** Seats (a bit each) whose last discard the previous update knew has been claimed since. */
  claimedSeats = 0;
  /** Seats (a bit each) whose declared sets changed: one more, or a pung made a kong. */
  meldSeats = ALL;
  readonly meldKey = new Int32Array(4).fill(-1);
}

