// PLACEHOLDER: replaced by the issue implementing `mjlab simulate`.
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';

export const simulateCommand: CommandModule = {
  command: 'simulate',
  describe: '(not yet implemented)',
  handler: () => {
    throw new UserError('simulate is not implemented yet');
  },
};
