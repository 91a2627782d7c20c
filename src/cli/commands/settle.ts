// PLACEHOLDER: replaced by the issue implementing `mjlab settle`.
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';

export const settleCommand: CommandModule = {
  command: 'settle',
  describe: '(not yet implemented)',
  handler: () => {
    throw new UserError('settle is not implemented yet');
  },
};
