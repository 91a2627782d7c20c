/** `mjlab league`'s options (docs/statistics.md); the command itself, loaded when it runs, is src/cli/league-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import type { LeagueArgs } from '../league-command.js';

export const leagueCommand: CommandModule<object, LeagueArgs> = {
  command: 'league',
  describe: 'rate many strategies: each against three of each other on duplicate walls (league.csv, matrix.csv, a chart, a leaderboard)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', describe: 'the members, comma-separated (name, name:param=value, ./preset.json, ./file.js)' })
      .option('games', { type: 'number', describe: 'games per pairing, a multiple of 4 (each wall once per rotation; default 400); with --until, the cap (default 40,000)' })
      .option('until', { type: 'number', describe: 'play blocks of 100 wall sets until every rating\'s 95% interval is within this many points per hand' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed (every pairing plays the same walls)' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('out', { type: 'string', describe: 'output directory (default results/tmp/league-<rules>; for a variant file, its name without .json)' })
      .option('luck-model', { type: 'string', describe: 'every pairing records luck.bin format 4 with this value model\'s term at every draw (value.mjval of mjlab train --target value); ratings raw and adjusted by it' })
      .option('shard', { type: 'string', describe: 'play only shard I of M of every pairing: 1/4 … 4/4 (then --merge the shards)' })
      .option('shards', { type: 'number', describe: 'shard count with JOB_COMPLETION_INDEX or a Slurm array' })
      .option('merge', { type: 'string', describe: 'merge these league shard directories (comma-separated) into --out instead of playing' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted league in --out' })
      .option('accept-changed-plugin', { type: 'boolean', default: false, describe: 'with --resume: a plug-in or preset file changed since the checkpoint is accepted; the games the pairings played so far are kept as the old file played them (the manifest records which games each version played)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds' })
      .option('decision-timeout', { type: 'number', describe: 'seconds one strategy decision may take' })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar per pairing; --no-progress for none' }) as never,
  handler: async (a) => (await import('../league-command.js')).leagueHandler(a),
};
