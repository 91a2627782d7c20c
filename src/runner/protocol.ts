/**
 * Messages between the runner and its worker threads. Only plain data crosses: the lineup travels as its spec
 * string and each worker resolves it itself (strategy objects and user .js modules cannot be cloned).
 */
import type { TableDescription } from '../core/table.js';
import type { ErrorMessage } from '../sandbox/failures.js';
import type { AggregateJson } from '../stats/aggregate.js';

/** The table a worker plays: the run's table description, validated (src/runner/stages/plan.ts tableSpecFor). */
export type TableSpec = TableDescription;

/** The table every job of a long-lived pool shares (the TableSpec without lineup and seed): a tune's, a training's data. */
export interface PoolTable {
  readonly rules: string;
  /** A variant file's SHA-256 when the run began: a worker refuses a file changed since. */
  readonly rulesSha256?: string;
  readonly players: 2 | 3 | 4;
  readonly flowers: boolean;
  readonly limit: number | null;
}

export interface WorkerInit {
  readonly table: TableSpec;
  readonly gamesCsv: boolean;
  /** Also return each game's per-label net sums (nets.bin, src/runner/nets-file.ts). */
  readonly nets?: boolean;
  /** Also return each game's per-label luck of the draw (luck.bin, src/runner/luck-file.ts). */
  readonly luck?: boolean;
  /** With `luck`: the value model file's bytes (checked by the main thread), luck.bin format 4. */
  readonly luckModel?: Uint8Array;
  /** The worker's heartbeat (contract.ts): the main thread's watchdog reads it. */
  readonly heartbeat: SharedArrayBuffer;
}

/** The files streamed batch by batch, in game order, each appended by the main thread in batch order. */
export type StreamedName = 'games.csv' | 'matches.csv' | 'nets.bin' | 'luck.bin';

export type ToWorker =
  | { readonly type: 'batch'; readonly index: number; readonly start: number; readonly end: number }
  /** A warm worker's next table (src/runner/pool.ts WorkerKeep): its heartbeat stays the one it was started with. */
  | { readonly type: 'init'; readonly init: Omit<WorkerInit, 'heartbeat'> };

export type FromWorker =
  | { readonly type: 'ready' }
  | {
      readonly type: 'done';
      readonly index: number;
      readonly agg: AggregateJson;
      /**
       * This batch's bytes of each streamed file the run writes: games.csv rows (--games-csv), matches.csv rows
       * (--unit match), nets.bin records (labels.length little-endian Int32 per game), luck.bin records (labels.length × 2).
       */
      readonly chunks: Partial<Record<StreamedName, Uint8Array>>;
      /** Milliseconds the worker waited for this batch after finishing its previous one (or becoming ready). */
      readonly waitMs: number;
      /** Milliseconds it spent playing this batch. Timings only: never part of any result file. */
      readonly busyMs: number;
    }
  | ErrorMessage;
