/** `mjlab sprt`'s options (docs/statistics.md); the command itself, loaded when it runs, is src/cli/sprt-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import type { SprtArgs } from '../sprt-command.js';

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
      .option('adjust', { type: 'boolean', default: false, describe: 'test luck-adjusted wall-set outcomes (the adjustment of pairwise.csv, docs/statistics.md) instead of raw nets' })
      .option('luck-model', { type: 'string', describe: 'record luck.bin format 4 with this value model\'s term at every draw (value.mjval of mjlab train --target value); --adjust then subtracts it' })
      .option('max-games', { type: 'number', default: 40_000, describe: 'stop undecided after this many games (10,000 wall sets)' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('out', { type: 'string', describe: 'output directory (default results/tmp/sprt)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted test in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds' })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar with the LLR and its bounds; --no-progress for none' }) as never,
  handler: async (a) => (await import('../sprt-command.js')).sprtHandler(a),
};
