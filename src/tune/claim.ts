/**
 * Stage 2 of a tune, the claim (docs/tuning.md): the output directory
 * (owned, src/io/owned-dir.ts) is empty, or this tune to resume or redo; a different tune or another kind of output
 * is refused unless --force, which removes it first; files mjlab did not write are refused always. What comes back
 * is the claimed directory (src/io/run-dir.ts), through which every file of the tune is written.
 */
import { UserError } from '../errors.js';
import { foreignEntries, holds, inspectDir, MARKER, refusalHint } from '../io/owned-dir.js';
import { RunDir } from '../io/run-dir.js';
import { describeOwner, describeTune } from '../runner/describe.js';
import type { TunePlan } from './plan.js';

export interface ClaimedTune {
  readonly dir: RunDir;
  /** The directory holds this tune and --resume was asked for: its checkpoint is to be read. */
  readonly resume: boolean;
  /** Start afresh after all (the checkpoint to resume held no header): empty, create and mark the directory. */
  fresh(): void;
  /** A directory written before markers existed gets one, once its checkpoint is proved this tune's. */
  markIfMissing(): void;
}

export function claimTuneDir(plan: TunePlan): ClaimedTune {
  const { o, id } = plan;
  const state = inspectDir(o.out, o.force);
  const dir = new RunDir(o.out);
  const mark = { kind: 'tune' as const, run: { identity: id } };
  const claimed = (resume: boolean): ClaimedTune => ({
    dir,
    resume,
    fresh: () => dir.replace(state, undefined, mark),
    markIfMissing: () => {
      if (!state.entries.includes(MARKER)) dir.mark(mark.kind, mark.run);
    },
  });
  const fresh = (): ClaimedTune => {
    const c = claimed(false);
    c.fresh();
    return c;
  };
  if (state.entries.length === 0) {
    if (o.resume) process.stderr.write(`mjlab: nothing to resume in ${o.out}; starting from the beginning\n`);
    return fresh();
  }
  const owner = state.owner;
  if (owner?.kind !== 'tune' || foreignEntries(state, 'tune').length > 0) {
    if (o.force && owner && foreignEntries(state, owner.kind).length === 0) return fresh();
    const what = owner?.kind === 'tune' ? `${foreignEntries(state, 'tune').slice(0, 3).join(', ')}, which mjlab did not write` : holds(state, describeOwner);
    throw new UserError(`${o.out} holds ${what}; ${refusalHint(state)}`);
  }
  const same = JSON.stringify(owner.run?.identity) === JSON.stringify(id);
  if (!same) {
    if (o.resume) throw new UserError(`${o.out} holds a different tune (${describeTune(owner.run?.identity)}); cannot --resume it`);
    if (o.force) return fresh();
    throw new UserError(`${o.out} already holds a different tune (${describeTune(owner.run?.identity)}); use --force to replace it or another --out`);
  }
  if (!o.resume) return fresh();
  dir.removeTemps(state);
  return claimed(true);
}
