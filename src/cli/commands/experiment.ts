// PLACEHOLDER: replaced by the issue implementing `mjlab experiment` (issue 6).
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';

export const experimentCommand: CommandModule = {
  command: 'experiment [name]',
  describe: '(not yet implemented)',
  handler: () => {
    throw new UserError('experiment is not implemented yet');
  },
};
