/**
 * Stage 3 of a run, the restore (docs/outputs.md, `checkpoint.jsonl`): where a checkpoint is
 * read and verified. Every committed batch of checkpoint.jsonl is checked line by line (src/runner/checkpoint.ts)
 * and merged into the total; the checkpoint must name this run; each streamed file is proved against it batch by
 * batch (src/runner/streamed.ts), and from the first batch that does not match, the files are to be rebuilt from the
 * checkpointed batches. The stage ends with the files open (through the claimed directory) at the bytes it proved,
 * and a new checkpoint's header written.
 */
import { UserError } from '../../errors.js';
import type { AppendFile } from '../../io/append-file.js';
import { sameButPlugins, sameIdentity, type Manifest, type PluginSpan, type RunIdentity } from '../../io/manifest.js';
import { type Aggregate, type AggregateJson, emptyAggregate, mergeJsonInto, uniqueLabels } from '../../stats/aggregate.js';
import {
  CHECKPOINT_FILE, CheckpointWriter, readCheckpoint, sha256, type BatchMarks, type CheckpointHeader, type CheckpointPlugins, type FileMark,
} from '../checkpoint.js';
import { describe } from '../describe.js';
import { batchAt, batchCount } from '../plan.js';
import type { StreamedName } from '../protocol.js';
import { firstMismatch } from '../streamed.js';
import type { Claimed } from './claim.js';
import { afreshCommand, type RunPlan, type Stream } from './plan.js';

/** What the checkpoint proved, and the files opened to go on from it. */
export interface Restored {
  /** Every committed batch's aggregate, merged in order. */
  readonly total: Aggregate;
  /** The checkpoint's header (this session's, when it started one). */
  readonly header: CheckpointHeader;
  /** The committed batches' marks, in order. */
  readonly marks: readonly BatchMarks[];
  /** The first batch the streamed files must be rebuilt from (-1: their header rows too; marks.length: none). */
  readonly rebuildFrom: number;
  /** The sessions before this one: their seconds, or null when the checkpoint kept none (an older mjlab's). */
  readonly priorSeconds: number | null;
  /** A finished run resumed again plays nothing: its manifest, whose provenance (what made it, when, how long) stays. */
  readonly finished: Manifest | null;
  readonly files: ReadonlyMap<StreamedName, AppendFile>;
  readonly checkpoint: CheckpointWriter;
  /** From which game each set of plug-in files plays (the header's first; more after --accept-changed-plugin). */
  readonly pluginChanges: readonly CheckpointPlugins[];
}

interface Read {
  readonly total: Aggregate;
  readonly header: CheckpointHeader | null;
  readonly marks: readonly BatchMarks[];
  readonly validBytes: number;
  readonly priorSeconds: number | null;
  readonly pluginChanges: readonly CheckpointPlugins[];
  /** The change accepted by this session (--accept-changed-plugin), included in pluginChanges, not yet in the file. */
  readonly accepted: CheckpointPlugins | null;
}

/** The run's identity as it goes on: the header's, with the plug-in files of the last change accepted. */
function currentIdentity(header: CheckpointHeader, changes: readonly CheckpointPlugins[]): RunIdentity {
  const last = changes[changes.length - 1];
  return last ? { ...header.identity, plugins: last.plugins } : header.identity;
}

/**
 * The manifest's pluginHistory: the games each set of plug-in files played, up to game `end` (undefined when no
 * file changed, or the run has none).
 */
export function pluginHistory(restored: Restored, end: number): PluginSpan[] | undefined {
  const c = restored.pluginChanges;
  if (c.length < 2) return undefined;
  return c.map((x, i) => ({ games: [x.from, Math.max(x.from, Math.min(end, c[i + 1]?.from ?? end))] as const, plugins: x.plugins }));
}

/**
 * The checkpoint's batches under this run's labels. A checkpoint written before plug-ins and bots were shown by their
 * own name (docs/strategies.md, "Writing your own strategy") labels them by the entry as written (a path): the same
 * lineup, label for label in lineup order, so its batches are read under the names. A run whose streamed rows carry
 * the labels (games.csv, matches.csv) cannot go on under other names in the same file: refused in one line, with
 * the way on. Any other lineup is not this run's.
 */
function underLabels(plan: RunPlan, cpPath: string): (j: AggregateJson) => AggregateJson {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const byEntry = uniqueLabels(plan.identity.strategies.split(',').map((e) => e.trim()));
  return (j) => {
    if (same(j.labels, plan.labels)) return j;
    if (!same(j.labels, byEntry) || byEntry.length !== plan.labels.length) {
      throw new UserError(`${cpPath} holds batches of the lineup ${j.labels.join(',')}, not this run's (${plan.labels.join(',')}); cannot --resume it`);
    }
    const rows = plan.streams.map((s) => s.name).filter((n) => n === 'games.csv' || n === 'matches.csv');
    if (rows.length > 0) {
      throw new UserError(
        `${cpPath} was written by an earlier mjlab, which labelled the lineup by its entries (${j.labels.join(',')}); its ${rows.join(' and ')} cannot go on under their names ` +
          `(${plan.labels.join(',')}): finish it with that mjlab, or start afresh with: ${afreshCommand(plan.command, plan.o.shard, plan.o.commandOut ?? plan.o.out)}`,
      );
    }
    return { ...j, labels: plan.labels, strategies: Object.fromEntries(j.labels.map((l, i) => [plan.labels[i]!, j.strategies[l]!])) };
  };
}

/** The checkpoint read, verified and merged; nothing when the run starts afresh. */
function readState(plan: RunPlan, claimed: Claimed): Read {
  const total = emptyAggregate(plan.labels);
  const none: Read = { total, header: null, marks: [], validBytes: 0, priorSeconds: 0, pluginChanges: [], accepted: null };
  if (!claimed.resume) return none;
  const cpPath = claimed.dir.file(CHECKPOINT_FILE);
  const labelled = underLabels(plan, cpPath);
  const state = readCheckpoint(cpPath, (b) => mergeJsonInto(total, labelled(b.agg)), { range: plan.range, batchSize: plan.batchSize });
  if (!state) {
    process.stderr.write(`mjlab: ${cpPath} has no complete line; starting from the beginning\n`);
    return none;
  }
  const now = currentIdentity(state.header, state.pluginChanges);
  const changed = !sameIdentity(now, plan.identity) && plan.o.acceptChangedPlugin === true && sameButPlugins(now, plan.identity);
  if ((!changed && !sameIdentity(now, plan.identity)) || JSON.stringify(state.header.shard) !== JSON.stringify(plan.o.shard)) {
    throw new UserError(`${cpPath} belongs to a different run (${describe(state.header.identity, state.header.shard)}); cannot --resume it`);
  }
  let accepted: CheckpointPlugins | null = null;
  if (changed) {
    if (state.batches.length === batchCount(plan.range, plan.batchSize)) {
      throw new UserError(`${plan.o.out} holds this run finished: no game is left for the changed plug-in to play (restore the file, or start afresh in another --out)`);
    }
    accepted = { kind: 'plugins', from: plan.range[0] + state.batches.length * plan.batchSize, plugins: plan.identity.plugins ?? {} };
  }
  return {
    total, header: state.header, marks: state.batches, validBytes: state.validBytes, priorSeconds: state.seconds,
    pluginChanges: accepted ? [...state.pluginChanges, accepted] : state.pluginChanges, accepted,
  };
}

/** Streamed files must match the checkpoint byte for byte: the first batch that does not, and why. */
function rebuildPoint(plan: RunPlan, claimed: Claimed, read: Read): number {
  const { header, marks } = read;
  const committed = marks.length;
  let rebuildFrom = committed;
  let why = '';
  if (!header) return rebuildFrom;
  for (const s of plan.streams) {
    const m = firstMismatch(claimed.dir.file(s.name), s.name, header, marks);
    if (m.at < rebuildFrom) {
      rebuildFrom = m.at;
      why = m.why;
    }
  }
  if (rebuildFrom < 0) {
    for (const s of plan.streams) {
      if (header.files[s.name]?.sha !== sha256(s.header)) {
        throw new UserError(`${claimed.dir.file(CHECKPOINT_FILE)} records other ${s.name} header rows than this mjlab writes; rerun with --force to start over`);
      }
    }
  }
  if (rebuildFrom < committed) {
    const from = batchAt(plan.range, plan.batchSize, Math.max(0, rebuildFrom)).start;
    const to = batchAt(plan.range, plan.batchSize, committed - 1).end - 1;
    const names = plan.streams.map((s) => s.name).join(', ');
    process.stderr.write(
      committed === 0
        ? `mjlab: ${why} in ${plan.o.out}: rewriting ${names} (no batch was committed yet)\n`
        : `mjlab: ${why} in ${plan.o.out}: rebuilding ${names} for games ${from}..${to} from the checkpointed batches\n`,
    );
  }
  return rebuildFrom;
}

export function mark(bytes: number, chunk: Uint8Array): FileMark {
  return { bytes, sha: sha256(chunk) };
}

/** The streamed files kept to what the checkpoint proved (a new one starts with its header rows). */
function openStreams(plan: RunPlan, claimed: Claimed, read: Read, rebuildFrom: number): Map<StreamedName, AppendFile> {
  const keepBytes = (s: Stream): number => {
    if (!read.header || rebuildFrom < 0) return 0;
    return rebuildFrom === 0 ? read.header.files[s.name]!.bytes : read.marks[rebuildFrom - 1]!.files[s.name]!.bytes;
  };
  const files = new Map<StreamedName, AppendFile>();
  for (const s of plan.streams) {
    const f = claimed.dir.append(s.name, keepBytes(s));
    if (f.bytes === 0) f.append(s.header);
    files.set(s.name, f);
  }
  return files;
}

export function restore(plan: RunPlan, claimed: Claimed): Restored {
  const read = readState(plan, claimed);
  const rebuildFrom = rebuildPoint(plan, claimed, read);
  const files = openStreams(plan, claimed, read, rebuildFrom);
  const checkpoint = new CheckpointWriter(claimed.dir.append(CHECKPOINT_FILE, read.validBytes));
  let header = read.header;
  if (!header) {
    for (const f of files.values()) f.sync();
    const files0: Record<string, FileMark> = {};
    for (const s of plan.streams) files0[s.name] = mark(s.header.length, s.header);
    header = { kind: 'header', identity: plan.identity, shard: plan.o.shard, range: plan.range, batchSize: plan.batchSize, files: files0, startedAt: plan.startedAt };
    checkpoint.append(header);
  }
  // A change accepted now is recorded before the first game the new file plays.
  if (read.accepted) {
    checkpoint.append(read.accepted);
    // The marker names the run as it goes on (the checkpoint line above says from which game).
    if (!plan.o.parentOwned) claimed.dir.mark('simulate', { identity: plan.identity, shard: plan.o.shard });
  }
  const first: CheckpointPlugins = { kind: 'plugins', from: plan.range[0], plugins: header.identity.plugins ?? {} };
  const committed = read.marks.length;
  const before = committed === plan.nBatches && rebuildFrom >= committed ? claimed.dir.readJson<Manifest>('manifest.json') : null;
  const finished = before?.complete === true && sameIdentity(before.identity, plan.identity) ? before : null;
  return { total: read.total, header, marks: read.marks, rebuildFrom, priorSeconds: read.priorSeconds, finished, files, checkpoint, pluginChanges: [first, ...read.pluginChanges] };
}
