/**
 * `mjlab simulate` as a library call (issue 5): validate, prepare the output directory, resume from the
 * checkpoint, run the batches on the worker pool, commit them in order, and write the outputs. Exact integer
 * aggregates merged in batch order make every output independent of the worker count and of completion order.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { ruleSet } from '../rules/index.js';
import { type Aggregate, emptyAggregate, mergeJsonInto, uniqueLabels } from '../stats/aggregate.js';
import { gamesCsvHeader } from '../io/csv.js';
import { commandLine, gitCommit, packageVersion, type Manifest, type RunIdentity, type Shard, sameIdentity } from '../io/manifest.js';
import { CHECKPOINT_FILE, CheckpointWriter, readCheckpoint, type CheckpointBatch, type CheckpointHeader } from './checkpoint.js';
import { GamesFile } from './games-file.js';
import { NETS_FILE, NetsWriter } from './nets-file.js';
import { clearRun, describe, ensureWritableDir, existingRun, writeOutputs } from './outdir.js';
import { batchAt, batchCount, batchSizeFor, type Batch, shardRange } from './plan.js';
import { startPool, WorkerFailure, type DoneMessage } from './pool.js';
import { createProgress } from './progress.js';
import type { TableSpec } from './protocol.js';
import { tableConfig } from './table.js';

export const DEFAULT_STRATEGIES = 'chow-mixer,suit-hunter,defender,harr';
export const DEFAULT_OUT = 'results/latest';
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
  /** --out given explicitly: an existing different run there is an error instead of being replaced. */
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
  /** Also stream nets.bin: each game's per-label net sums, for paired statistics (src/runner/nets-file.ts). */
  readonly nets?: boolean;
  /** The command line, for the manifest and the resume hint. */
  readonly command?: string;
}

export interface SimulateResult {
  readonly status: 'complete' | 'interrupted';
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
export async function tableSpecFor(o: SimulateOptions): Promise<{ spec: TableSpec; labels: string[] }> {
  positiveInt('--games', o.games);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be an integer, got ${o.seed}`);
  if (![2, 3, 4].includes(o.players)) throw new UserError(`--players must be 2, 3 or 4, got ${o.players}`);
  if (o.unit !== 'hand' && o.unit !== 'match') throw new UserError(`--unit must be hand or match, got ${String(o.unit)}`);
  if (o.workers !== undefined) positiveInt('--workers', o.workers);
  if (o.limit !== undefined) positiveInt('--limit', o.limit);
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
  return { spec, labels: uniqueLabels(config.lineup.map((s) => s.label)) };
}

function progressMode(p: SimulateOptions['progress']): 'bar' | 'plain' | 'none' {
  if (p !== 'auto') return p;
  return process.stderr.isTTY ? 'bar' : 'plain';
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const { spec, labels } = await tableSpecFor(o);
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
    ...(o.nets ? { nets: true } : {}),
  };
  const align = spec.duplicate ? spec.players : 1;
  const range = shardRange(o.games, o.shard, align);
  const batchSize = batchSizeFor(range[1] - range[0], align);
  const nBatches = batchCount(range, batchSize);
  const workers = Math.max(1, Math.min(o.workers ?? availableParallelism(), Math.max(1, nBatches)));

  // The output directory: refuse to overwrite a different run given explicitly, unless --force.
  ensureWritableDir(o.out);
  const prior = existingRun(o.out);
  const sameRun = prior !== null && sameIdentity(prior.identity, identity) &&
    JSON.stringify(prior.shard) === JSON.stringify(o.shard);
  if (prior && !sameRun) {
    if (o.resume) {
      throw new UserError(`${o.out} holds a different run (${describe(prior.identity, prior.shard)}); cannot --resume it`);
    }
    if (o.outExplicit && !o.force) {
      throw new UserError(`${o.out} already holds a different run (${describe(prior.identity, prior.shard)}); use --force to replace it or another --out`);
    }
  }
  const resuming = o.resume && sameRun && prior.hasCheckpoint;
  if (o.resume && !resuming) process.stderr.write(`mjlab: nothing to resume in ${o.out}; starting from the beginning\n`);
  if (!resuming) clearRun(o.out);

  // Committed state: everything in the checkpoint, merged batch by batch.
  const cpPath = join(o.out, CHECKPOINT_FILE);
  const total = emptyAggregate(labels);
  let committed = 0;
  let gamesBytes = 0;
  let validBytes = 0;
  if (resuming) {
    const state = readCheckpoint(cpPath, (b) => {
      mergeJsonInto(total, b.agg);
    });
    if (!state || state.header.batchSize !== batchSize) throw new UserError(`checkpoint in ${o.out} is unreadable; rerun with --force`);
    committed = state.batches;
    gamesBytes = state.gamesBytes;
    validBytes = state.validBytes;
  }
  const games = o.gamesCsv ? new GamesFile(join(o.out, 'games.csv'), gamesBytes) : null;
  const checkpoint = new CheckpointWriter(cpPath, validBytes);
  if (!resuming) {
    if (games) {
      games.append(gamesCsvHeader());
      games.sync();
    }
    const header: CheckpointHeader = {
      kind: 'header', identity, shard: o.shard, range, batchSize, gamesBytes: games?.bytes ?? 0,
    };
    checkpoint.append(header);
  }
  const resumedGames = Math.min(range[1], range[0] + committed * batchSize) - range[0];
  // Fixed-size records: the committed length follows from the committed game count.
  const nets = o.nets ? new NetsWriter(join(o.out, NETS_FILE), resumedGames * labels.length * 4) : null;
  const resumedHands = total.hands;

  // Batches finished out of order wait here until the ones before them are in; the dispatch window bounds it.
  const pending = new Map<number, DoneMessage>();
  const window = 4 * workers;
  let nextBatch = committed;
  const progress = createProgress(range[1] - range[0], resumedGames, progressMode(o.progress), 'simulate');

  // Group commit: games.csv rows reach the disk before the checkpoint lines that claim them.
  let staged: CheckpointBatch[] = [];
  let lastFlush = performance.now();
  const flush = () => {
    if (staged.length === 0) return;
    games?.sync();
    nets?.sync();
    for (const line of staged) checkpoint.append(line, false);
    checkpoint.sync();
    staged = [];
    lastFlush = performance.now();
  };
  let busyMs = 0;
  let waitMs = 0;
  const commit = () => {
    for (let msg = pending.get(committed); msg; msg = pending.get(committed)) {
      pending.delete(committed);
      const b = batchAt(range, batchSize, committed);
      games?.append(msg.csv);
      if (nets) {
        if (!msg.nets) throw new Error(`worker sent no nets for batch ${b.index}`);
        nets.append(msg.nets);
      }
      staged.push({ kind: 'batch', index: b.index, start: b.start, end: b.end, gamesBytes: games?.bytes ?? 0, agg: msg.agg });
      mergeJsonInto(total, msg.agg);
      committed += 1;
      progress.update(b.end - range[0], total.hands - resumedHands);
    }
    if (performance.now() - lastFlush >= FLUSH_MS) flush();
  };

  let interrupted = false;
  let failure: unknown = null;
  if (nextBatch < nBatches) {
    const pool = startPool({
      workers,
      init: { table: spec, gamesCsv: o.gamesCsv, ...(o.nets ? { nets: true } : {}) },
      next(): Batch | 'wait' | null {
        if (interrupted || nextBatch >= nBatches) return null;
        if (nextBatch >= committed + window) return 'wait';
        return batchAt(range, batchSize, nextBatch++);
      },
      remaining: () => (interrupted ? 0 : nBatches - nextBatch),
      onDone(msg) {
        busyMs += msg.busyMs;
        waitMs += msg.waitMs;
        pending.set(msg.index, msg);
        commit();
      },
    });
    const onSignal = () => {
      interrupted = true;
      void pool.stop();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await pool.finished;
    } catch (e) {
      failure = e;
    } finally {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      flush();
      progress.stop();
      checkpoint.close();
      games?.close();
      nets?.close();
    }
  } else {
    progress.stop();
    checkpoint.close();
    games?.close();
    nets?.close();
  }

  const complete = committed === nBatches;
  const seconds = (performance.now() - t0) / 1000;
  const sessionHands = total.hands - resumedHands;
  const manifest: Manifest = {
    tool: 'mjlab',
    version: packageVersion(),
    commit: gitCommit(),
    command: o.command ?? commandLine(),
    identity,
    shard: o.shard,
    ranges: complete ? [range] : [[range[0], Math.min(range[1], range[0] + committed * batchSize)]],
    complete,
    gamesPlayed: total.games,
    handsPlayed: total.hands,
    drawnHands: total.drawn,
    washes: total.washes,
    workers,
    startedAt,
    durationSeconds: Number(seconds.toFixed(3)),
    handsPerSecond: seconds > 0 ? Math.round(sessionHands / seconds) : 0,
    node: process.version,
  };
  writeOutputs(o.out, total, manifest);

  const gamesDoneText = () => `${manifest.ranges[0]![1] - range[0]} games`;
  const rerun = (o.command ?? commandLine()).replace(/\s--(resume|force)\b/g, '');
  // A shard taken from JOB_COMPLETION_INDEX or a Slurm array is not on the command line: name it, so the hint
  // resumes this shard wherever it is pasted.
  const shardArg = o.shard && !/\s--shard[\s=]/.test(rerun) ? ` --shard ${o.shard.index}/${o.shard.count}` : '';
  const resumeHint = `${rerun}${shardArg} --resume`;
  if (failure) {
    if (failure instanceof WorkerFailure) {
      const d = failure.detail;
      if (d.kind === 'agent') {
        const first = d.message.split('\n')[0] ?? d.message;
        // The engine's message already names the strategy, seed and game, and usually the replay command.
        const replay = first.includes('mjlab replay') ? '' : ` — replay: ${replayCommand(spec, d.game ?? 0)}`;
        throw new UserError(`${first}${replay}; ${gamesDoneText()} kept in ${o.out}, fix and rerun with --resume`);
      }
      if (d.kind === 'user') throw new UserError(d.message.split('\n')[0] ?? d.message);
      const err = new Error(`worker failed: ${d.message}`);
      err.stack = d.stack ?? err.stack;
      throw err;
    }
    throw failure;
  }
  if (interrupted && !complete) {
    process.stderr.write(
      `mjlab: interrupted after ${manifest.ranges[0]![1] - range[0]} of ${range[1] - range[0]} games; partial results in ${o.out}; resume with: ${resumeHint}\n`,
    );
  }
  return { status: complete ? 'complete' : 'interrupted', aggregate: total, manifest, workerTime: { busy: busyMs / 1000, waiting: waitMs / 1000 } };
}
