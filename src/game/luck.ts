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
 * Two channels per seat: 0 every draw; 1 only draws at shanten 0 (the tile that completes the hand or not).
 */
import type { Seat } from '../core/seat.js';
import { NO_OBSERVER, type HandObserver, type HandState } from '../engine/state.js';
import { HandAnalyser } from '../hand/shanten.js';
import { KINDS } from '../tiles/index.js';

export const LUCK_CHANNELS = 2;
/** luck.bin stores each sum times this, rounded: its unit is 1/LUCK_SCALE of a useful draw. */
export const LUCK_SCALE = 100_000;

export class LuckMeter {
  /** seat-major: luck[seat * LUCK_CHANNELS + channel], summed over the game's draws. */
  readonly luck: Float64Array;
  private readonly analyser = new HandAnalyser();
  private readonly before = new Uint8Array(KINDS);
  private readonly wall = new Uint8Array(KINDS);
  readonly observer: HandObserver;

  constructor(players: number) {
    this.luck = new Float64Array(players * LUCK_CHANNELS);
    const drew = (s: HandState, seat: Seat, t: number): void => this.drew(s, seat, t);
    this.observer = { ...NO_OBSERVER, draw: drew, loose: drew };
  }

  /** A new game. */
  reset(): void {
    this.luck.fill(0);
  }

  /** `seat` has just drawn `t` (already in its hand, already gone from the wall). */
  private drew(s: HandState, seat: Seat, t: number): void {
    const hand = s.priv.hand;
    const before = this.before;
    for (let k = 0; k < KINDS; k++) before[k] = hand[seat * KINDS + k]!;
    before[t]!--;
    const wall = this.wall.fill(0);
    const w = s.hidden.wall;
    let n = 1;
    wall[t]!++;
    for (let i = w.head; i < w.tail; i++) {
      const k = w.tiles[i]!;
      if (k < KINDS) {
        wall[k]!++;
        n++;
      }
    }
    const a = this.analyser.load(before, s.pub.meldCount[seat]!);
    const sh = a.shanten();
    let useful = 0;
    let got = 0;
    for (let k = 0; k < KINDS; k++) {
      if (wall[k] === 0) continue;
      if (a.shantenWith(k, 1) < sh) {
        useful += wall[k]!;
        if (k === t) got = 1;
      }
    }
    const term = got - useful / n;
    this.luck[seat * LUCK_CHANNELS]! += term;
    if (sh === 0) this.luck[seat * LUCK_CHANNELS + 1]! += term;
  }
}

/**
 * One game's luck.bin record at `offset`: for each label (aggregate label order) and channel, the sum over the seats
 * it holds, times LUCK_SCALE, rounded (the rounding, at most 1/200,000 of a draw a game, is the only departure from
 * an exact mean of zero).
 */
export function addLuckRecord(out: Int32Array, offset: number, labels: readonly string[], seats: readonly string[], meter: LuckMeter): void {
  for (let i = 0; i < labels.length * LUCK_CHANNELS; i++) out[offset + i] = 0;
  const sums = new Float64Array(labels.length * LUCK_CHANNELS);
  for (let seat = 0; seat < seats.length; seat++) {
    const l = labels.indexOf(seats[seat]!);
    if (l < 0) throw new Error(`luck: label "${seats[seat]}" is not in the lineup`);
    for (let c = 0; c < LUCK_CHANNELS; c++) sums[l * LUCK_CHANNELS + c]! += meter.luck[seat * LUCK_CHANNELS + c]!;
  }
  for (let i = 0; i < sums.length; i++) out[offset + i] = Math.round(sums[i]! * LUCK_SCALE);
}

/**
 * The adjustment's coefficients, points of net per unit of relative luck by channel (a seat's luck less the table's
 * mean, runner/luck-adjust.ts), fixed before any run they adjust: the least-squares slope of a seat's net per hand
 * on its two relative luck channels in a pilot of 2,000 duplicate hands of chow-mixer,suit-hunter,defender,harr
 * on seed 9001 (no committed result plays that seed), rounded to integers so the adjusted sums stay exact. In
 * that pilot they explain 6% (harr), 9% (harr-limit), 7% (babcock) and 11% (code500) of a seat's per-hand
 * variance. Any fixed coefficients leave the adjusted mean unbiased (the luck has mean zero); good ones narrow
 * its interval. Rule sets not listed are not adjusted.
 */
export const LUCK_BETA: Readonly<Record<string, readonly [number, number]>> = Object.freeze({
  harr: [24, 144],
  'harr-limit': [15, 127],
  babcock: [20, 139],
  code500: [38, 342],
});

/** The coefficients for a rule set (zero: no adjustment). */
export function luckBeta(rules: string): readonly [number, number] {
  return LUCK_BETA[rules] ?? [0, 0];
}
