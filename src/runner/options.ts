/**
 * What `mjlab simulate` is asked and what it answers (README.md, "Running at scale"): the options of a run, its result and the
 * defaults, below src/runner/run.ts and its stages (src/runner/stages/) so that each imports them and none imports
 * run.ts back.
 */
import type { TableDescription } from '../core/table.js';
import type { WorkerKeep } from './pool.js';
import type { Aggregate } from '../stats/aggregate.js';
import type { Manifest, Shard } from '../io/manifest.js';
import type { SignalTrap, StopSignal } from './signals.js';
import type { ReplayPage } from '../report/pages.js';

export const DEFAULT_STRATEGIES = 'chow-mixer,suit-hunter,defender,harr';
/**
 * The default lineup for a smaller table: the four-player one without the defender (a player
 * for drawn hands), then without the suit-hunter, so that `--players 3` and `--players 2` run as given.
 */
export function defaultStrategies(players: number): string {
  return players === 3 ? 'chow-mixer,suit-hunter,harr' : players === 2 ? 'chow-mixer,harr' : DEFAULT_STRATEGIES;
}
export const DEFAULT_OUT = 'results/latest';
/** Default per-decision time limit, seconds: generous (a built-in decision takes microseconds). */
export const DEFAULT_DECISION_TIMEOUT = 5;

/** `simulate()`'s options: the table as the command line describes it (limit absent: the rule set's), and the run's. */
export interface SimulateOptions extends Omit<TableDescription, 'limit'> {
  readonly games: number;
  /** Worker threads; default all cores. */
  readonly workers?: number;
  readonly out: string;
  /** --out given explicitly; false: the default results/latest, whose mjlab output is replaced without asking. */
  readonly outExplicit: boolean;
  readonly gamesCsv: boolean;
  readonly limit?: number;
  readonly shard: Shard | null;
  readonly resume: boolean;
  /**
   * With resume: a plug-in or preset file that changed since the checkpoint is accepted; the games played so far
   * are kept as the old file played them, and the manifest's pluginHistory says which games each file played.
   */
  readonly acceptChangedPlugin?: boolean;
  readonly force: boolean;
  readonly progress: 'auto' | 'none' | 'plain' | 'bar';
  /** Also stream nets.bin: each game's per-label net sums, for paired statistics (always with --duplicate). */
  readonly nets?: boolean;
  /**
   * Told of every committed batch's nets.bin (and luck.bin) bytes in game order (the checkpointed prefix first, read back on a
   * resume), e.g. by a sequential test (src/cli/sprt-run.ts): its note goes on the progress line, and `stop` ends
   * the run after that batch (the manifest then says complete: false, ranges up to it).
   */
  readonly monitor?: RunMonitor;
  /** Also stream luck.bin (only with --duplicate): each game's per-label luck of the draw (src/luck/meter.ts). */
  readonly luck?: boolean;
  /**
   * With `luck`, luck.bin format 4: this value model of the full state's term at every draw beside format 3's
   * channels (src/value/; docs/statistics.md "The learned value").
   */
  readonly luckModel?: string;
  /**
   * A pilot that fits the adjustment's coefficients for `luckModel` (experiments/fits/luck-model-fit.ts, no command
   * line option): it plays the seeds reserved for fitting, which every measuring run is refused, and never the
   * model's own data seed.
   */
  readonly fittingPilot?: boolean;
  /** Seconds one create() or act() may take before its worker is stopped; default DEFAULT_DECISION_TIMEOUT. */
  readonly decisionTimeout?: number;
  /** An experiment owns the directory tree (this is one of its cells) and has checked it already. */
  readonly parentOwned?: boolean;
  /** A resume with nothing to resume starts afresh without a line (the league says it once for its pairings). */
  readonly quietFresh?: boolean;
  /** The command line, for the manifest and the resume hint. */
  readonly command?: string;
  /** The output directory `command` names, when not `out` (a league's, for one of its pairings): a fresh start goes beside it. */
  readonly commandOut?: string;
  /** How to replay a game of the run, for the largest win's page beside report.html (src/report/pages.ts); none: no page. */
  readonly replayPage?: ReplayPage;
  /** Workers kept warm between this run and the caller's other runs (an experiment's cells): pool.ts WorkerKeep. */
  readonly keep?: WorkerKeep;
  /**
   * The signal trap of a command that plays many runs (a league, an experiment, a test): the run stops on it as on
   * its own, and leaves it in place, so a signal between runs, or while the command writes its own files, is
   * still the command's to honour (src/runner/signals.ts).
   */
  readonly signals?: SignalTrap;
  /**
   * Start the workers from the compiled modules even where the one-file bundle would do (src/worker-script.ts):
   * for the test that both play the same games.
   */
  readonly workerModules?: boolean;
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

export interface RunMonitor {
  /** `luck`: the same games' luck.bin bytes, when the run writes luck.bin (SimulateOptions.luck). */
  batch(nets: Uint8Array, luck?: Uint8Array): { readonly note: string; readonly stop: boolean };
}
