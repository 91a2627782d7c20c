/**
 * Stage 3 of a tune, the restore (docs/tuning.md): where a tune's
 * checkpoint is read and verified (src/tune/checkpoint.ts: every line's checksum, one header) and checked to be this
 * tune's; its committed steps are what the play replays. The stage ends with the checkpoint open, through the
 * claimed directory, after its valid prefix (a new one with its header line written).
 */
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { JsonlWriter, readTuneCheckpoint, TUNE_CHECKPOINT, type TuneHeader, type TuneLine } from './checkpoint.js';
import type { ClaimedTune } from './claim.js';
import type { TunePlan } from './plan.js';

export interface TuneRestored {
  /** The committed steps, in order (none for a tune starting afresh). */
  readonly resumed: readonly TuneLine[];
  readonly cp: JsonlWriter<TuneHeader | TuneLine>;
}

/** The committed steps and the checkpoint's valid length, or null to start from the beginning. */
function readSteps(plan: TunePlan, claimed: ClaimedTune): { lines: readonly TuneLine[]; validBytes: number } | null {
  if (!claimed.resume) return null;
  const { o, id } = plan;
  // A kill before the checkpoint's header was complete leaves none to read: start again under the same marker.
  const cp = readTuneCheckpoint(claimed.dir.file(TUNE_CHECKPOINT));
  if (!cp) {
    process.stderr.write(`mjlab: nothing to resume in ${o.out}; starting from the beginning\n`);
    claimed.fresh();
    return null;
  }
  if (JSON.stringify(cp.header.identity) !== JSON.stringify(id)) throw new UserError(`${join(o.out, TUNE_CHECKPOINT)} belongs to a different tune; cannot --resume it`);
  claimed.markIfMissing();
  return { lines: cp.lines, validBytes: cp.validBytes };
}

export function restoreTune(plan: TunePlan, claimed: ClaimedTune): TuneRestored {
  const steps = readSteps(plan, claimed);
  const cp = new JsonlWriter<TuneHeader | TuneLine>(claimed.dir.append(TUNE_CHECKPOINT, steps?.validBytes ?? 0));
  if (!steps) cp.line({ kind: 'tune-header', identity: plan.id as unknown as TuneHeader['identity'] });
  return { resumed: steps?.lines ?? [], cp };
}
