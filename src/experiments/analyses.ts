/** The analysis each spec names (ExperimentSpec.analysis). */
import type { Analysis, AnalysisInput } from './analysis.js';
import type { AnalysisKind } from './types.js';
import { analyseStrategyComparison } from './strategy-comparison.js';
import { analyseLimit } from './limit-vs-unlimited.js';
import { analyseDefenderDraws } from './defender-draws.js';
import { analyseSearchVsHarr } from './search-vs-harr.js';
import { analyseInference } from './inference.js';
import { analyseVariants } from './variants.js';

export const ANALYSES: Record<AnalysisKind, (input: AnalysisInput) => Analysis> = {
  'strategy-comparison': analyseStrategyComparison,
  'limit-vs-unlimited': analyseLimit,
  'defender-draws': analyseDefenderDraws,
  'search-vs-harr': (input) => analyseSearchVsHarr(input, input.timing ?? { msPerDecision: new Map() }),
  inference: (input) => analyseInference(input, input.timing ?? { msPerDecision: new Map() }),
  variants: analyseVariants,
};
