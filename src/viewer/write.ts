/**
 * `mjlab replay ... --html FILE` and `mjlab review ... --html FILE` (docs/replay.md): the self-contained viewer page
 * for a game record, written under the rule for files outside a run directory (src/io/output-file.ts): never over
 * the record it was made from, never over a file mjlab did not write without --force, renamed into place. A file
 * that cannot be written is the user's problem to fix: one line naming it, exit status 2 (src/errors.ts).
 */
import type { Review } from '../coach/review.js';
import type { GameRecord } from '../record/record.js';
import { makeScratchParent } from '../io/committed.js';
import { checkOutputFile, writeOutputFile, type OutputFile } from '../io/output-file.js';
import { buildReplayHtml, PAGE_START } from './html.js';

/** The page's target: `--html FILE` of a command reading `inputs`; a page of mjlab's own there is replaced. */
export function htmlOutput(path: string, inputs: readonly string[] = [], force = false): OutputFile {
  return { option: '--html', path, inputs, force, ours: (head) => head.startsWith(PAGE_START) };
}

/** Refuse the page's target before the command does its work (checked again when the page is written). */
export function checkReplayHtml(out: OutputFile): void {
  checkOutputFile(out);
}

/** Write the page (with a review: the review page); returns a one-line note for the terminal. */
export function writeReplayHtml(record: GameRecord, out: OutputFile | string, review?: Review): string {
  const target = typeof out === 'string' ? htmlOutput(out) : out;
  const page = buildReplayHtml(record, review);
  makeScratchParent(target.path);
  writeOutputFile(target, page);
  const moves = record.hands.reduce((n, h) => n + h.events.length, 0);
  return `wrote ${target.path}: ${record.hands.length} hand${record.hands.length === 1 ? '' : 's'}, ${moves} moves (${Math.round(page.length / 1024)} KiB)`;
}
