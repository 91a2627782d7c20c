/**
 * The record an agent keeps of what its seat last saw, brought up to date by `AgentView.changesSince` (src/view/
 * changes.ts fills it from the state; docs/performance.md, "Decisions that remember"). Only fields a player at the
 * table sees: the seat's own concealed counts, every seat's discards and sets, and each seat's count of public
 * changes (which tells what need not be read again).
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
  constructor(hand: Uint8Array = new Uint8Array(KINDS)) {
    this.hand = hand;
  }

  /** The hand this record belongs to: a token of the state's deal (a copied or re-dealt state has another). */
  token: object | null = null;
  seat: Seat = -1;
  /** Nothing was known before this update (the first decision of a hand, or a view of another table). */
  fresh = true;
  /**
   * Own concealed counts (the drawn tile included), and how many tiles. The array may be the agent's own (the
   * constructor's `hand`): it is then its hand as counts without a copy, kept only while nothing writes into it.
   */
  readonly hand: Uint8Array;
  tiles = 0;
  /** Sets the seat has declared (every set takes three of the 13 places, kongs too). */
  melds = 0;
  /** Groups (GROUP_BIT) whose own counts changed since the previous update. */
  handGroups = ALL;
  /**
   * Per seat, the public version the previous update saw (a count of the changes a player at the table sees of
   * that seat: tiles taken or given, discards, claimed marks, sets, flowers): an unchanged one means nothing of that
   * seat, own hand included, needs reading again.
   */
  readonly versions = new Int32Array(4).fill(-1);
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

/** The reads of an AgentView (src/agent/types.ts) that markFromView uses. */
interface ViewReads {
  readonly seat: Seat;
  readonly players: number;
  concealedCounts(out: Uint8Array): number;
  meldCount(seat: Seat): number;
  meldsOf(seat: Seat): readonly { readonly type: string }[];
  discardsOf(seat: Seat): readonly { readonly tile: number; readonly claimed: boolean }[];
}

/** `m` filled from `view`'s own reads alone, every part marked changed (the reference, and views made elsewhere). */
export function markFromView(m: SeatMark, view: ViewReads): SeatMark {
  m.token = null;
  m.seat = view.seat;
  m.fresh = true;
  m.tiles = view.concealedCounts(m.hand);
  m.melds = Math.floor((14 - m.tiles) / 3);
  m.handGroups = ALL;
  for (let p = 0; p < view.players; p++) {
    const d = view.discardsOf(p);
    for (let i = 0; i < d.length; i++) {
      m.discTile[p * MARK_DISCARDS + i] = d[i]!.tile;
      m.discClaimed[p * MARK_DISCARDS + i] = d[i]!.claimed ? 1 : 0;
    }
    m.discards[p] = d.length;
    m.discardsFrom[p] = 0;
    let kongs = 0;
    for (const x of view.meldsOf(p)) if (x.type === 'kong') kongs++;
    m.meldKey[p] = view.meldCount(p) * 8 + kongs;
  }
  m.claimedSeats = 0;
  m.meldSeats = ALL;
  m.versions.fill(-1);
  return m;
}

/**
 * Where two marks disagree on what the seat sees (its hand, the discards, the sets), or null: the
 * check of an incremental mark against markFromView's.
 */
export function markDiff(a: SeatMark, b: SeatMark, players: number): string | null {
  if (a.tiles !== b.tiles || a.melds !== b.melds) return `tiles ${a.tiles}/${b.tiles}, sets ${a.melds}/${b.melds}`;
  for (let t = 0; t < KINDS; t++) {
    if (a.hand[t] !== b.hand[t]) return `own count of kind ${t}: ${a.hand[t]} against ${b.hand[t]}`;
  }
  for (let p = 0; p < players; p++) {
    if (a.discards[p] !== b.discards[p]) return `seat ${p}'s discards: ${a.discards[p]} against ${b.discards[p]}`;
    if (a.meldKey[p] !== b.meldKey[p]) return `seat ${p}'s sets: ${a.meldKey[p]} against ${b.meldKey[p]}`;
    for (let i = 0; i < a.discards[p]!; i++) {
      const j = p * MARK_DISCARDS + i;
      if (a.discTile[j] !== b.discTile[j] || a.discClaimed[j] !== b.discClaimed[j]) return `seat ${p}'s discard ${i}`;
    }
  }
  return null;
}
