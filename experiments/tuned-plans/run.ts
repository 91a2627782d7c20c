/**
 * `mjlab experiment tuned-plans` (docs/tuning.md): every strategy of the spec tuned under every rule setting,
 * once per seed family (src/tune/tune.ts, into DIR/tunes/<strategy>/<variant>/seed-<s>/), then cross-play: every
 * tuned plan, as its best.json preset, played one seat against three copies of its strategy's defaults under
 * every rule setting, all plans of a strategy on the same held-out walls (seed S, games from CROSS_BLOCK), so
 * any two plans are compared paired. Tunes resume through their own checkpoints, the cross-play through
 * DIR/cross-play.jsonl (one line per strategy and rule setting); the report is experiments/tuned-plans/report.ts.
 */
import { availableParallelism } from 'node:os';
import { CLI } from '../../src/text.js';
import { join, resolve } from 'node:path';
import { UserError } from '../../src/errors.js';
import { commandLine, experimentProvenance, gitState } from '../../src/io/manifest.js';
import { ruleSet, rulesName } from '../../src/rules/index.js';
import { renderSvg } from '../../src/charts/render.js';
import type { RunDir } from '../../src/io/run-dir.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../src/runner/run.js';
import type { StopSignal } from '../../src/runner/signals.js';
import { Panel, type PanelJson } from '../../src/tune/arms.js';
import { JsonlWriter, readJsonl } from '../../src/tune/checkpoint.js';
import { Evaluator } from '../../src/tune/evaluate.js';
import { WorkerKeep } from '../../src/runner/pool.js';
import { tune, type TuneResult } from '../../src/tune/tune.js';
import { CROSS_BLOCK } from '../../src/tune/walls.js';
import { report, type CrossCell, type TuneCell } from './report.js';
import type { TuningExperimentSpec } from '../../src/experiments/types.js';

export interface TuningOptions {
  readonly games?: number;
  readonly seed?: number;
  readonly generations?: number;
  readonly out?: string;
  readonly workers?: number;
  readonly progress: 'auto' | 'none';
  readonly resume: boolean;
  readonly command?: string;
}

interface CrossHeader {
  readonly kind: 'cross-header';
  readonly identity: Readonly<Record<string, unknown>>;
}

interface CrossLine {
  readonly kind: 'cross';
  readonly strategy: string;
  readonly evaluated: string;
  readonly panel: PanelJson;
  readonly cpuSeconds: number;
}

export const CROSS_CHECKPOINT = 'cross-play.jsonl';

export function tunedPlansCommand(spec: TuningExperimentSpec, games: number, seed: number, generations: number): string {
  return `${CLI} experiment ${spec.name} --games ${games} --seed ${seed}${generations !== spec.generations ? ` --generations ${generations}` : ''}`;
}


type TunedPlansResult = { status: 'complete' | 'interrupted'; signal?: StopSignal; dir: string; hands: number; seconds: number };

/**
 * Runs into `dir`, already claimed for this experiment (src/experiments/run.ts). Every tune and the cross-play
 * share one set of warm workers (pool.ts WorkerKeep): the tunes are of built-in strategies.
 */
export async function runTunedPlans(spec: TuningExperimentSpec, o: TuningOptions, target: RunDir): Promise<TunedPlansResult> {
  const keep = new WorkerKeep();
  try {
    return await tunedPlans(spec, o, target, keep);
  } finally {
    await keep.close();
  }
}

async function tunedPlans(spec: TuningExperimentSpec, o: TuningOptions, target: RunDir, keep: WorkerKeep): Promise<TunedPlansResult> {
  const games = o.games ?? spec.games;
  const seed = o.seed ?? spec.seed;
  const dir = target.path;
  const generations = o.generations ?? spec.generations;
  if (!Number.isSafeInteger(generations) || generations <= 0) throw new UserError(`--generations must be a positive integer, got ${generations}`);
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const command = o.command ?? commandLine();
  // Read once: the code that runs is the code loaded now, and each read forks this process (src/io/manifest.ts).
  const git = gitState();
  const say = (line: string) => {
    if (o.progress !== 'none') process.stderr.write(`mjlab: ${spec.name} ${line}\n`);
  };
  const interrupted = (signal: StopSignal) => ({ status: 'interrupted' as const, signal, dir, hands: 0, seconds: (performance.now() - t0) / 1000 });

  // The tunes.
  const tunes: TuneCell[] = [];
  const total = spec.strategies.length * spec.variants.length * spec.families;
  for (const strategy of spec.strategies) {
    for (const variant of spec.variants) {
      for (let family = 0; family < spec.families; family++) {
        const s = seed + family;
        const rel = join('tunes', strategy.strategy, variant.label, `seed-${s}`);
        say(`tune ${tunes.length + 1}/${total}: ${strategy.strategy} under ${variant.label}, seed ${s}`);
        const r: TuneResult = await tune({
          rules: variant.rules,
          ...(variant.limit !== undefined ? { limit: variant.limit } : {}),
          strategy: strategy.strategy,
          params: strategy.paramsFor?.[variant.label] ?? strategy.params,
          generations,
          games,
          seed: s,
          sigma: spec.sigma,
          finalists: spec.finalists,
          raceRounds: spec.raceRounds,
          raceGames: spec.raceFactor * games,
          confirmGames: spec.confirmFactor * games,
          out: join(dir, rel),
          resume: o.resume,
          // Starting afresh replaces whatever tune the directory held, as the other experiments replace their runs.
          force: !o.resume,
          ...(o.workers !== undefined ? { workers: o.workers } : {}),
          progress: o.progress,
          command,
          keep,
          git,
        });
        if (r.status !== 'complete') return interrupted(r.signal ?? 'SIGINT');
        tunes.push({ strategy, variant, family, seed: s, dir: rel, record: r.record!, hands: r.hands, cpuSeconds: r.cpuSeconds });
      }
    }
  }

  // The cross-play.
  const crossGames = spec.crossFactor * games;
  const identity = {
    seed, games: crossGames, block: CROSS_BLOCK,
    plans: tunes.map((t) => ({ dir: t.dir, params: t.record.winnerParams })),
    variants: spec.variants,
  };
  const cpPath = join(dir, CROSS_CHECKPOINT);
  const prior = readJsonl<CrossHeader, CrossLine>(cpPath, 'cross-header');
  const same = prior !== null && JSON.stringify(prior.header.identity) === JSON.stringify(identity);
  if (o.resume && prior && !same) throw new UserError(`${cpPath} holds a different cross-play (other tunes or sizes); cannot --resume it`);
  const kept = o.resume && same ? prior.lines : [];
  const cp = new JsonlWriter<CrossHeader | CrossLine>(target.append(CROSS_CHECKPOINT, o.resume && same ? prior.validBytes : 0));
  if (!(o.resume && same)) cp.line({ kind: 'cross-header', identity });
  const cross: CrossCell[] = [];
  let crossCpu = kept.reduce((s, l) => s + l.cpuSeconds, 0);
  try {
    for (const evaluated of spec.variants) {
      const rules = ruleSet(evaluated.rules);
      let ev: Evaluator | null = null;
      try {
        for (const strategy of spec.strategies) {
          const plans = tunes.filter((t) => t.strategy === strategy);
          const past = kept.find((l) => l.strategy === strategy.strategy && l.evaluated === evaluated.label);
          if (past) {
            cross.push({ strategy: strategy.strategy, evaluated, plans, panel: Panel.fromJSON(past.panel) });
            continue;
          }
          say(`cross-play: ${plans.length} ${strategy.strategy} plans under ${evaluated.label}`);
          ev ??= new Evaluator(
            { rules: rulesName(rules), players: 4, flowers: rules.flowers, limit: evaluated.limit ?? rules.limit },
            o.workers ?? availableParallelism(),
            1000 * DEFAULT_DECISION_TIMEOUT,
            undefined,
            keep,
            // The experiment's strategies are built-ins; the plans, presets of them.
            false,
          );
          const cpu0 = process.cpuUsage();
          const field = new Array<string>(3).fill(strategy.strategy).join(',');
          const r = await ev.run(plans.map((p) => ({ lineup: `${resolve(dir, p.dir, 'best.json')},${field}`, seed, start: CROSS_BLOCK, end: CROSS_BLOCK + crossGames })));
          if (r.status !== 'done') return interrupted(r.signal);
          const panel = new Panel(plans.length);
          panel.addWalls(r.walls);
          const used = process.cpuUsage(cpu0);
          const cpuSeconds = Number(((used.user + used.system) / 1e6).toFixed(3));
          crossCpu += cpuSeconds;
          cp.line({ kind: 'cross', strategy: strategy.strategy, evaluated: evaluated.label, panel: panel.toJSON(), cpuSeconds });
          say(`cross-play ${strategy.strategy} under ${evaluated.label} checkpointed`);
          cross.push({ strategy: strategy.strategy, evaluated, plans, panel });
        }
      } finally {
        await ev?.close();
      }
    }
  } finally {
    cp.close();
  }

  const out = report(spec, { tunes, cross, games, seed, generations, crossGames, command: tunedPlansCommand(spec, games, seed, generations) });
  for (const f of out.files) target.write(f.name, f.text);
  for (const c of out.charts) target.write(c.name, await renderSvg(c.spec));
  const tuneManifests = tunes.map((t) => ({
    strategy: t.strategy.strategy, variant: t.variant.label, seed: t.seed, dir: t.dir,
    hands: t.hands, cpuSeconds: t.cpuSeconds,
  }));
  const crossHands = cross.reduce((s, c) => s + c.plans.length * crossGames, 0);
  const hands = tuneManifests.reduce((s, t) => s + t.hands, 0) + crossHands;
  const cpuSeconds = tuneManifests.reduce((s, t) => s + t.cpuSeconds, 0) + crossCpu;
  target.write('README.md', out.readme({ hands, cpuHours: cpuSeconds / 3600 }));
  target.write('.gitignore', 'tunes/**/checkpoint.jsonl\ncross-play.jsonl\n**/.*.tmp\n');
  const seconds = (performance.now() - t0) / 1000;
  const manifest = {
    ...experimentProvenance(spec.name, command, tunedPlansCommand(spec, games, seed, generations), git),
    seed,
    families: spec.families,
    // The --games given (what the directory's ownership compares, as for the other experiments).
    gamesRequested: games,
    gamesPerCandidate: games,
    generations,
    crossGames,
    hands,
    cpuSeconds: Number(cpuSeconds.toFixed(3)),
    crossCpuSeconds: Number(crossCpu.toFixed(3)),
    startedAt,
    durationSeconds: Number(seconds.toFixed(3)),
    node: process.version,
    tunes: tuneManifests,
  };
  target.write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { status: 'complete', dir, hands, seconds };
}
