/**
 * The largest win's replay page (docs/outputs.md, "largest-win.html"): after simulate or merge has
 * written a run's files, the game report.html names is replayed from the run's manifest exactly as `mjlab replay
 * --run DIR --game G --html DIR/largest-win.html` replays it (the same page, byte for byte: the replay viewer with
 * its record embedded, so it shows nothing that page would not), written beside report.html, and the report written
 * again to link to it. It lives here, above the viewer and the runner, because the viewer's page is the CLI's.
 */
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { fsReason, writeAtomic } from '../io/files.js';
import { LARGEST_WIN_PAGE, REPORT_FILE } from '../io/owned-dir.js';
import { reportHtml } from '../report/html.js';
import { largestWin } from '../report/largest-win.js';
import { CLI } from '../text.js';
import { buildReplayHtml } from '../viewer/html.js';
import { replayRecord } from './replay-command.js';
import { gameFromRun } from './replay-run.js';

/** Write the page and relink the report; nothing when the run kept no per-game file (the report says so). */
export async function writeLargestWin(dir: string): Promise<void> {
  const big = largestWin(dir);
  if (big === null) return;
  const record = await replayRecord(gameFromRun(dir, { game: big.game }));
  const page = join(dir, LARGEST_WIN_PAGE);
  try {
    writeAtomic(page, buildReplayHtml(record));
    writeAtomic(join(dir, REPORT_FILE), reportHtml(dir, { replayPage: true }));
  } catch (e) {
    // The run's results are all written by now: only the page (and the link to it) is missing.
    const why = fsReason((e as { error?: unknown }).error ?? e) ?? (e as Error).message;
    throw new UserError(`cannot write ${page}: ${why}; the run's results in ${dir} are complete; make the page with: ${CLI} replay --run ${dir} --game ${big.game} --html ${page}`);
  }
}
