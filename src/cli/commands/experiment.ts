/**
 * `mjlab experiment NAME [--games N] [--seed S] [--out DIR] [--workers K] [--no-progress] [--resume]` and
 * `mjlab experiment --list` (docs/architecture.md, "Where to add"; README.md, "Experiments: what we found"). The work
 * is in src/experiments/run.ts; the experiments are in experiments/, whose list the program hands in (`lab`, loaded
 * when the command runs).
 */
import type { CommandModule } from 'yargs';
import type { LabLoader } from '../../experiments/experiment.js';
import { UserError } from '../../errors.js';
import { commandLine } from '../../io/manifest.js';
import { refuseCommitted } from '../../io/committed.js';
import { SIGNAL_EXIT } from '../../runner/signals.js';
import { printBoards, QUIET_OPTION } from '../board.js';

interface ExperimentArgs {
  name?: string;
  list: boolean;
  games?: number;
  seed?: number;
  out?: string;
  workers?: number;
  generations?: number;
  models?: string;
  progress: boolean;
  resume: boolean;
  force: boolean;
  quiet: boolean;
}

export const experimentCommand = (lab: LabLoader): CommandModule<object, ExperimentArgs> => ({
  command: 'experiment [name]',
  describe: 'run a declared experiment (experiments/) and write its CSVs, charts, manifest and README',
  builder: (y) =>
    y
      .positional('name', { type: 'string', describe: 'experiment name (see --list)' })
      .option('list', { type: 'boolean', default: false, describe: 'list the experiments and their questions' })
      .option('games', { type: 'number', describe: 'total games over all runs (default: the experiment\'s)' })
      .option('seed', { type: 'number', describe: 'master seed (default: the experiment\'s)' })
      .option('out', { type: 'string', describe: 'output directory (default results/tmp/NAME; the committed results/NAME only with --force)' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('generations', { type: 'number', describe: 'tuning experiments: CMA-ES generations (default: the experiment\'s); --games is then games per candidate per generation' })
      .option('models', { type: 'string', describe: 'experiments that measure model files (belief-prediction): LABEL=FILE for each of its rule sets, comma-separated' })
      .option('progress', { type: 'boolean', default: true, describe: '--no-progress: no progress output' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted experiment (finished runs are kept)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds (the directory is emptied whole first)' })
      .option('quiet', QUIET_OPTION) as never,
  handler: async (a) => {
    if (a.list) {
      if (a.name !== undefined) throw new UserError(`--list lists every experiment; it runs none: give "${a.name}" or --list`);
      const [experiments, { listEntry }, { packageRoot }] = await Promise.all([lab(), import('../../experiments/sizes.js'), import('../../io/manifest.js')]);
      for (const e of experiments) process.stdout.write(`${listEntry(packageRoot(), e)}\n`);
      return;
    }
    const { name, games, seed, workers, generations } = a;
    if (name === undefined) throw new UserError('name an experiment (mjlab experiment --list)');
    if (games !== undefined && !Number.isSafeInteger(games)) throw new UserError(`--games must be a positive integer, got ${String(games)}`);
    if (seed !== undefined && !Number.isSafeInteger(seed)) throw new UserError(`--seed must be an integer, got ${String(seed)}`);
    if (workers !== undefined && !Number.isSafeInteger(workers)) throw new UserError(`--workers must be a positive integer, got ${String(workers)}`);
    if (generations !== undefined && !Number.isSafeInteger(generations)) throw new UserError(`--generations must be a positive integer, got ${String(generations)}`);
    // The experiments (their charts, their analyses) are loaded when one runs (docs/performance.md).
    const [experiments, { defaultOut, runExperiment }] = await Promise.all([lab(), import('../../experiments/run.js')]);
    refuseCommitted(a.out ?? defaultOut(name), a.force);
    const r = await runExperiment(experiments, {
      name,
      ...(games !== undefined ? { games } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(a.out !== undefined ? { out: a.out } : {}),
      ...(workers !== undefined ? { workers } : {}),
      ...(generations !== undefined ? { generations } : {}),
      ...(a.models !== undefined ? { models: a.models } : {}),
      progress: a.progress ? 'auto' : 'none',
      resume: a.resume,
      force: a.force,
      command: commandLine(),
    });
    if (r.status === 'interrupted') {
      process.exitCode = SIGNAL_EXIT[r.signal ?? 'SIGINT'];
      return;
    }
    const all = r.runSeconds !== undefined && r.runSeconds > r.seconds + 1 ? ` (the runs took ${r.runSeconds.toFixed(1)}s over every session)` : '';
    process.stdout.write(`${name}: ${r.hands} hands in ${r.seconds.toFixed(1)}s${all} → ${a.out ?? defaultOut(name)}\n`);
    await printBoards(async () => (await import('../../report/run-files.js')).experimentBoards(a.out ?? defaultOut(name)), a.quiet);
  },
});
