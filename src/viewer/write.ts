/**
 * `mjlab replay ... --html FILE` (issue 7): writes the self-contained viewer page for a game record. A file that
 * cannot be written is the user's problem to fix: one line naming it, exit status 2 (src/errors.ts).
 */
import type { Review } from '../coach/review.js';
import type { GameRecord } from '../record/record.js';
import { UserError } from '../errors.js';
import { fsReason, writeAtomic } from '../io/files.js';
import { makeScratchParent } from '../io/committed.js';
import { buildReplayHtml } from './html.js';

/** Write the page (with a review: the review page, issue 30); returns a one-line note for the terminal. */
export function writeReplayHtml(record: GameRecord, file: string, review?: Review): string {
  if (file.trim() === '') throw new UserError('--html needs a file name');
  const page = buildReplayHtml(record, review);
  // Atomically, under a random temporary name beside it: a link at FILE is refused, never written through.
  try {
    makeScratchParent(file);
    writeAtomic(file, page);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot write ${file}: ${fsReason((e as { error?: unknown }).error ?? e) ?? (e as Error).message}`);
  }
  const moves = record.hands.reduce((n, h) => n + h.events.length, 0);
  return `wrote ${file}: ${record.hands.length} hand${record.hands.length === 1 ? '' : 's'}, ${moves} moves (${Math.round(page.length / 1024)} KiB)`;
}
