/** Experiment belief-prediction as the framework runs it (src/experiments/experiment.ts): the learned belief's predictions scored. */
import { UserError } from '../../src/errors.js';
import type { StagedExperiment } from '../../src/experiments/experiment.js';
import { runBeliefPrediction } from './run.js';
import { spec } from './spec.js';

export const experiment: StagedExperiment = {
  kind: 'staged',
  spec,
  takesGenerations: false,
  takesModels: true,
  sizeText: `${spec.games} hands of four harr per rule set, with a belief model per rule set (--games ${spec.games} --models harr=FILE,...)`,
  minGames: () => 1,
  checkGames: (games) => {
    if (!Number.isSafeInteger(games) || games <= 0) throw new UserError(`--games must be a positive integer (hands per rule set), got ${games}`);
  },
  run: (o, out) => runBeliefPrediction(spec, o, out),
};
