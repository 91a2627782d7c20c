/**
 * Stage 2 of a run, the claim (docs/outputs.md, "What `--force` may remove"): deciding, before anything
 * is touched, whether `--out` may be used (empty, this run to resume or redo, another run or foreign files to
 * refuse or, with --force, replace whole) and doing it, by the one claim every command makes (src/io/claim.ts). What comes back is the claimed directory
 * (src/io/run-dir.ts): from here on every file of the run is written, replaced or removed through it. merge
 * claims its output the same way.
 */
import { UserError } from '../../errors.js';
import { claimOutput } from '../../io/claim.js';
import type { RunDir } from '../../io/run-dir.js';
import { identityDifferences, sameButPlugins, sameIdentity, type Manifest, type RunIdentity, type Shard } from '../../io/manifest.js';
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
  /** With resume: a run that differs only in its plug-in files' content is continued (`--accept-changed-plugin`). */
  readonly acceptChangedPlugin?: boolean;
  /** A resume with nothing to resume starts afresh without a line (SimulateOptions.quietFresh). */
  readonly quietFresh?: boolean;
  /** An experiment owns the tree (its cell directories): the experiment has already checked it. */
  readonly parentOwned?: boolean;
  /** What the command reads besides the run's plug-ins, models and variant file (a merge's inputs). */
  readonly inputs?: readonly string[];
}

/** The files a run reads, from its identity: its plug-ins, presets and models, and a variant file. */
export function identityInputs(identity: { readonly rules: string; readonly plugins?: Readonly<Record<string, string>> | null }): string[] {
  return [...Object.keys(identity.plugins ?? {}), ...(identity.rules.endsWith('.json') ? [identity.rules] : [])];
}

export interface Claimed {
  /** The directory holds this run's checkpoint and --resume was asked for. */
  readonly resume: boolean;
  /** The claimed directory: every write of the run goes through it. */
  readonly dir: RunDir;
}

/** The refusal of --resume over a different run: the plug-in that changed, when that is all that differs. */
function resumeDifferent(r: DirRequest, prior: { identity?: RunIdentity; shard?: Shard | null }): UserError {
  const was = prior.identity ? describe(prior.identity, prior.shard ?? null) : 'unknown run';
  if (prior.identity) {
    const diff = identityDifferences(prior.identity, r.identity);
    if (diff.length === 1 && diff[0] === 'plugins') {
      const changed = Object.keys(r.identity.plugins ?? {}).filter((p) => prior.identity!.plugins?.[p] !== r.identity.plugins?.[p]);
      return new UserError(
        `plug-in ${changed.join(', ')} changed since ${r.dir}'s checkpoint was written (its SHA-256 differs); restore it, or add --accept-changed-plugin to keep the games played so far and play the rest with the file as it is now, or rerun with --force to start over`,
      );
    }
    if (diff.includes('luckModel') && diff.every((k) => k === 'luck' || k === 'luckModel')) {
      const model = (i: RunIdentity): string => (i.luckModel ? `value model ${i.luckModel.sha256.slice(0, 12)}… (SHA-256)` : 'no value model');
      return new UserError(
        `${r.dir} was played with ${model(prior.identity)}, this command gives ${model(r.identity)} (--luck-model); resume with what it was played with, or rerun with --force to start over`,
      );
    }
    return new UserError(`${r.dir} holds a different run (${was}; differs in ${diff.join(', ') || 'shard'}); cannot --resume it`);
  }
  return new UserError(`${r.dir} holds a different run (${was}); cannot --resume it`);
}

type Prior = { identity?: RunIdentity; shard?: Shard | null };

/**
 * Decide what to do with the output directory and do it (src/io/claim.ts): refuse (one line, nothing touched),
 * resume, or start afresh in an empty directory carrying the marker. A run of the same identity is redone when
 * finished (a simulate run recomputes to the same files) or a merge; an unfinished one needs --resume or --force.
 */
export function claimRunDir(r: DirRequest): Claimed {
  const accepting = r.resume && r.acceptChangedPlugin === true;
  const c = claimOutput({
    dir: r.dir, kind: r.kind, run: { identity: r.identity, shard: r.shard }, inputs: [...identityInputs(r.identity), ...(r.inputs ?? [])], accepts: ['simulate', 'merge'], noun: 'run',
    same: (w) => {
      const prior = (w.run ?? {}) as Prior;
      if (prior.identity === undefined || JSON.stringify(prior.shard ?? null) !== JSON.stringify(r.shard)) return false;
      if (sameIdentity(prior.identity, r.identity)) return true;
      return accepting && sameButPlugins(prior.identity, r.identity);
    },
    describe: (w) => (w.kind === 'simulate' || w.kind === 'merge' ? describePrior((w.run ?? {}) as Prior) : describeOwner(w)),
    resumeDifferent: (w) => resumeDifferent(r, (w.run ?? {}) as Prior),
    force: r.force, resume: r.resume, isDefault: r.isDefault, parentOwned: r.parentOwned ?? false, quietFresh: r.quietFresh ?? false,
    resumable: (d) => d.has(CHECKPOINT_FILE),
    finished: (d) => d.readJson<Manifest>('manifest.json')?.complete === true,
    // A merge is recomputed from its inputs in moments: redoing one is never a loss.
    unfinished: r.kind === 'merge' ? 'redo' : 'refuse',
  });
  return { resume: c.resume, dir: c.dir };
}

function describePrior(prior: Prior): string {
  return prior.identity ? describe(prior.identity, prior.shard ?? null) : 'unknown run';
}

/** simulate's claim: its --out as the plan names it. */
export function claim(plan: RunPlan): Claimed {
  const { o } = plan;
  return claimRunDir({
    dir: o.out, kind: 'simulate', identity: plan.identity, shard: o.shard, isDefault: !o.outExplicit, force: o.force, resume: o.resume,
    acceptChangedPlugin: o.acceptChangedPlugin ?? false, quietFresh: o.quietFresh ?? false, parentOwned: o.parentOwned ?? false,
  });
}
