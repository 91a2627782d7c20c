/**
 * A run's output directory (issue 5, points 3 and 7; issue 13, point 1): deciding, before anything is touched,
 * whether `--out` may be used (empty, this run to resume or redo, another run or foreign files to refuse or, with
 * --force, replace whole), and writing the final outputs atomically (temporary name, fsync, rename), the manifest
 * last, so a kill while writing leaves the previous complete set or the new one, never half a file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { makeDir } from '../io/files.js';
import { emptyDir, foreignEntries, holds, inspectDir, refusalHint, removeTemps, writeMarker, type DirState } from '../io/owned-dir.js';
import { RunDir } from '../io/run-dir.js';
import { identityDifferences, manifestJson, sameIdentity, type Manifest, type OutputRecord, type RunIdentity, type Shard } from '../io/manifest.js';
import { aggregateToJson, type Aggregate } from '../stats/aggregate.js';
import { scoreDistributionCsv, summaryCsv, totalsCsv } from '../io/csv.js';
import { sha256 } from './checkpoint.js';
import { formatShard } from './plan.js';

export function describe(id: RunIdentity, shard: Shard | null): string {
  const s = shard ? ` shard ${formatShard(shard)}` : '';
  return `${id.rules} ${id.strategies} seed ${id.seed} ${id.games} games${s}`;
}

/** A tune, as a refusal names it (its identity is src/tune/tune.ts's TuneIdentity). */
export function describeTune(identity: unknown): string {
  const id = (identity ?? {}) as { strategy?: unknown; rules?: unknown; seed?: unknown };
  return `tune of ${String(id.strategy)} under ${String(id.rules)}, seed ${String(id.seed)}`;
}

export function describeOwner(owner: NonNullable<DirState['owner']>): string {
  const run = owner.run ?? {};
  if (owner.kind === 'experiment') return `experiment ${String(run.experiment)}, ${String(run.games)} games, seed ${String(run.seed)}`;
  if (owner.kind === 'tune') return describeTune(run.identity);
  const id = run.identity as RunIdentity | undefined;
  return id ? describe(id, (run.shard as Shard | null) ?? null) : 'unknown run';
}

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

export interface Prepared {
  /** The directory holds this run's checkpoint and --resume was asked for. */
  readonly resume: boolean;
  /** The claimed directory: every write of the run goes through it. */
  readonly dir: RunDir;
}

export function manifestOf(dir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * Decide what to do with the output directory and do it: refuse (one line, nothing touched), resume, or start
 * afresh in an empty directory carrying the marker.
 */
export function prepareRunDir(r: DirRequest): Prepared {
  const state = inspectDir(r.dir, r.force);
  const dir = new RunDir(r.dir);
  const fresh = () => {
    // An experiment's cell carries no marker of its own: the experiment says it holds a simulate output.
    if (state.entries.length > 0) emptyDir(r.dir, state, r.parentOwned ? 'simulate' : undefined);
    makeDir(r.dir);
    if (!r.parentOwned) writeMarker(r.dir, r.kind, { identity: r.identity, shard: r.shard });
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
    const was = prior.identity ? describe(prior.identity, prior.shard ?? null) : 'unknown run';
    if (r.resume && prior.identity) {
      const diff = identityDifferences(prior.identity, r.identity);
      if (diff.length === 1 && diff[0] === 'plugins') {
        const changed = Object.keys(r.identity.plugins ?? {}).filter((p) => prior.identity!.plugins?.[p] !== r.identity.plugins?.[p]);
        throw new UserError(
          `plug-in ${changed.join(', ')} changed since ${r.dir}'s checkpoint was written (its SHA-256 differs); restore it, or rerun with --force to start over`,
        );
      }
      throw new UserError(`${r.dir} holds a different run (${was}; differs in ${diff.join(', ') || 'shard'}); cannot --resume it`);
    }
    if (r.force || r.isDefault || r.parentOwned) return fresh();
    throw new UserError(`${r.dir} already holds a different run (${was}); use --force to replace it or another --out`);
  }
  const hasCheckpoint = existsSync(join(r.dir, 'checkpoint.jsonl'));
  if (r.resume && hasCheckpoint) {
    removeTemps(r.dir, state);
    return { resume: true, dir };
  }
  if (r.resume) process.stderr.write(`mjlab: nothing to resume in ${r.dir}; starting from the beginning\n`);
  const m = manifestOf(r.dir);
  const finished = m !== null && m.complete === true;
  // A merge is recomputed from its inputs in moments: redoing one is never a loss.
  if (finished || r.kind === 'merge' || r.force || r.isDefault || r.parentOwned || r.resume) return fresh();
  throw new UserError(
    `${r.dir} holds an unfinished run of this command; add --resume to continue it, or --force to start over`,
  );
}

function record(text: string): OutputRecord {
  return { bytes: Buffer.byteLength(text, 'utf8'), sha256: sha256(text) };
}

/** Sizes of the streamed files as they stand (their content is proved batch by batch by the checkpoint). */
export function streamedRecords(dir: string, names: readonly string[]): Record<string, OutputRecord> {
  const out: Record<string, OutputRecord> = {};
  for (const n of names) if (existsSync(join(dir, n))) out[n] = { bytes: statSync(join(dir, n)).size };
  return out;
}

/**
 * The final files, each atomically, the manifest last and listing the others with their sizes and hashes (merge
 * checks aggregate.json against it). `extra` are further whole files of this kind of run (pairwise.csv).
 */
export function writeOutputs(
  dir: RunDir, agg: Aggregate, manifest: Omit<Manifest, 'outputs'>, streamed: Record<string, OutputRecord>, extra: Record<string, string> = {},
): Manifest {
  const files: Record<string, string> = {
    'summary.csv': summaryCsv(agg, manifest.identity.unit),
    'score-distribution.csv': scoreDistributionCsv(agg),
    'totals.csv': totalsCsv(agg),
    'aggregate.json': `${JSON.stringify(aggregateToJson(agg))}\n`,
    ...extra,
  };
  const outputs: Record<string, OutputRecord> = { ...streamed };
  for (const [name, text] of Object.entries(files)) {
    dir.write(name, text);
    outputs[name] = record(text);
  }
  const full: Manifest = { ...manifest, outputs };
  dir.write('manifest.json', manifestJson(full));
  return full;
}
