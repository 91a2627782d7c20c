/**
 * The scores of a belief's predictions against the truth (docs/belief.md, "Prediction quality"), by stage of the hand
 * and over all, as results/inference-prediction scores sampled worlds:
 *
 * - `loglik_per_tile`: the log likelihood per hidden tile of each other seat's true concealed hand under the
 *   predicted composition (the expected counts over the hand's size, smoothed toward the unseen tiles by one tile's
 *   worth);
 * - `ready_auc`: the ROC area of P(one tile from complete) over the other seats;
 * - `brier` and the reliability table: of each discard's danger, for every kind the mover holds, in RELIABILITY_BINS
 *   equal bins of the prediction; `max_gap_1000` the largest |mean prediction − realised frequency| over the bins
 *   holding CALIBRATION_MIN samples or more.
 */
import { rocAuc } from '../../src/stats/roc.js';
import { KINDS } from '../../src/tiles/tile.js';
import type { Prediction, Truth } from './predict.js';

export const STAGES = ['early', 'mid', 'late'] as const;
export const RELIABILITY_BINS = 10;
export const CALIBRATION_MIN = 1000;
const SMOOTH = 1;

/** A score and its outcome; `g` the hand it came from. */
export interface Point {
  readonly p: number;
  readonly y: number;
  readonly g: number;
}

export interface StageAcc {
  ll: number;
  tiles: number;
  ready: Point[];
  danger: Point[];
}

export interface ScoreRow {
  readonly stage: string;
  readonly decisions: number;
  readonly loglik_per_tile: number;
  readonly seats: number;
  readonly ready: number;
  readonly ready_auc: number;
  readonly danger_samples: number;
  readonly danger_share: number;
  readonly brier: number;
  readonly max_gap_1000: number;
}

export interface Bin {
  readonly bin: number;
  readonly count: number;
  readonly mean_predicted: number;
  readonly realised: number;
}

/** The reliability table of `xs`: `bins` equal bins of the prediction over [0, 1] (1 itself in the last). */
export function reliability(xs: readonly { p: number; y: number }[], bins = RELIABILITY_BINS): Bin[] {
  const b = Array.from({ length: bins }, () => ({ n: 0, p: 0, y: 0 }));
  for (const d of xs) {
    const cell = b[Math.max(0, Math.min(bins - 1, Math.floor(d.p * bins)))]!;
    cell.n++;
    cell.p += d.p;
    cell.y += d.y;
  }
  return b.map((c, i) => ({ bin: i, count: c.n, mean_predicted: c.n ? c.p / c.n : NaN, realised: c.n ? c.y / c.n : NaN }));
}

/** The largest |mean prediction − realised| over the bins holding at least `min` samples (0 when none does). */
export function maxGap(bins: readonly Bin[], min = CALIBRATION_MIN): number {
  let gap = 0;
  for (const b of bins) if (b.count >= min) gap = Math.max(gap, Math.abs(b.mean_predicted - b.realised));
  return gap;
}

export function brier(xs: readonly { p: number; y: number }[]): number {
  let s = 0;
  for (const d of xs) s += (d.p - d.y) ** 2;
  return xs.length ? s / xs.length : NaN;
}

/** What a PredictionScore has accumulated, as JSON keeps it (a stage's figures kept for --resume). */
export interface ScoreState {
  readonly acc: StageAcc[];
  readonly decisions: number[];
}

/** One method's scores, accumulated decision by decision. */
export class PredictionScore {
  private readonly acc: StageAcc[];
  private readonly decisions: number[];

  constructor(state?: ScoreState) {
    this.acc = state ? state.acc : STAGES.map(() => ({ ll: 0, tiles: 0, ready: [], danger: [] }));
    this.decisions = state ? state.decisions : [0, 0, 0];
  }

  state(): ScoreState {
    return { acc: this.acc, decisions: this.decisions };
  }

  add(pred: Prediction, truth: Truth): void {
    const a = this.acc[truth.stage]!;
    this.decisions[truth.stage]!++;
    let nu = 0;
    for (let t = 0; t < KINDS; t++) nu += truth.unseen[t]!;
    for (let q = 0; q < 4; q++) {
      if (q === truth.seat) continue;
      let h = 0;
      for (let t = 0; t < KINDS; t++) h += truth.hand[q * KINDS + t]!;
      for (let t = 0; t < KINDS; t++) {
        const k = truth.hand[q * KINDS + t]!;
        if (k === 0) continue;
        const p = (pred.mean[q * KINDS + t]! + (SMOOTH * truth.unseen[t]!) / nu) / (h + SMOOTH);
        a.ll += k * Math.log(p);
        a.tiles += k;
      }
      a.ready.push({ p: pred.ready[q]!, y: truth.ready[q]!, g: truth.game });
    }
    for (const d of truth.discards) a.danger.push({ p: pred.danger[d.kind]!, y: d.y, g: truth.game });
  }

  /** The readiness points of a stage (2: late), in the order they were added (paired across methods). */
  readyPoints(stage: number): readonly Point[] {
    return this.acc[stage]!.ready;
  }

  /** The danger points of a stage, or of every stage (-1). */
  dangerPoints(stage: number): readonly Point[] {
    return stage < 0 ? this.acc.flatMap((a) => a.danger) : this.acc[stage]!.danger;
  }

  /** One row per stage and one for all. */
  rows(): ScoreRow[] {
    const row = (stage: string, as: readonly StageAcc[], decisions: number): ScoreRow => {
      const ll = as.reduce((s, a) => s + a.ll, 0);
      const tiles = as.reduce((s, a) => s + a.tiles, 0);
      const ready = as.flatMap((a) => a.ready);
      const danger = as.flatMap((a) => a.danger);
      return {
        stage,
        decisions,
        loglik_per_tile: ll / tiles,
        seats: ready.length,
        ready: ready.reduce((s, x) => s + x.y, 0),
        ready_auc: rocAuc(ready),
        danger_samples: danger.length,
        danger_share: danger.reduce((s, x) => s + x.y, 0) / Math.max(1, danger.length),
        brier: brier(danger),
        max_gap_1000: maxGap(reliability(danger)),
      };
    };
    return [...STAGES.map((st, i) => row(st, [this.acc[i]!], this.decisions[i]!)), row('all', this.acc, this.decisions.reduce((s, x) => s + x, 0))];
  }
}
