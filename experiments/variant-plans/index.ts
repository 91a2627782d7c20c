/** Experiment variant-plans as the framework runs it (src/experiments/experiment.ts): tunes, then cross-play, by tuned-plans' stages. */
import type { StagedExperiment } from '../../src/experiments/experiment.js';
import { tuningExperiment } from '../tuned-plans/index.js';
import { spec } from './spec.js';

export const experiment: StagedExperiment = tuningExperiment(spec);
