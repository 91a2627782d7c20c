/** `mjlab export`'s options; the command itself, loaded when it runs, is src/cli/export-command.ts. */
import type { CommandModule } from 'yargs';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/options.js';
import type { ExportArgs } from '../export-command.js';

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export',
  describe: "write a run's games as game records, one JSON line per game (the record of replay --json, with the run's provenance), to standard output",
  builder: (y) =>
    y
      .option('run', { type: 'string', demandOption: true, describe: 'a simulate or merge output directory' })
      .option('games', { type: 'string', describe: 'the games to export: A-B (inclusive) or one game G (default: all of the run)' })
      .option('decision-timeout', { type: 'number', describe: `seconds one create() or act() of a plug-in or bot may take (default ${DEFAULT_DECISION_TIMEOUT})` }) as never,
  handler: async (a) => (await import('../export-command.js')).exportHandler(a),
};
