/**
 * What the luck meter values a seat's hand at, around a draw (src/luck/meter.ts): the tiles left in the wall, the
 * score a tile adds to a loser's hand, what winning on a tile would collect, each memoised per hand shape. Pure
 * functions of the state before the draw, so every channel's f is fixed before chance deals (docs/statistics.md).
 */
import type { Seat } from '../core/seat.js';
import { bonusOf, GROUP, MAX_MELDS, MELD_TYPES, meldsOf, type HandState } from '../engine/state.js';
import { suitKey } from '../hand/shanten.js';
import { scoreSummary, scoreValue, type ScoreContext, type WinBy } from '../scoring/index.js';
import type { HandSpec, Meld } from '../tiles/index.js';
import { KINDS } from '../tiles/index.js';
import { ShapeMemo } from './shape-memo.js';

/** Adds the suit and honour tiles in the wall (live and dead) to `into`; returns how many there are. */
export function countWall(s: HandState, into: Uint8Array): number {
  const w = s.hidden.wall;
  let n = 0;
  for (let i = w.head; i < w.tail; i++) {
    const k = w.tiles[i]!;
    if (k < KINDS) {
      into[k]!++;
      n++;
    }
  }
  return n;
}

/** A seat's loser scores in this hand by loserShapeKey, for its melds and bonus tiles as `named` names them. */
export interface LoserMemo {
  /** Its melds, kongs and bonus tiles by their counts (metaUnit and the bonus count); -1 none yet. */
  named: number;
  readonly memo: ShapeMemo;
  /** Scratch: the concealed counts scored. */
  readonly counts: Uint8Array;
  /** The melds and bonus tiles `named` names, and the seat's context in this hand. */
  melds: Meld[];
  bonus: number[];
  ctx: ScoreContext;
}

export const NO_CONTEXT: ScoreContext = { seatWind: 0, prevailingWind: null, win: null, lastTile: false, lastOfKind: false, firstTurn: false, limit: null };

/** A seat's wait as LuckMeter.waitOf last found it, with what it was found for. */
export interface SeatWait {
  valid: boolean;
  /** Its concealed counts when found. */
  readonly concealed: Uint8Array;
  waiting: boolean;
  /** 1 where drawing the kind would complete the hand (a waiting seat only). */
  readonly wins: Uint8Array;
  /** The memo's row of win values for the hand (a waiting seat only; null when nothing is remembered). */
  row: Float64Array | null;
}

export function newSeatWait(): SeatWait {
  return { valid: false, concealed: new Uint8Array(KINDS), waiting: false, wins: new Uint8Array(KINDS), row: null };
}

/** A kind of each group (suits 0 to 2, honours 3), for bestSuit, which reads only the group of the kind it adds. */
export const GROUP_REP: readonly number[] = [0, 1, 2, 3].map((g) => GROUP.indexOf(g));

/**
 * What the scorer's answer for `seat` holding `concealed` depends on within one hand, as a string: the seat, its
 * concealed counts, and its melds and bonus tiles. Within a hand a seat's melds only grow, or a pung becomes a kong,
 * and its bonus tiles only grow, so their counts (and the number of kongs) name them; the winds, the limit and the
 * dealer do not change. The memo is cleared at each deal.
 */
export function scoreKey(s: HandState, seat: Seat, concealed: Uint8Array): string {
  const k0 = suitKey(concealed, 0);
  const k1 = suitKey(concealed, 1);
  const k2 = suitKey(concealed, 2);
  const k3 = suitKey(concealed, 3);
  return String.fromCharCode(metaUnit(s, seat), s.pub.bonusCount[seat]!, k0 & 0xffff, k0 >>> 16, k1 & 0xffff, k1 >>> 16, k2 & 0xffff, k2 >>> 16, k3 & 0xffff, k3 >>> 16);
}

/**
 * One UTF-16 code unit of a memo key: the seat (2 bits), its melds and kongs (3 bits each). The
 * keys are short flat strings of code units, not text with separators: a key joined from parts is a rope that the
 * map must flatten before it hashes it, which was a tenth of the meter's time (a CPU profile of 2,000 hands of the
 * default lineup with --duplicate).
 */
export function metaUnit(s: HandState, seat: Seat): number {
  return seat | (s.pub.meldCount[seat]! << 2) | (kongsOf(s, seat) << 5);
}

/** The seat's kongs among its melds. */
function kongsOf(s: HandState, seat: Seat): number {
  let kongs = 0;
  for (let i = 0; i < s.pub.meldCount[seat]!; i++) if (s.pub.meldType[seat * MAX_MELDS + i] === KONG_TYPE) kongs++;
  return kongs;
}

/** How a win can come (WinBy), in the order of their slots in a memo row. */
export const WIN_BYS: readonly WinBy[] = ['discard', 'self-draw', 'loose-tile', 'robbing-kong'];
/** A row of win values: each kind by each WinBy. */
export const WIN_ROW = KINDS * WIN_BYS.length;
/** meldType's code of a kong (MELD_TYPES). */
const KONG_TYPE = MELD_TYPES.indexOf('kong');

/**
 * The seat's tiles by suit before the draw (concealed and melded, a meld as three): out[0..2] the three suits,
 * out[3] the honours.
 */
export function suitCounts(s: HandState, seat: Seat, concealed: Uint8Array, out: Uint8Array): Uint8Array {
  out.fill(0);
  for (let k = 0; k < KINDS; k++) out[GROUP[k]!]! += concealed[k]!;
  for (let i = 0; i < s.pub.meldCount[seat]!; i++) out[GROUP[s.pub.meldTile[seat * MAX_MELDS + i]!]!]! += 3;
  return out;
}

/** Its best suit's tiles plus its honours, with `k` added. */
export function bestSuit(suits: Uint8Array, k: number): number {
  const ks = GROUP[k]!;
  let best = 0;
  for (let x = 0; x < 3; x++) best = Math.max(best, suits[x]! + (ks === x ? 1 : 0));
  return best + suits[3]! + (ks === 3 ? 1 : 0);
}

/** The seat's hand as the scorer takes it: concealed counts (plus one `plus`, -1 none), its melds and bonus tiles. */
function scored(s: HandState, seat: Seat, concealed: Uint8Array, plus: number, winning: number | null, win: WinBy | null): [HandSpec, ScoreContext] {
  const tiles: number[] = [];
  for (let x = 0; x < KINDS; x++) for (let c = concealed[x]! + (x === plus ? 1 : 0); c > 0; c--) tiles.push(x);
  return [
    { concealed: tiles, melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning },
    contextOf(s, seat, win),
  ];
}

/** The seat's context as the meter scores it: its wind, the round's, the limit; never a first turn or a last tile. */
export function contextOf(s: HandState, seat: Seat, win: WinBy | null): ScoreContext {
  return { seatWind: s.pub.seatWind[seat]!, prevailingWind: s.rules.prevailingWind ? s.pub.prevailing : null, win, lastTile: false, lastOfKind: false, firstTurn: false, limit: s.limit };
}

export function loserScore(s: HandState, seat: Seat, concealed: Uint8Array, plus: number): number {
  return scoreValue(s.rules, ...scored(s, seat, concealed, plus, null, null));
}

/**
 * What `seat` would collect winning on `k` with concealed counts `concealed` (k not among them), `by` as given:
 * its score (the scorer, docs/rules.md "Scoring"), capped at the limit, from each loser, East paying and receiving
 * double (docs/rules.md "Settling"). The losers' own settlement and penalties are left out: a fixed function of the
 * state and the tile is all the construction needs, and this is the part of a win that depends on the tile.
 */
export function winValue(s: HandState, seat: Seat, concealed: Uint8Array, k: number, by: WinBy): number {
  const score = scoreSummary(s.rules, ...scored(s, seat, concealed, -1, k, by), true).score;
  const capped = s.limit === null ? score : Math.min(score, s.limit);
  const east = s.pub.dealer;
  let pay = 0;
  for (let o = 0; o < s.players; o++) if (o !== seat) pay += o === east || seat === east ? 2 * capped : capped;
  return pay;
}
