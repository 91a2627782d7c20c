/**
 * `mjlab experiment belief-prediction --models harr=FILE,harr-limit=FILE,babcock=FILE,code500=FILE` (docs/belief.md,
 * "Prediction quality"): under each rule set, four `harr` play --games hands on the walls of --seed
 * (experiments/self-play.ts); at one turn in `every`, and at every turn once the live wall is below 25, the mover's
 * view is read three ways and scored against the other seats' truth (experiments/belief-prediction/score.ts):
 *
 *   uniform  32 worlds dealt uniformly from the unseen tiles (AgentView.sampleWorld without a guide)
 *   infer    32 worlds of today's inference over worlds (src/infer/guide.ts, 4 deals and 40 swaps per seat)
 *   belief   the rule set's learned belief model's heads (src/belief/net.ts), from the view's features alone
 *
 * The worlds are drawn from results/inference-prediction's streams, so its uniform and inference figures come out
 * again. Each rule set's sampled methods are kept in DIR/runs/<rules>.worlds.json (they need no model), its figures in
 * DIR/runs/<rules>.json as it finishes: --resume measures only the rest.
 * Then prediction.csv, reliability.csv, auc-intervals.csv, models.csv, README.md and manifest.json (last).
 */
import { join } from 'node:path';
import type { AgentView } from '../../src/agent/types.js';
import type { HandState } from '../../src/engine/state.js';
import type { ExperimentOptions, ExperimentResult } from '../../src/experiments/experiment.js';
import { modelsOption } from '../../src/experiments/models.js';
import { readBeliefModel, type BeliefModel } from '../../src/belief/model-file.js';
import { UserError } from '../../src/errors.js';
import { makeDir } from '../../src/io/files.js';
import { commandLine, experimentProvenance, gitState } from '../../src/io/manifest.js';
import type { RunDir } from '../../src/io/run-dir.js';
import { noStats } from '../../src/infer/guide.js';
import { makeStream } from '../../src/rng/streams.js';
import { CLI } from '../../src/text.js';
import { aucDifference, methodGuide } from '../inference-prediction/inference-quality.js';
import { selfPlay } from '../self-play.js';
import { beliefPrediction, stageOf, truthOf, worldsPrediction } from './predict.js';
import { report } from './report.js';
import { METHODS, type AucRow, type Method, type PredictionRow, type ReliabilityRow, type RulesResult } from './rows.js';
import { PredictionScore, STAGES, reliability, type ScoreState } from './score.js';
import type { BeliefPredictionSpec } from './spec.js';

export { METHODS, type AucRow, type Method, type PredictionRow, type ReliabilityRow, type RulesResult } from './rows.js';

/** Calls `cb` at the decision points measured: one turn in `every`, and every turn once the live wall is below 25. */
function decisionPoints(rules: string, hands: number, seed: number, every: number, cb: (s: HandState, view: AgentView, game: number, turn: number) => void): void {
  let turn = 0;
  selfPlay(rules, hands, seed, (s, view, g) => {
    // Every turn once the live wall is below 25: few hands last that long, and the late stage needs the samples.
    if (view.phase !== 'turn' || (turn++ % every !== 0 && stageOf(view.wallCount) !== 2)) return;
    cb(s, view, g, turn);
  });
}

/** The sampled methods' scores under one rule set (the costly part, which needs no model), and the timing. */
export interface WorldsStage {
  readonly rules: string;
  readonly hands: number;
  readonly seed: number;
  readonly every: number;
  readonly worlds: number;
  readonly decisions: number;
  readonly uniform: ScoreState;
  readonly infer: ScoreState;
  readonly seconds: number;
  readonly cpuSeconds: number;
}

function timed<T>(f: () => T): { value: T; seconds: number; cpuSeconds: number } {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const value = f();
  const cpu = process.cpuUsage(cpu0);
  return { value, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** Uniform worlds and the inference's, drawn from results/inference-prediction's streams, scored. */
export function worldsStage(rules: string, hands: number, seed: number, every: number, worlds: number): WorldsStage {
  const t = timed(() => {
    const scores = { uniform: new PredictionScore(), infer: new PredictionScore() };
    const stats = noStats();
    let decisions = 0;
    decisionPoints(rules, hands, seed, every, (s, view, g, turn) => {
      decisions++;
      const truth = truthOf(s, view.seat, view.wallCount, g);
      for (const m of ['uniform', 'infer'] as const) {
        const rng = makeStream(seed, g, `quality:${rules}:${m}:${turn}`);
        scores[m].add(worldsPrediction(view, rng, worlds, methodGuide(m, view, stats)), truth);
      }
    });
    return { decisions, uniform: scores.uniform.state(), infer: scores.infer.state() };
  });
  return { rules, hands, seed, every, worlds, ...t.value, seconds: t.seconds, cpuSeconds: t.cpuSeconds };
}

/** The learned belief's scores at the same decision points. */
export function beliefStage(rules: string, model: BeliefModel, hands: number, seed: number, every: number): { score: PredictionScore; seconds: number; cpuSeconds: number } {
  const t = timed(() => {
    const score = new PredictionScore();
    decisionPoints(rules, hands, seed, every, (s, view, g) => score.add(beliefPrediction(model, view), truthOf(s, view.seat, view.wallCount, g)));
    return score;
  });
  return { score: t.value, seconds: t.seconds, cpuSeconds: t.cpuSeconds };
}

/** One rule set's tables from the three methods' scores. */
export function rulesResult(w: WorldsStage, model: BeliefModel, belief: { score: PredictionScore; seconds: number; cpuSeconds: number }): RulesResult {
  const { rules, seed } = w;
  const scores: Record<Method, PredictionScore> = { uniform: new PredictionScore(w.uniform), infer: new PredictionScore(w.infer), belief: belief.score };
  const rows: PredictionRow[] = [];
  const bins: ReliabilityRow[] = [];
  for (const m of METHODS) {
    for (const r of scores[m].rows()) rows.push({ rules, method: m, ...r });
    ['all', ...STAGES].forEach((stage, i) => {
      for (const b of reliability(scores[m].dangerPoints(i - 1))) bins.push({ rules, method: m, stage, ...b });
    });
  }
  const auc = (m: Method, stage: string): number => rows.find((r) => r.method === m && r.stage === stage)!.ready_auc;
  const aucs: AucRow[] = STAGES.map((stage, k) => {
    const infer = scores.infer.readyPoints(k);
    const d = aucDifference(infer, scores.belief.readyPoints(k), makeStream(seed, 0, `belief-prediction:${rules}:bootstrap:${stage}`));
    return { rules, stage, seats: infer.length, ready: infer.reduce((n, x) => n + x.y, 0), hands: d.hands, auc_infer: auc('infer', stage), auc_belief: auc('belief', stage), diff: d.diff, ci_low: d.lo, ci_high: d.hi };
  });
  return { rules, modelSha256: model.sha256, decisions: w.decisions, hands: w.hands, rows, bins, aucs, seconds: w.seconds + belief.seconds, cpuSeconds: w.cpuSeconds + belief.cpuSeconds };
}

/** Measures one rule set: `hands` hands of four harr on the walls of `seed`. */
export function measureRules(rules: string, model: BeliefModel, hands: number, seed: number, every: number, worlds: number): RulesResult {
  return rulesResult(worldsStage(rules, hands, seed, every, worlds), model, beliefStage(rules, model, hands, seed, every));
}

/** Where a rule set's sampled methods are kept (DIR/runs/<rules>.worlds.json). */
export const worldsFile = (rules: string): string => join('runs', `${rules}.worlds.json`);

/** The sampled methods' scores kept by an earlier session of the same size, if any. */
export function keptWorlds(target: RunDir, resume: boolean, rules: string, hands: number, seed: number, spec: Pick<BeliefPredictionSpec, 'every' | 'worlds'>): WorldsStage | null {
  const w = resume ? target.readJson<WorldsStage>(worldsFile(rules)) : null;
  return w !== null && w.rules === rules && w.hands === hands && w.seed === seed && w.every === spec.every && w.worlds === spec.worlds ? w : null;
}

/** The model of each rule set, read and checked: trained under that rule set (its header says so). */
export function readModels(spec: BeliefPredictionSpec, models: string | undefined): Map<string, { file: string; model: BeliefModel }> {
  if (models === undefined) throw new UserError(`${spec.name} measures a belief model per rule set: give --models ${spec.variants.map((v) => `${v.label}=FILE`).join(',')} (mjlab train --target belief writes them)`);
  const files = modelsOption(models, spec.variants.map((v) => v.label));
  const out = new Map<string, { file: string; model: BeliefModel }>();
  for (const v of spec.variants) {
    const file = files.get(v.label)!;
    const model = readBeliefModel(file);
    if (model.header.rules !== v.rules) throw new UserError(`--models: ${file} was trained under ${String(model.header.rules)}, not ${v.rules}`);
    if (model.header.seed === spec.seed) throw new UserError(`--models: ${file} was trained on the walls of seed ${spec.seed}, the walls this experiment measures on; train it on another --seed`);
    out.set(v.label, { file, model });
  }
  return out;
}

export function reproduceCommand(spec: BeliefPredictionSpec, games: number, seed: number, files: ReadonlyMap<string, { file: string }>): string {
  return `${CLI} experiment ${spec.name} --games ${games} --seed ${seed} --models ${[...files].map(([l, f]) => `${l}=${f.file}`).join(',')}`;
}

/** Runs into `target`, already claimed for this experiment (src/experiments/run.ts). */
export async function runBeliefPrediction(spec: BeliefPredictionSpec, o: ExperimentOptions, target: RunDir): Promise<ExperimentResult> {
  const games = o.games ?? spec.games;
  const seed = o.seed ?? spec.seed;
  const models = readModels(spec, o.models);
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const command = o.command ?? commandLine();
  const git = gitState();
  const say = (line: string): void => {
    if (o.progress !== 'none') process.stderr.write(`mjlab: ${spec.name} ${line}\n`);
  };
  const results: RulesResult[] = [];
  makeDir(target.file('runs'));
  for (const v of spec.variants) {
    const { model } = models.get(v.label)!;
    const file = join('runs', `${v.label}.json`);
    const kept = o.resume ? target.readJson<RulesResult>(file) : null;
    if (kept !== null && kept.modelSha256 === model.sha256 && kept.hands === games) {
      say(`${v.label}: kept from an earlier session`);
      results.push(kept);
      continue;
    }
    say(`${v.label}: ${games} hands (finished stages are kept; resume with --resume)`);
    const w = keptWorlds(target, o.resume, v.rules, games, seed, spec) ?? worldsStage(v.rules, games, seed, spec.every, spec.worlds);
    target.write(worldsFile(v.rules), `${JSON.stringify(w)}\n`);
    const r = rulesResult(w, model, beliefStage(v.rules, model, games, seed, spec.every));
    target.write(file, `${JSON.stringify(r)}\n`);
    say(`${v.label}: ${r.decisions} decisions in ${r.seconds.toFixed(0)} s`);
    results.push(r);
  }
  // The sampled methods' points are a cache for --resume, not a result.
  target.write('.gitignore', 'runs/*.worlds.json\n');
  const reproduce = reproduceCommand(spec, games, seed, models);
  const out = report(spec, results, models, { games, seed, command: reproduce, commit: git.commit });
  for (const f of out) target.write(f.name, f.text);
  const seconds = (performance.now() - t0) / 1000;
  const runSeconds = results.reduce((s, r) => s + r.seconds, 0);
  const cpuSeconds = results.reduce((s, r) => s + r.cpuSeconds, 0);
  const manifest = {
    ...experimentProvenance(spec.name, command, reproduce, git),
    seed,
    gamesRequested: games,
    every: spec.every,
    worlds: spec.worlds,
    startedAt,
    durationSeconds: Number(runSeconds.toFixed(3)),
    processCpuSeconds: Number(cpuSeconds.toFixed(1)),
    sessionSeconds: Number(seconds.toFixed(3)),
    node: process.version,
    models: results.map((r) => ({ rules: r.rules, file: models.get(r.rules)!.file, sha256: r.modelSha256, header: models.get(r.rules)!.model.header })),
    runs: results.map((r) => ({ rules: r.rules, decisions: r.decisions, seconds: Number(r.seconds.toFixed(3)), cpuSeconds: Number(r.cpuSeconds.toFixed(1)) })),
  };
  target.write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { status: 'complete', dir: target.path, hands: games * results.length, seconds, runSeconds };
}
