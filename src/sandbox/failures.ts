/**
 * How a worker thread that runs strategies fails, as the main thread sees it (docs/strategies.md): the error message
 * the thread posts, a decision past its time limit, a thread a strategy ended; and the memory limits every such
 * thread runs under. Shared by the runner's pool (src/runner/pool.ts) and the plug-in threads (plugin-thread.ts).
 */
import { workerMemoryLimit } from '../worker-script.js';
import { thrownMessage } from '../text.js';
import type { HeartbeatView } from './contract.js';

/** What a worker thread posts when it fails: an agent's fault, a user's, or a bug (with its stack). */
export interface ErrorMessage {
  readonly type: 'error';
  readonly kind: 'agent' | 'user' | 'bug';
  readonly message: string;
  readonly strategy?: string;
  readonly seed?: number;
  readonly game?: number;
  readonly stack?: string;
}

/** A worker reported an error; the pool has stopped. */
export class WorkerFailure extends Error {
  constructor(readonly detail: ErrorMessage) {
    super(detail.message);
    this.name = 'WorkerFailure';
  }
}

/** A decision (or a plug-in's loading) ran past the time limit; the pool has stopped. */
export class DecisionTimeout extends Error {
  constructor(
    readonly view: HeartbeatView,
    readonly limitMs: number,
  ) {
    super(`a decision took longer than ${limitMs / 1000} s`);
    this.name = 'DecisionTimeout';
  }
}

/**
 * A worker thread ended on its own, not by the pool: a strategy called process.exit (any code, 0 included: the
 * thread is gone all the same and its batches with it), ran it out of memory, or threw where nothing catches
 * (a timer's callback). `view`: the worker's heartbeat at that moment (a decision still open names whose it was).
 */
export class WorkerDied extends Error {
  constructor(
    readonly view: HeartbeatView,
    /** What happened, as a phrase: "called process.exit(0)", "ran out of memory", "crashed (...)". */
    readonly how: string,
  ) {
    super(`a worker thread ${how}`);
    this.name = 'WorkerDied';
  }
}

/** How a worker's 'error' event ended it, as WorkerDied's phrase. */
export function deathOf(e: unknown): string {
  if ((e as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'ran out of memory';
  return `crashed (${thrownMessage(e)})`;
}

/**
 * Cap on each worker's young generation. A game's objects all die young, but V8 doubles the nursery (up to 3 x 16
 * MB) as the allocated total grows, so an uncapped worker's heap kept growing for the first million hands (peak
 * RSS +36% from 1e5 to 1e6 hands, docs/performance.md). With the cap the
 * heap stays flat (median peak RSS 96 -> 102 MB, +6%, where it was 114 -> 156 MB) and CPU per hand moved by less
 * than the run-to-run noise (±3%, side-by-side runs of `node dist/src/bench/runner.js`); the old generation
 * keeps V8's default limit, so a strategy that needs memory still gets it. The +6% left is mostly native
 * (the worker threads' malloc arenas in /proc/PID/smaps), plus promoted per-batch garbage awaiting a full GC.
 */
const YOUNG_GENERATION_MB = 6;

/** Every worker thread that runs strategies: the young generation capped as above, the heap as the user says. */
export function workerLimits(): { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb?: number } {
  return { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, ...workerMemoryLimit() };
}
