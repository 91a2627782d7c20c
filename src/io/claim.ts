/**
 * The one way a command claims its output directory (docs/outputs.md, "Who owns an output directory"): simulate,
 * merge, sprt, tune, train, experiment and league all decide here, before anything is touched, whether `--out` may
 * be used, and then do it. The directory is empty; or it holds this command's own output, to resume (from what a
 * resume reads, a checkpoint), to redo, or to keep; or it holds another output, refused unless --force replaces
 * it, or files mjlab did not write, refused always. A finished output, known by its own manifest, is never played
 * over by a resume that finds nothing to resume from (checkpoints are not committed): refused in one line, kept;
 * only its own command again (or --force) replays it, on purpose.
 * Every refusal a command can make from its options is made before this is called, so a refused command leaves
 * the directory as it was; so is an --out that overlaps what the command reads (src/io/guard.ts refuseOverInputs),
 * --force or not. What comes back is the claimed directory (src/io/run-dir.ts): every later write goes
 * through it.
 */
import { UserError } from '../errors.js';
import { refuseOverInputs } from './guard.js';
import { foreignEntries, holds, inspectDir, MARKER, refusalHint, type DirState, type OutputKind } from './owned-dir.js';
import { RunDir } from './run-dir.js';

export type Owner = NonNullable<DirState['owner']>;

export interface ClaimRequest {
  readonly dir: string;
  /** The kind of output the command writes, and what its marker says it holds. */
  readonly kind: OutputKind;
  readonly run: Readonly<Record<string, unknown>>;
  /** Kinds of output the command continues as its own (simulate's claim takes a merge's); default `kind` alone. */
  readonly accepts?: readonly OutputKind[];
  /** The output in messages: "run", "tune", "experiment". */
  readonly noun: string;
  /** Another output of the kind, in messages; default "a different NOUN" ("different training data"). */
  readonly different?: string;
  /** Whether the directory's owner is this very output (same identity). */
  readonly same: (owner: Owner) => boolean;
  /** Another mjlab output, in a few words (for refusals). */
  readonly describe: (owner: Owner) => string;
  /** The refusal of --resume over a different output, when the command says more than the default. */
  readonly resumeDifferent?: (owner: Owner) => UserError | null;
  readonly force: boolean;
  readonly resume: boolean;
  /** --out left at its default: any mjlab output there is replaced without asking. */
  readonly isDefault?: boolean;
  /** An experiment owns the tree and has judged it: the directory carries no marker of its own. */
  readonly parentOwned?: boolean;
  /** A resume that finds nothing to resume starts afresh without a line: the parent (a league) says it once for all its runs. */
  readonly quietFresh?: boolean;
  /** A directory written before markers existed gets one when it is resumed (an experiment's). */
  readonly markOnResume?: boolean;
  /** The files and directories the command reads (shards, data, models, plug-ins): --out never overlaps one. */
  readonly inputs: readonly string[];
  /** What a resume reads is there (a checkpoint). */
  readonly resumable: (dir: RunDir) => boolean;
  /** The output is finished, by its own manifest. */
  readonly finished: (dir: RunDir) => boolean;
  /**
   * The same output again, neither --resume nor --force: a finished one is redone (its own command, on purpose,
   * reproduces it in place); an unfinished one is redone too (`redo`: a merge, a tune, training data) or refused
   * (`refuse`: a simulate run, an experiment, where --resume would keep what it holds).
   */
  readonly unfinished: 'redo' | 'refuse';
}

export interface Claim {
  readonly dir: RunDir;
  /** The directory holds this output and --resume was asked for, with something to resume from. */
  readonly resume: boolean;
  /** The directory as it was found. */
  readonly state: DirState;
}

function shown(names: readonly string[]): string {
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`;
}

/** Decide what to do with `r.dir` and do it: refuse (one line, nothing touched), resume, keep going, or start afresh. */
export function claimOutput(r: ClaimRequest): Claim {
  refuseOverInputs(r.dir, r.inputs);
  const state = inspectDir(r.dir, r.force);
  const dir = new RunDir(r.dir);
  const fresh = (): Claim => {
    // An experiment's cell carries no marker of its own: the experiment says what it holds.
    dir.replace(state, r.parentOwned ? r.kind : undefined, r.parentOwned ? undefined : { kind: r.kind, run: r.run });
    return { dir, resume: false, state };
  };
  const nothingToResume = (): void => {
    if (r.resume && r.quietFresh !== true) process.stderr.write(`mjlab: nothing to resume in ${r.dir}; starting from the beginning\n`);
  };
  if (state.entries.length === 0) {
    nothingToResume();
    return fresh();
  }
  const accepts = r.accepts ?? [r.kind];
  const owner = state.owner;
  const own = owner && accepts.includes(owner.kind) ? owner : null;
  const foreign = own ? foreignEntries(state, own.kind) : state.entries;
  if (!r.parentOwned && (foreign.length > 0 || !own)) {
    const allMjlab = owner !== null && foreignEntries(state, owner.kind).length === 0;
    if ((r.force || r.isDefault) && allMjlab) return fresh();
    const what = own ? `${shown(foreign)}, which mjlab did not write` : holds(state, r.describe);
    throw new UserError(`${r.dir} holds ${what}; ${refusalHint(state)}`);
  }
  if (!(own && r.same(own))) {
    const was = own ? r.describe(own) : `unknown ${r.noun}`;
    const different = r.different ?? `a different ${r.noun}`;
    if (r.resume) throw (own && r.resumeDifferent?.(own)) || new UserError(`${r.dir} holds ${different} (${was}); cannot --resume it`);
    if (r.force || r.isDefault || r.parentOwned) return fresh();
    throw new UserError(`${r.dir} already holds ${different} (${was}); use --force to replace it or another --out`);
  }
  const finished = r.finished(dir);
  if (r.resume) {
    if (r.resumable(dir)) {
      dir.removeTemps(state);
      // Directories written before markers existed get one, now that they are known to be this output.
      if (r.markOnResume && !state.entries.includes(MARKER)) dir.mark(r.kind, r.run);
      return { dir, resume: true, state };
    }
    if (finished) {
      throw new UserError(
        `${r.dir} holds this ${r.noun}, finished, and nothing to resume it from (its checkpoints are not there: they are not committed); it is kept: use --force to play it again, or another --out`,
      );
    }
    nothingToResume();
    return fresh();
  }
  if (finished || r.force || r.isDefault || r.parentOwned || r.unfinished === 'redo') return fresh();
  throw new UserError(`${r.dir} holds an unfinished ${r.noun} of this command; add --resume to continue it, or --force to start over`);
}
