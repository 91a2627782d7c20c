/**
 * A tune's checkpoint: DIR/checkpoint.jsonl, append-only, one fsync'd line per completed step — the header naming
 * the tune, then one line per generation (each candidate's exact sums), per race round and for the
 * confirmation. Resuming replays CMA-ES from these lines (its sampling streams are derived from the seed and the
 * generation, so the same candidates come out), which restores its state exactly without serialising it. A kill
 * can only tear the last line; reading stops there and writing cuts it off. Every line carries a checksum
 * (src/io/sealed-line.ts, as simulate's do: docs/outputs.md, `checkpoint.jsonl`): a complete line that fails it is refused in one
 * line naming it, never resumed into wrong results. The reader and writer are generic (an experiment's cross-play
 * keeps one too).
 */
import { readJsonl, type Jsonl } from '../io/jsonl.js';
import type { ArmsJson, MomentsJson, PanelJson } from './arms.js';

/** The checkpoint files' reader and writer, shared with `mjlab train`'s data (src/io/jsonl.ts). */
export { JsonlWriter, readJsonl, type Jsonl } from '../io/jsonl.js';

export const TUNE_CHECKPOINT = 'checkpoint.jsonl';

export interface TuneHeader {
  readonly kind: 'tune-header';
  readonly identity: Readonly<Record<string, unknown>>;
}

export interface GenerationLine {
  readonly kind: 'generation';
  readonly generation: number;
  /** Per candidate, in ask order: the values evaluated and the moments of its per-wall-set nets. */
  readonly candidates: readonly { readonly values: readonly number[]; readonly net: MomentsJson }[];
  /** CPU seconds the step took (whole process): timing only, never part of a result file. */
  readonly cpuSeconds: number;
}

export interface RaceLine {
  readonly kind: 'race';
  readonly round: number;
  /** Finalists still racing after this round. */
  readonly alive: readonly number[];
  /** Cumulative moments over every round so far. */
  readonly arms: ArmsJson;
  readonly cpuSeconds: number;
}

export interface ConfirmLine {
  readonly kind: 'confirm';
  /** Arm 0 the winner, arm 1 the strategy as given. */
  readonly arms: PanelJson;
  readonly cpuSeconds: number;
}

export type TuneLine = GenerationLine | RaceLine | ConfirmLine;

export function readTuneCheckpoint(path: string): Jsonl<TuneHeader, TuneLine> | null {
  return readJsonl<TuneHeader, TuneLine>(path, 'tune-header');
}
