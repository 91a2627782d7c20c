/** Experiment learned-policy as the framework runs it (src/experiments/experiment.ts): data, nets, comparisons. */
import type { StagedExperiment } from '../../src/experiments/experiment.js';
import { thousands } from '../../src/text.js';
import { runLearnedPolicy } from './run.js';
import { learningMinGames, learningSizes } from './sizes.js';
import { spec } from './spec.js';

export const experiment: StagedExperiment = {
  kind: 'staged',
  spec,
  takesGenerations: false,
  sizeText: `${thousands(spec.games)} games of generation 1 per rule set, the other stages in proportion (--games ${spec.games})`,
  minGames: () => learningMinGames(spec),
  checkGames: (games) => {
    learningSizes(spec, games);
  },
  run: (o, out) => runLearnedPolicy(spec, o, out),
};
