/** Experiment search-budget-curve as the framework runs it (src/experiments/experiment.ts): its spec, with search-vs-harr's analysis and timing. */
import type { PlayedExperiment } from '../../src/experiments/experiment.js';
import { analyseSearchVsHarr } from '../search-vs-harr/analysis.js';
import { searchTiming } from '../search-vs-harr/timing.js';
import { spec } from './spec.js';

export const experiment: PlayedExperiment = {
  kind: 'played',
  spec,
  analyse: (input) => analyseSearchVsHarr(input, input.timing ?? { msPerDecision: new Map() }),
  timing: searchTiming,
};
