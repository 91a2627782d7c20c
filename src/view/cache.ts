/**
 * What the views of one hand state share, kept by src/view in the state's `viewCache` slot (the engine never reads
 * it): each seat's public information, deep-frozen and rebuilt only when the seat's public version moves, with its
 * discards, melds and flowers kept apart (a seat's version moves with every tile it draws, its discards far less
 * often), and each seat's hand-long fields. A cache belongs to one deal of one state: a new deal or a copy into the
 * state moves the state's generation, and the next view starts the cache afresh.
 */
import type { SeatPublic } from '../agent/types.js';
import type { HandState } from '../engine/state.js';
import type { Meld, Tile } from '../tiles/index.js';
import type { Seat, Wind } from '../core/seat.js';
import type { RuleSet } from '../rules/index.js';

export type DiscardInfo = SeatPublic['discards'][number];

/** A seat's view fields that hold for a whole hand. */
export interface SeatHand {
  readonly rules: RuleSet;
  readonly limit: number | null;
  readonly players: number;
  readonly seatWind: Wind;
  readonly dealer: Seat;
  readonly prevailingWind: Wind | null;
}

export interface ViewCache {
  generation: number;
  /** This deal of this state, for the agents' records (SeatMark): a new frozen object with every new deal or copy. */
  token: object;
  readonly seat: (SeatPublic | null)[];
  readonly seatVer: Int32Array;
  readonly disc: (readonly DiscardInfo[] | null)[];
  readonly discKey: Int32Array;
  readonly melds: (readonly Meld[] | null)[];
  readonly meldKey: Int32Array;
  readonly flowers: (readonly Tile[] | null)[];
  readonly flowerKey: Int32Array;
  readonly hand: (SeatHand | null)[];
}

function create(s: HandState): ViewCache {
  const p = s.players;
  const keys = new Int32Array(4 * p).fill(-1);
  return {
    generation: s.generation,
    token: Object.freeze({}),
    seat: new Array<SeatPublic | null>(p).fill(null),
    seatVer: keys.subarray(0, p),
    disc: new Array<readonly DiscardInfo[] | null>(p).fill(null),
    discKey: keys.subarray(p, 2 * p),
    melds: new Array<readonly Meld[] | null>(p).fill(null),
    meldKey: keys.subarray(2 * p, 3 * p),
    flowers: new Array<readonly Tile[] | null>(p).fill(null),
    flowerKey: keys.subarray(3 * p, 4 * p),
    hand: new Array<SeatHand | null>(p).fill(null),
  };
}

/** The state's view cache for its current deal. */
export function viewCacheOf(s: HandState): ViewCache {
  const c = s.viewCache as ViewCache | null;
  if (c === null) return (s.viewCache = create(s)) as ViewCache;
  if (c.generation !== s.generation) {
    // Cleared in place: a new deal, or a copy into this state (a search copies thousands of times).
    // By loops: fill() is a call into the runtime costing more than the rest of a new deal's cache.
    c.generation = s.generation;
    c.token = Object.freeze({});
    for (let p = 0; p < s.players; p++) {
      c.seat[p] = null;
      c.seatVer[p] = -1;
      c.discKey[p] = -1;
      c.meldKey[p] = -1;
      c.flowerKey[p] = -1;
      c.hand[p] = null;
    }
  }
  return c;
}

/**
 * Give `dst`, just copied from `src` (src/engine/clone.ts, sample.ts: the same table shown), the views' cache of
 * `src`: the frozen public records are shared (nobody can change them) and keyed by the same public versions, so a
 * copy's first views reuse them instead of building the whole table again. Each state keeps its own arrays.
 */
export function copyViewCache(dst: HandState, src: HandState): void {
  const from = src.viewCache as ViewCache | null;
  if (from === null || from.generation !== src.generation) return;
  const to = viewCacheOf(dst);
  for (let p = 0; p < src.players; p++) {
    to.seat[p] = from.seat[p]!;
    to.disc[p] = from.disc[p]!;
    to.melds[p] = from.melds[p]!;
    to.flowers[p] = from.flowers[p]!;
    to.hand[p] = from.hand[p]!;
    to.seatVer[p] = from.seatVer[p]!;
    to.discKey[p] = from.discKey[p]!;
    to.meldKey[p] = from.meldKey[p]!;
    to.flowerKey[p] = from.flowerKey[p]!;
  }
}
