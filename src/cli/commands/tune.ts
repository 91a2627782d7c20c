/**
 * `mjlab tune` (issue 16, point 1): CMA-ES over a strategy's numeric parameters by self-play against a fixed field,
 * a race of the finalists on held-out walls, and a confirmation against the strategy as given. The work is in
 * src/tune/tune.ts.
 */
import type { CommandModule } from 'yargs';
import { commandLine } from '../../io/manifest.js';
import { tune } from '../../tune/tune.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/run.js';
import { SIGNAL_EXIT } from '../../runner/signals.js';
import { printable } from '../../text.js';

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
  'decision-timeout': number;
  progress: boolean;
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
      .option('decision-timeout', {
        type: 'number',
        default: DEFAULT_DECISION_TIMEOUT,
        describe: 'seconds one strategy decision may take; a worker past it is stopped and the tune ends, keeping every finished step',
      })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar with ETA (TTY) or a line per step; --no-progress for none' }) as never,
  handler: async (a) => {
    const result = await tune({
      rules: a.rules,
      strategy: a.strategy,
      ...(a.params !== undefined ? { params: a.params } : {}),
      ...(a.against !== undefined ? { against: a.against } : {}),
      generations: a.generations,
      ...(a.population !== undefined ? { population: a.population } : {}),
      games: a.games,
      seed: a.seed,
      ...(a.sigma !== undefined ? { sigma: a.sigma } : {}),
      ...(a.finalists !== undefined ? { finalists: a.finalists } : {}),
      ...(a['race-rounds'] !== undefined ? { raceRounds: a['race-rounds'] } : {}),
      ...(a['race-games'] !== undefined ? { raceGames: a['race-games'] } : {}),
      ...(a['confirm-games'] !== undefined ? { confirmGames: a['confirm-games'] } : {}),
      ...(a.limit !== undefined ? { limit: a.limit } : {}),
      out: a.out,
      resume: a.resume,
      force: a.force,
      ...(a.workers !== undefined ? { workers: a.workers } : {}),
      decisionTimeout: a['decision-timeout'],
      progress: a.progress ? 'auto' : 'none',
      command: commandLine(),
    });
    if (result.status === 'interrupted') {
      process.exitCode = SIGNAL_EXIT[result.signal ?? 'SIGINT'];
      return;
    }
    const r = result.record!;
    const c = r.confirm.diff(0, 1, 4);
    // The strategy may be a file, named as the user's file system names it: shown, not obeyed (src/text.ts).
    process.stdout.write(
      `${printable(r.id.strategy)} under ${r.id.rules}: winner ${printable(r.finalists[r.winner]!.entry)} gains ${c.meanDiff.toFixed(2)} per hand ` +
        `(95% CI ${c.low.toFixed(2)} to ${c.high.toFixed(2)}) over the start on ${r.confirm.wallSets} held-out wall sets → ${a.out}/best.json\n`,
    );
  },
};
