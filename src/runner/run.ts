/**
 * `mjlab simulate` as a library call (issue 5; issue 13): validate, claim the output directory, resume from the
 * verified checkpoint (rebuilding streamed files that do not match it), run the batches on the worker pool under
 * the per-decision time limit, commit them in order, and write the outputs. Exact integer aggregates merged in
 * batch order make every output independent of the worker count and of completion order. Whatever stops the run
 * (a signal, a strategy's error or stall, a full disk) it ends with one line saying what was kept.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { ruleSet } from '../rules/index.js';
import { type Aggregate, emptyAggregate, mergeJsonInto, uniqueLabels } from '../stats/aggregate.js';
import { gamesCsvHeader, matchesCsvHeader } from '../io/csv.js';
import type { AppendFile } from '../io/append-file.js';
import { IoFailure } from '../io/files.js';
import { commandLine, gitState, packageVersion, sameIdentity, type Manifest, type RunIdentity, type Shard } from '../io/manifest.js';
import {
  CHECKPOINT_FILE, CheckpointWriter, readCheckpoint, sha256, type BatchMarks, type CheckpointBatch, type CheckpointHeader, type FileMark,
} from './checkpoint.js';
import { NETS_FILE } from './nets-file.js';
import { describe, manifestOf, prepareRunDir, streamedRecords, writeOutputs } from './outdir.js';
import { pairwiseCsv, pairwiseTests } from './pairwise.js';
import { seatsOf } from './wall-sets.js';
import { batchAt, batchCount, batchSizeFor, formatShard, type Batch, shardRange } from './plan.js';
import { pluginHashes } from './plugins.js';
import { DecisionTimeout, startPool, WorkerDied, WorkerFailure, type DoneMessage } from './pool.js';
import { deathWords } from './died.js';
import { createProgress } from './progress.js';
import type { StreamedName, TableSpec } from './protocol.js';
import { type StopSignal, trapSignals } from './signals.js';
import { firstMismatch } from './streamed.js';
import { tableConfig } from './table.js';
import { HB_PHASE } from './contract.js';

export const DEFAULT_STRATEGIES = 'chow-mixer,suit-hunter,defender,harr';
export const DEFAULT_OUT = 'results/latest';
/** Default per-decision time limit, seconds: generous (a built-in decision takes microseconds). */
export const DEFAULT_DECISION_TIMEOUT = 5;
/** Longest time committed batches wait before being fsync'd to the checkpoint. */
const FLUSH_MS = 500;

export interface SimulateOptions {
  readonly rules: string;
  readonly strategies: string;
  readonly games: number;
  readonly seed: number;
  /** Worker threads; default all cores. */
  readonly workers?: number;
  readonly out: string;
  /** --out given explicitly; false: the default results/latest, whose mjlab output is replaced without asking. */
  readonly outExplicit: boolean;
  readonly gamesCsv: boolean;
  readonly limit?: number;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly duplicate: boolean;
  readonly flowers: boolean;
  readonly shard: Shard | null;
  readonly resume: boolean;
  readonly force: boolean;
  readonly progress: 'auto' | 'none' | 'plain' | 'bar';
  /** Also stream nets.bin: each game's per-label net sums, for paired statistics (always with --duplicate). */
  readonly nets?: boolean;
  /** Seconds one create() or act() may take before its worker is stopped; default DEFAULT_DECISION_TIMEOUT. */
  readonly decisionTimeout?: number;
  /** An experiment owns the directory tree (this is one of its cells) and has checked it already. */
  readonly parentOwned?: boolean;
  /** The command line, for the manifest and the resume hint. */
  readonly command?: string;
}

export interface SimulateResult {
  readonly status: 'complete' | 'interrupted';
  /** The signal that interrupted the run. */
  readonly signal?: StopSignal;
  readonly aggregate: Aggregate;
  readonly manifest: Manifest;
  /** Seconds, summed over the workers, spent playing batches and waiting for one once ready (for the bench). */
  readonly workerTime: { readonly busy: number; readonly waiting: number };
}

function positiveInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v <= 0) throw new UserError(`${name} must be a positive integer, got ${v}`);
}

export function replayCommand(spec: TableSpec, game: number): string {
  const parts = ['mjlab replay', `--rules ${spec.rules}`, `--strategies ${spec.strategies}`, `--seed ${spec.seed}`, `--game ${game}`];
  if (spec.players !== 4) parts.push(`--players ${spec.players}`);
  if (spec.unit !== 'hand') parts.push(`--unit ${spec.unit}`);
  if (spec.duplicate) parts.push('--duplicate');
  if (spec.limit !== ruleSet(spec.rules).limit && spec.limit !== null) parts.push(`--limit ${spec.limit}`);
  if (spec.flowers && !ruleSet(spec.rules).flowers) parts.push('--flowers');
  return parts.join(' ');
}

/** Validated table spec: rule set, strategies, limit and flowers checked before any worker starts. */
export async function tableSpecFor(o: SimulateOptions): Promise<{ spec: TableSpec; labels: string[]; plugins?: Record<string, string> }> {
  positiveInt('--games', o.games);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be an integer, got ${o.seed}`);
  if (![2, 3, 4].includes(o.players)) throw new UserError(`--players must be 2, 3 or 4, got ${o.players}`);
  if (o.unit !== 'hand' && o.unit !== 'match') throw new UserError(`--unit must be hand or match, got ${String(o.unit)}`);
  if (o.workers !== undefined) positiveInt('--workers', o.workers);
  if (o.limit !== undefined) positiveInt('--limit', o.limit);
  if (o.decisionTimeout !== undefined && !(Number.isFinite(o.decisionTimeout) && o.decisionTimeout > 0)) {
    throw new UserError(`--decision-timeout must be a positive number of seconds, got ${o.decisionTimeout}`);
  }
  const rules = ruleSet(o.rules);
  if (o.flowers && !rules.flowers && !rules.flowersOptional) {
    throw new UserError(`rule set ${rules.id} is not played with flowers (docs/rules.md); drop --flowers`);
  }
  const spec: TableSpec = {
    rules: rules.id,
    strategies: o.strategies.split(',').map((s) => s.trim()).join(','),
    players: o.players,
    unit: o.unit,
    seed: o.seed,
    duplicate: o.duplicate,
    flowers: rules.flowers || o.flowers,
    limit: o.limit ?? rules.limit,
  };
  const config = await tableConfig(spec);
  const plugins = pluginHashes(config.lineup);
  return { spec, labels: uniqueLabels(config.lineup.map((s) => s.label)), ...(plugins ? { plugins } : {}) };
}

function progressMode(p: SimulateOptions['progress']): 'bar' | 'plain' | 'none' {
  if (p !== 'auto') return p;
  return process.stderr.isTTY ? 'bar' : 'plain';
}

/** The command that continues this run: the one given, without --force / --resume, with the shard made explicit. */
export function resumeCommand(command: string, shard: Shard | null): string {
  const base = command.replace(/\s--(resume|force)\b/g, '');
  const needsShard = shard !== null && !/\s--shard[\s=]/.test(base);
  return `${base}${needsShard ? ` --shard ${formatShard(shard)}` : ''} --resume`;
}

interface Stream {
  readonly name: StreamedName;
  readonly header: Uint8Array;
}

function mark(bytes: number, chunk: Uint8Array): FileMark {
  return { bytes, sha: sha256(chunk) };
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const { spec, labels, plugins } = await tableSpecFor(o);
  const nets = Boolean(o.nets) || spec.duplicate;
  const identity: RunIdentity = {
    rules: spec.rules,
    strategies: spec.strategies,
    seed: spec.seed,
    games: o.games,
    players: spec.players,
    unit: spec.unit,
    duplicate: spec.duplicate,
    flowers: spec.flowers,
    limit: spec.limit,
    gamesCsv: o.gamesCsv,
    ...(nets ? { nets: true } : {}),
    ...(plugins ? { plugins } : {}),
  };
  const align = spec.duplicate ? spec.players : 1;
  const range = shardRange(o.games, o.shard, align);
  const batchSize = batchSizeFor(range[1] - range[0], align);
  const nBatches = batchCount(range, batchSize);
  const workers = Math.max(1, Math.min(o.workers ?? availableParallelism(), Math.max(1, nBatches)));
  const decisionLimitMs = 1000 * (o.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT);
  const command = o.command ?? commandLine();
  const resumeHint = resumeCommand(command, o.shard);
  const streams: Stream[] = [
    ...(o.gamesCsv ? [{ name: 'games.csv' as const, header: Buffer.from(gamesCsvHeader(spec.players), 'utf8') }] : []),
    ...(spec.unit === 'match' ? [{ name: 'matches.csv' as const, header: Buffer.from(matchesCsvHeader(spec.players), 'utf8') }] : []),
    ...(nets ? [{ name: NETS_FILE as StreamedName, header: new Uint8Array(0) }] : []),
  ];

  // From here on a signal stops the run at its next safe point, never in the middle of a write.
  const signals = trapSignals();
  try {
    const prepared = prepareRunDir({
      dir: o.out, kind: 'simulate', identity, shard: o.shard, isDefault: !o.outExplicit, force: o.force, resume: o.resume,
      parentOwned: o.parentOwned ?? false,
    });

    // Committed state: everything in the checkpoint, verified line by line and merged batch by batch.
    const cpPath = join(o.out, CHECKPOINT_FILE);
    const total = emptyAggregate(labels);
    let marks: readonly BatchMarks[] = [];
    let header: CheckpointHeader | null = null;
    let validBytes = 0;
    // The sessions before this one: their seconds, or null when the checkpoint kept none (an older mjlab's).
    let priorSeconds: number | null = 0;
    if (prepared.resume) {
      const state = readCheckpoint(cpPath, (b) => mergeJsonInto(total, b.agg), { range, batchSize });
      if (state) {
        if (!sameIdentity(state.header.identity, identity) || JSON.stringify(state.header.shard) !== JSON.stringify(o.shard)) {
          throw new UserError(`${cpPath} belongs to a different run (${describe(state.header.identity, state.header.shard)}); cannot --resume it`);
        }
        header = state.header;
        marks = state.batches;
        validBytes = state.validBytes;
        priorSeconds = state.seconds;
      } else {
        process.stderr.write(`mjlab: ${cpPath} has no complete line; starting from the beginning\n`);
      }
    }
    let committed = marks.length;
    // Streamed files must match the checkpoint byte for byte; from the first batch that does not, they are rebuilt.
    let rebuildFrom = committed;
    let why = '';
    if (header) {
      for (const s of streams) {
        const m = firstMismatch(join(o.out, s.name), s.name, header, marks);
        if (m.at < rebuildFrom) {
          rebuildFrom = m.at;
          why = m.why;
        }
      }
    }
    if (header && rebuildFrom < 0) {
      for (const s of streams) {
        if (header.files[s.name]?.sha !== sha256(s.header)) {
          throw new UserError(`${cpPath} records other ${s.name} header rows than this mjlab writes; rerun with --force to start over`);
        }
      }
    }
    if (rebuildFrom < committed) {
      const from = batchAt(range, batchSize, Math.max(0, rebuildFrom)).start;
      const to = batchAt(range, batchSize, committed - 1).end - 1;
      const names = streams.map((s) => s.name).join(', ');
      process.stderr.write(
        committed === 0
          ? `mjlab: ${why} in ${o.out}: rewriting ${names} (no batch was committed yet)\n`
          : `mjlab: ${why} in ${o.out}: rebuilding ${names} for games ${from}..${to} from the checkpointed batches\n`,
      );
    }
    const keepBytes = (s: Stream): number => {
      if (!header || rebuildFrom < 0) return 0;
      return rebuildFrom === 0 ? header.files[s.name]!.bytes : marks[rebuildFrom - 1]!.files[s.name]!.bytes;
    };
    const files = new Map<StreamedName, AppendFile>();
    for (const s of streams) {
      const f = prepared.dir.append(s.name, keepBytes(s));
      if (f.bytes === 0) f.append(s.header);
      files.set(s.name, f);
    }
    const checkpoint = new CheckpointWriter(prepared.dir.append(CHECKPOINT_FILE, validBytes));
    if (!header) {
      for (const f of files.values()) f.sync();
      const files0: Record<string, FileMark> = {};
      for (const s of streams) files0[s.name] = mark(s.header.length, s.header);
      header = { kind: 'header', identity, shard: o.shard, range, batchSize, files: files0, startedAt };
      checkpoint.append(header);
    }
    const resumedGames = Math.min(range[1], range[0] + committed * batchSize) - range[0];
    const resumedHands = total.hands;
    const runSeconds = () => (priorSeconds ?? 0) + (performance.now() - t0) / 1000;
    // A finished run resumed again plays nothing: its manifest's provenance (what made it, when, how long) stays.
    const before = committed === nBatches && rebuildFrom >= committed ? manifestOf(o.out) : null;
    const finished = before?.complete === true && sameIdentity(before.identity, identity) ? before : null;
    let durableGames = resumedGames;

    // Batches finished out of order wait here until the ones before them are in; the dispatch window bounds it.
    const pending = new Map<number, DoneMessage>();
    const window = 4 * workers;
    let nextBatch = Math.max(0, rebuildFrom);
    let appended = nextBatch;
    const progress = createProgress(range[1] - range[0], resumedGames, progressMode(o.progress), 'simulate');

    // Group commit: streamed rows reach the disk before the checkpoint lines that claim them.
    let staged: CheckpointBatch[] = [];
    let lastFlush = performance.now();
    const flush = () => {
      if (staged.length === 0) return;
      for (const f of files.values()) f.sync();
      for (const line of staged) checkpoint.append(line, false);
      checkpoint.sync();
      durableGames = staged[staged.length - 1]!.end - range[0];
      staged = [];
      lastFlush = performance.now();
    };
    // Batches staged just before the workers go quiet (a slow decision, a stall) are committed on a timer, so a
    // kill then loses at most FLUSH_MS of work; a write failure there stops the run as one in commit() would.
    let flushTimer: NodeJS.Timeout | null = null;
    let timerFailure: unknown = null;
    let stopPool: (() => void) | null = null;
    const flushSoon = () => {
      if (flushTimer !== null || staged.length === 0) return;
      flushTimer = setTimeout(() => {
        flushTimer = null;
        try {
          flush();
        } catch (e) {
          timerFailure ??= e;
          stopPool?.();
        }
      }, FLUSH_MS);
      flushTimer.unref();
    };
    let busyMs = 0;
    let waitMs = 0;
    const commit = () => {
      if (timerFailure !== null) throw timerFailure; // nothing more is written after a failed write
      for (let msg = pending.get(appended); msg; msg = pending.get(appended)) {
        pending.delete(appended);
        const b = batchAt(range, batchSize, appended);
        const fileMarks: Record<string, FileMark> = {};
        for (const s of streams) {
          const chunk = msg.chunks[s.name];
          if (!chunk) throw new Error(`worker sent no ${s.name} for batch ${b.index}`);
          const f = files.get(s.name)!;
          f.append(chunk);
          fileMarks[s.name] = mark(f.bytes, chunk);
        }
        if (appended < committed) {
          // A rebuilt batch: it must reproduce what the checkpoint recorded, file by file and in its aggregate.
          const want = marks[appended]!;
          const same = streams.every((s) => want.files[s.name]?.sha === fileMarks[s.name]!.sha && want.files[s.name]?.bytes === fileMarks[s.name]!.bytes);
          if (!same || sha256(JSON.stringify(msg.agg)) !== want.aggSha) {
            throw new UserError(
              `batch ${b.index} (games ${b.start}..${b.end - 1}) replays differently from ${cpPath}: the code or a strategy changed since it was written; rerun with --force to start over`,
            );
          }
        } else {
          staged.push({ kind: 'batch', index: b.index, start: b.start, end: b.end, files: fileMarks, agg: msg.agg, seconds: Number(runSeconds().toFixed(3)) });
          mergeJsonInto(total, msg.agg);
          committed += 1;
          progress.update(b.end - range[0], total.hands - resumedHands);
        }
        appended += 1;
      }
      if (performance.now() - lastFlush >= FLUSH_MS) flush();
      else flushSoon();
    };

    let failure: unknown = null;
    if (nextBatch < nBatches && signals.received === null) {
      const pool = startPool({
        workers,
        decisionLimitMs,
        init: { table: spec, gamesCsv: o.gamesCsv, ...(nets ? { nets: true } : {}) },
        next(): Batch | 'wait' | null {
          if (signals.received !== null || nextBatch >= nBatches) return null;
          if (nextBatch >= appended + window) return 'wait';
          return batchAt(range, batchSize, nextBatch++);
        },
        remaining: () => (signals.received !== null ? 0 : nBatches - nextBatch),
        onDone(msg) {
          busyMs += msg.busyMs;
          waitMs += msg.waitMs;
          pending.set(msg.index, msg);
          commit();
        },
      });
      stopPool = () => void pool.stop();
      signals.onStop(stopPool);
      try {
        await pool.finished;
      } catch (e) {
        failure = e;
      }
    }
    if (flushTimer !== null) clearTimeout(flushTimer);
    failure ??= timerFailure;
    // Commit what is staged, unless writing already failed (a torn write must stay the file's last bytes).
    if (!(failure instanceof IoFailure)) {
      try {
        flush();
      } catch (e) {
        failure = e;
      }
    }
    progress.stop();
    checkpoint.close();
    for (const f of files.values()) f.close();

    const committedGames = Math.min(range[1], range[0] + committed * batchSize) - range[0];
    const kept = `${durableGames} of ${range[1] - range[0]} games kept in ${o.out}`;
    if (failure instanceof IoFailure) {
      throw new UserError(`cannot write ${failure.path}: ${failure.reason}; ${kept}; free space (or fix the directory) and resume with: ${resumeHint}`);
    }

    const complete = committed === nBatches;
    const seconds = (performance.now() - t0) / 1000;
    const sessionHands = total.hands - resumedHands;
    const git = gitState();
    const made = finished ?? {
      version: packageVersion(), commit: git.commit, dirty: git.dirty, command, workers, node: process.version,
      startedAt: header.startedAt ?? startedAt,
      durationSeconds: Number(runSeconds().toFixed(3)),
      handsPerSecond: seconds > 0 ? Math.round(sessionHands / seconds) : 0,
    };
    const manifest: Omit<Manifest, 'outputs'> = {
      tool: 'mjlab',
      version: made.version,
      commit: made.commit,
      dirty: made.dirty,
      command: made.command,
      identity,
      shard: o.shard,
      ranges: complete ? [range] : [[range[0], range[0] + committedGames]],
      complete,
      gamesPlayed: total.games,
      handsPlayed: total.hands,
      drawnHands: total.drawn,
      washes: total.washes,
      workers: made.workers,
      startedAt: made.startedAt,
      durationSeconds: made.durationSeconds,
      ...(partialDuration(finished, priorSeconds) ? { durationPartial: true as const } : {}),
      handsPerSecond: made.handsPerSecond,
      node: made.node,
    };
    if (appended < marks.length) {
      // Stopped while rebuilding: the checkpoint is as it was, and the next --resume goes on rebuilding.
      if (failure) throw failureMessage(failure, spec, o.out, committedGames, range[1] - range[0], labels, resumeHint);
      process.stderr.write(`mjlab: interrupted while rebuilding the streamed files of ${o.out}; resume with: ${resumeHint}\n`);
      return {
        status: 'interrupted', ...(signals.received !== null ? { signal: signals.received } : {}), aggregate: total,
        manifest: { ...manifest, outputs: {} }, workerTime: { busy: busyMs / 1000, waiting: waitMs / 1000 },
      };
    }
    let written: Manifest;
    try {
      const extra: Record<string, string> = {};
      if (spec.duplicate) {
        const cell = { dir: o.out, labels, seats: seatsOf(total) };
        extra['pairwise.csv'] = pairwiseCsv(pairwiseTests([cell], new Map([[spec.rules, [cell]]]), spec.players, Math.floor(committedGames / spec.players)));
      }
      written = writeOutputs(prepared.dir, total, manifest, streamedRecords(o.out, streams.map((s) => s.name)), extra);
    } catch (e) {
      if (!(e instanceof IoFailure)) throw e;
      throw new UserError(`cannot write ${e.path}: ${e.reason}; ${kept} (its checkpoint); free space and rerun with: ${resumeHint}`);
    }

    if (failure) throw failureMessage(failure, spec, o.out, committedGames, range[1] - range[0], labels, resumeHint);
    if (signals.received !== null && !complete) {
      process.stderr.write(
        `mjlab: interrupted after ${committedGames} of ${range[1] - range[0]} games; partial results in ${o.out}; resume with: ${resumeHint}\n`,
      );
    }
    return {
      status: complete ? 'complete' : 'interrupted',
      ...(signals.received !== null && !complete ? { signal: signals.received } : {}),
      aggregate: total,
      manifest: written,
      workerTime: { busy: busyMs / 1000, waiting: waitMs / 1000 },
    };
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}`);
    throw e;
  } finally {
    signals.release();
  }
}

/**
 * Whether the manifest's duration may leave out sessions: resumed from a checkpoint that kept no timing (an older
 * mjlab's), or a finished run's manifest written by such an mjlab in a session that did not play the whole run (it
 * timed that session only; its hands per second times its duration then falls short of the run's hands).
 */
function partialDuration(finished: Manifest | null, priorSeconds: number | null): boolean {
  if (!finished) return priorSeconds === null;
  if (finished.durationPartial === true) return true;
  return priorSeconds === null && finished.handsPerSecond * finished.durationSeconds < 0.99 * finished.handsPlayed;
}

/** A failed run as one line: whose fault, how to see it, what was kept, how to go on. */
function failureMessage(
  failure: unknown, spec: TableSpec, out: string, done: number, total: number, labels: readonly string[], resumeHint: string,
): unknown {
  const kept = `${done} of ${total} games kept in ${out}`;
  if (failure instanceof DecisionTimeout) {
    const v = failure.view;
    const seconds = failure.limitMs / 1000;
    if (v.phase === HB_PHASE.load) {
      return new UserError(`a strategy file of "${spec.strategies}" did not finish loading in a worker within ${seconds} s; ${kept}`);
    }
    const label = spec.strategies.split(',')[v.lineup] ?? labels[0] ?? '?';
    const what = v.phase === HB_PHASE.create ? 'create()' : 'one decision';
    return new UserError(
      `strategy "${label}" at seat ${v.seat} took longer than ${seconds} s over ${what} (seed ${spec.seed}, game ${v.game}); its worker was stopped — ` +
        `replay: ${replayCommand(spec, v.game)}${failure.limitMs === 1000 * DEFAULT_DECISION_TIMEOUT ? '' : ` --decision-timeout ${seconds}`}; ${kept}; fix it (or raise --decision-timeout) and resume with: ${resumeHint}`,
    );
  }
  if (failure instanceof WorkerDied) {
    const d = deathWords(failure, (i, seat) => `strategy "${spec.strategies.split(',')[i] ?? '?'}" at seat ${seat}`, (g) => `(seed ${spec.seed}, game ${g})`, spec.strategies);
    const replay = d.game === null ? '' : ` — replay: ${replayCommand(spec, d.game)}`;
    return new UserError(`${d.text}; the run was stopped${replay}; ${kept}; fix it and resume with: ${resumeHint}`);
  }
  if (failure instanceof WorkerFailure) {
    const d = failure.detail;
    if (d.kind === 'agent') {
      const first = d.message.split('\n')[0] ?? d.message;
      // The engine's message already names the strategy, seed and game, and usually the replay command.
      const replay = first.includes('mjlab replay') ? '' : ` — replay: ${replayCommand(spec, d.game ?? 0)}`;
      return new UserError(`${first}${replay}; ${kept}, fix and resume with: ${resumeHint}`);
    }
    if (d.kind === 'user') return new UserError(d.message.split('\n')[0] ?? d.message);
    const err = new Error(`worker failed: ${d.message}`);
    err.stack = d.stack ?? err.stack;
    return err;
  }
  return failure;
}
