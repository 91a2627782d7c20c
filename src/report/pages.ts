/**
 * The one writer of a run's pages (docs/outputs.md, "Pages"): report.html and, beside it, the largest win's replay
 * page, each written once, through the run's claimed directory, after its other files (the page is made from them).
 * The replay page needs the game played again, which the CLI knows how to do (src/cli/largest-win.ts): a caller that
 * wants it passes that in; a run without it (an experiment's or a league's pairing) gets report.html alone.
 */
import { UserError } from '../errors.js';
import { IoFailure } from '../io/files.js';
import type { RunDir } from '../io/run-dir.js';
import { CLI, shellWord } from '../text.js';
import { LARGEST_WIN_PAGE, REPORT_FILE } from '../io/owned-dir.js';
import { reportHtml } from './html.js';
import { largestWin } from './largest-win.js';

/** The replay viewer's page of game `game` of the run in `dir`, as `mjlab replay --run DIR --game G --html` makes it. */
export type ReplayPage = (dir: string, game: number) => Promise<string>;

/**
 * Write the run's pages. A replay that fails (a plug-in that no longer loads) leaves report.html written without the
 * link, and its error is raised after.
 */
export async function writeRunPages(dir: RunDir, replay: ReplayPage | null): Promise<void> {
  const big = replay ? largestWin(dir.path) : null;
  let failed: unknown = null;
  let linked = false;
  if (big && replay) {
    try {
      dir.write(LARGEST_WIN_PAGE, await replay(dir.path, big.game));
      linked = true;
    } catch (e) {
      // The run's results are all written by now: only the page (and the link to it) is missing.
      const page = dir.file(LARGEST_WIN_PAGE);
      failed = e instanceof IoFailure
        ? new UserError(`cannot write ${page}: ${e.reason}; the run's results in ${dir.path} are complete; make the page with: ${CLI} replay --run ${shellWord(dir.path)} --game ${big.game} --html ${shellWord(page)}`)
        : e;
    }
  }
  dir.write(REPORT_FILE, reportHtml(dir.path, { replayPage: linked }));
  if (failed !== null) throw failed;
}
