/** Experiment variant-plans as the framework runs it (src/experiments/experiment.ts): tunes, then cross-play, as tuned-plans runs them. */
import type { StagedExperiment } from '../../src/experiments/experiment.js';
import { thousands } from '../../src/text.js';
import { runTunedPlans } from '../tuned-plans/run.js';
import { spec } from './spec.js';

/** Tune's own rule (src/tune/plan.ts): whole --duplicate wall sets of four, at least two. */
const TUNE_MIN_GAMES = 8;

export const experiment: StagedExperiment = {
  kind: 'staged',
  spec,
  takesGenerations: true,
  sizeText: `${thousands(spec.games)} games per candidate per generation, ${spec.generations} generations (--games ${spec.games})`,
  minGames: () => TUNE_MIN_GAMES,
  // Each tune refuses a --games it cannot play (src/tune/plan.ts) before it starts.
  checkGames: () => {},
  run: (o, out) => runTunedPlans(spec, o, out),
};
