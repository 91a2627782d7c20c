/**
 * `mjlab league --rules R --strategies a,b,c,...` (issue 27, point 1): every member against three of every other on
 * duplicate walls, ratings with intervals, alpha-Rank, league.csv / matrix.csv / league.svg and a leaderboard;
 * `mjlab league --merge DIR1,DIR2,... --out DIR` joins the shards. The work is in src/league/.
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { commandLine } from '../../io/manifest.js';
import { mergeLeague, runLeague } from '../../league/run.js';
import { resolveShard } from '../../runner/plan.js';
import { SIGNAL_EXIT } from '../../runner/signals.js';
import { ruleSetChoices } from '../../rules/index.js';

interface LeagueArgs {
  rules: string;
  strategies?: string;
  games: number;
  seed: number;
  workers?: number;
  out?: string;
  shard?: string;
  shards?: number;
  merge?: string;
  resume: boolean;
  force: boolean;
  progress: boolean;
  'decision-timeout'?: number;
}

export const leagueCommand: CommandModule<object, LeagueArgs> = {
  command: 'league',
  describe: 'rate many strategies: each against three of each other on duplicate walls (league.csv, matrix.csv, a chart, a leaderboard)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', describe: 'the members, comma-separated (name, name:param=value, ./preset.json, ./file.js)' })
      .option('games', { type: 'number', default: 400, describe: 'games per pairing, a multiple of 4 (each wall once per rotation)' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed (every pairing plays the same walls)' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('out', { type: 'string', describe: 'output directory (default results/league/<rules>)' })
      .option('shard', { type: 'string', describe: 'play only shard I of M of every pairing: 1/4 … 4/4 (then --merge the shards)' })
      .option('shards', { type: 'number', describe: 'shard count with JOB_COMPLETION_INDEX or a Slurm array' })
      .option('merge', { type: 'string', describe: 'merge these league shard directories (comma-separated) into --out instead of playing' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted league in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds' })
      .option('decision-timeout', { type: 'number', describe: 'seconds one strategy decision may take' })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar per pairing; --no-progress for none' }) as never,
  handler: async (a) => {
    const command = commandLine();
    if (a.merge !== undefined) {
      if (a.out === undefined) throw new UserError('--merge needs --out');
      const r = await mergeLeague({ inputs: a.merge.split(',').map((d) => d.trim()).filter((d) => d !== ''), out: a.out, force: a.force, command });
      if (r.board) process.stdout.write(`${r.board}\n`);
      return;
    }
    if (a.strategies === undefined) throw new UserError('--strategies is required: the league\'s members, comma-separated');
    const out = a.out ?? `results/league/${a.rules}`;
    const r = await runLeague({
      rules: a.rules, strategies: a.strategies, games: a.games, seed: a.seed, ...(a.workers !== undefined ? { workers: a.workers } : {}),
      out, shard: resolveShard(a.shard, a.shards, process.env), resume: a.resume, force: a.force, progress: a.progress ? 'auto' : 'none',
      ...(a['decision-timeout'] !== undefined ? { decisionTimeout: a['decision-timeout'] } : {}), command,
    });
    if (r.status === 'interrupted') {
      process.exitCode = SIGNAL_EXIT[r.signal ?? 'SIGINT'];
      return;
    }
    if (r.status === 'partial') {
      process.stdout.write(`league shard done → ${out}; merge the shards with: mjlab league --merge DIR1,DIR2,... --out DIR\n`);
      return;
    }
    process.stdout.write(`${r.board}\n→ ${out}\n`);
  },
};
