/**
 * The inputs of the value model of the full state (docs/statistics.md "The learned value"): everything of a hand
 * but the order of the tiles still in the wall, which is what makes the next draw uniform over them. Seats are
 * taken in wind order from East (East pays and receives double), and the state is the one just after a seat (the
 * mover) drew a tile k. The inputs are built in two parts so that the luck meter, which asks for the state after
 * every kind k the wall still holds, builds the common part once a draw and only a few entries a kind:
 *
 *   base (the state before the draw, seat by seat)      the kind's part (what drawing k changes)
 *   concealed counts, "holds ≥ c of kind k", c = 1..4   the mover's c+1-th of k
 *   melds: a pung or kong of k, chows starting at k     -
 *   the wall's contents, "≥ c of kind k left"           the wall's last-counted k gone (−1)
 *   tiles left in the wall after the draw, /100         -
 *   the prevailing wind (rule sets that have one)       -
 *   per seat: bonus tiles /4, the mover flag            -
 *   per other seat: shanten (one-hot), its score as a   its outs, and its useful tiles, less k where k is one
 *   loser's (log2), its outs and win value when it        of them
 *   waits, its useful tiles left, its best suit
 *   the mover: -                                        its shanten with k, its score as a loser's, what
 *                                                        winning on k collects when k completes it, its best suit
 *
 * Every entry is a fixed function of the state after the draw (the base's wall entries are corrected by the kind's
 * part), so a sample recorded at the tile actually drawn and the luck meter's value of each kind the wall holds
 * are the same function (test/runner/luck-value.test.ts).
 */
import type { Seat } from '../core/seat.js';
import { MAX_MELDS, MELD_TYPES, type HandState } from '../engine/state.js';
import { HandAnalyser } from '../hand/shanten.js';
import { loserScore, scoreKey, suitCounts, winValue } from '../luck/hand-values.js';
import { KINDS } from '../tiles/index.js';

/** Bumped whenever an input's meaning changes: a model of another layout is refused. */
export const VALUE_FEATURES_VERSION = 1;
/** Seats the model values (the four-handed game only). */
export const VALUE_SEATS = 4;

const P = VALUE_SEATS;
const CONC = 0;
const MELD = CONC + P * KINDS * 4;
const WALL = MELD + P * KINDS * 2;
const SEAT = WALL + KINDS * 4;
/** Per seat: bonus, shanten −1..6 (8), loser score, outs, win value, mover, best suit, useful tiles. */
const SLOTS = 15;
const BONUS = 0;
const SHANTEN = 1;
const LOSER = 9;
const OUTS = 10;
const WIN = 11;
const MOVER = 12;
const SUIT = 13;
const USEFUL = 14;
const GLOBAL = SEAT + P * SLOTS;
export const VALUE_FEATURES = GLOBAL + 1 + 4;

const PUNG_TYPE = MELD_TYPES.indexOf('pung');
const KONG_TYPE = MELD_TYPES.indexOf('kong');

/** A sparse list of inputs (index, value), duplicates allowed: the model is linear in them before its hidden units. */
export class Entries {
  readonly index = new Int32Array(1024);
  readonly value = new Float64Array(1024);
  n = 0;
  push(i: number, v: number): void {
    this.index[this.n] = i;
    this.value[this.n++] = v;
  }
}

/** What the model reads of a seat that is not drawing, worked out again only when its tiles or melds change. */
interface Other {
  key: string;
  /** Shanten of its 13-tile hand (-2: not a 13-tile hand, nothing read). */
  shanten: number;
  readonly useful: Uint8Array;
  readonly wins: Uint8Array;
  winMax: number;
  loser: number;
  suit: number;
}

const seatSlot = (wind: number, slot: number): number => SEAT + wind * SLOTS + slot;
const logScaled = (v: number, d: number): number => Math.log2(1 + Math.max(0, v)) / d;
const shantenSlot = (sh: number): number => SHANTEN + Math.min(Math.max(sh, -1), 6) + 1;

export class DrawFeatures {
  readonly base = new Entries();
  readonly kindPart = new Entries();
  private readonly analyser = new HandAnalyser();
  private readonly others: Other[] = Array.from({ length: P }, () => ({ key: '', shanten: -2, useful: new Uint8Array(KINDS), wins: new Uint8Array(KINDS), winMax: 0, loser: 0, suit: 0 }));
  private readonly concealed = new Uint8Array(KINDS);
  private readonly suits = new Uint8Array(4);
  private before: Uint8Array = new Uint8Array(KINDS);
  private wall: Uint8Array = new Uint8Array(KINDS);
  private moverWind = 0;
  private dealer = 0;
  /** The seats' wind places, by seat. */
  readonly windOf = new Uint8Array(P);

  /** A new deal: nothing remembered of the seats applies. */
  deal(): void {
    for (const o of this.others) o.key = '';
  }

  /** The base for `seat`'s draw: `before` its concealed tiles without the drawn one, `wall` the wall's tiles with it, n of them. */
  start(s: HandState, seat: Seat, before: Uint8Array, wall: Uint8Array, n: number): void {
    if (s.players !== P) throw new Error(`value features: ${s.players} players; the model values the four-handed game`);
    this.before = before;
    this.wall = wall;
    this.dealer = s.pub.dealer;
    for (let j = 0; j < P; j++) this.windOf[j] = (j - this.dealer + P) % P;
    this.moverWind = this.windOf[seat]!;
    const b = this.base;
    b.n = 0;
    for (let k = 0; k < KINDS; k++) for (let c = 1; c <= wall[k]!; c++) b.push(WALL + k * 4 + c - 1, 1);
    b.push(GLOBAL, (n - 1) / 100);
    if (s.rules.prevailingWind && s.pub.prevailing !== null) b.push(GLOBAL + 1 + s.pub.prevailing, 1);
    for (let j = 0; j < P; j++) {
      const w = this.windOf[j]!;
      const counts = j === seat ? before : this.handOf(s, j);
      for (let k = 0; k < KINDS; k++) for (let c = 1; c <= counts[k]!; c++) b.push(CONC + (w * KINDS + k) * 4 + c - 1, 1);
      for (let m = 0; m < s.pub.meldCount[j]!; m++) {
        const type = s.pub.meldType[j * MAX_MELDS + m]!;
        const tile = s.pub.meldTile[j * MAX_MELDS + m]!;
        b.push(MELD + w * KINDS * 2 + (type === PUNG_TYPE || type === KONG_TYPE ? 0 : KINDS) + tile, 1);
      }
      b.push(seatSlot(w, BONUS), s.pub.bonusCount[j]! / 4);
      if (j === seat) {
        b.push(seatSlot(w, MOVER), 1);
        continue;
      }
      const o = this.other(s, j);
      if (o.shanten === -2) continue;
      b.push(seatSlot(w, shantenSlot(o.shanten)), 1);
      b.push(seatSlot(w, LOSER), logScaled(o.loser, 8));
      b.push(seatSlot(w, SUIT), o.suit / 14);
      let useful = 0;
      let outs = 0;
      for (let k = 0; k < KINDS; k++) {
        useful += wall[k]! * o.useful[k]!;
        outs += wall[k]! * o.wins[k]!;
      }
      b.push(seatSlot(w, USEFUL), useful / 20);
      if (o.shanten === 0) {
        b.push(seatSlot(w, OUTS), outs / 8);
        b.push(seatSlot(w, WIN), logScaled(o.winMax, 10));
      }
    }
  }

  /**
   * The kind's part for the state after the mover drew k: its shanten with k, `win` what winning on k collects
   * when k completes its hand, `loser` its score as a loser's with k, `best` its best suit's tiles plus honours.
   */
  kind(k: number, shanten: number, win: number, loser: number, best: number): void {
    const d = this.kindPart;
    d.n = 0;
    const w = this.moverWind;
    d.push(CONC + (w * KINDS + k) * 4 + this.before[k]!, 1);
    d.push(WALL + k * 4 + this.wall[k]! - 1, -1);
    d.push(seatSlot(w, shantenSlot(shanten)), 1);
    d.push(seatSlot(w, LOSER), logScaled(loser, 8));
    d.push(seatSlot(w, SUIT), best / 14);
    if (shanten < 0) d.push(seatSlot(w, WIN), logScaled(win, 10));
    for (let j = 0; j < P; j++) {
      const ow = this.windOf[j]!;
      if (ow === w) continue;
      const o = this.others[j]!;
      if (o.shanten === -2) continue;
      if (o.useful[k]) d.push(seatSlot(ow, USEFUL), -1 / 20);
      if (o.shanten === 0 && o.wins[k]) d.push(seatSlot(ow, OUTS), -1 / 8);
    }
  }

  private handOf(s: HandState, j: Seat): Uint8Array {
    const c = this.concealed;
    for (let k = 0; k < KINDS; k++) c[k] = s.priv.hand[j * KINDS + k]!;
    return c;
  }

  /** Seat j's reading, from its concealed tiles now (handOf has just filled them). */
  private other(s: HandState, j: Seat): Other {
    const o = this.others[j]!;
    const concealed = this.concealed;
    const key = scoreKey(s, j, concealed) + String.fromCharCode(s.pub.dealer);
    if (o.key === key) return o;
    o.key = key;
    const melds = s.pub.meldCount[j]!;
    let tiles = 0;
    for (let k = 0; k < KINDS; k++) tiles += concealed[k]!;
    o.useful.fill(0);
    o.wins.fill(0);
    o.winMax = 0;
    // Only a 13-tile hand (3 less a meld) is read: in the deal, East holds 14 while another seat replaces a flower.
    if (tiles + 3 * melds !== 13) {
      o.shanten = -2;
      return o;
    }
    const a = this.analyser.load(concealed, melds);
    o.shanten = a.shanten();
    for (let k = 0; k < KINDS; k++) {
      const sk = a.shantenWith(k, 1);
      if (sk < o.shanten) o.useful[k] = 1;
      if (sk < 0) {
        o.wins[k] = 1;
        o.winMax = Math.max(o.winMax, winValue(s, j, concealed, k, 'discard'));
      }
    }
    o.loser = loserScore(s, j, concealed, -1);
    const suits = suitCounts(s, j, concealed, this.suits);
    o.suit = Math.max(suits[0]!, suits[1]!, suits[2]!) + suits[3]!;
    return o;
  }
}
