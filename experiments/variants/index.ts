/** Experiment variants as the framework runs it (src/experiments/experiment.ts): its spec and its analysis. */
import type { PlayedExperiment } from '../../src/experiments/experiment.js';
import { analyseVariants } from './analysis.js';
import { spec } from './spec.js';

export const experiment: PlayedExperiment = {
  kind: 'played',
  spec,
  analyse: analyseVariants,
};
