/** `mjlab replay`'s options (docs/notation.md, "Game records"); the command itself, loaded when it runs, is src/cli/replay-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/options.js';
import type { ReplayArgs } from '../replay-command.js';

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay',
  describe: 'replay one game from its seed (or from a run: --run DIR), move by move (or --json for the record)',
  builder: (y) =>
    y
      .option('run', { type: 'string', describe: 'a simulate or merge output directory: the options below from its manifest.json' })
      .option('rules', { type: 'string', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', describe: 'lineup, one per player, comma-separated' })
      .option('seed', { type: 'number', describe: 'master seed' })
      .option('game', { type: 'number', describe: 'game index' })
      .option('players', { type: 'number', describe: 'players at the table: 2, 3 or 4 (default: the rule set\'s, 4 in every book)' })
      .option('unit', { type: 'string', describe: 'hand (default) or match' })
      .option('limit', { type: 'number', describe: "hand limit (default: the rule set's)" })
      .option('flowers', { type: 'boolean', describe: 'flowers and seasons in play (where allowed)' })
      .option('duplicate', { type: 'boolean', describe: 'the game index is a duplicate-play index' })
      .option('record', { type: 'string', describe: 're-execute this game record (replay --json) or scenario instead (docs/notation.md)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the record as JSON' })
      .option('html', { type: 'string', describe: 'write a self-contained HTML replay viewer page to FILE' })
      .option('force', { type: 'boolean', default: false, describe: '--html may replace a file mjlab did not write' })
      .option('seat', { type: 'string', describe: 'with --record and --strategy: the seat to compare (0..3, or its wind in the first hand)' })
      .option('strategy', { type: 'string', describe: 'with --record and --seat: print where this strategy would have decided differently' })
      .option('decision-timeout', { type: 'number', describe: `seconds one create() or act() of a plug-in may take (default ${DEFAULT_DECISION_TIMEOUT})` }) as never,
  handler: async (a) => (await import('../replay-command.js')).replayHandler(a),
};
