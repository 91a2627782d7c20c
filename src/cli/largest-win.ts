/**
 * How the CLI replays the largest win for its page (README, "Quick start"): the game report.html names is replayed
 * from the run's manifest exactly as `mjlab replay --run DIR --game G --html DIR/largest-win.html` replays it (the
 * same page, byte for byte: the replay viewer with its record embedded, so it shows nothing that page would not).
 * src/report/pages.ts writes it beside report.html, the one writer of a run's pages; this lives here, above the
 * viewer and the runner, because the viewer's page is the CLI's.
 */
import type { ReplayPage } from '../report/pages.js';
import { buildReplayHtml } from '../viewer/html.js';
import { replayRecord } from './replay-command.js';
import { gameFromRun } from './replay-run.js';

export const largestWinPage: ReplayPage = async (dir, game) => buildReplayHtml(await replayRecord(gameFromRun(dir, { game })));
