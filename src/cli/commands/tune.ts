/**
 * `mjlab tune` (issue 16, point 1): CMA-ES over a strategy's numeric parameters by self-play against a fixed field,
 * a race of the finalists on held-out walls, and a confirmation against the strategy as given. The work is in
 * src/tune/tune.ts.
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { commandLine } from '../../io/manifest.js';
import { tune } from '../../tune/tune.js';
import { last } from '../last.js';

interface TuneArgs {
  rules: string;
  strategy: string;
  params?: string;
  against?: string;
  generations: number;
  population?: number;
  games: number;
  seed: number;
  sigma?: number;
  finalists?: number;
  'race-rounds'?: number;
  'race-games'?: number;
  'confirm-games'?: number;
  limit?: number;
  out: string;
  resume: boolean;
  force: boolean;
  workers?: number;
  progress: boolean;
}

/** yargs gives NaN for a non-number; say so in one line rather than pass it on. */
function numberOpt(name: string, v: number | number[] | undefined): number | undefined {
  if (v === undefined) return undefined;
  const x = last(v);
  if (typeof x !== 'number' || Number.isNaN(x)) throw new UserError(`--${name} must be a number`);
  return x;
}

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune',
  describe: 'tune a strategy\'s numeric parameters by self-play (CMA-ES), race the finalists, confirm the winner',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: 'rule set: harr, harr-limit, babcock, code500' })
      .option('strategy', { type: 'string', demandOption: true, describe: 'strategy to tune (name, name:param=value, ./file.js, ./preset.json): the start and the baseline' })
      .option('params', { type: 'string', describe: 'dimensions, comma-separated: name, name=lo..hi, tied a+b (default: every numeric parameter with bounds)' })
      .option('against', { type: 'string', describe: 'the fixed field, 3 strategies (default: the strategy as given at the other seats)' })
      .option('generations', { type: 'number', default: 10, describe: 'CMA-ES generations' })
      .option('population', { type: 'number', describe: 'candidates per generation (default 4 + floor(3 ln n))' })
      .option('games', { type: 'number', default: 2000, describe: 'games per candidate per generation (multiple of 4: --duplicate wall sets)' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed: walls and CMA-ES samples derive from it' })
      .option('sigma', { type: 'number', describe: 'initial step size, as a share of each parameter\'s range (default 0.2)' })
      .option('finalists', { type: 'number', describe: 'finalists raced on held-out walls (default 4)' })
      .option('race-rounds', { type: 'number', describe: 'race rounds (default 3)' })
      .option('race-games', { type: 'number', describe: 'games per finalist per race round (default --games)' })
      .option('confirm-games', { type: 'number', describe: 'games of the confirmation against the strategy as given, each (default 4 × --games)' })
      .option('limit', { type: 'number', describe: 'hand limit (default: the rule set\'s)' })
      .option('out', { type: 'string', demandOption: true, describe: 'output directory (best.json, history.csv, finalists.csv, confirm.csv, convergence.svg, manifest.json)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted tune in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace a different tune in --out' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar with ETA (TTY) or a line per step; --no-progress for none' }) as never,
  handler: async (a) => {
    const opt = (name: string, v: number | number[] | undefined) => numberOpt(name, v);
    const result = await tune({
      rules: last(a.rules),
      strategy: last(a.strategy),
      ...(a.params !== undefined ? { params: last(a.params) } : {}),
      ...(a.against !== undefined ? { against: last(a.against) } : {}),
      generations: opt('generations', a.generations)!,
      ...(a.population !== undefined ? { population: opt('population', a.population)! } : {}),
      games: opt('games', a.games)!,
      seed: opt('seed', a.seed)!,
      ...(a.sigma !== undefined ? { sigma: opt('sigma', a.sigma)! } : {}),
      ...(a.finalists !== undefined ? { finalists: opt('finalists', a.finalists)! } : {}),
      ...(a['race-rounds'] !== undefined ? { raceRounds: opt('race-rounds', a['race-rounds'])! } : {}),
      ...(a['race-games'] !== undefined ? { raceGames: opt('race-games', a['race-games'])! } : {}),
      ...(a['confirm-games'] !== undefined ? { confirmGames: opt('confirm-games', a['confirm-games'])! } : {}),
      ...(a.limit !== undefined ? { limit: opt('limit', a.limit)! } : {}),
      out: last(a.out),
      resume: a.resume,
      force: a.force,
      ...(a.workers !== undefined ? { workers: opt('workers', a.workers)! } : {}),
      progress: a.progress ? 'auto' : 'none',
      command: commandLine(),
    });
    if (result.status === 'interrupted') {
      process.exitCode = 130;
      return;
    }
    const r = result.record!;
    const c = r.confirm.diff(0, 1, 4);
    process.stdout.write(
      `${r.id.strategy} under ${r.id.rules}: winner ${r.finalists[r.winner]!.entry} gains ${c.meanDiff.toFixed(2)} per hand ` +
        `(95% CI ${c.low.toFixed(2)} to ${c.high.toFixed(2)}) over the start on ${r.confirm.wallSets} held-out wall sets → ${last(a.out)}/best.json\n`,
    );
  },
};
