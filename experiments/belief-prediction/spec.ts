/**
 * How well the learned belief predicts the hidden hands (docs/belief.md, "Prediction quality"): on held-out self-play,
 * at the decision points results/inference-prediction measures, the belief model of each rule set against uniform
 * worlds and today's inference over worlds, by stage of the hand.
 */
import type { ExperimentBase } from '../../src/experiments/types.js';

export interface BeliefPredictionSpec extends ExperimentBase {
  /** Hands of four `harr` per rule set (`--games`). */
  readonly games: number;
  /** One turn in `every` is measured, and every turn once the live wall is below 25. */
  readonly every: number;
  /** Worlds drawn per decision for the methods that sample them. */
  readonly worlds: number;
  /** The training data's master seed the models must not share with the walls measured here. */
  readonly trainSeed: number;
  readonly sizing: string;
}

const RULES = ['harr', 'harr-limit', 'babcock', 'code500'] as const;

export const spec: BeliefPredictionSpec = {
  name: 'belief-prediction',
  title: 'How well the learned belief predicts the hidden hands, against uniform worlds and the inference over worlds',
  question:
    'Does a belief model learned from self-play (mjlab train --target belief) predict the other seats\' concealed ' +
    'tiles, whether each is one tile from complete, and the danger of each discard better than today\'s inference over ' +
    'worlds, early, in the middle and late in the hand, under each of the four rule sets?',
  variants: RULES.map((r) => ({ label: r, rules: r })),
  // results/inference-prediction's seed: the same hands and decision points, and the same worlds for the sampled methods.
  seed: 26,
  games: 240,
  every: 3,
  worlds: 32,
  trainSeed: 1,
  sizing:
    '240 hands of four harr per rule set, one turn in three and every turn once the live wall is below 25, 32 worlds ' +
    'per decision: the size and decision points of results/inference-prediction, whose uniform and inference rows ' +
    'this reproduces. About 3,000-3,800 decisions and 28,000-35,000 danger samples per rule set; the late stage is ' +
    'thin (6 to 55 hands reach it).',
  caveats: [
    'The models are trained on four harr\'s self-play on walls of master seed 1 (mjlab train --seed 1, the games of ' +
      'mjlab simulate --duplicate); the hands measured here are dealt from master seed 26 by another stream ' +
      '(experiments/self-play.ts), so no wall measured was trained on.',
    'The belief\'s danger treats the other seats as independent: 1 − Π (1 − P(seat wins on the kind)).',
    'Late in the hand few hands are measured (results/inference-prediction: 6 to 55 per rule set): the late figures ' +
      'and their intervals over hands say how far they can be read.',
  ],
};
