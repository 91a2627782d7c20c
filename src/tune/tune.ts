/**
 * `mjlab tune` as a library call (docs/tuning.md): CMA-ES over a strategy's numeric parameters, each
 * candidate playing one seat against a fixed field on --duplicate walls (every candidate of a generation the same
 * walls, each generation new ones; objective: mean net per hand), then a race of the finalists on held-out walls
 * and a confirmation of the winner against the strategy as given on further walls, with a 95% paired interval.
 * Every number is an exact integer sum over fixed games, so the history is the same whatever the worker count,
 * and a resumed tune continues to exactly the files of an uninterrupted one. A tune runs as simulate's stages
 * (src/runner/run.ts) do:
 *
 *   plan     (tune/plan.ts)     the options checked, the strategy, its dimensions and the field resolved, the identity.
 *   claim    (tune/claim.ts)    the output directory judged and taken (src/io/run-dir.ts writes every file).
 *   restore  (tune/restore.ts)  the checkpoint read, verified and proved this tune's; the committed steps.
 *   play     (tune/play.ts)     generations, race and confirmation, each replayed from the checkpoint or played
 *                               and checkpointed (src/tune/checkpoint.ts).
 *   finish   (tune/finish.ts)   the outputs (src/tune/outputs.ts), or one line saying what was kept.
 */
import { UserError } from '../errors.js';
import { IoFailure } from '../io/files.js';
import { trapSignals } from '../runner/signals.js';
import { claimTuneDir } from './claim.js';
import { finishTune } from './finish.js';
import type { TuneOptions, TuneResult } from './options.js';
import { planTune } from './plan.js';
import { restoreTune } from './restore.js';
import { playTune } from './play.js';

export type { TuneOptions, TuneResult } from './options.js';
export type { TuneIdentity } from './types.js';

export async function tune(o: TuneOptions): Promise<TuneResult> {
  const plan = await planTune(o);
  // From here on a signal stops the tune at its next safe point, never in the middle of a write.
  const signals = trapSignals();
  try {
    const claimed = claimTuneDir(plan);
    const restored = restoreTune(plan, claimed);
    const played = await playTune(plan, restored, signals);
    return await finishTune(plan, claimed, played);
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}; completed steps are kept in ${o.out}, resume with: ${plan.hint} once it is fixed`);
    throw e;
  } finally {
    signals.release();
  }
}
