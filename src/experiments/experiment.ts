/**
 * An experiment as the framework runs it (docs/architecture.md, "Where to add"): each folder experiments/<name>/
 * exports one, and experiments/index.ts lists them. The framework (this folder) imports none of them:
 * `mjlab experiment` is handed the list (bin/mjlab.js loads experiments/index.ts and passes it to the CLI), so the lab
 * sits above the library.
 *
 * An experiment either plays cells (every variant × lineup of its spec through simulate(), then its analysis turns
 * the cells into tables, charts and findings: run.ts does the playing and writing) or runs stages of its own (a
 * tuning or a learning experiment), into the directory the framework has claimed for it.
 */
import type { RunDir } from '../io/run-dir.js';
import type { StopSignal } from '../runner/signals.js';
import type { Analysis, AnalysisInput } from './analysis.js';
import type { ExperimentBase, ExperimentSpec } from './types.js';
import type { Cell } from './walls.js';

export interface ExperimentOptions {
  readonly name: string;
  /** Total games over all cells; default the spec's. */
  readonly games?: number;
  readonly seed?: number;
  readonly out?: string;
  readonly workers?: number;
  readonly progress: 'auto' | 'none';
  readonly resume: boolean;
  /** Replace whatever the output directory holds (the directory is emptied whole first). */
  readonly force?: boolean;
  readonly command?: string;
  /** Tuning experiments only: CMA-ES generations (default the spec's). */
  readonly generations?: number;
  /** Experiments that read models only: `LABEL=FILE,...`, a model file for each variant (src/experiments/models.ts). */
  readonly models?: string;
}

export interface ExperimentResult {
  readonly status: 'complete' | 'interrupted';
  readonly signal?: StopSignal;
  /** Interrupted, and the line saying so (with the resume command) is printed. */
  readonly said?: boolean;
  readonly dir: string;
  readonly hands: number;
  /** This session's seconds. */
  readonly seconds: number;
  /** The runs' seconds over every session (a complete experiment only). */
  readonly runSeconds?: number;
}

/** Milliseconds per searched decision by "<rules> <budget>" and "<rules> <searcher>", timed after the runs. */
export interface SearchTiming {
  readonly msPerDecision: ReadonlyMap<string, number>;
}

/** An experiment of played cells: its spec, its analysis, and what it times after the runs (if anything). */
export interface PlayedExperiment {
  readonly kind: 'played';
  readonly spec: ExperimentSpec;
  readonly analyse: (input: AnalysisInput) => Analysis;
  /** Timed after the runs, for the analysis (AnalysisInput.timing). */
  readonly timing?: (cells: readonly Cell[], progress: 'auto' | 'none') => Promise<SearchTiming>;
}

/** An experiment that runs stages of its own (tuning, learning) into the directory claimed for it. */
export interface StagedExperiment {
  readonly kind: 'staged';
  readonly spec: ExperimentBase & { readonly games: number };
  /** `--generations` applies to it (a tuning experiment). */
  readonly takesGenerations: boolean;
  /** `--models` applies to it (it measures model files it is given). */
  readonly takesModels?: boolean;
  /** Its full size as `experiment --list` says it. */
  readonly sizeText: string;
  /** The smallest total --games it accepts. */
  minGames(): number;
  /** Refuses a --games it cannot run (UserError), before anything is claimed. */
  checkGames(games: number): void;
  run(o: ExperimentOptions, out: RunDir): Promise<ExperimentResult>;
}

export type Experiment = PlayedExperiment | StagedExperiment;

/** The lab's experiments as the CLI gets them: loaded only when `mjlab experiment` runs. */
export type LabLoader = () => Promise<readonly Experiment[]>;
