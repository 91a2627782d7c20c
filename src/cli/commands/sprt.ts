/**
 * `mjlab sprt A B --rules R --delta D` (issue 27, point 2): a sequential test of A against three B on duplicate
 * walls that stops when it can decide; see src/league/sprt-run.ts and src/stats/sprt.ts.
 */
import type { CommandModule } from 'yargs';
import { commandLine } from '../../io/manifest.js';
import { runSprtCommand } from '../../league/sprt-run.js';
import { SIGNAL_EXIT } from '../../runner/signals.js';
import { ruleSetChoices } from '../../rules/index.js';

interface SprtArgs {
  a: string;
  b: string;
  rules: string;
  delta: number;
  alpha: number;
  beta: number;
  'max-games': number;
  seed: number;
  workers?: number;
  out?: string;
  resume: boolean;
  force: boolean;
  progress: boolean;
}

export const sprtCommand: CommandModule<object, SprtArgs> = {
  command: 'sprt <a> <b>',
  describe: 'sequential test: does A, in one seat against three B on duplicate walls, gain --delta points a hand or nothing? stops when it knows',
  builder: (y) =>
    y
      .positional('a', { type: 'string', describe: 'the challenger' })
      .positional('b', { type: 'string', describe: 'the baseline (the other three seats)' })
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('delta', { type: 'number', demandOption: true, describe: 'H1: A gains this many points a hand (H0: none)' })
      .option('alpha', { type: 'number', default: 0.05, describe: 'chance of accepting H1 when H0 holds' })
      .option('beta', { type: 'number', default: 0.05, describe: 'chance of accepting H0 when H1 holds' })
      .option('max-games', { type: 'number', default: 40_000, describe: 'stop undecided after this many games (10,000 wall sets)' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('out', { type: 'string', describe: 'output directory (default results/sprt)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted test in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds' })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar with the LLR and its bounds; --no-progress for none' }) as never,
  handler: async (a) => {
    const out = a.out ?? 'results/sprt';
    const r = await runSprtCommand({
      a: a.a, b: a.b, rules: a.rules, delta: a.delta, alpha: a.alpha, beta: a.beta, maxGames: a['max-games'], seed: a.seed,
      ...(a.workers !== undefined ? { workers: a.workers } : {}), out, resume: a.resume, force: a.force, progress: a.progress ? 'auto' : 'none',
      command: commandLine(),
    });
    if (r.status === 'interrupted') {
      process.exitCode = SIGNAL_EXIT[r.signal ?? 'SIGINT'];
      return;
    }
    const s = r.state;
    const what = s.verdict === 'H1' ? `${a.a} gains ${a.delta} a hand over ${a.b} (H1)` : s.verdict === 'H0' ? `${a.a} gains nothing over ${a.b} (H0)` : 'undecided at --max-games';
    process.stdout.write(`sprt: ${what}: LLR ${s.llr.toFixed(2)} against bounds ${s.lower.toFixed(2)}, ${s.upper.toFixed(2)} after ${s.n} wall sets (${s.n * 4} hands) → ${out}/sprt.csv\n`);
  },
};
