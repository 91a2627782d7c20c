/**
 * The belief-prediction experiment's files (docs/belief.md, "Prediction quality"): prediction.csv (every rule set,
 * method and stage), reliability.csv (the danger's bins), auc-intervals.csv (the belief's ROC area of readiness
 * against the inference's, with intervals over hands), models.csv (each model's SHA-256, what it was trained on and
 * the command that trains it again) and README.md with the tables and the targets, met or not.
 */
import type { BeliefModel } from '../../src/belief/model-file.js';
import { csv, fmt, num } from '../../src/io/csv.js';
import { caveatsSection, readmeHead } from '../../src/experiments/readme.js';
import { CLI, thousands } from '../../src/text.js';
import type { AucRow, PredictionRow, ReliabilityRow, RulesResult } from './rows.js';
import { CALIBRATION_MIN, STAGES } from './score.js';
import type { BeliefPredictionSpec } from './spec.js';

/** How close every bin of CALIBRATION_MIN samples or more must be, and the late ROC area asked for. */
export const CALIBRATION_TARGET = 0.01;
export const LATE_AUC_TARGET = 0.7;

/** A CSV of `rows`; a figure kept through a run's JSON as null (NaN, an empty bin) is written empty, as a fresh run writes it. */
function table<T extends object>(rows: readonly T[], cell: (k: keyof T, v: unknown) => string = (_k, v) => (typeof v === 'number' ? fmt(v) : v === null ? '' : String(v))): string {
  const keys = Object.keys(rows[0]!) as (keyof T)[];
  return csv([keys.map(String), ...rows.map((r) => keys.map((k) => cell(k, r[k])))]);
}

/** The command that trains `model` again (from what its header records), into `dir`. */
export function trainCommand(model: BeliefModel, dir: string): string {
  const h = model.header as BeliefModel['header'] & { rules: string; games: number; seed: number; lineup: string; fit: { epochs: number; lr: number; batch: number; trainSeed: number } };
  const [teacher, ...field] = h.lineup.split(',');
  const lineup = h.lineup === 'harr,harr,harr,harr' ? '' : ` --teacher ${teacher} --field ${field.join(',')}`;
  return `${CLI} train --target belief --rules ${h.rules}${lineup} --games ${h.games} --seed ${h.seed} --hidden ${h.hidden} --lr ${h.fit.lr} --epochs ${h.fit.epochs} --batch ${h.fit.batch} --train-seed ${h.fit.trainSeed} --out ${dir}`;
}

/** Each rule set's verdict on the three targets, as the README states them. */
export function targets(rows: readonly PredictionRow[], rules: string): { worse: string[]; lateAuc: number; gap: number } {
  const get = (m: string, stage: string): PredictionRow => rows.find((r) => r.rules === rules && r.method === m && r.stage === stage)!;
  const worse: string[] = [];
  for (const stage of STAGES) {
    const i = get('infer', stage);
    const b = get('belief', stage);
    if (!(b.loglik_per_tile > i.loglik_per_tile)) worse.push(`${stage} log likelihood`);
    if (!(b.ready_auc > i.ready_auc)) worse.push(`${stage} ROC area`);
    if (!(b.brier < i.brier)) worse.push(`${stage} Brier`);
  }
  return { worse, lateAuc: get('belief', 'late').ready_auc, gap: get('belief', 'all').max_gap_1000 };
}

export function report(spec: BeliefPredictionSpec, results: readonly RulesResult[], models: ReadonlyMap<string, { file: string; model: BeliefModel }>, f: { games: number; seed: number; command: string; commit: string }): { name: string; text: string }[] {
  const rows = results.flatMap((r) => r.rows);
  const bins = results.flatMap((r) => r.bins);
  const aucs: AucRow[] = results.flatMap((r) => r.aucs);
  const modelRows = results.map((r) => {
    const m = models.get(r.rules)!;
    const h = m.model.header as Record<string, unknown>;
    return { rules: r.rules, file: m.file, sha256: r.modelSha256, games: String(h.games), seed: String(h.seed), hidden: String(h.hidden), epoch: String(h.epoch), train: trainCommand(m.model, `results/tmp/belief-models/${r.rules}`) };
  });
  const r3 = (x: number): string => (Number.isNaN(x) ? '–' : x.toFixed(3));
  const r4 = (x: number): string => (Number.isNaN(x) ? '–' : x.toFixed(4));
  const get = (rules: string, m: string, stage: string): PredictionRow => rows.find((r) => r.rules === rules && r.method === m && r.stage === stage)!;
  const main = results.flatMap((r) => ['all', ...STAGES].map((stage) => {
    const [u, i, b] = (['uniform', 'infer', 'belief'] as const).map((m) => get(r.rules, m, stage));
    return `| ${r.rules} | ${stage} | ${thousands(b!.decisions)} | ${r3(u!.loglik_per_tile)} / ${r3(i!.loglik_per_tile)} / **${r3(b!.loglik_per_tile)}** | ${r3(u!.ready_auc)} / ${r3(i!.ready_auc)} / **${r3(b!.ready_auc)}** | ${r4(u!.brier)} / ${r4(i!.brier)} / **${r4(b!.brier)}** | ${r4(i!.max_gap_1000)} / **${r4(b!.max_gap_1000)}** |`;
  }));
  const verdicts = results.map((r) => {
    const t = targets(rows, r.rules);
    return `- ${r.rules}: better than the inference in every cell: ${t.worse.length === 0 ? 'met' : `not met (${t.worse.join(', ')} not better)`}; ` +
      `late ROC area ${r3(t.lateAuc)}: ${t.lateAuc >= LATE_AUC_TARGET ? 'met' : 'not met'}; ` +
      `danger's largest gap over bins of ${thousands(CALIBRATION_MIN)} or more ${r4(t.gap)}: ${t.gap <= CALIBRATION_TARGET ? 'met' : 'not met'}.`;
  });
  const beliefBins = bins.filter((b: ReliabilityRow) => b.method === 'belief' && b.stage === 'all' && b.count > 0)
    .map((b) => `| ${b.rules} | ${b.bin} | ${thousands(b.count)} | ${r4(b.mean_predicted)} | ${r4(b.realised)} |`);
  const aucLines = aucs.map((a) => `| ${a.rules} | ${a.stage} | ${thousands(a.seats)} | ${thousands(a.ready)} | ${a.hands} | ${r3(a.auc_infer)} | ${r3(a.auc_belief)} | ${a.diff >= 0 ? '+' : ''}${r3(a.diff)} (${r3(a.ci_low)} to ${r3(a.ci_high)}) |`);
  const readme = [
    ...readmeHead(spec, f.games < spec.games ? `${f.games} hands per rule set, fewer than the experiment's ${spec.games}` : null, `${f.games} hands per rule set, seed ${f.seed}`),
    `- Four \`harr\` play ${f.games} hands under each rule set on the walls of seed ${f.seed} (experiments/self-play.ts); one turn in ${spec.every}, and every ` +
      `turn once the live wall is below 25, the mover's view is read three ways: \`uniform\` (${spec.worlds} worlds dealt uniformly), \`infer\` (${spec.worlds} worlds ` +
      'of the inference over worlds, src/infer/guide.ts, as results/inference-prediction draws them: the same decision points and streams) and `belief` ' +
      '(the rule set\'s learned belief model, src/belief/: its count, readiness and win heads, from the view\'s features alone).',
    '- Scored against the other seats\' true hands, by stage (live wall above 50, 25 to 50, below 25): the log likelihood per hidden tile of each ' +
      'true concealed hand under the predicted composition (smoothed toward the unseen tiles by one tile\'s worth); the ROC area of P(one tile from ' +
      'complete); for every kind the mover holds, the danger (the chance its discard lets another seat go Mah-Jongg) against whether it truly would: ' +
      `Brier score, and the largest |mean prediction − realised| over the 10 reliability bins holding ${thousands(CALIBRATION_MIN)} samples or more.`,
    `- Sizing: ${spec.sizing}`,
    '',
    '## Results',
    '',
    'Each cell: uniform / infer / **belief**; the last column infer / **belief**.',
    '',
    '| rules | stage | decisions | log lik / hidden tile | ROC area, readiness | danger Brier | danger max gap (bins ≥ 1,000) |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...main,
    '',
    `Targets (better than the inference in every cell; late ROC area at least ${LATE_AUC_TARGET}; the danger within ${CALIBRATION_TARGET} in every bin of ` +
      `${thousands(CALIBRATION_MIN)} samples or more, over the whole hand):`,
    '',
    ...verdicts,
    '',
    'The belief\'s ROC area of readiness against the inference\'s, with a 95% interval from resampling whole hands (400 resamples):',
    '',
    '| rules | stage | seats | one from complete | hands | infer | belief | belief − infer |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...aucLines,
    '',
    'Reliability of the belief\'s danger over the whole hand, every bin with samples (reliability.csv has every method and stage):',
    '',
    '| rules | bin | count | mean predicted | realised |',
    '|---|---:|---:|---:|---:|',
    ...beliefBins,
    '',
    '## The models',
    '',
    'Each trained by `mjlab train --target belief` on four harr\'s self-play; the experiment reads them with `--models` and records their SHA-256 ' +
      '(models.csv, manifest.json). Trained again, each from its command (into results/tmp/, which git ignores), gives the same file byte for byte:',
    '',
    '| rules | file | SHA-256 | games | seed | hidden | epoch kept |',
    '|---|---|---|---:|---:|---:|---:|',
    ...modelRows.map((m) => `| ${m.rules} | ${m.file} | \`${m.sha256}\` | ${thousands(Number(m.games))} | ${m.seed} | ${m.hidden} | ${m.epoch} |`),
    '',
    '```sh',
    ...modelRows.map((m) => m.train),
    '```',
    '',
    '## Files',
    '',
    '- [prediction.csv](prediction.csv): every rule set, method and stage (and `all`)',
    '- [reliability.csv](reliability.csv): the danger\'s 10 bins, every rule set, method and stage',
    '- [auc-intervals.csv](auc-intervals.csv): the belief\'s ROC area against the inference\'s, by stage, with intervals over hands',
    '- [models.csv](models.csv): the models measured, their SHA-256 and the commands that train them',
    '- [manifest.json](manifest.json): version, commit, command, the models\' headers, the timings',
    '- `runs/<rules>.json`: each rule set\'s figures, kept as it finishes (what `--resume` reads; `runs/<rules>.worlds.json`, the sampled ' +
      'methods\' points, is kept for it too and left out of git)',
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm run build',
    f.command,
    '```',
    '',
    `Run at commit ${f.commit}; the measurement took ${(results.reduce((s, r) => s + r.cpuSeconds, 0) / 3600).toFixed(2)} CPU-hours ` +
      '(the sampled methods nearly all of it; the belief\'s predictions a few seconds a rule set); the models\' training is costed where they are ' +
      'committed. The CSVs are reproduced byte for byte, and this README but for the commit and the cost (manifest.json has both, and the timings); ' +
      'an interrupted run continues with the same command plus `--resume` (finished rule sets are kept).',
    '',
    ...caveatsSection(spec.caveats),
  ].join('\n');
  const rowCell = (k: keyof PredictionRow, v: unknown): string => (typeof v === 'number' ? (k === 'decisions' || k === 'seats' || k === 'ready' || k === 'danger_samples' ? String(v) : num(v)) : String(v));
  return [
    { name: 'prediction.csv', text: table(rows, rowCell) },
    { name: 'reliability.csv', text: table(bins) },
    { name: 'auc-intervals.csv', text: table(aucs) },
    { name: 'models.csv', text: table(modelRows) },
    { name: 'README.md', text: readme },
  ];
}
