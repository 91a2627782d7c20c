/**
 * Stage 4 of a run, the play (README.md, "Running at scale"): the batches run on the worker pool
 * under the per-decision time limit, and are committed strictly in batch order. Batches finished out of order wait
 * until the ones before them are in (the dispatch window bounds how many). A commit appends the batch's rows to
 * the streamed files and stages its checkpoint line; staged lines are committed as a group (the streamed files
 * fsync'd before the lines that claim their bytes, then the checkpoint) about twice a second, and on a timer when
 * the workers go quiet, so a kill loses at most FLUSH_MS of work. A batch being rebuilt must reproduce what the
 * checkpoint recorded. Whatever stops the pool (a signal, a strategy's failure, a write that failed) is returned
 * to the finish, not thrown: what was committed is kept.
 */
import { closeSync, constants, readSync } from 'node:fs';
import { join } from 'node:path';
import { openNoFollow } from '../../io/files.js';
import { NETS_FILE } from '../nets-file.js';
import { LUCK_FILE } from '../luck-file.js';
import { UserError } from '../../errors.js';
import { IoFailure } from '../../io/files.js';
import { mergeJsonInto } from '../../stats/aggregate.js';
import { sha256, CHECKPOINT_FILE, type CheckpointBatch, type FileMark } from '../checkpoint.js';
import { batchAt, type Batch } from '../plan.js';
import { startPool, workerUrl, type DoneMessage } from '../pool.js';
import { createProgress, type Progress } from '../progress.js';
import type { SimulateOptions } from '../options.js';
import type { SignalTrap } from '../signals.js';
import { mark, type Restored } from './restore.js';
import type { RunPlan } from './plan.js';

/** Longest time committed batches wait before being fsync'd to the checkpoint. */
const FLUSH_MS = 500;

/** What the play leaves for the finish. */
export interface Played {
  /** What stopped the pool early (a strategy's failure, a failed write), or null. */
  readonly failure: unknown;
  /** Batches in the checkpoint, this session's included. */
  readonly committed: number;
  /** Batches whose rows are in the streamed files (fewer than the checkpoint's when stopped while rebuilding). */
  readonly appended: number;
  /** Games whose checkpoint lines reached the disk. */
  readonly durableGames: number;
  /** Hands of the run before this session. */
  readonly resumedHands: number;
  readonly busyMs: number;
  readonly waitMs: number;
}

/** The run's wall-clock seconds over every session so far. */
export function runSeconds(plan: RunPlan, restored: Restored): number {
  return (restored.priorSeconds ?? 0) + (performance.now() - plan.t0) / 1000;
}

function progressMode(p: SimulateOptions['progress']): 'bar' | 'plain' | 'none' {
  if (p !== 'auto') return p;
  return process.stderr.isTTY ? 'bar' : 'plain';
}

/** Committing batches in order: the pending ones, the staged checkpoint lines, the group commit and its timer. */
class Commits {
  committed: number;
  appended: number;
  nextBatch: number;
  durableGames: number;
  busyMs = 0;
  waitMs = 0;
  /** The monitor (SimulateOptions.monitor) asked to stop after the batch it was last told of. */
  monitorStop = false;
  private note: string | undefined;
  /** A write that failed on the timer: nothing more is written, and the pool is stopped. */
  timerFailure: unknown = null;
  stopPool: (() => void) | null = null;
  readonly resumedHands: number;
  private readonly pending = new Map<number, DoneMessage>();
  private staged: CheckpointBatch[] = [];
  private lastFlush = performance.now();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly plan: RunPlan,
    private readonly restored: Restored,
    private readonly progress: Progress,
    resumedGames: number,
  ) {
    this.committed = restored.marks.length;
    this.nextBatch = Math.max(0, restored.rebuildFrom);
    this.appended = this.nextBatch;
    this.durableGames = resumedGames;
    this.resumedHands = restored.total.hands;
  }

  done(msg: DoneMessage): void {
    this.busyMs += msg.busyMs;
    this.waitMs += msg.waitMs;
    this.pending.set(msg.index, msg);
    this.commit();
  }

  private commit(): void {
    if (this.timerFailure !== null) throw this.timerFailure; // nothing more is written after a failed write
    for (let msg = this.pending.get(this.appended); msg && !this.monitorStop; msg = this.pending.get(this.appended)) {
      this.pending.delete(this.appended);
      this.commitOne(msg, batchAt(this.plan.range, this.plan.batchSize, this.appended));
      this.appended += 1;
    }
    if (performance.now() - this.lastFlush >= FLUSH_MS) this.flush();
    else this.flushSoon();
  }

  private commitOne(msg: DoneMessage, b: Batch): void {
    const { plan, restored } = this;
    const fileMarks: Record<string, FileMark> = {};
    for (const s of plan.streams) {
      const chunk = msg.chunks[s.name];
      if (!chunk) throw new Error(`worker sent no ${s.name} for batch ${b.index}`);
      const f = restored.files.get(s.name)!;
      f.append(chunk);
      fileMarks[s.name] = mark(f.bytes, chunk);
    }
    this.tell(msg.chunks[NETS_FILE], msg.chunks[LUCK_FILE]);
    if (this.appended < this.committed) {
      // A rebuilt batch: it must reproduce what the checkpoint recorded, file by file and in its aggregate.
      const want = restored.marks[this.appended]!;
      const same = plan.streams.every((s) => want.files[s.name]?.sha === fileMarks[s.name]!.sha && want.files[s.name]?.bytes === fileMarks[s.name]!.bytes);
      if (!same || sha256(JSON.stringify(msg.agg)) !== want.aggSha) {
        throw new UserError(
          `batch ${b.index} (games ${b.start}..${b.end - 1}) replays differently from ${join(plan.o.out, CHECKPOINT_FILE)}: the code or a strategy changed since it was written; rerun with --force to start over`,
        );
      }
      return;
    }
    this.staged.push({ kind: 'batch', index: b.index, start: b.start, end: b.end, files: fileMarks, agg: msg.agg, seconds: Number(runSeconds(plan, restored).toFixed(3)) });
    mergeJsonInto(restored.total, msg.agg);
    this.committed += 1;
    this.progress.update(b.end - plan.range[0], restored.total.hands - this.resumedHands, this.note);
  }

  /** The monitor told of one batch's (or the resumed prefix's) nets.bin bytes, and luck.bin's when the run writes it. */
  tell(nets: Uint8Array | undefined, luck: Uint8Array | undefined): void {
    const m = this.plan.o.monitor;
    if (!m || !nets || this.monitorStop) return;
    const r = m.batch(nets, luck);
    this.note = r.note;
    if (r.stop) {
      this.monitorStop = true;
      this.stopPool?.();
    }
  }

  /** Group commit: streamed rows reach the disk before the checkpoint lines that claim them. */
  flush(): void {
    if (this.staged.length === 0) return;
    for (const f of this.restored.files.values()) f.sync();
    for (const line of this.staged) this.restored.checkpoint.append(line, false);
    this.restored.checkpoint.sync();
    this.durableGames = this.staged[this.staged.length - 1]!.end - this.plan.range[0];
    this.staged = [];
    this.lastFlush = performance.now();
  }

  // Batches staged just before the workers go quiet (a slow decision, a stall) are committed on a timer, so a
  // kill then loses at most FLUSH_MS of work; a write failure there stops the run as one in commit() would.
  private flushSoon(): void {
    if (this.timer !== null || this.staged.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        this.flush();
      } catch (e) {
        this.timerFailure ??= e;
        this.stopPool?.();
      }
    }, FLUSH_MS);
    this.timer.unref();
  }

  stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
  }
}

/** The pool over the batches still to play; what stopped it, or null. */
async function runPool(plan: RunPlan, c: Commits, signals: SignalTrap): Promise<unknown> {
  const { range, batchSize, nBatches, spec, o } = plan;
  const window = 4 * plan.workers;
  const pool = startPool({
    workers: plan.workers,
    decisionLimitMs: plan.decisionLimitMs,
    init: { table: spec, gamesCsv: o.gamesCsv, ...(plan.nets ? { nets: true } : {}), ...(plan.luck ? { luck: true } : {}), ...(plan.luckModel ? { luckModel: plan.luckModel } : {}) },
    url: workerUrl(spec.strategies, o.workerModules === true),
    ...(o.keep ? { keep: o.keep } : {}),
    next(): Batch | 'wait' | null {
      if (signals.received !== null || c.monitorStop || c.nextBatch >= nBatches) return null;
      if (c.nextBatch >= c.appended + window) return 'wait';
      return batchAt(range, batchSize, c.nextBatch++);
    },
    remaining: () => (signals.received !== null || c.monitorStop ? 0 : nBatches - c.nextBatch),
    onDone: (msg) => c.done(msg),
  });
  c.stopPool = () => void pool.stop();
  signals.onStop(c.stopPool);
  try {
    await pool.finished;
    return null;
  } catch (e) {
    return e;
  }
}

/** A streamed file's bytes of the batches before `upTo`, proved against the checkpoint by the restore. */
function provedBytes(plan: RunPlan, restored: Restored, upTo: number, name: typeof NETS_FILE | typeof LUCK_FILE): Uint8Array {
  const bytes = upTo > 0 ? (restored.marks[upTo - 1]!.files[name]?.bytes ?? 0) : 0;
  if (bytes === 0) return new Uint8Array(0);
  const fd = openNoFollow(join(plan.o.out, name), constants.O_RDONLY);
  try {
    const buf = Buffer.alloc(bytes);
    let done = 0;
    while (done < bytes) {
      const n = readSync(fd, buf, done, bytes - done, done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

export async function play(plan: RunPlan, restored: Restored, signals: SignalTrap): Promise<Played> {
  const { range, batchSize } = plan;
  const resumedGames = Math.min(range[1], range[0] + restored.marks.length * batchSize) - range[0];
  const progress = createProgress(range[1] - range[0], resumedGames, progressMode(plan.o.progress), 'simulate');
  const c = new Commits(plan, restored, progress, resumedGames);
  if (plan.o.monitor && plan.nets) c.tell(provedBytes(plan, restored, c.nextBatch, NETS_FILE), plan.luck ? provedBytes(plan, restored, c.nextBatch, LUCK_FILE) : undefined);
  let failure: unknown = null;
  if (c.nextBatch < plan.nBatches && signals.received === null && !c.monitorStop) failure = await runPool(plan, c, signals);
  c.stopTimer();
  failure ??= c.timerFailure;
  // Commit what is staged, unless writing already failed (a torn write must stay the file's last bytes).
  if (!(failure instanceof IoFailure)) {
    try {
      c.flush();
    } catch (e) {
      failure = e;
    }
  }
  progress.stop();
  restored.checkpoint.close();
  for (const f of restored.files.values()) f.close();
  return { failure, committed: c.committed, appended: c.appended, durableGames: c.durableGames, resumedHands: c.resumedHands, busyMs: c.busyMs, waitMs: c.waitMs };
}
