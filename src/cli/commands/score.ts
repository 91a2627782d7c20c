// PLACEHOLDER: replaced by the issue implementing `mjlab score`.
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';

export const scoreCommand: CommandModule = {
  command: 'score',
  describe: '(not yet implemented)',
  handler: () => {
    throw new UserError('score is not implemented yet');
  },
};
