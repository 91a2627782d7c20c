/**
 * Nothing committed is touched by a command run as documented (README, "Commands"; docs/outputs.md, "Where outputs
 * go"). The checkout's results/ holds committed experiment outputs; a command whose output directory lies inside it
 * refuses in one line before it claims anything, unless --force says that committed results are being re-run on
 * purpose. The scratch places inside results/ that the checkout ignores (its .gitignore lists each) are the
 * exception: results/latest (simulate's default), results/tmp (every other command's default, and the docs'
 * outputs) and results/play (mjlab play's records).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { realPathOf } from './files.js';
import { contains } from './guard.js';
import { packageRoot } from './manifest.js';

/** Where a command writes when no --out is given, other than simulate and play: ignored by the checkout. */
export const SCRATCH_DIR = 'results/tmp';

/** The places inside results/ that are scratch, not committed (each listed in the checkout's .gitignore). */
export const SCRATCH_DIRS: readonly string[] = ['results/latest', SCRATCH_DIR, 'results/play'];

/** `dir` lies inside the checkout's committed results/ (not in one of its scratch places). */
export function insideCommitted(dir: string, root: string = packageRoot()): boolean {
  const real = realPathOf(dir);
  if (!contains(realPathOf(join(root, 'results')), real)) return false;
  return !SCRATCH_DIRS.some((s) => contains(realPathOf(join(root, s)), real));
}

/** One line, before anything is claimed, when `dir` lies inside committed results/ and --force was not given. */
export function refuseCommitted(dir: string, force: boolean): void {
  if (force || !insideCommitted(dir)) return;
  throw new UserError(
    `${dir} lies inside the repository's committed results/: give --force to re-run committed results on purpose, or another --out (${SCRATCH_DIR}/... is scratch)`,
  );
}

/**
 * The scratch results/tmp is where the docs' commands write, and a fresh clone has none (the checkout ignores it):
 * a file named inside it gets its directories made, as an output directory there does. Nowhere else is a missing
 * directory made for a file.
 */
export function makeScratchParent(file: string, root: string = packageRoot()): void {
  const parent = dirname(realPathOf(file));
  if (contains(realPathOf(join(root, SCRATCH_DIR)), parent)) mkdirSync(parent, { recursive: true });
}
