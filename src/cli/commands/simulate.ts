/**
 * `mjlab simulate`: the lab's main job. With no options it is the README quick start: harr, the four
 * Harr strategies, 100,000 hands, seed 1, all cores, results/latest. The work is in src/runner/run.ts.
 */
import type { CommandModule } from 'yargs';
import { DEFAULT_DECISION_TIMEOUT, DEFAULT_OUT, DEFAULT_STRATEGIES, defaultStrategies } from '../../runner/options.js';
import { resolveShard } from '../../runner/plan.js';
import { SIGNAL_EXIT } from '../../runner/signals.js';
import { commandLine } from '../../io/manifest.js';
import { refuseCommitted } from '../../io/committed.js';
import { ruleSet, ruleSetChoices } from '../../rules/index.js';
import { printBoards, QUIET_OPTION } from '../board.js';
import { refuseAcceptWithoutResume } from '../args.js';

interface SimulateArgs {
  rules: string;
  strategies?: string;
  games: number;
  seed: number;
  workers?: number;
  out?: string;
  'games-csv': boolean;
  limit?: number;
  players?: number;
  unit: string;
  duplicate: boolean;
  shard?: string;
  shards?: number;
  resume: boolean;
  'accept-changed-plugin': boolean;
  force: boolean;
  progress: boolean;
  flowers: boolean;
  'decision-timeout': number;
  quiet: boolean;
  'luck-model'?: string;
}

export const simulateCommand: CommandModule<object, SimulateArgs> = {
  command: 'simulate',
  describe: 'play many hands on all cores and write exact statistics (summary.csv, score-distribution.csv, manifest.json)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', describe: `lineup, one per player (name, name:param=value, ./file.js); default ${DEFAULT_STRATEGIES}, for 3 players ${defaultStrategies(3)}, for 2 ${defaultStrategies(2)}` })
      .option('games', { type: 'number', default: 100_000, describe: 'games to play (a game is a hand, or a match with --unit match)' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('out', { type: 'string', describe: `output directory (default ${DEFAULT_OUT}, replaced each run); one that holds anything else is refused unless --force` })
      .option('games-csv', { type: 'boolean', default: false, describe: 'also write games.csv, one row per hand' })
      .option('limit', { type: 'number', describe: 'hand limit (default: the rule set\'s)' })
      .option('players', { type: 'number', choices: [2, 3, 4], describe: 'players at the table (default: the rule set\'s, 4 in every book)' })
      .option('unit', { type: 'string', default: 'hand', choices: ['hand', 'match'], describe: 'what one game is' })
      .option('duplicate', { type: 'boolean', default: false, describe: 'play every wall once per seat rotation' })
      .option('shard', { type: 'string', describe: 'play only shard I of M, counted from 1: 1/4 … 4/4' })
      .option('shards', { type: 'number', describe: 'shard count with JOB_COMPLETION_INDEX (required) or a Slurm array (checked against its task count)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted run in --out' })
      .option('accept-changed-plugin', { type: 'boolean', default: false, describe: 'with --resume: a plug-in or preset file changed since the checkpoint is accepted; the games played so far are kept as the old file played them (the manifest records which games each version played)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds (the directory is emptied whole first)' })
      .option('decision-timeout', {
        type: 'number', default: DEFAULT_DECISION_TIMEOUT,
        describe: 'seconds one strategy decision may take; a worker past it is stopped and the run ends, keeping every finished batch',
      })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar (TTY) or a line every 10 s; --no-progress for none' })
      .option('flowers', { type: 'boolean', default: false, describe: 'play with flowers and seasons (where the rule set allows)' })
      .option('luck-model', { type: 'string', describe: 'with --duplicate: record luck.bin format 4, this value model\'s term at every draw (value.mjval of mjlab train --target value)' })
      .option('quiet', QUIET_OPTION) as never,
  handler: async (a) => {
    // The runner is loaded when a run starts, not for --help (docs/performance.md, "A command's start").
    refuseCommitted(a.out ?? DEFAULT_OUT, a.force);
    refuseAcceptWithoutResume(a);
    const { simulate } = await import('../../runner/run.js');
    // No --players: the rule set's (docs/rules.md "Players"; a variant may set it).
    const players = (a.players ?? ruleSet(a.rules).players) as 2 | 3 | 4;
    const result = await simulate({
      rules: a.rules,
      strategies: a.strategies ?? defaultStrategies(players),
      games: a.games,
      seed: a.seed,
      ...(a.workers !== undefined ? { workers: a.workers } : {}),
      out: a.out ?? DEFAULT_OUT,
      outExplicit: a.out !== undefined,
      gamesCsv: a['games-csv'],
      ...(a.limit !== undefined ? { limit: a.limit } : {}),
      players,
      unit: a.unit as 'hand' | 'match',
      duplicate: a.duplicate,
      luck: a.duplicate,
      ...(a['luck-model'] !== undefined ? { luckModel: a['luck-model'] } : {}),
      flowers: a.flowers,
      shard: resolveShard(a.shard, a.shards, process.env),
      resume: a.resume,
      acceptChangedPlugin: a['accept-changed-plugin'],
      force: a.force,
      progress: a.progress ? 'auto' : 'none',
      decisionTimeout: a['decision-timeout'],
      command: commandLine(),
      // The largest win's replay page beside report.html: the page is the replay viewer's, loaded when it is made.
      replayPage: async (dir, game) => (await import('../largest-win.js')).largestWinPage(dir, game),
    });
    if (result.status === 'interrupted') {
      process.exitCode = SIGNAL_EXIT[result.signal ?? 'SIGINT'];
      return;
    }
    const m = result.manifest;
    process.stdout.write(
      `${m.handsPlayed} hands (${m.gamesPlayed} games) in ${m.durationSeconds}s, ${m.handsPerSecond} hands/s → ${a.out ?? DEFAULT_OUT}\n`,
    );
    await printBoards(async () => [(await import('../../report/run-files.js')).runBoard(a.out ?? DEFAULT_OUT)], a.quiet);
  },
};
