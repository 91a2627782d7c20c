/**
 * Stage 2 of a run, the claim (docs/outputs.md, "What `--force` may remove"): deciding, before anything
 * is touched, whether `--out` may be used (empty, this run to resume or redo, another run or foreign files to
 * refuse or, with --force, replace whole) and doing it. What comes back is the claimed directory
 * (src/io/run-dir.ts): from here on every file of the run is written, replaced or removed through it. merge
 * claims its output the same way.
 */
import { UserError } from '../../errors.js';
import { foreignEntries, holds, inspectDir, refusalHint } from '../../io/owned-dir.js';
import { RunDir } from '../../io/run-dir.js';
import { identityDifferences, sameIdentity, type Manifest, type RunIdentity, type Shard } from '../../io/manifest.js';
import { CHECKPOINT_FILE } from '../checkpoint.js';
import { describe, describeOwner } from '../describe.js';
import type { RunPlan } from './plan.js';

export interface DirRequest {
  readonly dir: string;
  readonly kind: 'simulate' | 'merge';
  readonly identity: RunIdentity;
  readonly shard: Shard | null;
  /** --out was left at its default (results/latest): an mjlab output there is replaced without asking. */
  readonly isDefault: boolean;
  readonly force: boolean;
  readonly resume: boolean;
  /** An experiment owns the tree (its cell directories): the experiment has already checked it. */
  readonly parentOwned?: boolean;
}

export interface Claimed {
  /** The directory holds this run's checkpoint and --resume was asked for. */
  readonly resume: boolean;
  /** The claimed directory: every write of the run goes through it. */
  readonly dir: RunDir;
}

/** The refusal (or the plug-in hint) when the directory holds a different run than this one. */
function differentRun(r: DirRequest, prior: { identity?: RunIdentity; shard?: Shard | null }): UserError | null {
  const was = prior.identity ? describe(prior.identity, prior.shard ?? null) : 'unknown run';
  if (r.resume && prior.identity) {
    const diff = identityDifferences(prior.identity, r.identity);
    if (diff.length === 1 && diff[0] === 'plugins') {
      const changed = Object.keys(r.identity.plugins ?? {}).filter((p) => prior.identity!.plugins?.[p] !== r.identity.plugins?.[p]);
      return new UserError(
        `plug-in ${changed.join(', ')} changed since ${r.dir}'s checkpoint was written (its SHA-256 differs); restore it, or rerun with --force to start over`,
      );
    }
    return new UserError(`${r.dir} holds a different run (${was}; differs in ${diff.join(', ') || 'shard'}); cannot --resume it`);
  }
  if (r.force || r.isDefault || r.parentOwned) return null;
  return new UserError(`${r.dir} already holds a different run (${was}); use --force to replace it or another --out`);
}

/**
 * Decide what to do with the output directory and do it: refuse (one line, nothing touched), resume, or start
 * afresh in an empty directory carrying the marker.
 */
export function claimRunDir(r: DirRequest): Claimed {
  const state = inspectDir(r.dir, r.force);
  const dir = new RunDir(r.dir);
  const fresh = (): Claimed => {
    // An experiment's cell carries no marker of its own: the experiment says it holds a simulate output.
    dir.replace(state, r.parentOwned ? 'simulate' : undefined, r.parentOwned ? undefined : { kind: r.kind, run: { identity: r.identity, shard: r.shard } });
    return { resume: false, dir };
  };
  if (state.entries.length === 0) {
    if (r.resume) process.stderr.write(`mjlab: nothing to resume in ${r.dir}; starting from the beginning\n`);
    return fresh();
  }
  const owner = state.owner;
  const runOwner = owner && (owner.kind === 'simulate' || owner.kind === 'merge') ? owner : null;
  const foreign = runOwner ? foreignEntries(state, runOwner.kind) : state.entries;
  if (!r.parentOwned && (foreign.length > 0 || !runOwner)) {
    // results/latest is mjlab's own: another kind of mjlab output there goes without asking, a file of yours does not.
    const allMjlab = owner !== null && foreignEntries(state, owner.kind).length === 0;
    if ((r.force || r.isDefault) && allMjlab) return fresh();
    const what = runOwner ? `${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}, which mjlab did not write` : holds(state, describeOwner);
    throw new UserError(`${r.dir} holds ${what}; ${refusalHint(state)}`);
  }
  const prior = (runOwner?.run ?? {}) as { identity?: RunIdentity; shard?: Shard | null };
  const same = prior.identity !== undefined && sameIdentity(prior.identity, r.identity) && JSON.stringify(prior.shard ?? null) === JSON.stringify(r.shard);
  if (!same) {
    const refusal = differentRun(r, prior);
    if (refusal) throw refusal;
    return fresh();
  }
  if (r.resume && dir.has(CHECKPOINT_FILE)) {
    dir.removeTemps(state);
    return { resume: true, dir };
  }
  if (r.resume) process.stderr.write(`mjlab: nothing to resume in ${r.dir}; starting from the beginning\n`);
  const finished = dir.readJson<Manifest>('manifest.json')?.complete === true;
  // A merge is recomputed from its inputs in moments: redoing one is never a loss.
  if (finished || r.kind === 'merge' || r.force || r.isDefault || r.parentOwned || r.resume) return fresh();
  throw new UserError(
    `${r.dir} holds an unfinished run of this command; add --resume to continue it, or --force to start over`,
  );
}

/** simulate's claim: its --out as the plan names it. */
export function claim(plan: RunPlan): Claimed {
  const { o } = plan;
  return claimRunDir({
    dir: o.out, kind: 'simulate', identity: plan.identity, shard: o.shard, isDefault: !o.outExplicit, force: o.force, resume: o.resume,
    parentOwned: o.parentOwned ?? false,
  });
}
