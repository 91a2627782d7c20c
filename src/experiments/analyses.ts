/** The analysis each spec names (ExperimentSpec.analysis). */
import type { Analysis, AnalysisInput } from './analysis.js';
import type { AnalysisKind } from './types.js';
import { analyseStrategyComparison } from '../../experiments/strategy-comparison/analysis.js';
import { analyseLimit } from '../../experiments/limit-vs-unlimited/analysis.js';
import { analyseDefenderDraws } from '../../experiments/defender-draws/analysis.js';
import { analyseSearchVsHarr } from '../../experiments/search-vs-harr/analysis.js';
import { analyseInference } from '../../experiments/inference/analysis.js';

export const ANALYSES: Record<AnalysisKind, (input: AnalysisInput) => Analysis> = {
  'strategy-comparison': analyseStrategyComparison,
  'limit-vs-unlimited': analyseLimit,
  'defender-draws': analyseDefenderDraws,
  'search-vs-harr': (input) => analyseSearchVsHarr(input, input.timing ?? { msPerDecision: new Map() }),
  inference: (input) => analyseInference(input, input.timing ?? { msPerDecision: new Map() }),
};
