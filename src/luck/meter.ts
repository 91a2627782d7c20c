/**
 * Luck of the draw (docs/statistics.md, "The luck adjustment (control variates)"): the control variate the luck
 * adjustment subtracts, in the manner of AIVAT (Burch, Schmid, Moravčík, Morrill and Bowling, "AIVAT: A New Variance
 * Reduction Technique for Agent Evaluation in Imperfect Information Games", AAAI 2018): at every chance event, the
 * value of what chance dealt minus its expectation over what chance could have dealt. Here the chance events are a
 * seat's draws (from the wall or loose, docs/rules.md "Wall and deal", "A turn"), and the value is a fixed function no
 * strategy chooses: f(t) = 1 when the tile t lowers the seat's standard-shape shanten, else 0.
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
 *      with t, the fixed table's estimate of its final net (src/luck/value.ts), or what winning on t collects
 *      when t completes it (one value function, split by stage so each stage has its own coefficient).
 * Channels 2 to 8 are in points (stored times LUCK_SCALES[c]). Each term is still f(t) − E[f] at one chance event
 * with f fixed before the draw (it reads only the state before it, and the table is data fitted on pilots before
 * any run), so each has mean zero whatever the strategies do. Format 2 (identity `luck: 2`) holds channels 0 to 5,
 * format 1 (identity `luck: true`, among them the committed leagues) channels 0 and 1; all three are read
 * (luckFormat), each with its own coefficients (luckBeta).
 *
 * luck.bin format 4 (identity `luck: 4`, with a value model of the full state: src/value/) adds channel 9, the
 * model's term for every seat at every draw: V(the state after the tile drawn) − the mean of V(the state after t)
 * over the tiles t that could have been drawn, each distinct kind weighted by its count in the wall, exactly. V
 * reads every hand, the melds, the bonus tiles, the wall's contents and the winds, never the wall's order, and is
 * fixed before the run (a model file), so each term has mean zero for the reason above. The meter hands the value
 * model what it has worked out for each kind (DrawValue); the model says each seat's term. A wash's new wall is a
 * chance event of its own: the deal it makes against the deals of the same wall cut elsewhere (src/value/deal-value.ts).
 */
import type { Seat } from '../core/seat.js';
import { bonusOf, GROUP, meldsOf, NO_OBSERVER, type HandObserver, type HandState } from '../engine/state.js';
import { HandAnalyser } from '../hand/shanten.js';
import { loserScoreMayChange, loserShapeKey, loserShapeKeyWith, loserValue, type WinBy } from '../scoring/index.js';
import { KINDS } from '../tiles/index.js';
import { valueCell, valueTable } from './value.js';
import { ShapeMemo } from './shape-memo.js';
import { LUCK_CHANNELS, LUCK_CHANNELS_VALUE, LUCK_SCALES } from './format.js';
import { GROUP_REP, LoserMemo, NO_CONTEXT, SeatWait, WIN_BYS, WIN_ROW, bestSuit, contextOf, countWall, loserScore, metaUnit, newSeatWait, scoreKey, suitCounts, winValue } from './hand-values.js';

/**
 * A value of the full state told of each draw as the meter works it out (src/value/ implements it): `start` with
 * the state before the draw (the mover's concealed tiles without the drawn one, the wall's suit and honour tiles
 * with it, n of them), `kind` for each kind k still in the wall with what the meter found for the mover's hand with
 * k (its shanten, what winning on k collects when k completes it, its score as a loser's, its best suit's tiles
 * plus honours), then `finish` adding each seat's term to `luck` (seat-major, `channels` wide, at `channel`).
 */
export interface DrawValue {
  deal(s: HandState): void;
  start(s: HandState, seat: Seat, t: number, before: Uint8Array, wall: Uint8Array, n: number, by: WinBy): void;
  kind(k: number, shanten: number, win: number, loser: number, best: number): void;
  finish(luck: Float64Array, channels: number, channel: number): void;
  /** A wash's new wall has just been dealt (`s` at the deal): adds each seat's term to `luck` as `finish` does. */
  newWall(s: HandState, luck: Float64Array, channels: number, channel: number): void;
}

export class LuckMeter {
  /** seat-major: luck[seat * channels + channel], summed over the game's draws. */
  readonly luck: Float64Array;
  /** Channels per seat: 9 (format 3), 10 with a value model (format 4). */
  readonly channels: number;
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
  /** Fitting only (experiments/fits/luck-value-fit.ts): told the cell of every non-winning draw as it was drawn. */
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
    /** The value model of format 4's channel 9 (null: format 3). */
    private readonly value: DrawValue | null = null,
  ) {
    this.channels = value ? LUCK_CHANNELS_VALUE : LUCK_CHANNELS;
    this.luck = new Float64Array(players * this.channels);
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
      wash: (): void => {
        this.washed = true;
      },
    };
  }

  /** A seat has washed: the next deal is a new wall's, a chance event of its own (format 4's channel 9). */
  private washed = false;

  /** A new game. */
  reset(): void {
    this.luck.fill(0);
    this.forget();
    this.washed = false;
  }

  /** The deal is made: the wall counted (flowers are replaced after); after a wash, the new wall's term. */
  private dealt(s: HandState): void {
    this.forget();
    this.live.fill(0);
    this.liveTiles = countWall(s, this.live);
    this.value?.deal(s);
    if (this.washed) this.value?.newWall(s, this.luck, this.channels, LUCK_CHANNELS);
    this.washed = false;
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
    const value = this.value;
    value?.start(s, seat, t, before, wall, n, by);
    let useful = 0;
    let got = 0;
    let winSum = 0;
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
          winSum += c * win;
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
      value?.kind(k, shk, win, held + g, best[GROUP[k]!]!);
    }
    const C = this.channels;
    value?.finish(this.luck, C, LUCK_CHANNELS);
    const base = seat * C;
    this.luck[base + 4]! += gainGot - gain / n;
    this.luck[base + 6 + Math.max(0, 2 - sh)]! += futureGot - future / n;
    const term = got - useful / n;
    this.luck[base]! += term;
    if (sh === 0) {
      this.luck[base + 1]! += term;
      this.luck[base + 2]! += valueGot - winSum / n;
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
      this.luck[j * C + 3]! += otherGot - other / n;
      this.luck[seat * C + 5]! += otherGot - other / n;
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

/**
 * One game's luck.bin record at `offset`: for each label (aggregate label order) and channel, the sum over the seats
 * it holds of each seat's luck times LUCK_SCALES[c], rounded seat by seat. Rounding each seat before summing keeps a
 * strategy against itself at exactly zero (its rotations hold the same integers, only relabelled); the rounding,
 * at most half a stored unit a seat and game, is the only departure from an exact mean of zero.
 */
export function addLuckRecord(out: Int32Array, offset: number, labels: readonly string[], seats: readonly string[], meter: LuckMeter): void {
  const C = meter.channels;
  for (let i = 0; i < labels.length * C; i++) out[offset + i] = 0;
  for (let seat = 0; seat < seats.length; seat++) {
    const l = labels.indexOf(seats[seat]!);
    if (l < 0) throw new Error(`luck: label "${seats[seat]}" is not in the lineup`);
    for (let c = 0; c < C; c++) out[offset + l * C + c]! += Math.round(meter.luck[seat * C + c]! * LUCK_SCALES[c]!);
  }
}
