/**
 * What `mjlab tune` is asked and what it answers (docs/tuning.md): below src/tune/tune.ts and its stages so that
 * each imports them and none imports tune.ts back.
 */
import type { GitState } from '../io/manifest.js';
import type { WorkerKeep } from '../runner/pool.js';
import type { StopSignal } from '../runner/signals.js';
import type { TuneRecord } from './outputs.js';

export interface TuneOptions {
  readonly rules: string;
  /** `--limit N` on top of the rule set. */
  readonly limit?: number;
  /** The strategy to tune, as a lineup entry (name, name:param=value, file, preset): its values are the start and the baseline. */
  readonly strategy: string;
  /** `--params`: dimensions (default every numeric parameter with bounds). */
  readonly params?: string;
  /** The fixed field, players − 1 entries (default: the strategy as given, at every other seat). */
  readonly against?: string;
  readonly generations: number;
  /** λ; default 4 + ⌊3 ln n⌋. */
  readonly population?: number;
  /** Games per candidate per generation (whole wall sets). */
  readonly games: number;
  readonly seed: number;
  /** Initial step size in the unit cube (default 0.2). */
  readonly sigma?: number;
  /** Finalists raced (default 4). */
  readonly finalists?: number;
  /** Race rounds (default 3). */
  readonly raceRounds?: number;
  /** Games per finalist per race round (default --games). */
  readonly raceGames?: number;
  /** Games of the confirmation, for the winner and for the strategy as given each (default 4 × --games). */
  readonly confirmGames?: number;
  readonly out: string;
  readonly resume: boolean;
  /** Replace a different tune in --out. */
  readonly force: boolean;
  readonly workers?: number;
  /** Seconds one strategy decision may take (default the runner's). */
  readonly decisionTimeout?: number;
  /** Workers kept warm between this tune and the caller's other pools (a tuning experiment's tunes): pool.ts WorkerKeep. */
  readonly keep?: WorkerKeep;
  readonly progress: 'auto' | 'none';
  readonly command?: string;
  /** The checkout's commit and state for the outputs' provenance, when the caller has read it already (a tuning
   * experiment reads it once for its sixteen tunes); read at the finish otherwise. */
  readonly git?: GitState;
}

export interface TuneResult {
  readonly status: 'complete' | 'interrupted';
  /** The signal that stopped an interrupted tune. */
  readonly signal?: StopSignal;
  readonly record: TuneRecord | null;
  /** Games played and CPU seconds spent over every session of the tune (0 when interrupted). */
  readonly hands: number;
  readonly cpuSeconds: number;
}

