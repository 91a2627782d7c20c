/** `mjlab review`'s options (docs/replay.md, "A review"); the command itself, loaded when it runs, is src/cli/review-command.ts. */
import type { CommandModule } from 'yargs';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/options.js';
import { DEFAULT_COACH } from '../../coach/default.js';
import type { ReviewArgs } from '../review-command.js';

export const reviewCommand: CommandModule<object, ReviewArgs> = {
  command: 'review',
  describe: "value every choice of one seat in a game record, from its own view: each answer's expected net, the mistakes ranked by cost",
  builder: (y) =>
    y
      .option('record', { type: 'string', describe: 'the game record (mjlab play saves one per game; mjlab replay --json prints one)' })
      .option('seat', { type: 'string', describe: "the seat to review: its wind in the record's first hand (E, S, W, N) or its number" })
      .option('coach', { type: 'string', default: DEFAULT_COACH, describe: "the strategy that values the answers: search's budget is worlds per answer; any other strategy (a file too) rolls out itself" })
      .option('seed', { type: 'number', default: 0, describe: "the review's own seed: the coach's worlds come from it alone" })
      .option('belief', { type: 'string', describe: "each discard's danger from this belief model (the model.mjbelief of mjlab train --target belief), not from the coach's worlds" })
      .option('html', { type: 'string', describe: 'write the replay viewer page with the review beside the table to FILE' })
      .option('json', { type: 'boolean', default: false, describe: 'print the review as JSON' })
      .option('force', { type: 'boolean', default: false, describe: '--html may replace a file mjlab did not write' })
      .option('decision-timeout', { type: 'number', describe: `seconds one create() or act() of a plug-in coach may take (default ${DEFAULT_DECISION_TIMEOUT})` }) as never,
  handler: async (a) => (await import('../review-command.js')).reviewHandler(a),
};
