/**
 * `mjlab experiment NAME` as a library call (issue 6, point 1): play every (variant, lineup) cell of the spec
 * through simulate() into DIR/runs/<variant>/<lineup-index>/ (each resumable through the runner's checkpoint,
 * each streaming nets.bin for the paired statistics), then analyse and write DIR: the CSVs, SVG charts,
 * manifest.json and README.md. Timings go to manifest.json only, so the CSVs and README are reproducible.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { commandLine, gitCommit, packageVersion } from '../io/manifest.js';
import { renderSvg } from '../charts/render.js';
import { simulate } from '../runner/run.js';
import { ensureWritableDir } from '../runner/outdir.js';
import { ANALYSES } from './analyses.js';
import type { AnalysisInput } from './analysis.js';
import { experiment } from './registry.js';
import { readme } from './readme.js';
import type { ExperimentSpec } from './types.js';
import type { Cell } from './walls.js';

export interface ExperimentOptions {
  readonly name: string;
  /** Total games over all cells; default the spec's. */
  readonly games?: number;
  readonly seed?: number;
  readonly out?: string;
  readonly workers?: number;
  readonly progress: 'auto' | 'none';
  readonly resume: boolean;
  readonly command?: string;
}

export interface ExperimentResult {
  readonly status: 'complete' | 'interrupted';
  readonly dir: string;
  readonly hands: number;
  readonly seconds: number;
}

export function defaultOut(name: string): string {
  return join('results', name);
}

/** Games per cell: an equal share of the total, in whole wall sets. */
export function gamesPerCell(spec: ExperimentSpec, total: number): number {
  if (!Number.isSafeInteger(total) || total <= 0) throw new UserError(`--games must be a positive integer, got ${total}`);
  const cells = spec.variants.length * spec.lineups.length;
  const unit = spec.duplicate ? spec.players : 1;
  const per = Math.floor(total / cells / unit) * unit;
  if (per < 2 * unit) {
    throw new UserError(`--games ${total} is too small for ${spec.name}: it has ${cells} runs and needs at least ${2 * unit * cells} games`);
  }
  return per;
}

/** The command that reproduces the committed files (output directory and worker count do not change them). */
export function reproduceCommand(spec: ExperimentSpec, games: number, seed: number): string {
  return `mjlab experiment ${spec.name} --games ${games} --seed ${seed}`;
}

function writeAtomic(dir: string, name: string, text: string): void {
  const tmp = join(dir, `.${name}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, join(dir, name));
}

export async function runExperiment(o: ExperimentOptions): Promise<ExperimentResult> {
  const spec = experiment(o.name);
  const total = o.games ?? spec.games;
  const seed = o.seed ?? spec.seed;
  if (!Number.isSafeInteger(seed)) throw new UserError(`--seed must be an integer, got ${seed}`);
  if (o.workers !== undefined && (!Number.isSafeInteger(o.workers) || o.workers <= 0)) {
    throw new UserError(`--workers must be a positive integer, got ${o.workers}`);
  }
  const per = gamesPerCell(spec, total);
  const dir = o.out ?? defaultOut(spec.name);
  ensureWritableDir(dir);
  const startedAt = new Date().toISOString();
  const t0 = performance.now();

  const cells: Cell[] = [];
  const runs: object[] = [];
  const nCells = spec.variants.length * spec.lineups.length;
  for (const variant of spec.variants) {
    for (let i = 0; i < spec.lineups.length; i++) {
      const lineup = spec.lineups[i]!;
      const runDir = join(dir, 'runs', variant.label, String(i));
      mkdirSync(runDir, { recursive: true });
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
        progress: o.progress,
        nets: true,
        // The experiment's own command: simulate's "resume with" hint on Ctrl-C then names the right thing.
        command: o.command ?? commandLine(),
      });
      if (r.status !== 'complete') {
        return { status: 'interrupted', dir, hands: 0, seconds: (performance.now() - t0) / 1000 };
      }
      const labels = r.aggregate.labels;
      const names = lineup.split(',').map((s) => s.trim());
      cells.push({
        variant, lineupIndex: i, lineup, dir: runDir, labels, agg: r.aggregate,
        seats: labels.map((l) => names.filter((n) => n === l).length),
      });
      const m = r.manifest;
      runs.push({
        variant: variant.label, rules: variant.rules, limit: m.identity.limit, lineup, dir: join('runs', variant.label, String(i)),
        ranges: m.ranges, games: m.gamesPlayed, hands: m.handsPlayed, durationSeconds: m.durationSeconds, handsPerSecond: m.handsPerSecond,
      });
    }
  }
  for (const c of cells) {
    // nets.bin columns follow the aggregate's labels; a label the runner renamed would break the pairing.
    if (c.seats.some((k) => k === 0)) throw new Error(`${c.dir}: lineup labels ${c.labels.join(',')} do not match ${c.lineup}`);
  }

  const byVariant = new Map<string, Cell[]>();
  for (const c of cells) byVariant.set(c.variant.label, [...(byVariant.get(c.variant.label) ?? []), c]);
  const wallGames = spec.duplicate ? spec.players : 1;
  const input: AnalysisInput = { spec, cells, byVariant, wallGames, walls: per / wallGames };
  const analysis = ANALYSES[spec.analysis](input);

  mkdirSync(dir, { recursive: true });
  for (const f of analysis.files) writeAtomic(dir, f.name, f.text);
  for (const c of analysis.charts) writeAtomic(dir, c.name, await renderSvg(c.spec));
  const hands = cells.reduce((s, c) => s + c.agg.hands, 0);
  writeAtomic(dir, 'README.md', readme(spec, analysis, { games: per * nCells, perCell: per, hands, seed, command: reproduceCommand(spec, total, seed) }));
  writeAtomic(dir, '.gitignore', 'runs/**/checkpoint.jsonl\nruns/**/games.csv\nruns/**/nets.bin\nruns/**/aggregate.json\nruns/**/.*.tmp\n');
  const seconds = (performance.now() - t0) / 1000;
  const manifest = {
    tool: 'mjlab',
    experiment: spec.name,
    version: packageVersion(),
    commit: gitCommit(),
    command: o.command ?? commandLine(),
    reproduce: reproduceCommand(spec, total, seed),
    seed,
    gamesRequested: total,
    gamesPerRun: per,
    games: per * nCells,
    hands,
    duplicate: spec.duplicate,
    players: spec.players,
    startedAt,
    durationSeconds: Number(seconds.toFixed(3)),
    handsPerSecond: seconds > 0 ? Math.round(hands / seconds) : 0,
    node: process.version,
    runs,
  };
  writeAtomic(dir, 'manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { status: 'complete', dir, hands, seconds };
}
