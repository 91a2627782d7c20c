/**
 * How well sampled worlds predict the hidden hands (docs/strategies.md, "Reading the table: the inference over
 * worlds"), where the truth is known: four `harr` play hands under each rule set; at sampled turns (one in three, and
 * every turn once the live wall is below 25), worlds are drawn from the mover's view three ways (uniformly; by the
 * opponent model, strategies/search.ts's worlds today; with the inference over worlds, src/infer/guide.ts) and scored
 * against the other seats' true hands: - `loglik_per_tile`: the log likelihood per hidden tile of each true concealed
 * hand under the worlds' per-kind
 *   marginal for that seat (the worlds' mean counts, smoothed toward the unseen tiles by SMOOTH tiles' worth);
 * - `auc_<stage>`: how well the share of worlds in which a seat is one tile from complete (shanten 0) ranks the seats
 *   truly so (ROC area), by stage (live wall above 50, 25-50, below 25);
 * - `brier`: for each kind the mover holds, the share of worlds in which discarding it lets another seat go Mah-Jongg
 *   on it (the danger of src/infer/danger.ts) against whether it truly would; `reliability` rows: 10 bins of the
 *   predicted danger, each with its count, mean prediction and realised frequency.
 * Run: `node dist/experiments/inference-prediction/inference-quality.js [hands per rule set] [worlds] [out dir]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentView, HandGuide, World } from '../../src/agent/types.js';
import { mayClaimMahjong } from '../../src/engine/legal.js';
import { unseenTiles } from '../../src/engine/sample.js';
import type { HandState } from '../../src/engine/state.js';
import { shanten } from '../../src/hand/index.js';
import { INFER_STEPS, INFER_TRIES, inferenceGuide, noStats, type InferenceStats } from '../../src/infer/guide.js';
import { POLICY_MODEL, type PolicyModel } from '../../src/infer/model.js';
import { opponentGuide } from '../../src/infer/opponent-model.js';
import { makeStream, type Rng } from '../../src/rng/streams.js';
import { RULESET_IDS } from '../../src/rules/index.js';
import { worldStateCopy } from '../../src/view/world.js';
import { selfPlay } from '../self-play.js';
import { rocAuc } from '../../src/stats/roc.js';

export const QUALITY_SEED = 26;
const SMOOTH = 1;
export const METHODS = ['uniform', 'model', 'infer'] as const;
export type Method = (typeof METHODS)[number];

/** The guide of each method for worlds drawn from `view` (undefined: uniform). */
export function methodGuide(m: Method, view: AgentView, stats: InferenceStats, model = POLICY_MODEL, steps = INFER_STEPS): HandGuide | undefined {
  if (m === 'uniform') return undefined;
  if (m === 'model') return opponentGuide(12);
  return inferenceGuide(view, INFER_TRIES, opponentGuide(INFER_TRIES), { stats, steps, model });
}

interface Acc {
  ll: number;
  tiles: number;
  auc: { p: number; y: number; g: number }[][];
  danger: { p: number; y: number }[];
  stats: InferenceStats;
  ms: number;
  worlds: number;
}

function stageOf(wall: number): number {
  return wall > 50 ? 0 : wall >= 25 ? 1 : 2;
}

export { rocAuc };

function measure(acc: Acc, m: Method, s: HandState, view: AgentView, rng: Rng, worlds: number, game: number, model: PolicyModel, steps: number): void {
  const seat = view.seat;
  const guide = methodGuide(m, view, acc.stats, model, steps);
  const mean = new Float64Array(4 * 34);
  const ready = new Float64Array(4);
  const danger = new Float64Array(34);
  let w: World | undefined;
  const t0 = performance.now();
  const states: HandState[] = [];
  for (let i = 0; i < worlds; i++) {
    w = view.sampleWorld(rng, w, guide);
    states.push(worldStateCopy(w));
  }
  acc.ms += performance.now() - t0;
  acc.worlds += worlds;
  for (const ws of states) {
    for (let q = 0; q < 4; q++) {
      if (q === seat) continue;
      const h = ws.priv.hand.subarray(q * 34, q * 34 + 34);
      for (let t = 0; t < 34; t++) mean[q * 34 + t]! += h[t]! / worlds;
      if (shanten(h, ws.pub.meldCount[q]!) <= 0) ready[q]! += 1 / worlds;
    }
    for (let t = 0; t < 34; t++) {
      for (let q = (seat + 1) % 4; q !== seat; q = (q + 1) % 4) {
        if (mayClaimMahjong(ws, q, t, q === (seat + 1) % 4)) {
          danger[t]! += 1 / worlds;
          break;
        }
      }
    }
  }
  const pool = new Uint8Array(144);
  const n = unseenTiles(s, seat, pool);
  const unseen = new Float64Array(34);
  let nu = 0;
  for (let i = 0; i < n; i++) if (pool[i]! < 34) {
    unseen[pool[i]!]!++;
    nu++;
  }
  const stage = stageOf(view.wallCount);
  for (let q = 0; q < 4; q++) {
    if (q === seat) continue;
    const h = s.pub.handCount[q]!;
    for (let t = 0; t < 34; t++) {
      const k = s.priv.hand[q * 34 + t]!;
      if (k === 0) continue;
      const p = (mean[q * 34 + t]! + (SMOOTH * unseen[t]!) / nu) / (h + SMOOTH);
      acc.ll += k * Math.log(p);
      acc.tiles += k;
    }
    acc.auc[stage]!.push({ g: game, p: ready[q]!, y: shanten(s.priv.hand.subarray(q * 34, q * 34 + 34), s.pub.meldCount[q]!) <= 0 ? 1 : 0 });
  }
  for (let t = 0; t < 34; t++) {
    if (s.priv.hand[seat * 34 + t] === 0) continue;
    let y = 0;
    for (let q = (seat + 1) % 4; q !== seat; q = (q + 1) % 4) if (mayClaimMahjong(s, q, t, q === (seat + 1) % 4)) y = 1;
    acc.danger.push({ p: danger[t]!, y });
  }
}

export interface QualityRow {
  rules: string;
  method: Method;
  decisions: number;
  loglik_per_tile: number;
  auc_early: number;
  auc_mid: number;
  auc_late: number;
  brier: number;
  danger_samples: number;
  max_gap_1000: number;
  mean_ess: number;
  collapsed: number;
  ms_per_world: number;
}

/** The ROC area of the inference against the opponent model's, by stage, with a 95% interval over hands. */
export interface AucRow {
  rules: string;
  stage: string;
  seats: number;
  ready: number;
  hands: number;
  auc_model: number;
  auc_infer: number;
  diff: number;
  ci_low: number;
  ci_high: number;
}

export const STAGES = ['early', 'mid', 'late'] as const;
const BOOTSTRAP = 400;

/**
 * Infer's ROC area minus the model's at one stage, and its 95% percentile interval from resampling whole hands with
 * replacement (the seats of one hand are not independent); both methods' samples come in the same order (the same
 * seats at the same turns), so each resample is paired.
 */
export function aucDifference(model: readonly { p: number; y: number; g: number }[], infer: readonly { p: number; y: number; g: number }[], rng: Rng): { hands: number; diff: number; lo: number; hi: number } {
  const byHand = new Map<number, number[]>();
  model.forEach((x, i) => {
    const l = byHand.get(x.g);
    if (l) l.push(i);
    else byHand.set(x.g, [i]);
  });
  const hands = [...byHand.values()];
  const diff = rocAuc(infer) - rocAuc(model);
  const ds: number[] = [];
  for (let b = 0; b < BOOTSTRAP; b++) {
    const mi: { p: number; y: number }[] = [];
    const ii: { p: number; y: number }[] = [];
    for (let k = 0; k < hands.length; k++) {
      for (const i of hands[rng.int(hands.length)]!) {
        mi.push(model[i]!);
        ii.push(infer[i]!);
      }
    }
    const d = rocAuc(ii) - rocAuc(mi);
    if (Number.isFinite(d)) ds.push(d);
  }
  ds.sort((a, b) => a - b);
  const q = (f: number): number => (ds.length ? ds[Math.min(ds.length - 1, Math.floor(f * ds.length))]! : NaN);
  return { hands: hands.length, diff, lo: q(0.025), hi: q(0.975) };
}

export interface ReliabilityRow {
  rules: string;
  method: Method;
  bin: number;
  count: number;
  mean_predicted: number;
  realised: number;
}

/** One turn in `every` of the hands' turns is measured, and every late one (all seats take turns being the mover). */
export function predictionQuality(hands: number, worlds: number, every = 3, seed = QUALITY_SEED, rules = RULESET_IDS, model = POLICY_MODEL, steps = INFER_STEPS): { rows: QualityRow[]; bins: ReliabilityRow[]; aucs: AucRow[] } {
  const rows: QualityRow[] = [];
  const bins: ReliabilityRow[] = [];
  const aucs: AucRow[] = [];
  for (const id of rules) {
    const acc = Object.fromEntries(METHODS.map((m) => [m, { ll: 0, tiles: 0, auc: [[], [], []], danger: [], stats: noStats(), ms: 0, worlds: 0 } as Acc])) as Record<Method, Acc>;
    let decisions = 0;
    let turn = 0;
    selfPlay(id, hands, seed, (s, view, g) => {
      // Every turn once the live wall is below 25: few hands last that long, and the late stage needs the samples.
      if (view.phase !== 'turn' || (turn++ % every !== 0 && stageOf(view.wallCount) !== 2)) return;
      decisions++;
      for (const m of METHODS) measure(acc[m], m, s, view, makeStream(seed, g, `quality:${id}:${m}:${turn}`), worlds, g, model, steps);
    });
    for (const m of METHODS) {
      const a = acc[m];
      const b = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
      let brier = 0;
      for (const d of a.danger) {
        brier += (d.p - d.y) ** 2;
        const cell = b[Math.min(9, Math.floor(d.p * 10))]!;
        cell.n++;
        cell.p += d.p;
        cell.y += d.y;
      }
      let gap = 0;
      b.forEach((cell, i) => {
        bins.push({ rules: id, method: m, bin: i, count: cell.n, mean_predicted: cell.n ? cell.p / cell.n : NaN, realised: cell.n ? cell.y / cell.n : NaN });
        if (cell.n >= 1000) gap = Math.max(gap, Math.abs(cell.p - cell.y) / cell.n);
      });
      rows.push({
        rules: id,
        method: m,
        decisions,
        loglik_per_tile: a.ll / a.tiles,
        auc_early: rocAuc(a.auc[0]!),
        auc_mid: rocAuc(a.auc[1]!),
        auc_late: rocAuc(a.auc[2]!),
        brier: brier / a.danger.length,
        danger_samples: a.danger.length,
        max_gap_1000: gap,
        mean_ess: a.stats.seats ? a.stats.essSum / a.stats.seats : NaN,
        collapsed: a.stats.collapsed,
        ms_per_world: a.ms / a.worlds,
      });
    }
    STAGES.forEach((stage, k) => {
      const model = acc.model.auc[k]!;
      const infer = acc.infer.auc[k]!;
      const d = aucDifference(model, infer, makeStream(seed, 0, `quality:${id}:bootstrap:${stage}`));
      const ready = model.reduce((n, x) => n + x.y, 0);
      aucs.push({ rules: id, stage, seats: model.length, ready, hands: d.hands, auc_model: rocAuc(model), auc_infer: rocAuc(infer), diff: d.diff, ci_low: d.lo, ci_high: d.hi });
    });
  }
  return { rows, bins, aucs };
}

function csv<T extends object>(rows: readonly T[]): string {
  const keys = Object.keys(rows[0]!) as (keyof T)[];
  const cell = (x: unknown): string => (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(6)) : String(x));
  return [keys.join(','), ...rows.map((r) => keys.map((k) => cell(r[k])).join(','))].join('\n') + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const hands = Number(process.argv[2] ?? 100);
  const worlds = Number(process.argv[3] ?? 16);
  const out = process.argv[4];
  const t0 = Date.now();
  const { rows, bins, aucs } = predictionQuality(hands, worlds);
  const secs = (Date.now() - t0) / 1000;
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'prediction.csv'), csv(rows));
    writeFileSync(join(out, 'reliability.csv'), csv(bins));
    writeFileSync(join(out, 'auc-intervals.csv'), csv(aucs));
  }
  process.stdout.write(csv(rows) + csv(aucs));
  process.stderr.write(`${hands} hands per rule set, ${worlds} worlds, ${secs.toFixed(0)} s\n`);
}
