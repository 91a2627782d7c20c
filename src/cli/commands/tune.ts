/** `mjlab tune`'s options (issue 16, point 1); the command itself, loaded when it runs, is src/cli/tune-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/options.js';
import type { TuneArgs } from '../tune-command.js';

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune',
  describe: 'tune a strategy\'s numeric parameters by self-play (CMA-ES), race the finalists, confirm the winner',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
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
  handler: async (a) => (await import('../tune-command.js')).tuneHandler(a),
};
