/**
 * The state of one hand (docs/rules.md "Common to all"), everything needed to continue it from any decision, in
 * five groups:
 * - `hidden`: the wall's order and where later walls come from (a reshuffle after washing);
 * - `priv`: each seat's concealed tiles (34-kind counts) with statistics kept beside them, and the tile the mover
 *   has just drawn;
 * - `pub`: what a player at the table sees: seat winds, scores, melds, flowers, discards, concealed counts, the
 *   copies of each kind shown, the last discard;
 * - `flow`: where the hand stands: phase, the seat to decide and its legal actions, how the mover's tiles came,
 *   the claim, robbing and washing rounds' progress, and the end;
 * - `viewCache`: caches that src/view keeps for this state (the engine never reads them).
 * Every typed field is a view into one of three slabs per width, so a new deal clears the per-hand counters with
 * three fills and `cloneInto` (clone.ts) copies the whole state with a handful of copies.
 * Only the engine changes a state, through the named tile movements of moves.ts; agents see it only through
 * src/view.
 */
import type { Action, HandPhase } from '../core/action.js';
import type { Seat, Wind } from '../core/seat.js';
import { type RuleSet, specialShapesOf } from '../rules/index.js';
import type { SpecialShape } from '../hand/special.js';
import { createWall, type Wall } from '../wall/wall.js';
import { POW5 } from '../hand/suit-shapes.js';
import type { Meld, MeldType } from '../tiles/index.js';
import { PASS } from './actions.js';
import type { HandEnd, WashResult } from './types.js';
import type { WallSource } from './chance.js';
export { POW5 } from '../hand/suit-shapes.js';

/** Per-seat capacity of the discard slab: more than any seat can discard from a 144-tile wall with two players. */
export const MAX_DISCARDS = 128;
export const MAX_MELDS = 4;
export const MAX_BONUS = 8;
export const MELD_TYPES: readonly MeldType[] = ['chow', 'pung', 'kong'];
export const CHOW = 0;
export const PUNG = 1;
export const KONG = 2;
/** Longest legal list: 14 discards, 3 concealed and 4 added kongs, Mah-Jongg (turn); 7 in a claim. */
export const MAX_LEGAL = 32;

/**
 * Seat winds by players, counted from the dealer: Harr's two- and three-handed games are played "in exactly the same
 * way ... omitting the dummy's turn of play" (Part II, "Two and three-handed games"). Three players keep East, South
 * and West (the dummy sits North). Two players each build two sides of the wall and sit opposite, so they are East
 * and West (docs/rules.md "Players", **Reading**: Harr names no winds for two players).
 */
export const SEAT_WINDS: Readonly<Record<number, readonly Wind[]>> = { 2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3] };

/** How the tiles of the seat to move came to it this turn (first-turn and loose-tile wins depend on it). */
export type TileSource = 'deal' | 'wall' | 'loose' | 'claim';

/** The hidden part: only chance and the engine know it. */
export interface HiddenState {
  readonly wall: Wall;
  /** Where this hand's walls come from: the first deal and every reshuffle after a wash (chance.ts). */
  chance: WallSource;
}

/**
 * Each seat's concealed tiles and what the engine keeps beside them: for each suit sum count * 5^rank and the
 * tile count; kinds held an odd number of times and tiles that are not heads; the kinds held as bit masks; honour
 * singles/fours and pairs; kinds held four times; and the cached "which discards could complete this hand" mask.
 * Kept by moves.ts's changeTiles (the only writer of `hand`); validateState recomputes all of them.
 */
export interface PrivateState {
  /** Concealed counts, seat-major: hand[seat * 34 + kind]. */
  readonly hand: Uint8Array;
  readonly suitKey: Int32Array;
  readonly suitN: Uint8Array;
  readonly oddKinds: Uint8Array;
  readonly nonHeads: Uint8Array;
  /** held[seat * 2] bit t for kinds 0..16, held[seat * 2 + 1] bit t - 17 for kinds 17..33. */
  readonly held: Int32Array;
  /** Honour kinds held once or four times, and held as a pair: a standard hand allows no single or four, one pair. */
  readonly honSingles: Uint8Array;
  readonly honPairs: Uint8Array;
  readonly fours: Uint8Array;
  /**
   * Per seat, which discards could possibly complete its hand (agari.ts winMask): bit g for a tile of group g (0-2
   * suits, 3 honours), bit 4 for the special shapes; valid while winMaskVer equals the seat's pub.pubVer.
   */
  readonly winMask: Uint8Array;
  readonly winMaskVer: Int32Array;
  /** Tile the seat to move drew this turn (-1 none). */
  drawn: number;
}

/** What every player at the table sees. */
export interface PublicState {
  dealer: Seat;
  prevailing: Wind | null;
  readonly seatWind: Uint8Array;
  /** Cumulative scores at the start of this hand (what the views show). */
  scores: number[];
  readonly handCount: Uint8Array;
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
   * tile, a pung three, a kong four). Kept by moves.ts; validateState recomputes it.
   */
  readonly seen: Uint8Array;
  /**
   * Public-information version per seat, bumped by every change a player at the table could see (discards, claimed
   * marks, melds, flowers, concealed count); the views' caches are keyed by it. Reset with every deal.
   */
  readonly pubVer: Int32Array;
  lastDiscard: number;
  lastDiscardBy: number;
  discardCount: number;
  /** Claims (pung, kong, chow) made so far in the hand. */
  claimCount: number;
  /** Set while the seat to move took its tiles by a pung or chow (Babcock: no own-turn kong straight after). */
  afterClaim: boolean;
}

/** The claim round on a discard: who is asked next, and the best claim so far (claims.ts). */
export interface ClaimRound {
  from: Seat;
  tile: number;
  /** Live wall count when the discard was made. */
  live: number;
  /** The seat being asked, or the next to consider. */
  seat: Seat;
  bestSeat: Seat;
  bestAction: Action | null;
}

/** The robbing round on a tile added to a pung (claims.ts). */
export interface RobRound {
  from: Seat;
  tile: number;
  seat: Seat;
  /** The last discard while the round runs (the view shows the added tile there); restored after it. */
  savedDiscard: number;
  savedBy: number;
}

/** The washing round after a deal (wash.ts). */
export interface WashRound {
  /** The deal of this hand being played: 0 the first, W after W washes. */
  reshuffle: number;
  /** Seats considered so far, counted from the dealer. */
  k: number;
  heads: number;
  /** This hand's washes so far (a new list each hand: the hand's end keeps it). */
  washes: WashResult[];
}

export interface FlowState {
  phase: HandPhase;
  /** The seat to decide (-1 once over). */
  seat: Seat;
  /** How the tiles of the seat in its turn came (deal, wall, loose tile, claim). */
  source: TileSource;
  /** The legal actions of the open decision, in legal[0 .. n): engine-owned, copied into each view. */
  readonly legal: Action[];
  n: number;
  /** Incremented when a decision opens and when it is answered: a view is valid only while its decision is open. */
  decision: number;
  readonly claim: ClaimRound;
  readonly rob: RobRound;
  readonly wash: WashRound;
  /**
   * The seat holding 3n+2 tiles, null when every seat holds 3n+1, -1 while a seat waits for a loose tile (hand
   * sizes not checkable): for the invariant check after every event (validate.ts).
   */
  inTurn: Seat | null;
  /** Per seat, flowers dealt and not yet replaced (the deal). */
  readonly pending: number[];
  end: HandEnd | null;
}

/**
 * Who is told what happens in a hand (src/engine/observer.ts says more). Declared here, with the state that holds
 * one, so observer.ts imports the state and the state never imports it back.
 */
export type ClaimType = 'pung' | 'kong' | 'chow';

export interface HandObserver {
  /** The deal is made (before flowers are replaced). */
  deal(s: HandState): void;
  flower(s: HandState, seat: Seat, tile: number): void;
  draw(s: HandState, seat: Seat, tile: number): void;
  loose(s: HandState, seat: Seat, tile: number): void;
  discard(s: HandState, seat: Seat, tile: number): void;
  /** `low`: the run's lowest tile for a chow, else the claimed tile. */
  claim(s: HandState, seat: Seat, type: ClaimType, tile: number, from: Seat, low: number): void;
  kong(s: HandState, seat: Seat, type: 'concealed' | 'add', tile: number): void;
  wash(s: HandState, seat: Seat, heads: number, payment: number): void;
  mahjong(s: HandState, seat: Seat, by: string, tile: number, from: Seat | null): void;
  exhausted(s: HandState): void;
  /** A decision was applied (before its effects). */
  action(s: HandState, seat: Seat, a: Action): void;
}

const none = (): void => {};

export const NO_OBSERVER: HandObserver = Object.freeze({
  deal: none,
  flower: none,
  draw: none,
  loose: none,
  discard: none,
  claim: none,
  kong: none,
  wash: none,
  mahjong: none,
  exhausted: none,
  action: none,
});

export interface HandState {
  readonly rules: RuleSet;
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly players: number;
  /** The rule set's complete hands of non-standard shape (rules/special.ts), for the Mah-Jongg prefilter. */
  readonly specials: readonly SpecialShape[];
  readonly hidden: HiddenState;
  readonly priv: PrivateState;
  readonly pub: PublicState;
  readonly flow: FlowState;
  /** The three slabs every typed field lies in (clone.ts copies them whole). */
  readonly slab8: Uint8Array;
  readonly slab16: Uint16Array;
  readonly slab32: Int32Array;
  /** Bytes of slab8 cleared by a new deal (the rest is gated by the counts and needs no clearing). */
  readonly cleared8: number;
  /** Working space of the engine's own (sample.ts: the unseen tiles, a dealt hand); means nothing between calls. */
  readonly scratch: Uint8Array;
  /** Deals made on this state object: a view cache built for another deal is stale. */
  generation: number;
  /** Owned by src/view (its caches for this state); the engine only resets it to null. */
  viewCache: unknown;
  /** Told of every event and every applied decision (records, invariant checks); NO_OBSERVER on the fast path. */
  obs: HandObserver;
}

export function createHandState(rules: RuleSet, limit: number | null, flowers: boolean, players: number): HandState {
  const p = players;
  // Cleared by every deal first, then the regions gated by counts.
  const n8 = p * (34 + 3 + 6 + 3) + 34;
  const gated8 = p * (1 + 3 * MAX_MELDS + MAX_BONUS + 2 * MAX_DISCARDS);
  const slab8 = new Uint8Array(n8 + gated8);
  const slab16 = new Uint16Array(p * 2);
  const slab32 = new Int32Array(p * 7);
  let o8 = 0;
  const u8 = (n: number): Uint8Array => slab8.subarray(o8, (o8 += n));
  let o32 = 0;
  const i32 = (n: number): Int32Array => slab32.subarray(o32, (o32 += n));
  const priv: PrivateState = {
    hand: u8(p * 34),
    suitKey: i32(p * 3),
    suitN: u8(p * 3),
    oddKinds: u8(p),
    nonHeads: u8(p),
    held: i32(p * 2),
    honSingles: u8(p),
    honPairs: u8(p),
    fours: u8(p),
    winMask: u8(p),
    winMaskVer: i32(p),
    drawn: -1,
  };
  const pubVer = i32(p);
  const handCount = u8(p);
  const meldCount = u8(p);
  const bonusCount = u8(p);
  const seen = u8(34);
  if (o8 !== n8) throw new Error('state layout: cleared region miscounted');
  const pub: PublicState = {
    dealer: 0,
    prevailing: null,
    seatWind: u8(p),
    scores: new Array<number>(p).fill(0),
    handCount,
    meldType: u8(p * MAX_MELDS),
    meldTile: u8(p * MAX_MELDS),
    meldConcealed: u8(p * MAX_MELDS),
    meldCount,
    bonus: u8(p * MAX_BONUS),
    bonusCount,
    discTile: u8(p * MAX_DISCARDS),
    discClaimed: u8(p * MAX_DISCARDS),
    discCount: slab16.subarray(0, p),
    turnsBySeat: slab16.subarray(p, 2 * p),
    seen,
    pubVer,
    lastDiscard: -1,
    lastDiscardBy: -1,
    discardCount: 0,
    claimCount: 0,
    afterClaim: false,
  };
  const flow: FlowState = {
    phase: 'over',
    seat: -1,
    source: 'deal',
    legal: new Array<Action>(MAX_LEGAL).fill(PASS),
    n: 0,
    decision: 0,
    claim: { from: -1, tile: -1, live: 0, seat: -1, bestSeat: -1, bestAction: null },
    rob: { from: -1, tile: -1, seat: -1, savedDiscard: -1, savedBy: -1 },
    wash: { reshuffle: 0, k: 0, heads: 0, washes: [] },
    inTurn: null,
    pending: new Array<number>(p).fill(0),
    end: null,
  };
  return {
    // A frozen copy: views hand `rules` to agents, who must not be able to change the shared rule set. (A state's
    // copies share its frozen one.)
    rules: Object.isFrozen(rules) ? rules : Object.freeze({ ...rules }),
    limit,
    flowers,
    players,
    specials: specialShapesOf(rules.table),
    hidden: { wall: createWall(flowers, rules.deadWall), chance: NO_CHANCE },
    priv,
    pub,
    flow,
    slab8,
    slab16,
    slab32,
    cleared8: n8,
    scratch: new Uint8Array(144 + 34 + 14 + 14), // the sampler's pool, counts, best deal and weighed pick
    generation: 0,
    viewCache: null,
    obs: NO_OBSERVER,
  };
}

/** Until a hand is started: no wall to draw. */
const NO_CHANCE: WallSource = {
  fill() {
    throw new Error('the hand has not been started (startHand)');
  },
};

/** Clear everything but the wall's tiles for a new deal with `dealer` as East. */
export function resetHand(s: HandState, dealer: Seat, prevailing: Wind | null): void {
  const pub = s.pub;
  pub.dealer = dealer;
  pub.prevailing = prevailing;
  const winds = SEAT_WINDS[s.players]!;
  s.slab8.fill(0, 0, s.cleared8);
  s.slab16.fill(0);
  s.slab32.fill(0);
  s.priv.winMaskVer.fill(-1);
  for (let seat = 0; seat < s.players; seat++) pub.seatWind[seat] = winds[(seat - dealer + s.players) % s.players]!;
  s.priv.drawn = -1;
  pub.lastDiscard = -1;
  pub.lastDiscardBy = -1;
  pub.discardCount = 0;
  pub.claimCount = 0;
  pub.afterClaim = false;
  s.generation++;
}

export function nextSeat(s: HandState, seat: Seat): Seat {
  return seat + 1 === s.players ? 0 : seat + 1;
}

export function meldsOf(s: HandState, seat: Seat): Meld[] {
  const pub = s.pub;
  const out: Meld[] = [];
  for (let i = 0; i < pub.meldCount[seat]!; i++) {
    const j = seat * MAX_MELDS + i;
    out.push({ type: MELD_TYPES[pub.meldType[j]!]!, tile: pub.meldTile[j]!, concealed: pub.meldConcealed[j] === 1 });
  }
  return out;
}

export function concealedOf(s: HandState, seat: Seat): number[] {
  const out: number[] = [];
  const base = seat * 34;
  const hand = s.priv.hand;
  for (let t = 0; t < 34; t++) for (let k = hand[base + t]!; k > 0; k--) out.push(t);
  return out;
}

export function bonusOf(s: HandState, seat: Seat): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.pub.bonusCount[seat]!; i++) out.push(s.pub.bonus[seat * MAX_BONUS + i]!);
  return out;
}

/** The seat's concealed counts as a fresh 34-kind array. */
export function handCounts(s: HandState, seat: Seat): Uint8Array {
  return s.priv.hand.slice(seat * 34, seat * 34 + 34);
}

/** 1 for the heads (terminals and honours), per kind. */
export const HEAD_KIND: Uint8Array = Uint8Array.from({ length: 34 }, (_, t) => (t >= 27 || t % 9 === 0 || t % 9 === 8 ? 1 : 0));
/** Per kind: its group (0-2 the suits, 3 the honours) and, for a suit, 5^rank (its weight in the suit key). */
export const GROUP: Uint8Array = Uint8Array.from({ length: 34 }, (_, t) => (t < 27 ? (t / 9) | 0 : 3));
export const WEIGHT: Int32Array = Int32Array.from({ length: 34 }, (_, t) => (t < 27 ? POW5[t % 9]! : 0));
