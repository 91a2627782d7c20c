/**
 * How well a belief predicts the hidden hands (docs/belief.md "Held-out figures"), scored against the truth on
 * held-out self-play, by stage of the hand (live wall above 50, 25 to 50, below 25, as results/inference-prediction):
 *
 * - `loglik_per_tile`: the log likelihood per hidden tile of each other seat's true concealed hand under the
 *   prediction's per-kind composition (its expected counts over the hand's size, smoothed toward the unseen tiles by
 *   one tile's worth: results/inference-prediction's measure), and the same for uniform worlds (the unseen tiles'
 *   own composition);
 * - `count_nats`: the cross-entropy of each (seat, kind)'s true count, against the hypergeometric counts of uniform
 *   worlds;
 * - `ready_auc`: ROC area of P(one tile from complete) over the other seats;
 * - `wait_brier` and `wait_auc`: of P(a seat goes Mah-Jongg on a kind the deciding seat discards), over every
 *   (seat, kind) whose kind the seat holds (a discard it could make).
 */
import { rocAuc } from '../stats/roc.js';
import { KINDS } from '../tiles/tile.js';
import { OTHERS } from '../belief/features.js';
import { COUNTS, type BeliefPass, type BeliefSample } from '../belief/net.js';

export const STAGES = ['early', 'mid', 'late'] as const;

export function stageOf(wall: number): number {
  return wall > 50 ? 0 : wall >= 25 ? 1 : 2;
}


const LOG_FACT = ((): Float64Array => {
  const f = new Float64Array(200);
  for (let i = 1; i < f.length; i++) f[i] = f[i - 1]! + Math.log(i);
  return f;
})();
const logChoose = (n: number, k: number): number => (k < 0 || k > n ? -Infinity : LOG_FACT[n]! - LOG_FACT[k]! - LOG_FACT[n - k]!);

/** log P(count = c) of a kind with u unseen in a hand of n dealt uniformly from U unseen tiles. */
export function hypergeometricLog(c: number, u: number, n: number, U: number): number {
  return logChoose(u, c) + logChoose(U - u, n - c) - logChoose(U, n);
}

interface StageAcc {
  ll: number;
  llUniform: number;
  tiles: number;
  nats: number;
  natsUniform: number;
  cells: number;
  ready: { p: number; y: number }[];
  wait: { p: number; y: number }[];
  brier: number;
}

const SMOOTH = 1;

/** Accumulates the figures over held-out samples, by stage. */
export class BeliefScore {
  private readonly acc: StageAcc[] = STAGES.map(() => ({ ll: 0, llUniform: 0, tiles: 0, nats: 0, natsUniform: 0, cells: 0, ready: [], wait: [], brier: 0 }));

  /** One sample, after beliefForward on it. */
  add(s: BeliefSample, w: BeliefPass): void {
    const a = this.acc[stageOf(s.wall)]!;
    let U = 0;
    for (let t = 0; t < KINDS; t++) U += s.unseen[t]!;
    for (let k = 0; k < OTHERS; k++) {
      let n = 0;
      for (let t = 0; t < KINDS; t++) n += s.counts[k * KINDS + t]!;
      const mean = new Float64Array(KINDS);
      let total = 0;
      for (let t = 0; t < KINDS; t++) {
        const o = k * KINDS + t;
        for (let c = 1; c < COUNTS; c++) mean[t]! += c * w.countP[o * COUNTS + c]!;
        total += mean[t]!;
      }
      for (let t = 0; t < KINDS; t++) {
        const o = k * KINDS + t;
        const c = s.counts[o]!;
        a.nats -= Math.log(Math.max(w.countP[o * COUNTS + c]!, 1e-300));
        a.natsUniform -= hypergeometricLog(c, s.unseen[t]!, n, U);
        a.cells++;
        if (c === 0) continue;
        const pm = ((total > 0 ? (mean[t]! * n) / total : 0) + (SMOOTH * s.unseen[t]!) / U) / (n + SMOOTH);
        a.ll += c * Math.log(pm);
        a.llUniform += c * Math.log(s.unseen[t]! / U);
        a.tiles += c;
      }
      a.ready.push({ p: w.readyP[k]!, y: (s.ready >> k) & 1 });
    }
    // A discard the seat could make: a kind it holds.
    for (let t = 0; t < KINDS; t++) {
      if (!s.own[t]) continue;
      for (let k = 0; k < OTHERS; k++) {
        const o = k * KINDS + t;
        const p = w.waitP[o]!;
        const y = s.waits[o]!;
        a.wait.push({ p, y });
        a.brier += (p - y) * (p - y);
      }
    }
  }

  /** One row per stage and one for all. */
  rows(): Record<string, number | string>[] {
    const all: StageAcc = { ll: 0, llUniform: 0, tiles: 0, nats: 0, natsUniform: 0, cells: 0, ready: [], wait: [], brier: 0 };
    const out: Record<string, number | string>[] = [];
    const row = (stage: string, a: StageAcc): Record<string, number | string> => ({
      stage,
      samples: a.ready.length / OTHERS,
      loglik_per_tile: a.ll / a.tiles,
      loglik_per_tile_uniform: a.llUniform / a.tiles,
      count_nats: a.nats / a.cells,
      count_nats_uniform: a.natsUniform / a.cells,
      ready_share: a.ready.filter((x) => x.y).length / Math.max(1, a.ready.length),
      ready_auc: rocAuc(a.ready),
      wait_share: a.wait.filter((x) => x.y).length / Math.max(1, a.wait.length),
      wait_brier: a.brier / Math.max(1, a.wait.length),
      wait_auc: rocAuc(a.wait),
    });
    STAGES.forEach((st, i) => {
      const a = this.acc[i]!;
      out.push(row(st, a));
      all.ll += a.ll;
      all.llUniform += a.llUniform;
      all.tiles += a.tiles;
      all.nats += a.nats;
      all.natsUniform += a.natsUniform;
      all.cells += a.cells;
      all.ready = all.ready.concat(a.ready);
      all.wait = all.wait.concat(a.wait);
      all.brier += a.brier;
    });
    out.push(row('all', all));
    return out;
  }
}
