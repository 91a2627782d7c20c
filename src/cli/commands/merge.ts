/** `mjlab merge --out DIR SHARD_DIR...`: exact merge of shard outputs; see src/runner/merge.ts. */
import type { CommandModule } from 'yargs';
import { commandLine } from '../../io/manifest.js';
import { refuseCommitted } from '../../io/committed.js';
import { SIGNAL_EXIT } from '../../runner/signals.js';
import { printBoards, QUIET_OPTION } from '../board.js';

interface MergeArgs {
  out: string;
  dirs: string[];
  force: boolean;
  'allow-partial': boolean;
  quiet: boolean;
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <dirs..>',
  describe: 'merge the outputs of simulate shards into one exact result',
  builder: (y) =>
    y
      .positional('dirs', { type: 'string', array: true, describe: 'shard output directories' })
      .option('out', { type: 'string', demandOption: true, describe: 'output directory' })
      .option('force', { type: 'boolean', default: false, describe: 'replace whatever --out holds (the directory is emptied whole first)' })
      .option('allow-partial', {
        type: 'boolean', default: false,
        describe: 'merge inputs that do not cover the whole run (or are unfinished): the manifest then says "complete": false and lists the missing ranges',
      })
      .option('quiet', QUIET_OPTION) as never,
  handler: async (a) => {
    refuseCommitted(a.out, a.force);
    const { mergeRuns } = await import('../../runner/merge.js');
    const command = commandLine();
    const r = await mergeRuns({
      out: a.out, inputs: a.dirs, force: a.force, allowPartial: a['allow-partial'], command,
      replayPage: async (dir, game) => (await import('../largest-win.js')).largestWinPage(dir, game),
    });
    if (r.status === 'interrupted') {
      process.stderr.write(`mjlab: merge interrupted; its inputs are untouched and ${a.out} holds no half-written file; redo it with: ${command}\n`);
      process.exitCode = SIGNAL_EXIT[r.signal];
      return;
    }
    const m = r.manifest;
    const ranges = m.ranges.map(([s, e]) => `${s}..${e - 1}`).join(', ');
    const missing = m.missing ? `; missing ${m.missing.map(([s, e]) => `${s}..${e - 1}`).join(', ')}` : '';
    const k = m.mergedFrom?.length ?? 0;
    process.stdout.write(`merged ${k} ${k === 1 ? 'directory' : 'directories'}: ${m.handsPlayed} hands, games ${ranges}${missing} → ${a.out}\n`);
    await printBoards(async () => [(await import('../../report/run-files.js')).runBoard(a.out)], a.quiet);
  },
};
