/** `mjlab play`'s options (docs/play.md); the command itself, loaded when it runs, is src/cli/play-command.ts. */
import type { CommandModule } from 'yargs';
import { ruleSetChoices } from '../../rules/index.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/options.js';
import type { PlayArgs } from '../play-command.js';

import { DEFAULT_PORT, DEFAULT_RECORD_DIR } from '../play-defaults.js';

export const playCommand: CommandModule<object, PlayArgs> = {
  command: 'play',
  describe: 'play at the table yourself, in the browser, against strategies (a local web server)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', describe: 'the other seats, in the order of play after yours, comma-separated, or one for all (default harr)' })
      .option('seat', { type: 'string', default: 'E', describe: "your wind in each game's first hand: E, S, W, N (as the table has them) or random" })
      .option('seed', { type: 'number', describe: 'master seed (default: a random one, printed); the same seed and the same moves give the same game' })
      .option('unit', { type: 'string', default: 'hand', choices: ['hand', 'match'], describe: 'what one game is' })
      .option('players', { type: 'number', choices: [2, 3, 4], describe: 'players at the table (default: the rule set\'s, 4 in every book)' })
      .option('flowers', { type: 'boolean', default: false, describe: 'play with flowers and seasons (where the rule set allows)' })
      .option('limit', { type: 'number', describe: "hand limit (default: the rule set's)" })
      .option('port', { type: 'number', default: DEFAULT_PORT, describe: 'port to listen on (0: any free one)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on (127.0.0.1: this machine only)' })
      .option('open', { type: 'boolean', default: false, describe: 'open the page in a browser ($BROWSER, or the system default)' })
      .option('record-dir', { type: 'string', default: DEFAULT_RECORD_DIR, describe: 'where every game played is saved as a replayable record' })
      .option('decision-timeout', { type: 'number', describe: `seconds one create() or act() of a plug-in opponent may take (default ${DEFAULT_DECISION_TIMEOUT})` })
      .option('coach', { type: 'string', describe: "a hint key (h) and button: the coach's values for your open decision, from your view only (e.g. search); off by default" })
      .option('belief', { type: 'string', describe: "with --coach: each discard's danger in the hint from this belief model (the model.mjbelief of mjlab train --target belief)" }) as never,
  handler: async (a) => (await import('../play-command.js')).playHandler(a),
};
