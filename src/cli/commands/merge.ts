// PLACEHOLDER: replaced by the issue implementing `mjlab merge`.
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';

export const mergeCommand: CommandModule = {
  command: 'merge',
  describe: '(not yet implemented)',
  handler: () => {
    throw new UserError('merge is not implemented yet');
  },
};
