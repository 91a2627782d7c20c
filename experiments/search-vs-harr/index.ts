/** Experiment search-vs-harr as the framework runs it (src/experiments/experiment.ts): its spec and its analysis. */
import type { PlayedExperiment } from '../../src/experiments/experiment.js';
import { analyseSearchVsHarr } from './analysis.js';
import { searchTiming } from './timing.js';
import { spec } from './spec.js';

export const experiment: PlayedExperiment = {
  kind: 'played',
  spec,
  analyse: (input) => analyseSearchVsHarr(input, input.timing ?? { msPerDecision: new Map() }),
  timing: searchTiming,
};
