/**
 * Luck of the draw (issue 27, point 3): the control variate the luck adjustment subtracts, in the manner of AIVAT
 * (Burch, Schmid, Moravčík, Morrill and Bowling, "AIVAT: A New Variance Reduction Technique for Agent Evaluation in
 * Imperfect Information Games", AAAI 2018): at every chance event, the value of what chance dealt minus its
 * expectation over what chance could have dealt. Here the chance events are a seat's draws (from the wall or loose,
 * docs/rules.md "Wall and deal", "A turn"), and the value is a fixed function no strategy chooses: f(t) = 1 when
 * the tile t lowers the seat's standard-shape shanten, else 0.
 *
 * Why each term has mean zero whatever the strategies do: the wall is a uniformly random order of the set, and
 * nothing that has happened depends on the order of the tiles not yet drawn (every decision is made from a seat's
 * view, and the views show no wall order), so given the whole state before a draw, the tiles still in the wall
 * (live and dead, either end) are in uniformly random order. The first tile that is not a flower or season (the one
 * a draw ends with: a bonus tile is replaced) is therefore uniform over the suit and honour tiles still in the
 * wall, and E[f(t)] is f's mean over them. A sum of such terms over any hands is a martingale with mean zero.
 *
 * luck.bin format 3 (LUCK_FORMAT 3, identity `luck: 3`), nine channels per seat:
 *   0  its draws: f(t) = 1 when t lowers its shanten;
 *   1  the same, its draws at shanten 0 only;
 *   2  its draws at shanten 0, valued: f(t) = what it would collect winning on t (its score, capped at the limit,
 *      from each loser, East paying and receiving double: docs/rules.md "Settling"), 0 when t does not complete it;
 *   3  another seat's draws, while it is at shanten 0 (a tile it waited on, taken by someone else, is its luck
 *      too): f(t) = what it would collect winning on t by discard, 0 when t does not complete its hand;
 *   4  its draws: f(t) = what t adds to its hand's score as it stands (a loser's score: the sets and doubles
 *      docs/rules.md "Scoring" counts), for kinds it already holds (0 for the others);
 *   5  its draws: channel 3's f summed over the others (it drew a tile another waited on: the risk is its own);
 *   6-8  its draws, at shanten 2 or more (6), 1 (7) and 0 (8) before the draw: f(t) = what the hand is becoming
 *      with t, the fixed table's estimate of its final net (src/game/luck-value.ts), or what winning on t collects
 *      when t completes it (one value function, split by stage so each stage has its own coefficient).
 * Channels 2 to 8 are in points (stored times LUCK_SCALES[c]). Each term is still f(t) − E[f] at one chance event
 * with f fixed before the draw (it reads only the state before it, and the table is data fitted on pilots before
 * any run), so each has mean zero whatever the strategies do. Format 2 (identity `luck: 2`) holds channels 0 to 5,
 * format 1 (identity `luck: true`, among them the committed leagues) channels 0 and 1; all three are read
 * (luckFormat), each with its own coefficients (luckBeta).
 */
import type { Seat } from '../core/seat.js';
import { bonusOf, GROUP, MAX_MELDS, MELD_TYPES, meldsOf, NO_OBSERVER, type HandObserver, type HandState } from '../engine/state.js';
import { HandAnalyser, suitKey } from '../hand/shanten.js';
import { loserScoreMayChange, loserShapeKey, loserShapeKeyWith, loserValue, scoreSummary, scoreValue, type ScoreContext, type WinBy } from '../scoring/index.js';
import type { HandSpec, Meld } from '../tiles/index.js';
import { KINDS } from '../tiles/index.js';
import { isRuleSetId, ruleSet } from '../rules/index.js';
import { valueCell, valueTable } from './luck-value.js';
import { ShapeMemo } from './shape-memo.js';

/** The format LuckMeter writes (the run identity's `luck`: 3; format 2 wrote 2, format 1 `luck: true`). */
export const LUCK_FORMAT = 3;
export const LUCK_CHANNELS = 9;
/** The adjustment's integer unit: 1/(players · LUCK_SCALE) of a point (runner/luck-adjust.ts). */
export const LUCK_SCALE = 100_000;
/**
 * luck.bin stores channel c's sum times LUCK_SCALES[c], rounded: 1/100,000 of a useful draw for the counting
 * channels, 1/100 of a point for the valued ones (a game's valued luck can reach thousands of points; an Int32
 * holds ±21 million of them at this scale).
 */
export const LUCK_SCALES: readonly number[] = Object.freeze([LUCK_SCALE, LUCK_SCALE, 100, 100, 100, 100, 100, 100, 100]);

/** A luck.bin format as read back: its channel count (the record's width per label). */
export interface LuckFormat {
  readonly version: 1 | 2 | 3;
  readonly channels: number;
}

/** The format of a run's luck.bin from its identity's `luck` field (true: format 1; 2: format 2; 3: format 3). */
export function luckFormat(luck: unknown): LuckFormat | null {
  if (luck === true) return { version: 1, channels: 2 };
  if (luck === 2) return { version: 2, channels: 6 };
  if (luck === LUCK_FORMAT) return { version: 3, channels: LUCK_CHANNELS };
  return null;
}

export class LuckMeter {
  /** seat-major: luck[seat * LUCK_CHANNELS + channel], summed over the game's draws. */
  readonly luck: Float64Array;
  private readonly analyser = new HandAnalyser();
  private readonly before = new Uint8Array(KINDS);
  /** The suit and honour tiles in the wall (live and dead) at a draw, the drawn one among them. */
  private readonly wall = new Uint8Array(KINDS);
  /**
   * The same, kept as the hand goes: counted at the deal, less each tile drawn (every playing tile that leaves the
   * wall is told as a draw or a loose tile, src/engine/deal.ts), so a draw no longer counts the wall afresh. The
   * meter that remembers nothing counts it afresh at every draw (test/runner/luck-memo.test.ts compares the two).
   */
  private readonly live = new Uint8Array(KINDS);
  private liveTiles = 0;
  private readonly suits = new Uint8Array(4);
  /** bestSuit(suits, k) for a k of each group (it depends on k's group alone), filled at each draw. */
  private readonly best = new Uint16Array(4);
  /**
   * Each seat's wait as last found, for the other seats' part of a draw: a seat's hand changes only when it acts,
   * while each other seat draws, so its shanten and its winning kinds are worked out again only after it has drawn,
   * discarded, claimed, declared a kong or exposed a flower (the events that change a seat's tiles, melds or bonus
   * tiles: the observer below). Cleared with the memo. The meter that remembers nothing works them out at every
   * draw.
   */
  private readonly waits: SeatWait[];
  /** Channel 6's value table, looked up at the first draw (a meter serves one rule set). */
  private table: readonly number[] | null | undefined;
  /** Fitting only (src/league/luck-value-fit.ts): told the cell of every non-winning draw as it was drawn. */
  trace: ((seat: Seat, cell: number) => void) | null = null;
  readonly observer: HandObserver;
  /**
   * The win values in this hand, by everything they depend on (scoreKey): a seat that discards the tile it drew
   * holds the same hand at its next draw, and a waiting seat's winning values are asked again at every other seat's
   * draw. Scoring was two thirds of the meter's time and the meter two thirds of a --duplicate run's
   * (a CPU profile of 2,000 hands of the default lineup); the values are the scorer's own, so luck.bin is unchanged.
   * One row of answers per key rather than a string per answer: building and hashing a string for each kind asked
   * was a fifth of the meter's time (a CPU profile of 2,000 random hands); the rows alone did not measure faster.
   */
  private readonly memo = new Map<string, Float64Array>();
  /**
   * Each seat's loser scores in this hand, by all the score reads of its concealed tiles (loserShapeKey: its
   * pungs, its honour pairs, the suits it holds), for the melds and bonus tiles it has now (`losersOf`: a seat's
   * melds and bonus tiles only grow within a hand, so a change empties its memo). Keyed by its pairs of suit tiles
   * and single honours too (as a row of answers, one for each tile it might draw), a loser's score was still
   * scored afresh at 140 of a random game's 226 askings (70 now), the scorer then a third of the meter's time (a CPU
   * profile of 4,000 random hands with --duplicate).
   */
  private readonly losers: LoserMemo[];

  /** `remember` false: every value scored afresh (for the test that the memo changes nothing). */
  constructor(
    players: number,
    private readonly remember = true,
  ) {
    this.luck = new Float64Array(players * LUCK_CHANNELS);
    this.waits = Array.from({ length: players }, () => newSeatWait());
    this.losers = Array.from({ length: players }, () => ({ named: -1, memo: new ShapeMemo(), counts: new Uint8Array(KINDS), melds: [], bonus: [], ctx: NO_CONTEXT }));
    this.observer = {
      ...NO_OBSERVER,
      deal: (s: HandState): void => this.dealt(s),
      draw: (s: HandState, seat: Seat, t: number): void => this.drew(s, seat, t, 'self-draw'),
      loose: (s: HandState, seat: Seat, t: number): void => this.drew(s, seat, t, 'loose-tile'),
      flower: (_s: HandState, seat: Seat): void => this.changed(seat),
      discard: (_s: HandState, seat: Seat): void => this.changed(seat),
      claim: (_s: HandState, seat: Seat): void => this.changed(seat),
      kong: (_s: HandState, seat: Seat): void => this.changed(seat),
    };
  }

  /** A new game. */
  reset(): void {
    this.luck.fill(0);
    this.forget();
  }

  /** The deal is made: the wall counted (flowers are replaced after). */
  private dealt(s: HandState): void {
    this.forget();
    this.live.fill(0);
    this.liveTiles = countWall(s, this.live);
  }

  /** The seat's tiles, melds or bonus tiles have changed. */
  private changed(seat: Seat): void {
    this.waits[seat]!.valid = false;
  }

  /** A new hand: the scorer's answers and the seats' waits are of the last one. */
  private forget(): void {
    this.memo.clear();
    for (const l of this.losers) l.named = -1;
    for (const w of this.waits) w.valid = false;
  }

  /** The row of `memo` for `key`, `size` answers NaN until asked; null when nothing is remembered. */
  private row(memo: Map<string, Float64Array>, key: string, size: number): Float64Array | null {
    if (!this.remember) return null;
    let r = memo.get(key);
    if (r === undefined) memo.set(key, (r = new Float64Array(size).fill(NaN)));
    return r;
  }

  /**
   * The seat's loser scores remembered for its melds and bonus tiles as they are, with what they are scored with;
   * null when nothing is remembered.
   */
  private losersOf(s: HandState, seat: Seat): LoserMemo | null {
    if (!this.remember) return null;
    const l = this.losers[seat]!;
    const named = metaUnit(s, seat) | (s.pub.bonusCount[seat]! << 8);
    if (l.named !== named) {
      l.named = named;
      l.memo.clear();
      l.melds = meldsOf(s, seat);
      l.bonus = bonusOf(s, seat);
      l.ctx = contextOf(s, seat, null);
    }
    return l;
  }

  /**
   * loserScore, remembered in `l` (losersOf) by `key`, the loserShapeKey of `concealed` with `plus`; scored by the
   * scorer's lean path for counts (loserValue). The meter that remembers nothing scores as loserScore always did, so
   * the memo test compares the two paths as well.
   */
  private loser(s: HandState, seat: Seat, concealed: Uint8Array, l: LoserMemo | null, key: number, plus: number): number {
    if (l === null) return loserScore(s, seat, concealed, plus);
    const v = l.memo.get(key);
    if (v === v) return v;
    const counts = l.counts;
    counts.set(concealed);
    if (plus >= 0) counts[plus]!++;
    const fresh = loserValue(s.rules, counts, l.melds, l.bonus, l.ctx);
    l.memo.set(key, fresh);
    return fresh;
  }

  /** winValue, remembered for the hand in `row`. */
  private win(s: HandState, seat: Seat, concealed: Uint8Array, row: Float64Array | null, k: number, by: WinBy): number {
    if (row === null) return winValue(s, seat, concealed, k, by);
    const i = KINDS * WIN_BYS.indexOf(by) + k;
    const v = row[i]!;
    return v === v ? v : (row[i] = winValue(s, seat, concealed, k, by));
  }

  /** `seat` has just drawn `t` (already in its hand, already gone from the wall), from the wall or loose. */
  private drew(s: HandState, seat: Seat, t: number, by: WinBy): void {
    const hand = s.priv.hand;
    const before = this.before;
    for (let k = 0; k < KINDS; k++) before[k] = hand[seat * KINDS + k]!;
    before[t]!--;
    this.changed(seat);
    let wall: Uint8Array;
    let n: number;
    if (this.remember) {
      wall = this.live;
      n = this.liveTiles;
    } else {
      wall = this.wall.fill(0);
      n = countWall(s, wall) + 1;
      wall[t]!++;
    }
    const a = this.analyser.load(before, s.pub.meldCount[seat]!);
    const sh = a.shanten();
    const row = sh === 0 ? this.row(this.memo, scoreKey(s, seat, before), WIN_ROW) : null;
    const lrow = this.losersOf(s, seat);
    // What the tile adds to the hand's score as it stands (a loser's score: sets and doubles), for the kinds it
    // holds already (a tile of a kind it holds none of adds no set).
    const shape = lrow === null ? 0 : loserShapeKey(before);
    const held = this.loser(s, seat, before, lrow, shape, -1);
    const table = this.table === undefined ? (this.table = valueTable(s.rules.id)) : this.table;
    const suits = suitCounts(s, seat, before, this.suits);
    const best = this.best;
    for (let g = 0; g < 4; g++) best[g] = bestSuit(suits, GROUP_REP[g]!);
    const east = seat === s.pub.dealer;
    const left = n - 1;
    let useful = 0;
    let got = 0;
    let value = 0;
    let valueGot = 0;
    let gain = 0;
    let gainGot = 0;
    let future = 0;
    let futureGot = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = wall[k]!;
      if (c === 0) continue;
      const shk = a.shantenWith(k, 1);
      let win = 0;
      if (shk < sh) {
        useful += c;
        if (k === t) got = 1;
        if (sh === 0) {
          win = this.win(s, seat, before, row, k, by);
          value += c * win;
          if (k === t) valueGot = win;
        }
      }
      // Scored only where the tile can change a loser's score, a pair's third (a pung) or an honour's second (a
      // pair); elsewhere the scorer would answer `held` itself (loserScoreMayChange). `remember` false scores all.
      const g = before[k] === 0 || (this.remember && !loserScoreMayChange(k, before[k]!)) ? 0 : this.loser(s, seat, before, lrow, loserShapeKeyWith(shape, k, before[k]!), k) - held;
      gain += c * g;
      if (k === t) gainGot = g;
      // Channel 6: what the hand is becoming with k, the table's estimate of its final net (exact when k wins).
      let f = 0;
      if (shk < 0) f = win;
      else {
        const cell = valueCell(shk, left, held + g, best[GROUP[k]!]!, east);
        if (table) f = table[cell]!;
        if (k === t && this.trace) this.trace(seat, cell);
      }
      future += c * f;
      if (k === t) futureGot = f;
    }
    const base = seat * LUCK_CHANNELS;
    this.luck[base + 4]! += gainGot - gain / n;
    this.luck[base + 6 + Math.max(0, 2 - sh)]! += futureGot - future / n;
    const term = got - useful / n;
    this.luck[base]! += term;
    if (sh === 0) {
      this.luck[base + 1]! += term;
      this.luck[base + 2]! += valueGot - value / n;
    }
    // The others' waits: the same tile, drawn by `seat`, is a tile each of them did or did not need.
    for (let j = 0; j < s.players; j++) {
      if (j === seat) continue;
      const w = this.waitOf(s, j);
      if (!w.waiting) continue;
      const row = w.row;
      let other = 0;
      let otherGot = 0;
      for (let k = 0; k < KINDS; k++) {
        if (wall[k] === 0 || w.wins[k] === 0) continue;
        const v = this.win(s, j, w.concealed, row, k, 'discard');
        other += wall[k]! * v;
        if (k === t) otherGot = v;
      }
      this.luck[j * LUCK_CHANNELS + 3]! += otherGot - other / n;
      this.luck[seat * LUCK_CHANNELS + 5]! += otherGot - other / n;
    }
    this.live[t]!--;
    this.liveTiles--;
  }

  /**
   * Seat j's wait now. Only a seat holding a waiting hand's count (13 less 3 a meld) waits: in the deal, when
   * another seat replaces a flower, East already holds 14 tiles, which a 14th cannot complete (scoring them crashed
   * the meter: code500, seed 2, game 1748).
   */
  private waitOf(s: HandState, j: Seat): SeatWait {
    const w = this.waits[j]!;
    if (w.valid && this.remember) return w;
    w.valid = true;
    const hand = s.priv.hand;
    const melds = s.pub.meldCount[j]!;
    let tiles = 0;
    for (let k = 0; k < KINDS; k++) tiles += w.concealed[k] = hand[j * KINDS + k]!;
    w.waiting = false;
    w.row = null;
    if (tiles + 3 * melds !== 13) return w;
    const b = this.analyser.load(w.concealed, melds);
    if (b.shanten() !== 0) return w;
    w.waiting = true;
    for (let k = 0; k < KINDS; k++) w.wins[k] = b.shantenWith(k, 1) < 0 ? 1 : 0;
    w.row = this.row(this.memo, scoreKey(s, j, w.concealed), WIN_ROW);
    return w;
  }
}

/** Adds the suit and honour tiles in the wall (live and dead) to `into`; returns how many there are. */
function countWall(s: HandState, into: Uint8Array): number {
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
interface LoserMemo {
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

const NO_CONTEXT: ScoreContext = { seatWind: 0, prevailingWind: null, win: null, lastTile: false, lastOfKind: false, firstTurn: false, limit: null };

/** A seat's wait as LuckMeter.waitOf last found it, with what it was found for. */
interface SeatWait {
  valid: boolean;
  /** Its concealed counts when found. */
  readonly concealed: Uint8Array;
  waiting: boolean;
  /** 1 where drawing the kind would complete the hand (a waiting seat only). */
  readonly wins: Uint8Array;
  /** The memo's row of win values for the hand (a waiting seat only; null when nothing is remembered). */
  row: Float64Array | null;
}

function newSeatWait(): SeatWait {
  return { valid: false, concealed: new Uint8Array(KINDS), waiting: false, wins: new Uint8Array(KINDS), row: null };
}

/** A kind of each group (suits 0 to 2, honours 3), for bestSuit, which reads only the group of the kind it adds. */
const GROUP_REP: readonly number[] = [0, 1, 2, 3].map((g) => GROUP.indexOf(g));

/**
 * What the scorer's answer for `seat` holding `concealed` depends on within one hand, as a string: the seat, its
 * concealed counts, and its melds and bonus tiles. Within a hand a seat's melds only grow, or a pung becomes a kong,
 * and its bonus tiles only grow, so their counts (and the number of kongs) name them; the winds, the limit and the
 * dealer do not change. The memo is cleared at each deal.
 */
function scoreKey(s: HandState, seat: Seat, concealed: Uint8Array): string {
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
function metaUnit(s: HandState, seat: Seat): number {
  return seat | (s.pub.meldCount[seat]! << 2) | (kongsOf(s, seat) << 5);
}

/** The seat's kongs among its melds. */
function kongsOf(s: HandState, seat: Seat): number {
  let kongs = 0;
  for (let i = 0; i < s.pub.meldCount[seat]!; i++) if (s.pub.meldType[seat * MAX_MELDS + i] === KONG_TYPE) kongs++;
  return kongs;
}

/** How a win can come (WinBy), in the order of their slots in a memo row. */
const WIN_BYS: readonly WinBy[] = ['discard', 'self-draw', 'loose-tile', 'robbing-kong'];
/** A row of win values: each kind by each WinBy. */
const WIN_ROW = KINDS * WIN_BYS.length;
/** meldType's code of a kong (MELD_TYPES). */
const KONG_TYPE = MELD_TYPES.indexOf('kong');

/**
 * The seat's tiles by suit before the draw (concealed and melded, a meld as three): out[0..2] the three suits,
 * out[3] the honours.
 */
function suitCounts(s: HandState, seat: Seat, concealed: Uint8Array, out: Uint8Array): Uint8Array {
  out.fill(0);
  for (let k = 0; k < KINDS; k++) out[GROUP[k]!]! += concealed[k]!;
  for (let i = 0; i < s.pub.meldCount[seat]!; i++) out[GROUP[s.pub.meldTile[seat * MAX_MELDS + i]!]!]! += 3;
  return out;
}

/** Its best suit's tiles plus its honours, with `k` added. */
function bestSuit(suits: Uint8Array, k: number): number {
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
function contextOf(s: HandState, seat: Seat, win: WinBy | null): ScoreContext {
  return { seatWind: s.pub.seatWind[seat]!, prevailingWind: s.rules.prevailingWind ? s.pub.prevailing : null, win, lastTile: false, lastOfKind: false, firstTurn: false, limit: s.limit };
}

function loserScore(s: HandState, seat: Seat, concealed: Uint8Array, plus: number): number {
  return scoreValue(s.rules, ...scored(s, seat, concealed, plus, null, null));
}

/**
 * What `seat` would collect winning on `k` with concealed counts `concealed` (k not among them), `by` as given:
 * its score (the scorer, docs/rules.md "Scoring"), capped at the limit, from each loser, East paying and receiving
 * double (docs/rules.md "Settling"). The losers' own settlement and penalties are left out: a fixed function of the
 * state and the tile is all the construction needs, and this is the part of a win that depends on the tile.
 */
function winValue(s: HandState, seat: Seat, concealed: Uint8Array, k: number, by: WinBy): number {
  const score = scoreSummary(s.rules, ...scored(s, seat, concealed, -1, k, by), true).score;
  const capped = s.limit === null ? score : Math.min(score, s.limit);
  const east = s.pub.dealer;
  let pay = 0;
  for (let o = 0; o < s.players; o++) if (o !== seat) pay += o === east || seat === east ? 2 * capped : capped;
  return pay;
}

/**
 * One game's luck.bin record at `offset`: for each label (aggregate label order) and channel, the sum over the seats
 * it holds of each seat's luck times LUCK_SCALES[c], rounded seat by seat. Rounding each seat before summing keeps a
 * strategy against itself at exactly zero (its rotations hold the same integers, only relabelled); the rounding,
 * at most half a stored unit a seat and game, is the only departure from an exact mean of zero.
 */
export function addLuckRecord(out: Int32Array, offset: number, labels: readonly string[], seats: readonly string[], meter: LuckMeter): void {
  for (let i = 0; i < labels.length * LUCK_CHANNELS; i++) out[offset + i] = 0;
  for (let seat = 0; seat < seats.length; seat++) {
    const l = labels.indexOf(seats[seat]!);
    if (l < 0) throw new Error(`luck: label "${seats[seat]}" is not in the lineup`);
    for (let c = 0; c < LUCK_CHANNELS; c++) out[offset + l * LUCK_CHANNELS + c]! += Math.round(meter.luck[seat * LUCK_CHANNELS + c]! * LUCK_SCALES[c]!);
  }
}

/**
 * Format 1's coefficients (kept for the luck.bin files written in it), points of net per unit of relative luck by channel (a seat's luck less the table's
 * mean, runner/luck-adjust.ts), fixed before any run they adjust: the least-squares slope of a seat's net per hand
 * on its two relative luck channels in a pilot of 2,000 duplicate hands of chow-mixer,suit-hunter,defender,harr
 * on seed 9001 (no committed result plays that seed), rounded to integers so the adjusted sums stay exact. In
 * that pilot they explain 6% (harr), 9% (harr-limit), 7% (babcock) and 11% (code500) of a seat's per-hand
 * variance. Any fixed coefficients leave the adjusted mean unbiased (the luck has mean zero); good ones narrow
 * its interval. Rule sets not listed are not adjusted.
 */
export const LUCK_BETA_V1: Readonly<Record<string, readonly number[]>> = Object.freeze({
  harr: [24, 144],
  'harr-limit': [15, 127],
  babcock: [20, 139],
  code500: [38, 342],
});

/**
 * Format 2's coefficients, in adjusted units per stored unit (a point per useful draw for channels 0 and 1, a
 * thousandth of a point per point for the valued channels 2 to 5), fixed before the runs they adjust: the pooled
 * least-squares slopes of a label's net over a wall set on its six relative luck channels (each label's own mean
 * removed), in pilots of 4,000 duplicate games on seed 9001, which no committed result plays: under harr the tuned
 * harr and suit-hunter plans each against three of their defaults and chow-mixer,suit-hunter,defender,harr; under
 * harr-limit the tuned harr plan against three harr and the same mix; under babcock and code500 the mix. In
 * those pilots they explain 12-21% (harr), 21-25% (harr-limit), 17% (babcock) and 25% (code500) of a label's
 * variance over wall sets (format 1's two channels: 10-13% and 12%). docs/statistics.md "The luck adjustment".
 */
export const LUCK_BETA_V2: Readonly<Record<string, readonly number[]>> = Object.freeze({
  harr: [27, 138, 85, 52, 7270, -77],
  'harr-limit': [12, 36, 515, 239, 4410, -44],
  babcock: [18, 29, 525, 263, 3999, -44],
  code500: [36, 2, 757, 184, 3247, -26],
});

/**
 * Format 3's coefficients (channels 6 to 8 in thousandths of a point per point, like 2 to 5), fitted as format 2's
 * were (src/league/luck-fit.ts), on the same seed-9001 pilots re-played in format 3; the value table they weigh
 * was fitted on seed 9002. In those pilots they explain 16-22% (harr), 23-26% (harr-limit), 20% (babcock) and 27%
 * (code500) of a label's variance over wall sets. docs/statistics.md "The luck adjustment".
 */
export const LUCK_BETA: Readonly<Record<string, readonly number[]>> = Object.freeze({
  harr: [14, 153, 245, 48, 5479, -74, 414, 906, -160],
  'harr-limit': [5, 39, 343, 241, 3131, -41, 288, 1100, 227],
  babcock: [5, 34, 820, 263, 3145, -42, 359, 1070, -318],
  code500: [-2, 99, -263, 178, 2727, -35, 812, 1919, 1097],
});

/**
 * The coefficients for a rule set and a luck.bin format, one per channel of that format (zero: no adjustment):
 * a run's luck.bin is adjusted with the coefficients of the format it was written in. A variant file takes its
 * base's (fixed in advance, so the adjusted difference stays unbiased; docs/rules.md "Variants").
 */
export function luckBeta(rules: string, format: 1 | 2 | 3 = LUCK_FORMAT): readonly number[] {
  const table = format === 1 ? LUCK_BETA_V1 : format === 2 ? LUCK_BETA_V2 : LUCK_BETA;
  return table[isRuleSetId(rules) || !rules.endsWith('.json') ? rules : ruleSet(rules).id] ?? new Array<number>(format === 1 ? 2 : format === 2 ? 6 : LUCK_CHANNELS).fill(0);
}
