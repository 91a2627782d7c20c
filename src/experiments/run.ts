/**
 * `mjlab experiment NAME` as a library call (docs/architecture.md, "Where to add"): play every (variant, lineup) cell
 * of the spec through simulate() into DIR/runs/<variant>/<lineup-index>/ (each resumable through the runner's
 * checkpoint, each streaming nets.bin for the paired statistics), then analyse and write DIR: the CSVs, SVG charts,
 * manifest.json and README.md. Timings go to manifest.json only, so the CSVs and README are reproducible.
 */
import { join } from 'node:path';
import { minGames } from './sizes.js';
import { modelsOption } from './models.js';
import { CLI } from '../text.js';
import { UserError } from '../errors.js';
import { IoFailure } from '../io/files.js';
import { commandLine, experimentProvenance, type Manifest } from '../io/manifest.js';
import { claimOutput, type Owner } from '../io/claim.js';
import { SCRATCH_DIR } from '../io/committed.js';
import { RunDir } from '../io/run-dir.js';
import { renderSvg } from '../charts/render.js';
import { simulate } from '../runner/run.js';
import { trapSignals, type SignalTrap } from '../runner/signals.js';
import { resumeCommand } from '../runner/stages/plan.js';
import { WorkerKeep } from '../runner/pool.js';
import { seatsOf } from '../runner/wall-sets.js';
import type { AnalysisInput } from './analysis.js';
import type { Experiment, ExperimentOptions, ExperimentResult, PlayedExperiment } from './experiment.js';
import { readme } from './readme.js';
import type { ExperimentSpec, Variant } from './types.js';
import type { Cell } from './walls.js';
import { requirePlayers } from '../rules/index.js';

export function defaultOut(name: string): string {
  return join(SCRATCH_DIR, name);
}

/** One run of an experiment: a variant, a lineup and its games. */
export interface CellPlan {
  readonly variant: Variant;
  readonly lineupIndex: number;
  readonly games: number;
}

/** The runs of a spec: every variant × lineup with an equal share, or the spec's own cells with theirs. */
export function cellPlans(spec: ExperimentSpec, total: number): CellPlan[] {
  if (!spec.cells) {
    const per = gamesPerCell(spec, total);
    return spec.variants.flatMap((variant) => spec.lineups.map((_, lineupIndex) => ({ variant, lineupIndex, games: per })));
  }
  if (!Number.isSafeInteger(total) || total <= 0) throw new UserError(`--games must be a positive integer, got ${total}`);
  const unit = spec.duplicate ? spec.players : 1;
  const shares = spec.cells.reduce((a, c) => a + c.share, 0);
  return spec.cells.map((c) => {
    const variant = spec.variants.find((v) => v.label === c.variant);
    if (!variant || spec.lineups[c.lineup] === undefined) throw new Error(`${spec.name}: cell ${c.variant}/${c.lineup} names no variant or lineup of the spec`);
    const games = Math.floor((total * c.share) / shares / unit) * unit;
    if (games < 2 * unit) {
      throw new UserError(`--games ${total} is too small for ${spec.name}: its ${c.variant} run of ${spec.lineups[c.lineup]} would get ${games} games; the smallest is --games ${minGames(spec)}`);
    }
    return { variant, lineupIndex: c.lineup, games };
  });
}

/** Games per cell: an equal share of the total, in whole wall sets. */
export function gamesPerCell(spec: ExperimentSpec, total: number): number {
  if (!Number.isSafeInteger(total) || total <= 0) throw new UserError(`--games must be a positive integer, got ${total}`);
  const cells = spec.variants.length * spec.lineups.length;
  const unit = spec.duplicate ? spec.players : 1;
  const per = Math.floor(total / cells / unit) * unit;
  if (per < 2 * unit) {
    throw new UserError(`--games ${total} is too small for ${spec.name}: it has ${cells} runs and needs at least two wall sets each; the smallest is --games ${minGames(spec)}`);
  }
  return per;
}

/** The command that reproduces the committed files (output directory and worker count do not change them). */
export function reproduceCommand(spec: ExperimentSpec, games: number, seed: number): string {
  return `${CLI} experiment ${spec.name} --games ${games} --seed ${seed}`;
}

/**
 * Claim the experiment's directory (src/io/claim.ts): empty or this experiment (same name, games and seed) to go
 * on with; another experiment or a simulate output is refused unless --force, which removes it (only mjlab's
 * own files: foreign files and links are refused even then, src/io/owned-dir.ts). An unfinished one (no
 * manifest.json yet) needs --resume or --force; a finished one is redone by the same command (on purpose), and
 * --resume is refused when one of its runs (`cells`, directories under it) is finished without the checkpoint a
 * resume reads (a committed one: checkpoints are not committed), so finished runs are never played over by it.
 * `inputs`: what the command reads (a league's plug-ins and models, the shards it merges), never under DIR.
 */
export function claimDir(dir: string, run: { experiment: string; games: number; seed: number }, o: Pick<ExperimentOptions, 'force' | 'resume'>, cells: readonly string[] = [], inputs: readonly string[] = []): RunDir {
  const describeOwner = (w: Owner): string =>
    w.kind === 'experiment' ? `${String(w.run?.experiment)}, ${String(w.run?.games)} games, seed ${String(w.run?.seed)}` : `a ${w.kind} run`;
  return claimOutput({
    dir, kind: 'experiment', run, inputs, noun: 'experiment', markOnResume: true,
    same: (w) => w.run?.experiment === run.experiment && w.run?.games === run.games && w.run?.seed === run.seed,
    describe: describeOwner,
    force: o.force ?? false, resume: o.resume,
    finished: (d) => d.has('manifest.json'),
    resumable: (d) => !d.has('manifest.json') || cells.every((c) => d.readJson<Manifest>(join(c, 'manifest.json'))?.complete !== true || d.has(join(c, 'checkpoint.jsonl'))),
    unfinished: 'refuse',
  }).dir;
}

/** The experiment of `lab` named `name` (what `mjlab experiment NAME` runs). */
export function findExperiment(lab: readonly Experiment[], name: string): Experiment {
  const e = lab.find((x) => x.spec.name === name);
  if (!e) throw new UserError(`unknown experiment "${name}"; known: ${lab.map((x) => x.spec.name).join(', ')}`);
  return e;
}

/** Runs the experiment of `lab` that `o.name` names. */
export async function runExperiment(lab: readonly Experiment[], o: ExperimentOptions): Promise<ExperimentResult> {
  const e = findExperiment(lab, o.name);
  const spec = e.spec;
  if (!(e.kind === 'staged' && e.takesGenerations) && o.generations !== undefined) {
    const tuning = lab.filter((x) => x.kind === 'staged' && x.takesGenerations).map((x) => x.spec.name);
    throw new UserError(`--generations is for the tuning experiments (${tuning.join(', ')}), not ${spec.name}`);
  }
  if (!(e.kind === 'staged' && e.takesModels === true) && o.models !== undefined) {
    const takers = lab.filter((x) => x.kind === 'staged' && x.takesModels === true).map((x) => x.spec.name);
    throw new UserError(`--models is for the experiments that measure model files (${takers.join(', ')}), not ${spec.name}`);
  }
  const models = o.models !== undefined ? modelsOption(o.models, spec.variants.map((v) => v.label)) : new Map<string, string>();
  const total = o.games ?? spec.games;
  const seed = o.seed ?? spec.seed;
  if (!Number.isSafeInteger(seed)) throw new UserError(`--seed must be an integer, got ${seed}`);
  if (o.workers !== undefined && (!Number.isSafeInteger(o.workers) || o.workers <= 0)) {
    throw new UserError(`--workers must be a positive integer, got ${o.workers}`);
  }
  if (e.kind === 'staged') e.checkGames(total);
  const plans = e.kind === 'staged' ? [] : cellPlans(e.spec, total);
  const dir = o.out ?? defaultOut(spec.name);
  if (e.kind !== 'staged') for (const r of new Set(plans.map((p) => p.variant.rules))) requirePlayers(r, e.spec.players, `experiment ${spec.name}`);
  try {
    const out = claimDir(dir, { experiment: spec.name, games: total, seed }, o, plans.map((p) => join('runs', p.variant.label, String(p.lineupIndex))), [...models.values()]);
    if (e.kind === 'staged') return await e.run(o, out);
    // One trap from the first run to the last file (src/runner/signals.ts): a signal between two runs, or while the
    // experiment's own files are written, stops it with the resume line as a signal within a run does.
    const signals = trapSignals();
    try {
      const r = await play(e, o, out, total, seed, plans, signals);
      if (signals.received === null || r.said === true) return r;
      process.stderr.write(`mjlab: ${spec.name} interrupted; finished runs are kept in ${dir}; resume with: ${resumeCommand(o.command ?? commandLine(), null)}\n`);
      return { ...r, status: 'interrupted', signal: signals.received };
    } finally {
      signals.release();
    }
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}; the finished runs are kept in ${dir}, resume with --resume once it is fixed`);
    throw e;
  }
}

async function play(e: PlayedExperiment, o: ExperimentOptions, out: RunDir, total: number, seed: number, plans: readonly CellPlan[], signals: SignalTrap): Promise<ExperimentResult> {
  const spec = e.spec;
  const dir = out.path;
  const startedAt = new Date().toISOString();
  const t0 = performance.now();

  const cells: Cell[] = [];
  const runs: object[] = [];
  const nCells = plans.length;
  // One set of workers for all the cells: each cell's table is sent to the warm workers (the lineups are built-ins).
  const keep = new WorkerKeep();
  try {
    for (const { variant, lineupIndex: i, games: per } of plans) {
      // Between runs: stop here (runExperiment prints the resume line).
      if (signals.received !== null) return { status: 'interrupted', signal: signals.received, dir, hands: 0, seconds: (performance.now() - t0) / 1000, said: false };
      const lineup = spec.lineups[i]!;
      const runDir = join(dir, 'runs', variant.label, String(i));
      if (o.progress !== 'none') {
        process.stderr.write(`mjlab: ${spec.name} run ${cells.length + 1}/${nCells}: ${variant.label} ${lineup}\n`);
      }
      const r = await simulate({
        rules: variant.rules,
        strategies: lineup,
        games: per,
        seed,
        ...(o.workers !== undefined ? { workers: o.workers } : {}),
        out: runDir,
        outExplicit: false,
        gamesCsv: false,
        ...(variant.limit !== undefined ? { limit: variant.limit } : {}),
        players: spec.players,
        unit: 'hand',
        duplicate: spec.duplicate,
        flowers: false,
        shard: null,
        resume: o.resume,
        force: false,
        parentOwned: true,
        progress: o.progress,
        nets: true,
        // The experiment's own command: simulate's "resume with" hint on Ctrl-C then names the right thing.
        command: o.command ?? commandLine(),
        keep,
        signals,
      });
      if (r.status !== 'complete') {
        return { status: 'interrupted', ...(r.signal ? { signal: r.signal } : {}), dir, hands: 0, seconds: (performance.now() - t0) / 1000, said: true };
      }
      cells.push({ variant, lineupIndex: i, lineup, dir: runDir, labels: r.aggregate.labels, agg: r.aggregate, seats: seatsOf(r.aggregate) });
      const m = r.manifest;
      runs.push({
        variant: variant.label, rules: variant.rules, limit: m.identity.limit, lineup, dir: join('runs', variant.label, String(i)),
        ranges: m.ranges, games: m.gamesPlayed, hands: m.handsPlayed, startedAt: m.startedAt, durationSeconds: m.durationSeconds, handsPerSecond: m.handsPerSecond,
        ...(m.durationPartial ? { durationPartial: true } : {}),
      });
    }
  } finally {
    await keep.close();
  }
  for (const c of cells) {
    // nets.bin columns follow the aggregate's labels, each at a whole number of seats that together fill the table.
    const seated = c.seats.reduce((a, k) => a + k, 0);
    if (c.seats.some((k) => !Number.isInteger(k) || k === 0) || seated !== spec.players) {
      throw new Error(`${c.dir}: labels ${c.labels.join(',')} hold ${c.seats.join(',')} seats, not the ${spec.players} of ${c.lineup}`);
    }
  }

  const byVariant = new Map<string, Cell[]>();
  for (const c of cells) byVariant.set(c.variant.label, [...(byVariant.get(c.variant.label) ?? []), c]);
  const wallGames = spec.duplicate ? spec.players : 1;
  const walls = Math.min(...plans.map((p) => p.games)) / wallGames;
  const timing = e.timing ? await e.timing(cells, o.progress) : undefined;
  const input: AnalysisInput = { spec, cells, byVariant, wallGames, walls, ...(timing ? { timing } : {}) };
  const analysis = e.analyse(input);

  for (const f of analysis.files) out.write(f.name, f.text);
  for (const c of analysis.charts) out.write(c.name, await renderSvg(c.spec));
  const hands = cells.reduce((s, c) => s + c.agg.hands, 0);
  const games = plans.reduce((a, p) => a + p.games, 0);
  const runSeconds = runs.reduce((a, r) => a + ((r as { durationSeconds?: number }).durationSeconds ?? 0), 0);
  const untimedRuns = runs.filter((r) => (r as { durationPartial?: boolean }).durationPartial).length;
  out.write(
    'README.md',
    readme(spec, analysis, { games, perCell: plans[0]!.games, plans, hands, seed, command: reproduceCommand(spec, total, seed), runSeconds, untimedRuns, workers: o.workers ?? null }),
  );
  out.write('.gitignore', 'runs/**/checkpoint.jsonl\nruns/**/games.csv\nruns/**/nets.bin\nruns/**/aggregate.json\nruns/**/.*.tmp\n');
  const seconds = (performance.now() - t0) / 1000;
  const manifest = {
    ...experimentProvenance(spec.name, o.command ?? commandLine(), reproduceCommand(spec, total, seed)),
    seed,
    gamesRequested: total,
    gamesPerRun: spec.cells ? plans.map((p) => p.games) : plans[0]!.games,
    games,
    hands,
    duplicate: spec.duplicate,
    players: spec.players,
    // The whole experiment, not the session that finished it: its runs play one after another, each timed over
    // every session it took; a resume that only re-renders the report would otherwise claim seconds for it all.
    startedAt: runs.map((r) => (r as { startedAt?: string }).startedAt).filter((t): t is string => t !== undefined).sort()[0] ?? startedAt,
    durationSeconds: Number(runSeconds.toFixed(3)),
    ...(untimedRuns > 0 ? { durationPartial: true } : {}),
    sessionSeconds: Number(seconds.toFixed(3)),
    handsPerSecond: runSeconds > 0 ? Math.round(hands / runSeconds) : 0,
    node: process.version,
    runs,
  };
  out.write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { status: 'complete', dir, hands, seconds, runSeconds };
}
