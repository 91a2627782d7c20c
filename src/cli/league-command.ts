/**
 * The league command itself, loaded when it runs (its options: src/cli/commands/league.ts).
 * `mjlab league --rules R --strategies a,b,c,...` (docs/statistics.md, "League ratings"): every member against three of every other on
 * duplicate walls, ratings with intervals, alpha-Rank, league.csv / matrix.csv / league.svg and a leaderboard;
 * `mjlab league --merge DIR1,DIR2,... --out DIR` joins the shards. The work is in src/league/.
 */
import { basename } from 'node:path';
import { UserError } from '../errors.js';
import { commandLine } from '../io/manifest.js';
import { refuseCommitted, SCRATCH_DIR } from '../io/committed.js';
import { mergeLeague, runLeague, UNTIL_GAMES } from '../league/run.js';
import { resolveShard } from '../runner/plan.js';
import { SIGNAL_EXIT } from '../runner/signals.js';
import { CLI } from '../text.js';
import { refuseAcceptWithoutResume } from './args.js';

export interface LeagueArgs {
  rules: string;
  strategies?: string;
  games?: number;
  until?: number;
  seed: number;
  workers?: number;
  out?: string;
  shard?: string;
  shards?: number;
  merge?: string;
  resume: boolean;
  'accept-changed-plugin': boolean;
  force: boolean;
  progress: boolean;
  'decision-timeout'?: number;
  'luck-model'?: string;
}

export async function leagueHandler(a: LeagueArgs): Promise<void> {
  const command = commandLine();
  if (a.merge !== undefined) {
    if (a.out === undefined) throw new UserError('--merge needs --out');
    if (a.until !== undefined) throw new UserError('--until plays; --merge only joins shards: give one or the other');
    // The shards say what league they are: an option that would describe another one is refused, not ignored.
    for (const [given, name] of [[a.strategies, '--strategies'], [a.games, '--games'], [a.shard, '--shard'], [a['luck-model'], '--luck-model']] as const) {
      if (given !== undefined) throw new UserError(`${name} plays; --merge only joins shards, which say their own league: give one or the other`);
    }
    refuseCommitted(a.out, a.force);
    const r = await mergeLeague({ inputs: a.merge.split(',').map((d) => d.trim()).filter((d) => d !== ''), out: a.out, force: a.force, resume: a.resume, command });
    if (r.status === 'interrupted') process.exitCode = SIGNAL_EXIT[r.signal ?? 'SIGINT'];
    else if (r.board) process.stdout.write(`${r.board}\n`);
    return;
  }
  if (a.strategies === undefined) throw new UserError('--strategies is required: the league\'s members, comma-separated');
  // A variant file's league goes under its file name (docs/rules.md "Variants"), not under its path.
  const out = a.out ?? `${SCRATCH_DIR}/league-${a.rules.endsWith('.json') ? basename(a.rules, '.json') : a.rules}`;
  refuseCommitted(out, a.force);
  refuseAcceptWithoutResume(a);
  const r = await runLeague({
    rules: a.rules, strategies: a.strategies, games: a.games ?? (a.until !== undefined ? UNTIL_GAMES : 400), seed: a.seed,
    ...(a.until !== undefined ? { until: a.until } : {}), ...(a.workers !== undefined ? { workers: a.workers } : {}),
    out, shard: resolveShard(a.shard, a.shards, process.env), resume: a.resume, acceptChangedPlugin: a['accept-changed-plugin'],
    force: a.force, progress: a.progress ? 'auto' : 'none',
    ...(a['decision-timeout'] !== undefined ? { decisionTimeout: a['decision-timeout'] } : {}), ...(a['luck-model'] !== undefined ? { luckModel: a['luck-model'] } : {}), command,
  });
  if (r.status === 'interrupted') {
    process.exitCode = SIGNAL_EXIT[r.signal ?? 'SIGINT'];
    return;
  }
  if (r.status === 'partial') {
    process.stdout.write(`league shard done → ${out}; merge the shards with: ${CLI} league --merge DIR1,DIR2,... --out DIR\n`);
    return;
  }
  process.stdout.write(`${r.board}\n→ ${out}\n`);
}
