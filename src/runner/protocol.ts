/**
 * Messages between the runner and its worker threads. Only plain data crosses: the lineup travels as its spec
 * string and each worker resolves it itself (strategy objects and user .js modules cannot be cloned).
 */
import type { AggregateJson } from '../stats/aggregate.js';

export interface TableSpec {
  readonly rules: string;
  readonly strategies: string;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly seed: number;
  readonly duplicate: boolean;
  readonly flowers: boolean;
  readonly limit: number | null;
}

export interface WorkerInit {
  readonly table: TableSpec;
  readonly gamesCsv: boolean;
  /** Also return each game's per-label net sums (nets.bin, src/runner/nets-file.ts). */
  readonly nets?: boolean;
}

export type ToWorker = { readonly type: 'batch'; readonly index: number; readonly start: number; readonly end: number };

export type FromWorker =
  | { readonly type: 'ready' }
  | {
      readonly type: 'done';
      readonly index: number;
      readonly agg: AggregateJson;
      /** games.csv rows of this batch, in game order (empty unless --games-csv). */
      readonly csv: string;
      /** Per-label net sums, one record of labels.length Int32 per game, in game order (only with nets). */
      readonly nets?: Int32Array;
      /** Milliseconds the worker waited for this batch after finishing its previous one (or becoming ready). */
      readonly waitMs: number;
      /** Milliseconds it spent playing this batch. Timings only: never part of any result file. */
      readonly busyMs: number;
    }
  | {
      readonly type: 'error';
      readonly kind: 'agent' | 'user' | 'bug';
      readonly message: string;
      readonly strategy?: string;
      readonly seed?: number;
      readonly game?: number;
      readonly stack?: string;
    };
