/** `mjlab env`'s options; the command itself, loaded when it runs, is src/cli/env-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import type { EnvArgs } from '../env-command.js';

export const envCommand: CommandModule<object, EnvArgs> = {
  command: 'env',
  describe: 'serve games over standard input and output to a program that plays the seats written "env" (python/mjlab_env.py; docs/protocol.md)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', default: 'env,harr,harr,harr', describe: 'lineup, one per player: "env" for a seat the client plays' })
      .option('players', { type: 'number', describe: 'players at the table: 2, 3 or 4 (default: the rule set\'s, 4 in every book)' })
      .option('unit', { type: 'string', default: 'hand', describe: 'hand or match' })
      .option('limit', { type: 'number', describe: "hand limit (default: the rule set's)" })
      .option('flowers', { type: 'boolean', default: false, describe: 'flowers and seasons in play (where allowed)' }) as never,
  handler: async (a) => (await import('../env-command.js')).envHandler(a),
};
