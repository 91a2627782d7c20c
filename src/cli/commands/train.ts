/** `mjlab train`'s options (docs/learning.md); the command itself, loaded when it runs, is src/cli/train-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import { DEFAULT_FIT } from '../../learn/options.js';
import { DEFAULT_VALUE_FIT } from '../../value-train/options.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/options.js';
import type { TrainArgs } from '../train-command.js';

export const trainCommand: CommandModule<object, TrainArgs> = {
  command: 'train',
  describe: 'learn a policy from a teacher\'s self-play decisions (expert iteration): data, then a small network (model.mjnet)',
  builder: (y) =>
    y
      .option('target', { type: 'string', default: 'policy', choices: ['policy', 'belief', 'value'], describe: 'what is learned: the teacher\'s policy and value (model.mjnet), a belief over the other seats\' hidden tiles (model.mjbelief; docs/belief.md), or the value of every position for the luck adjustment (value.mjval; --teacher and --field are the self-play lineup, --seed one reserved for fitting)' })
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('teacher', { type: 'string', describe: 'the strategy whose decisions are learned (search:policy=net/model=FILE for generation 2); with --target belief the first seat of the lineup (default: search; harr for belief)' })
      .option('field', { type: 'string', default: 'harr,harr,harr', describe: 'the other three seats' })
      .option('games', { type: 'number', default: 400, describe: 'self-play games (multiple of 4: --duplicate wall sets)' })
      .option('seed', { type: 'number', default: 1, describe: 'master seed of the games' })
      .option('limit', { type: 'number', describe: 'hand limit (default: the rule set\'s)' })
      .option('out', { type: 'string', demandOption: true, describe: 'output directory (decisions.bin, model.mjnet, curve.csv, curve.svg, validation.csv, manifest.json)' })
      .option('shard', { type: 'string', describe: 'generate only shard I/M of the games\' data (no training); train later with --data' })
      .option('shards', { type: 'number', describe: 'shard count, with JOB_COMPLETION_INDEX or a Slurm array' })
      .option('data', { type: 'string', describe: 'train on these shard directories (comma-separated) instead of generating data' })
      .option('keep-data', { type: 'string', describe: 'train on these earlier generations\' complete data directories too (comma-separated)' })
      .option('init-model', { type: 'string', describe: 'start the fit from this model\'s weights (an earlier generation\'s model.mjnet) instead of seeded random ones' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the interrupted data generation, or fit, in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace other training data in --out' })
      .option('workers', { type: 'number', describe: 'worker threads (default: all cores)' })
      .option('decision-timeout', { type: 'number', default: DEFAULT_DECISION_TIMEOUT, describe: 'seconds one strategy decision may take' })
      .option('progress', { type: 'boolean', default: true, describe: 'progress bar (TTY) or a line now and then; --no-progress for none' })
      .option('epochs', { type: 'number', describe: `passes over the training decisions (default ${DEFAULT_FIT.epochs}; ${DEFAULT_VALUE_FIT.epochs} with --target value)` })
      .option('hidden', { type: 'number', describe: `hidden units (default ${DEFAULT_FIT.hidden}; ${DEFAULT_VALUE_FIT.hidden} with --target value)` })
      .option('lr', { type: 'number', describe: `Adam learning rate (default ${DEFAULT_FIT.lr}; ${DEFAULT_VALUE_FIT.lr} with --target value)` })
      .option('batch', { type: 'number', describe: `decisions per minibatch (default ${DEFAULT_FIT.batch}; ${DEFAULT_VALUE_FIT.batch} with --target value)` })
      .option('train-seed', { type: 'number', describe: `seed of the initial weights and the sample order (default ${DEFAULT_FIT.trainSeed}; ${DEFAULT_VALUE_FIT.trainSeed} with --target value)` })
      .option('temperature', { type: 'number', default: DEFAULT_FIT.temperature, describe: 'points of rollout mean per unit of logit in the soft target' })
      .option('soft', { type: 'number', default: DEFAULT_FIT.soft, describe: 'weight of the search\'s soft target beside its choice (0..1)' })
      .option('value-weight', { type: 'number', default: DEFAULT_FIT.valueWeight, describe: 'weight of the value head\'s loss' })
      .option('value-scale', { type: 'number', describe: `points per unit of the value head (default ${DEFAULT_FIT.valueScale}; ${DEFAULT_VALUE_FIT.scale} with --target value)` })
      .option('departure-weight', { type: 'number', default: DEFAULT_FIT.departureWeight, describe: 'times each decision where the teacher left harr\'s choice counts in training' }) as never,
  handler: async (a) => (await import('../train-command.js')).trainHandler(a),
};
