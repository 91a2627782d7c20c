/**
 * `mjlab experiment learned-policy` (docs/learning.md, "The experiment: `mjlab experiment learned-policy`"): expert
 * iteration under every variant of the spec, in DIR/runs/<variant>/, one stage after another:
 *
 *   gen1/                  mjlab train: the teacher at one seat against the field, --games games, seed S
 *   net1-vs-harr/          simulate --duplicate: generation 1's net against the field (seed S+100)
 *   gen2/                  mjlab train: a search rolling out with generation 1's net, its policy and prior (seed S+1),
 *                          fitted on its decisions and generation 1's (--keep-data)
 *   net2-vs-harr/          generation 2's net against the field, on net1-vs-harr's walls (seed S+100)
 *   net2-vs-net1/          generation 2 against generation 1 at one table with two of the field (seed S+101)
 *   search-net-vs-search/  search with generation 2's net as policy and prior against today's search (seed S+102)
 *
 * Every stage resumes through its own checkpoint (src/learn/data.ts, the runner's); a finished training stage (its
 * manifest.json written) is read back, not fitted again. Then the summary, the generations table, the chart and
 * the README (experiments/learned-policy/report.ts), and the manifest last. The nets' model files are named in
 * the lineups by their path under DIR, so a run is reproduced from where it was run (the repository's root).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../../src/text.js';
import { UserError } from '../../src/errors.js';
import { commandLine, experimentProvenance, gitState } from '../../src/io/manifest.js';
import type { RunDir } from '../../src/io/run-dir.js';
import { renderSvg } from '../../src/charts/render.js';
import { msPerDecision, timeDecisions } from '../../src/runner/decision-times.js';
import { DEFAULT_FIT } from '../../src/learn/options.js';
import { pairedRow } from '../../src/learn/summary.js';
import { train } from '../../src/learn/train.js';
import { csvRows } from '../../src/report/csv-read.js';
import { simulate } from '../../src/runner/run.js';
import type { StopSignal } from '../../src/runner/signals.js';
import { report, type Comparison, type Generation } from './report.js';
import { learningSizes } from './sizes.js';
import type { LearningExperimentSpec, Variant } from '../../src/experiments/types.js';

export interface LearningOptions {
  readonly games?: number;
  readonly seed?: number;
  readonly workers?: number;
  readonly progress: 'auto' | 'none';
  readonly resume: boolean;
  readonly command?: string;
}

export function learnedPolicyCommand(spec: LearningExperimentSpec, games: number, seed: number): string {
  return `${CLI} experiment ${spec.name} --games ${games} --seed ${seed}`;
}

type LearningResult = { status: 'complete' | 'interrupted'; signal?: StopSignal; dir: string; hands: number; seconds: number; runSeconds?: number };

/** What the nets of one variant are called in the lineups: their model files under DIR. */
function entries(spec: LearningExperimentSpec, dir: string, v: Variant) {
  const model = (gen: 1 | 2) => join(dir, 'runs', v.label, `gen${gen}`, 'model.mjnet');
  const net = (gen: 1 | 2) => `net:model=${model(gen)}`;
  const withNet = (budget: number, gen: 1 | 2) => `search:budget=${budget}:policy=net/model=${model(gen)}:prior=net/model=${model(gen)}`;
  return { net1: net(1), net2: net(2), teacher2: withNet(spec.gen2Budget, 1), searchNet: withNet(spec.netSearchBudget, 2) };
}

/** Runs into `target`, already claimed for this experiment (src/experiments/run.ts). */
export async function runLearnedPolicy(spec: LearningExperimentSpec, o: LearningOptions, target: RunDir): Promise<LearningResult> {
  const games = o.games ?? spec.games;
  const seed = o.seed ?? spec.seed;
  const sizes = learningSizes(spec, games);
  const dir = target.path;
  // Model paths go into lineups, where ':' and ',' separate parameters and seats.
  if (/[:,=]/.test(dir)) throw new UserError(`--out ${dir}: the nets are named by their path in the lineups, which cannot hold ':', ',' or '='; give another --out`);
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const command = o.command ?? commandLine();
  const git = gitState();
  const field = spec.field.split(',');
  const say = (line: string) => {
    if (o.progress !== 'none') process.stderr.write(`mjlab: ${spec.name} ${line}\n`);
  };
  const interrupted = (signal: StopSignal | undefined): LearningResult => ({ status: 'interrupted', ...(signal ? { signal } : {}), dir, hands: 0, seconds: (performance.now() - t0) / 1000 });
  const stages = spec.variants.length * 6;
  let stage = 0;

  const trainStage = async (v: Variant, gen: 1 | 2, teacher: string, label: string, n: number, s: number, keep: readonly string[]): Promise<Generation | StopSignal | undefined> => {
    const out = join(dir, 'runs', v.label, `gen${gen}`);
    say(`stage ${++stage}/${stages}: ${v.label}, generation ${gen}: ${n} games of ${label}`);
    if (!(o.resume && existsSync(join(out, 'manifest.json')))) {
      const r = await train({
        rules: v.rules, ...(v.limit !== undefined ? { limit: v.limit } : {}), teacher, field: spec.field, games: n, seed: s, out, shard: null,
        resume: o.resume, force: !o.resume, ...(o.workers !== undefined ? { workers: o.workers } : {}), progress: o.progress, command, fit: DEFAULT_FIT, keepData: keep,
      });
      if (r.status !== 'complete') return r.signal;
    }
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Generation['manifest'] & { fit?: unknown; keptData?: { dir: string }[] };
    // A stage read back must be what this code would fit: the later stages play its model.
    const keptDirs = (m.keptData ?? []).map((k) => k.dir);
    if (JSON.stringify(m.fit) !== JSON.stringify(DEFAULT_FIT) || JSON.stringify(keptDirs) !== JSON.stringify(keep)) {
      throw new UserError(
        `${out} was fitted with other options or data than this mjlab's (${JSON.stringify(m.fit)}, kept data ${JSON.stringify(keptDirs)}); remove its manifest.json and model.mjnet (its data stays) ` +
          `and the later stages of ${v.label}, then --resume; or start over with --force`,
      );
    }
    const kept = csvRows(readFileSync(join(out, 'validation.csv'), 'utf8'))[0]!;
    return { variant: v.label, generation: gen, teacher: label, games: n, seed: s, dir: join('runs', v.label, `gen${gen}`), manifest: m, epoch: Number(kept.epoch), valueRmse: Number(kept.valid_value_rmse) };
  };

  const playStage = async (v: Variant, name: string, a: string, b: string, others: readonly string[], n: number, s: number, labels: { agent: string; baseline: string }, timing: number): Promise<Comparison | StopSignal | undefined> => {
    const out = join(dir, 'runs', v.label, name);
    const lineup = [a, ...others].join(',');
    say(`stage ${++stage}/${stages}: ${v.label}, ${labels.agent} against ${labels.baseline}: ${n} games of ${lineup}`);
    const r = await simulate({
      rules: v.rules, strategies: lineup, games: n, seed: s, ...(o.workers !== undefined ? { workers: o.workers } : {}), out, outExplicit: false, gamesCsv: false,
      ...(v.limit !== undefined ? { limit: v.limit } : {}), players: 4, unit: 'hand', duplicate: true, flowers: false, shard: null,
      resume: o.resume, force: false, parentOwned: true, progress: o.progress, command,
    });
    if (r.status !== 'complete') return r.signal ?? 'SIGINT';
    const paired = pairedRow(readFileSync(join(out, 'pairwise.csv'), 'utf8'), a, b, join(out, 'pairwise.csv'));
    return { variant: v.label, name, agent: labels.agent, baseline: labels.baseline, a, b, lineup, games: n, seed: s, paired, timingHands: timing, hands: r.aggregate.hands, seconds: r.manifest.durationSeconds };
  };

  const generations: Generation[] = [];
  const comparisons: Comparison[] = [];
  for (const v of spec.variants) {
    const e = entries(spec, dir, v);
    const steps: (() => Promise<Generation | Comparison | StopSignal | undefined>)[] = [
      () => trainStage(v, 1, spec.teacher, spec.teacher, sizes.gen1, seed, []),
      () => playStage(v, 'net1-vs-harr', e.net1, field[0]!, field, sizes.nets, seed + 100, { agent: 'net (generation 1)', baseline: field[0]! }, spec.timingHands.net),
      // Generation 2 learns from its teacher's decisions and keeps generation 1's (expert iteration's data aggregation).
      () => trainStage(v, 2, e.teacher2, `search:budget=${spec.gen2Budget} with net (generation 1) as policy and prior`, sizes.gen2, seed + 1, [join(dir, 'runs', v.label, 'gen1')]),
      () => playStage(v, 'net2-vs-harr', e.net2, field[0]!, field, sizes.nets, seed + 100, { agent: 'net (generation 2)', baseline: field[0]! }, spec.timingHands.net),
      () => playStage(v, 'net2-vs-net1', e.net2, e.net1, [e.net1, field[1]!, field[2]!], sizes.nets, seed + 101, { agent: 'net (generation 2)', baseline: 'net (generation 1)' }, spec.timingHands.net),
      () => playStage(v, 'search-net-vs-search', e.searchNet, spec.baselineSearch, [spec.baselineSearch, field[1]!, field[2]!], sizes.search, seed + 102,
        { agent: `search:budget=${spec.netSearchBudget} with net (generation 2) as policy and prior`, baseline: spec.baselineSearch }, spec.timingHands.search),
    ];
    for (const step of steps) {
      const got = await step();
      if (got === undefined || typeof got === 'string') return interrupted(got);
      if ('generation' in got) generations.push(got);
      else comparisons.push(got);
    }
  }

  // ms per decision: each agent with its baseline at one table, on the same hands, after every run.
  const timings = new Map<string, { ms: number; baseMs: number }>();
  for (const c of comparisons) {
    say(`timing ${c.agent} and ${c.baseline} under ${c.variant} (${c.timingHands} hands)`);
    const v = spec.variants.find((x) => x.label === c.variant)!;
    const others = c.lineup.split(',').slice(1);
    const t = await timeDecisions(c.timingHands, v.rules, [c.a, ...others].join(','));
    timings.set(`${c.variant} ${c.name}`, { ms: msPerDecision(t, c.a), baseMs: msPerDecision(t, c.b) });
  }

  const command0 = learnedPolicyCommand(spec, games, seed);
  const out = report(spec, { generations, comparisons, timings, games, seed, sizes, command: command0 });
  for (const f of out.files) target.write(f.name, f.text);
  for (const c of out.charts) target.write(c.name, await renderSvg(c.spec));
  const hands = comparisons.reduce((a, c) => a + c.hands, 0) + generations.reduce((a, g) => a + g.games, 0);
  // The comparisons' runs are timed over every session; a training stage's own clock only over its last, so the
  // data's cost is its batches' CPU seconds.
  const runSeconds = comparisons.reduce((a, c) => a + c.seconds, 0);
  const dataCpu = generations.reduce((a, g) => a + (g.manifest.dataCpuSeconds ?? 0), 0);
  target.write('README.md', out.readme({ comparisonHours: runSeconds / 3600, dataCpuHours: dataCpu / 3600 }));
  // The training stages' checkpoints (each batch's size and SHA-256) are the data's record and go in; results/.gitignore
  // leaves out every run's checkpoint, so they are named back here.
  target.write('.gitignore', 'runs/**/decisions.bin\nruns/*/*-vs-*/checkpoint.jsonl\n!runs/*/gen*/checkpoint.jsonl\nruns/**/nets.bin\nruns/**/aggregate.json\nruns/**/.*.tmp\n');
  const seconds = (performance.now() - t0) / 1000;
  const manifest = {
    ...experimentProvenance(spec.name, command, command0, git),
    seed,
    gamesRequested: games,
    sizes,
    fit: DEFAULT_FIT,
    hands,
    startedAt,
    comparisonSeconds: Number(runSeconds.toFixed(3)),
    dataCpuSeconds: Number(dataCpu.toFixed(1)),
    sessionSeconds: Number(seconds.toFixed(3)),
    node: process.version,
    generations: generations.map((g) => ({ variant: g.variant, generation: g.generation, teacher: g.teacher, games: g.games, seed: g.seed, dir: g.dir, modelSha256: g.manifest.modelSha256, hours: g.manifest.hours, dataCpuSeconds: g.manifest.dataCpuSeconds })),
    runs: comparisons.map((c) => ({ variant: c.variant, dir: join('runs', c.variant, c.name), lineup: c.lineup, games: c.games, seed: c.seed, durationSeconds: c.seconds, ...timings.get(`${c.variant} ${c.name}`) })),
  };
  target.write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { status: 'complete', dir, hands, seconds, runSeconds };
}
