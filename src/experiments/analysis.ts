/**
 * What every analysis gets and gives (README.md, "Experiments: what we found"): the played cells, grouped by variant, and the wall-set
 * layout of their nets.bin files; back come the CSVs, the charts and the README's findings section. All of it is
 * a pure function of exact integer aggregates, so re-running a command reproduces the files byte for byte.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentSpec } from './types.js';
import type { Cell } from './walls.js';

export interface AnalysisInput {
  readonly spec: ExperimentSpec;
  readonly cells: readonly Cell[];
  readonly byVariant: ReadonlyMap<string, readonly Cell[]>;
  /** Games per wall set (players with --duplicate, else 1). */
  readonly wallGames: number;
  /** Wall sets of the smallest cell (every cell's, unless the spec names its cells). */
  readonly walls: number;
  /** search-vs-harr: milliseconds per searched decision, timed after the runs (the one timing in its files). */
  readonly timing?: { readonly msPerDecision: ReadonlyMap<string, number> };
}

export interface Analysis {
  readonly files: readonly { readonly name: string; readonly text: string }[];
  readonly charts: readonly { readonly name: string; readonly title: string; readonly spec: TopLevelSpec }[];
  /** Markdown, starting with "## Findings". */
  readonly findings: string;
}
