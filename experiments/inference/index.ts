/** Experiment inference as the framework runs it (src/experiments/experiment.ts): its spec and its analysis. */
import type { PlayedExperiment } from '../../src/experiments/experiment.js';
import { analyseInference } from './analysis.js';
import { searchTiming } from '../search-vs-harr/timing.js';
import { spec } from './spec.js';

export const experiment: PlayedExperiment = {
  kind: 'played',
  spec,
  analyse: (input) => analyseInference(input, input.timing ?? { msPerDecision: new Map() }),
  timing: searchTiming,
};
