/**
 * Messages between `mjlab tune`'s evaluator and its worker threads (src/tune/worker.ts), through the runner's pool
 * (src/runner/pool.ts), which stays up for the whole tune. A job is one lineup — the candidate at lineup index 0
 * against the field — on a range of --duplicate games, and each batch carries its job; the worker returns, per
 * wall set (the `players` games that play one wall with the lineup rotated), the candidate's net summed over its
 * seats. Only plain data crosses, as in src/runner/protocol.ts.
 */

import type { PoolTable } from '../runner/protocol.js';

/** The table every job of a pool shares (src/runner/protocol.ts). */
export type TuneTable = PoolTable;

export interface TuneJob {
  /** Comma-separated lineup, the candidate first. */
  readonly lineup: string;
  readonly seed: number;
}

export interface TuneWorkerInit {
  readonly table: TuneTable;
}

/** A batch as the pool posts it: one job's games [start, end), whole wall sets. */
export interface TuneBatch extends TuneJob {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

export interface TuneDone {
  readonly type: 'done';
  readonly index: number;
  /** The candidate's net over each wall set of the batch, in game order. */
  readonly walls: Float64Array;
}
