/**
 * `mjlab simulate` as a library call (README.md, "Running at scale"): one run as five stages, each a file of
 * src/runner/stages/ with one job and its own inputs and outputs.
 *
 *   plan     (stages/plan.ts)     the options validated, the table, the run's identity, this shard's range of
 *                                 games, the batches, the workers and the streamed files: nothing touched yet.
 *   claim    (stages/claim.ts)    the output directory judged and taken (empty, this run to resume or redo, or
 *                                 refused in one line); every later write goes through the claimed directory,
 *                                 src/io/run-dir.ts, which alone writes, replaces and deletes a run's files.
 *   restore  (stages/restore.ts)  the checkpoint read and verified line by line, the streamed files proved against
 *                                 it, what to rebuild decided, and the files opened at what was proved.
 *   play     (stages/play.ts)     the batches on the worker pool under the per-decision time limit, committed in
 *                                 batch order (group commit: rows fsync'd before the checkpoint lines claiming them).
 *   finish   (stages/finish.ts)   the manifest and the outputs, written atomically, the manifest last; whatever
 *                                 stopped the run becomes one line saying what was kept (src/runner/failure.ts).
 *
 * Exact integer aggregates merged in batch order make every output independent of the worker count and of
 * completion order. From the claim on, a signal stops the run at its next safe point, never in a write.
 */
import { UserError } from '../errors.js';
import { IoFailure } from '../io/files.js';
import type { SimulateOptions, SimulateResult } from './options.js';
import { trapSignals } from './signals.js';
import { claim } from './stages/claim.js';
import { finish } from './stages/finish.js';
import { play } from './stages/play.js';
import { planRun } from './stages/plan.js';
import { restore } from './stages/restore.js';

export { DEFAULT_DECISION_TIMEOUT, DEFAULT_OUT, DEFAULT_STRATEGIES, type SimulateOptions, type SimulateResult } from './options.js';

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const plan = await planRun(o);
  const signals = o.signals ?? trapSignals();
  try {
    const claimed = claim(plan);
    const restored = restore(plan, claimed);
    const played = await play(plan, restored, signals);
    return await finish(plan, claimed, restored, played, signals);
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}`);
    throw e;
  } finally {
    if (!o.signals) signals.release();
  }
}
