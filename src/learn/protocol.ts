/**
 * Messages between `mjlab train`'s data generation (src/learn/data.ts) and its worker threads (src/learn/worker.ts),
 * through the runner's pool. Only plain data crosses, as in src/runner/protocol.ts.
 */
import type { PoolTable } from '../runner/protocol.js';

export interface TrainWorkerInit {
  readonly table: PoolTable;
  /** The lineup, the teacher first (lineup index 0: its seats' decisions are recorded). */
  readonly lineup: string;
  readonly seed: number;
}

export interface TrainBatch {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

export interface TrainDone {
  readonly type: 'done';
  readonly index: number;
  /** The batch's decision records (src/learn/record.ts), in game order. */
  readonly bytes: Uint8Array;
  readonly decisions: number;
}
