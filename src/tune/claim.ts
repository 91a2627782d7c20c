/**
 * Stage 2 of a tune, the claim (docs/tuning.md): the output directory
 * (owned, src/io/owned-dir.ts) is empty, or this tune to resume or redo; a different tune or another kind of output
 * is refused unless --force, which removes it first; files mjlab did not write are refused always. What comes back
 * is the claimed directory (src/io/run-dir.ts), through which every file of the tune is written. The decision is
 * the one claim every command makes (src/io/claim.ts).
 */
import { claimOutput } from '../io/claim.js';
import { MARKER } from '../io/owned-dir.js';
import type { RunDir } from '../io/run-dir.js';
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
  const mark = { kind: 'tune' as const, run: { identity: id } };
  const c = claimOutput({
    dir: o.out, ...mark, noun: 'tune',
    inputs: plan.inputs,
    same: (w) => JSON.stringify(w.run?.identity) === JSON.stringify(id),
    describe: (w) => (w.kind === 'tune' ? describeTune(w.run?.identity) : describeOwner(w)),
    force: o.force, resume: o.resume,
    resumable: (d) => d.has('checkpoint.jsonl'),
    finished: (d) => d.has('manifest.json'),
    // A tune recomputes to the same files: the same one again is redone, finished or not.
    unfinished: 'redo',
  });
  return {
    dir: c.dir,
    resume: c.resume,
    fresh: () => c.dir.replace(c.state, undefined, mark),
    markIfMissing: () => {
      if (!c.state.entries.includes(MARKER)) c.dir.mark(mark.kind, mark.run);
    },
  };
}
