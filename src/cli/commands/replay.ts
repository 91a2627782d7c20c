// PLACEHOLDER: replaced by the issue implementing `mjlab replay`.
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';

export const replayCommand: CommandModule = {
  command: 'replay',
  describe: '(not yet implemented)',
  handler: () => {
    throw new UserError('replay is not implemented yet');
  },
};
