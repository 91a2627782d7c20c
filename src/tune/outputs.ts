/**
 * What `mjlab tune` writes (docs/tuning.md): best.json (a preset of the winner, src/agent/preset.ts, with the
 * `tune` record of how it was found), history.csv (one row per candidate), finalists.csv (the race),
 * confirm.csv (the winner against the strategy as given), convergence.svg and manifest.json. The CSVs, best.json
 * and the chart are pure functions of exact integer sums and the CMA-ES trace, so they are the same bytes
 * whatever the worker count or interruptions; timings live in manifest.json only.
 */
import { dirname, relative, resolve } from 'node:path';
import type { RunDir } from '../io/run-dir.js';
import type { TopLevelSpec } from 'vega-lite';
import { isPath, type StrategyInstance } from '../lineup/registry.js';
import { isPresetPath, readPreset } from '../lineup/preset.js';
import { renderSvg } from '../charts/render.js';
import { csv, num, pval } from '../io/csv.js';
import { type GitState, packageVersion } from '../io/manifest.js';
import { ratio } from '../stats/moments.js';
import type { Arms, Panel } from './arms.js';
import type { Evaluated, Finalist } from './race.js';
import { paramsOf, type Dimension } from './space.js';
import type { TuneIdentity } from './types.js';
import { confirmGames, generationGames, raceGames } from './walls.js';

export const TUNE_OUTPUTS = ['best.json', 'history.csv', 'finalists.csv', 'confirm.csv', 'convergence.svg', 'manifest.json'] as const;

export interface TuneRecord {
  readonly id: TuneIdentity;
  readonly dims: readonly Dimension[];
  /** Column names of the dimensions (tied parameters joined by "+"). */
  readonly columns: readonly string[];
  readonly history: readonly (Evaluated & { candidate: number; sigma: number })[];
  /** The search distribution before each generation (and after the last): σ and the mean in the unit cube. */
  readonly trace: readonly { generation: number; sigma: number; mean: readonly number[] }[];
  readonly finalists: readonly Finalist[];
  readonly arms: Arms;
  /** Race round after which each finalist dropped out (null: raced to the end). */
  readonly eliminatedAfter: readonly (number | null)[];
  readonly winner: number;
  /** Arm 0 the winner, arm 1 the strategy as given, on the confirmation walls. */
  readonly confirm: Panel;
  readonly winnerParams: StrategyInstance['params'];
}

export interface SessionFacts {
  readonly command: string;
  readonly startedAt: string;
  readonly durationSeconds: number;
  readonly sessionHands: number;
  readonly workers: number;
  /** CPU seconds over every session of this tune (summed from the checkpoint). */
  readonly cpuSeconds: number;
  readonly git: GitState;
}

const P = 4;

function perHand(sum: bigint, wallSets: number): number {
  return wallSets === 0 ? NaN : ratio(sum, BigInt(wallSets * P));
}

/** The strategy a preset names: a built-in's name, or its file relative to `dir` (where best.json is read from). */
function presetStrategy(entry: string, dir: string): string {
  if (!isPath(entry)) return entry.split(':')[0]!;
  const path = entry.split(/:(?=[A-Za-z_]\w*=)/)[0]!;
  let file = resolve(path);
  if (isPresetPath(path)) {
    const inner = readPreset(path).strategy;
    if (!isPath(inner)) return inner;
    file = resolve(dirname(path), inner);
  }
  const rel = relative(resolve(dir), file);
  return rel.startsWith('.') || rel.startsWith('/') ? rel : `./${rel}`;
}

export function confirmation(r: TuneRecord) {
  const gain = r.confirm.diff(0, 1, P);
  const win = r.confirm.mean(0, P);
  const start = r.confirm.mean(1, P);
  return { gain, win, start, wallSets: r.confirm.wallSets };
}

export function historyCsv(r: TuneRecord): string {
  return csv([
    ['generation', 'candidate', ...r.columns, 'mean_net', 'wall_sets', 'hands', 'sigma'],
    ...r.history.map((h) => [
      String(h.generation), String(h.candidate), ...h.values.map(String), num(perHand(h.net.sum, h.net.n)), String(h.net.n), String(h.net.n * P), num(h.sigma),
    ]),
  ]);
}

function finalistsCsv(r: TuneRecord): string {
  return csv([
    [
      'finalist', 'source', ...r.columns, 'tuning_wall_sets', 'tuning_mean_net', 'race_wall_sets', 'race_mean_net', 'race_low', 'race_high',
      'minus_winner', 'minus_winner_low', 'minus_winner_high', 'eliminated_after_round', 'winner',
    ],
    ...r.finalists.map((f, i) => {
      const m = r.arms.mean(i, P);
      const d = i === r.winner ? null : r.arms.diff(i, r.winner, P);
      return [
        String(i), f.source, ...f.values.map(String), String(f.tuning.n), num(perHand(f.tuning.sum, f.tuning.n)), String(r.arms.wallSets(i)),
        num(m.meanDiff), num(m.low), num(m.high), d ? num(d.meanDiff) : '', d ? num(d.low) : '', d ? num(d.high) : '',
        r.eliminatedAfter[i] === null ? '' : String(r.eliminatedAfter[i]), i === r.winner ? 'yes' : '',
      ];
    }),
  ]);
}

function confirmCsv(r: TuneRecord): string {
  const c = confirmation(r);
  return csv([
    ['row', 'wall_sets', 'hands_each', 'mean_net', 'ci_low', 'ci_high', 'p'],
    ['winner', String(c.wallSets), String(c.wallSets * P), num(c.win.meanDiff), num(c.win.low), num(c.win.high), pval(c.win.p)],
    ['start', String(c.wallSets), String(c.wallSets * P), num(c.start.meanDiff), num(c.start.low), num(c.start.high), pval(c.start.p)],
    ['winner - start', String(c.wallSets), String(c.wallSets * P), num(c.gain.meanDiff), num(c.gain.low), num(c.gain.high), pval(c.gain.p)],
  ]);
}

/** The game ranges each phase played, for the provenance. */
export function gameRanges(id: TuneIdentity) {
  return {
    generations: [generationGames(0, id.games)[0], generationGames(id.generations - 1, id.games)[1]],
    race: [raceGames(0, id.raceGames)[0], raceGames(id.raceRounds - 1, id.raceGames)[1]],
    confirm: confirmGames(id.confirmGames),
  };
}

function bestJson(dir: string, r: TuneRecord, git: GitState): string {
  const c = confirmation(r);
  const w = r.finalists[r.winner]!;
  const race = r.arms.mean(r.winner, P);
  const id = r.id;
  const best = {
    strategy: presetStrategy(id.strategy, dir),
    params: r.winnerParams,
    tune: {
      tool: 'mjlab',
      version: packageVersion(),
      ...git,
      rules: id.rules,
      ...(id.rulesVariant ? { rulesVariant: id.rulesVariant } : {}),
      limit: id.limit,
      flowers: id.flowers,
      from: id.strategy,
      against: id.against,
      seed: id.seed,
      tuned: r.dims.map((d) => ({ params: d.names, min: d.lo, max: d.hi, step: d.step, start: d.start })),
      values: paramsOf(r.dims, w.values),
      generations: id.generations,
      population: id.population,
      games: id.games,
      sigma: id.sigma,
      finalists: id.finalists,
      raceRounds: id.raceRounds,
      raceGames: id.raceGames,
      confirmGames: id.confirmGames,
      gameRanges: gameRanges(id),
      tuningMeanNet: perHand(w.tuning.sum, w.tuning.n),
      tuningWallSets: w.tuning.n,
      raceMeanNet: race.meanDiff,
      raceWallSets: r.arms.wallSets(r.winner),
      confirmation: {
        wallSets: c.wallSets,
        handsEach: c.wallSets * P,
        gain: c.gain.meanDiff,
        ciLow: c.gain.low,
        ciHigh: c.gain.high,
        p: c.gain.p,
        winnerMeanNet: c.win.meanDiff,
        startMeanNet: c.start.meanDiff,
      },
    },
  };
  return `${JSON.stringify(best, null, 2)}\n`;
}

export function convergenceChart(r: TuneRecord): TopLevelSpec {
  const points = r.history.map((h) => ({ generation: h.generation + 1, mean: perHand(h.net.sum, h.net.n) }));
  const c = confirmation(r);
  const path = r.trace.flatMap((t) => [
    ...r.columns.map((name, i) => ({ generation: t.generation + 1, series: name, value: t.mean[i]! })),
    { generation: t.generation + 1, series: 'σ (step size)', value: t.sigma },
  ]);
  const gen = { field: 'generation', type: 'quantitative', scale: { zero: false }, axis: { tickMinStep: 1, format: 'd' } } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `mjlab tune: ${r.id.strategy} under ${r.id.rules}${r.id.limit !== null ? ` (limit ${r.id.limit})` : ''}, seed ${r.id.seed}`,
      subtitle: `confirmed gain over the start ${c.gain.meanDiff.toFixed(2)} per hand (95% CI ${c.gain.low.toFixed(2)} to ${c.gain.high.toFixed(2)}), dashed`,
    },
    vconcat: [
      {
        title: { text: 'Candidates\' mean net per hand against the field (line: generation mean)', fontSize: 11 },
        width: 480,
        height: 200,
        layer: [
          { data: { values: points }, mark: { type: 'point', opacity: 0.5, color: 'gray' }, encoding: { x: { ...gen, title: null }, y: { field: 'mean', type: 'quantitative', title: 'mean net per hand' } } },
          { data: { values: points }, mark: { type: 'line', color: 'steelblue' }, encoding: { x: gen, y: { aggregate: 'mean', field: 'mean', type: 'quantitative' } } },
          { data: { values: [{ gain: c.gain.meanDiff }] }, mark: { type: 'rule', strokeDash: [4, 3], color: 'firebrick' }, encoding: { y: { field: 'gain', type: 'quantitative' } } },
        ],
      },
      {
        title: { text: 'Search mean in each parameter\'s range (0 = min, 1 = max), and σ', fontSize: 11 },
        width: 480,
        height: 160,
        data: { values: path },
        mark: { type: 'line', point: true },
        encoding: {
          x: { ...gen, title: 'generation (the distribution it sampled from)' },
          y: { field: 'value', type: 'quantitative', title: 'unit coordinate', scale: { domain: [0, 1] } },
          color: { field: 'series', type: 'nominal', title: null, sort: null, legend: { orient: 'bottom', columns: 3 } },
        },
      },
    ],
  } as TopLevelSpec;
}

/** Games played by the whole tune (every session): distinct candidates, the race as run, the confirmation. */
export function handsPlayed(r: TuneRecord): number {
  let games = 0;
  for (let g = 0; g < r.id.generations; g++) games += new Set(r.history.filter((h) => h.generation === g).map((h) => h.entry)).size * r.id.games;
  for (const e of r.eliminatedAfter) games += (e ?? r.id.raceRounds) * r.id.raceGames;
  return games + 2 * r.id.confirmGames;
}


/** The outputs, each atomically through the claimed directory, the manifest last. */
export async function writeTuneOutputs(dir: RunDir, r: TuneRecord, s: SessionFacts): Promise<void> {
  dir.write('history.csv', historyCsv(r));
  dir.write('finalists.csv', finalistsCsv(r));
  dir.write('confirm.csv', confirmCsv(r));
  dir.write('convergence.svg', await renderSvg(convergenceChart(r)));
  dir.write('best.json', bestJson(dir.path, r, s.git));
  const hands = handsPlayed(r);
  const manifest = {
    tool: 'mjlab',
    kind: 'tune',
    version: packageVersion(),
    ...s.git,
    command: s.command,
    identity: r.id,
    gameRanges: gameRanges(r.id),
    complete: true,
    handsPlayed: hands,
    sessionHands: s.sessionHands,
    cpuSeconds: s.cpuSeconds,
    workers: s.workers,
    startedAt: s.startedAt,
    durationSeconds: Number(s.durationSeconds.toFixed(3)),
    handsPerSecond: s.durationSeconds > 0 ? Math.round(s.sessionHands / s.durationSeconds) : 0,
    node: process.version,
  };
  dir.write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
}
