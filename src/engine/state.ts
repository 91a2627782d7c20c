/**
 * The hidden state of one hand (RULES.md "Common to all"), in typed arrays so the hand loop allocates almost
 * nothing: concealed hands as 34-kind counts per seat, melds / flowers / discards as fixed-size per-seat slabs.
 * Only the engine touches it; agents see it through src/view (viewFor), never directly.
 */
import type { Phase, Seat, SeatPublic, Wind } from '../agent/types.js';
import type { RuleSet } from '../rules/index.js';
import { createWall, type Wall } from '../wall/wall.js';
import { POW5 } from '../hand/suit-shapes.js';
export { POW5 } from '../hand/suit-shapes.js';
import type { Meld, MeldType } from '../tiles/index.js';

/** Per-seat capacity of the discard slab: more than any seat can discard from a 144-tile wall with two players. */
export const MAX_DISCARDS = 128;
export const MAX_MELDS = 4;
export const MAX_BONUS = 8;
export const MELD_TYPES: readonly MeldType[] = ['chow', 'pung', 'kong'];
export const CHOW = 0;
export const PUNG = 1;
export const KONG = 2;

/**
 * Seat winds by players, counted from the dealer: Harr's two- and three-handed games are played "in exactly the same
 * way ... omitting the dummy's turn of play" (Part II, "Two and three-handed games"). Three players keep East, South
 * and West (the dummy sits North). Two players each build two sides of the wall and sit opposite, so they are East
 * and West (**Reading**: Harr names no winds for two players).
 */
export const SEAT_WINDS: Readonly<Record<number, readonly Wind[]>> = { 2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3] };

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

export interface HandState {
  readonly rules: RuleSet;
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly players: number;
  readonly wall: Wall;
  dealer: Seat;
  prevailing: Wind | null;
  readonly seatWind: Uint8Array;
  /**
   * Slabs holding the per-seat counters cleared by every deal (hand, handCount, the hand statistics, meld / flower /
   * discard / turn counts; and the public caches' keys, set to -1): the named fields below are views into them.
   */
  readonly zero8: Uint8Array;
  readonly zero16: Uint16Array;
  readonly zero32: Int32Array;
  readonly minus1: Int32Array;
  /** Concealed counts, seat-major: hand[seat * 34 + kind]. */
  readonly hand: Uint8Array;
  readonly handCount: Uint8Array;
  /**
   * Cached per-seat hand statistics, kept up to date by addTile/removeTiles (the only writers of `hand`) so the
   * "could this win?" test costs a few lookups (engine/agari.ts): for each suit, sum count * 5^rank and the tile
   * count; per seat, kinds held an odd number of times and tiles that are not heads. validateState recomputes them.
   * Whether a suit splits into sets is looked up only when a win is asked about (the counts rule most hands out
   * first), not on every change: a table lookup per tile moved cost more than the few the checks need.
   */
  readonly suitKey: Int32Array;
  readonly suitN: Uint8Array;
  readonly oddKinds: Uint8Array;
  readonly nonHeads: Uint8Array;
  /**
   * Kinds held, as bit masks: held[seat * 2] bit t for kinds 0..16, held[seat * 2 + 1] bit t - 17 for kinds 17..33,
   * so the own-turn legal list visits only the kinds held (lowest bit first: the list stays in tile order).
   */
  readonly held: Int32Array;
  /**
   * Per seat: honour kinds held once or four times, and honour kinds held as a pair: the honours fit a standard
   * complete hand only with no single or four and at most one pair (RULES.md "Complete hand").
   */
  readonly honSingles: Uint8Array;
  readonly honPairs: Uint8Array;
  /** Per seat: kinds held four times (the own-turn list looks for concealed kongs only when there is one). */
  readonly fours: Uint8Array;
  /**
   * Per seat, which discards could possibly complete its hand (engine/agari.ts winMask): bit g for a tile of group g
   * (0-2 suits, 3 honours), bit 4 for the special shapes; valid while winMaskVer equals the seat's pubVer, which every
   * change of its concealed tiles bumps. A seat sees three discards per round between two changes of its hand.
   */
  readonly winMask: Uint8Array;
  readonly winMaskVer: Int32Array;
  readonly meldType: Uint8Array;
  readonly meldTile: Uint8Array;
  readonly meldConcealed: Uint8Array;
  readonly meldCount: Uint8Array;
  readonly bonus: Uint8Array;
  readonly bonusCount: Uint8Array;
  readonly discTile: Uint8Array;
  readonly discClaimed: Uint8Array;
  readonly discCount: Uint16Array;
  readonly turnsBySeat: Uint16Array;
  /**
   * Copies of each kind the table shows (AgentView.seen): discards not claimed, and every meld (a chow one of each
   * tile, a pung three, a kong four). Kept by the discard, claim and meld steps; validateState recomputes it.
   */
  readonly seen: Uint8Array;
  /** Cumulative scores at the start of this hand (what the view shows). */
  scores: number[];
  /** Tile drawn on the current turn (-1 none). */
  drawn: number;
  lastDiscard: number;
  lastDiscardBy: number;
  discardCount: number;
  /** Claims (pung, kong, chow) made so far in the hand. */
  claimCount: number;
  /** Set while the seat to move took its tiles by a pung or chow (Babcock: no own-turn kong straight after). */
  afterClaim: boolean;
  /**
   * Public-information version per seat, bumped by every change a player at the table could see (discards, claimed
   * marks, melds, flowers, concealed count); views reuse a seat's frozen SeatPublic while its version holds. Reset
   * with every deal (the caches keyed by it are reset too), so it stays a small integer however many hands an engine
   * plays.
   */
  readonly pubVer: Int32Array;
  readonly pubSeat: (SeatPublic | null)[];
  readonly pubSeatVer: Int32Array;
  /**
   * Parts of SeatPublic kept between versions (src/view seatPublic): a seat's public version changes with every tile
   * it draws (its concealed count), but its discards, melds and flowers change far less often. Each part is keyed by
   * the counts that determine it within a hand (keys reset by resetHand); frozen discard entries are kept per slot.
   */
  readonly pubDisc: (readonly DiscardInfo[] | null)[];
  readonly pubDiscKey: Int32Array;
  readonly pubMelds: (readonly Meld[] | null)[];
  readonly pubMeldKey: Int32Array;
  readonly pubFlowers: (readonly number[] | null)[];
  readonly pubFlowerKey: Int32Array;
  /** Per seat, what its views share for the whole hand (src/view): built on first use, cleared by resetHand. */
  readonly seatHand: (SeatHand | null)[];
  /** Whose decision is being asked, and in which phase (for the view). */
  phase: Phase;
  /** Incremented for every decision: an AgentView is valid only while its decision is open. */
  decision: number;
}

export function createHandState(
  rules: RuleSet,
  limit: number | null,
  flowers: boolean,
  players: number,
): HandState {
  const p = players;
  // The per-seat counters a new deal clears live in a few slabs (each field a view into one), so resetHand clears
  // them with one fill per slab instead of one per field.
  const zero8 = new Uint8Array(p * (34 + 3 + 9) + 34);
  const zero16 = new Uint16Array(p * 2);
  const zero32 = new Int32Array(p * 6);
  const minus1 = new Int32Array(p * 5).fill(-1);
  let o8 = 0;
  const u8 = (n: number): Uint8Array => zero8.subarray(o8, (o8 += n));
  return {
    // A frozen copy: views hand `rules` to agents, who must not be able to change the shared rule set.
    rules: Object.freeze({ ...rules }),
    limit,
    flowers,
    players,
    wall: createWall(flowers, rules.deadWall),
    dealer: 0,
    prevailing: null,
    seatWind: new Uint8Array(p),
    zero8,
    zero16,
    zero32,
    minus1,
    hand: u8(p * 34),
    handCount: u8(p),
    suitKey: zero32.subarray(0, p * 3),
    suitN: u8(p * 3),
    oddKinds: u8(p),
    nonHeads: u8(p),
    held: zero32.subarray(p * 3, p * 5),
    honSingles: u8(p),
    honPairs: u8(p),
    fours: u8(p),
    winMask: new Uint8Array(p),
    winMaskVer: minus1.subarray(4 * p, 5 * p),
    meldType: new Uint8Array(p * MAX_MELDS),
    meldTile: new Uint8Array(p * MAX_MELDS),
    meldConcealed: new Uint8Array(p * MAX_MELDS),
    meldCount: u8(p),
    bonus: new Uint8Array(p * MAX_BONUS),
    bonusCount: u8(p),
    discTile: new Uint8Array(p * MAX_DISCARDS),
    discClaimed: new Uint8Array(p * MAX_DISCARDS),
    discCount: zero16.subarray(0, p),
    turnsBySeat: zero16.subarray(p, 2 * p),
    seen: u8(34),
    pubVer: zero32.subarray(p * 5, p * 6),
    pubSeat: new Array<SeatPublic | null>(p).fill(null),
    pubSeatVer: minus1.subarray(0, p),
    seatHand: new Array<SeatHand | null>(p).fill(null),
    pubDisc: new Array<readonly DiscardInfo[] | null>(p).fill(null),
    pubDiscKey: minus1.subarray(p, 2 * p),
    pubMelds: new Array<readonly Meld[] | null>(p).fill(null),
    pubMeldKey: minus1.subarray(2 * p, 3 * p),
    pubFlowers: new Array<readonly number[] | null>(p).fill(null),
    pubFlowerKey: minus1.subarray(3 * p, 4 * p),
    scores: new Array<number>(p).fill(0),
    drawn: -1,
    lastDiscard: -1,
    lastDiscardBy: -1,
    discardCount: 0,
    claimCount: 0,
    afterClaim: false,
    phase: 'turn',
    decision: 0,
  };
}

/** Clear everything but the wall's tiles for a new deal with `dealer` as East. */
export function resetHand(s: HandState, dealer: Seat, prevailing: Wind | null): void {
  s.dealer = dealer;
  s.prevailing = prevailing;
  const winds = SEAT_WINDS[s.players]!;
  for (let seat = 0; seat < s.players; seat++) s.seatWind[seat] = winds[(seat - dealer + s.players) % s.players]!;
  s.zero8.fill(0);
  s.zero16.fill(0);
  s.zero32.fill(0);
  s.minus1.fill(-1);
  s.pubSeat.fill(null);
  s.seatHand.fill(null);
  s.drawn = -1;
  s.lastDiscard = -1;
  s.lastDiscardBy = -1;
  s.discardCount = 0;
  s.claimCount = 0;
  s.afterClaim = false;
}

export function nextSeat(s: HandState, seat: Seat): Seat {
  return seat + 1 === s.players ? 0 : seat + 1;
}

export function meldsOf(s: HandState, seat: Seat): Meld[] {
  const out: Meld[] = [];
  for (let i = 0; i < s.meldCount[seat]!; i++) {
    const j = seat * MAX_MELDS + i;
    out.push({ type: MELD_TYPES[s.meldType[j]!]!, tile: s.meldTile[j]!, concealed: s.meldConcealed[j] === 1 });
  }
  return out;
}

export function concealedOf(s: HandState, seat: Seat): number[] {
  const out: number[] = [];
  const base = seat * 34;
  for (let t = 0; t < 34; t++) for (let k = s.hand[base + t]!; k > 0; k--) out.push(t);
  return out;
}

export function bonusOf(s: HandState, seat: Seat): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.bonusCount[seat]!; i++) out.push(s.bonus[seat * MAX_BONUS + i]!);
  return out;
}

export function addMeld(s: HandState, seat: Seat, type: number, tile: number, concealed: boolean): void {
  const j = seat * MAX_MELDS + s.meldCount[seat]!;
  s.meldType[j] = type;
  s.meldTile[j] = tile;
  s.meldConcealed[j] = concealed ? 1 : 0;
  s.meldCount[seat]!++;
  s.pubVer[seat]!++;
  if (type === CHOW) {
    s.seen[tile]!++;
    s.seen[tile + 1]!++;
    s.seen[tile + 2]!++;
  } else s.seen[tile]! += type === KONG ? 4 : 3;
}

/** 1 for the heads (terminals and honours), per kind. */
export const HEAD_KIND: Uint8Array = Uint8Array.from({ length: 34 }, (_, t) => (t >= 27 || t % 9 === 0 || t % 9 === 8 ? 1 : 0));
/** Per kind: its group (0-2 the suits, 3 the honours) and, for a suit, 5^rank (its weight in the suit key). */
const GROUP: Uint8Array = Uint8Array.from({ length: 34 }, (_, t) => (t < 27 ? (t / 9) | 0 : 3));
const WEIGHT: Int32Array = Int32Array.from({ length: 34 }, (_, t) => (t < 27 ? POW5[t % 9]! : 0));

/** An honour kind went from `was` to `now` tiles: keep the single/pair counts. */
function honourChanged(s: HandState, seat: Seat, was: number, now: number): void {
  if (was === 1 || was === 4) s.honSingles[seat]!--;
  else if (was === 2) s.honPairs[seat]!--;
  if (now === 1 || now === 4) s.honSingles[seat]!++;
  else if (now === 2) s.honPairs[seat]!++;
}

/**
 * Add `n` tiles of kind `t` to a seat's concealed hand (n < 0 removes), keeping the cached statistics. One body for
 * both directions, with per-kind tables instead of divisions: it runs twice per turn.
 */
function changeTiles(s: HandState, seat: Seat, t: number, n: number): void {
  const j = seat * 34 + t;
  const was = s.hand[j]!;
  const now = was + n;
  s.hand[j] = now;
  if (was === 0 || now === 0) {
    const w = seat * 2 + (t < 17 ? 0 : 1);
    s.held[w]! ^= 1 << (t < 17 ? t : t - 17);
  }
  if (was === 4) s.fours[seat]!--;
  else if (now === 4) s.fours[seat]!++;
  s.handCount[seat]! += n;
  s.pubVer[seat]!++;
  const g = GROUP[t]!;
  if (g < 3) {
    const u = seat * 3 + g;
    s.suitKey[u]! += n * WEIGHT[t]!;
    s.suitN[u]! += n;
  } else honourChanged(s, seat, was, now);
  if ((n & 1) === 1) s.oddKinds[seat] = (now & 1) === 1 ? s.oddKinds[seat]! + 1 : s.oddKinds[seat]! - 1;
  if (HEAD_KIND[t] === 0) s.nonHeads[seat]! += n;
}

export function addTiles(s: HandState, seat: Seat, t: number, n: number): void {
  changeTiles(s, seat, t, n);
}

export function removeTiles(s: HandState, seat: Seat, t: number, n: number): void {
  changeTiles(s, seat, t, -n);
}
