/**
 * Does the best tuned plan move with the rule that changed? The second question of the variants experiment
 * (results/variants): where only the winner is paid (experiments/variants/harr-winner-only.json), a loser no longer
 * pays the other losers the difference of their scores, so what Harr's player risks by playing on late in a poor
 * hand changes. Harr's late-hand parameters (when to reassess, when to defend) are tuned by self-play under Harr
 * Part I and under the variant file (docs/tuning.md), and each tuned plan is played under both on held-out walls.
 */
import type { TuningExperimentSpec } from '../../src/experiments/types.js';

export const spec: TuningExperimentSpec = {
  name: 'variant-plans',
  title: 'Does the best tuned plan move with the rule that changed?',
  question:
    'results/variants found that Harr\'s defender loses 36 points a hand less where only the winner is paid than ' +
    'where, as in every book, the losers settle among themselves. Harr\'s own player decides late in a hand whether ' +
    'to play on or to defend (Harr I "Suggestions for careful playing of hands"). When those decisions are tuned by ' +
    'self-play under each rule, does the best plan move with the rule: is each rule\'s tuned plan better under its own ' +
    'rule than the other rule\'s, and better than the defaults?',
  analysis: 'tuned-plans',
  change: 'only the winner paid',
  variants: [
    { label: 'harr', rules: 'harr' },
    { label: 'harr-winner-only', rules: 'experiments/variants/harr-winner-only.json' },
  ],
  strategies: [
    {
      strategy: 'harr',
      params: 'poorShanten,lateWall,threatMelds,keepShanten',
      why:
        'These four decide when Harr\'s player defends late in a hand (strategies/harr.ts): at or below lateWall tiles ' +
        'in the live wall, or once an opponent shows threatMelds exposed sets, a hand at poorShanten or worse defends ' +
        'and a hunt within keepShanten of complete is kept. Only-the-winner-is-paid changes what a loser pays, so ' +
        'these are the decisions whose worth it changes; the other nine parameters shape the hand and do not depend ' +
        'on who pays a loser.',
    },
  ],
  families: 2,
  seed: 1,
  // 800 games (200 wall sets) per candidate per generation: see sizing.
  games: 800,
  generations: 10,
  sigma: 0.2,
  finalists: 4,
  raceRounds: 2,
  raceFactor: 2,
  confirmFactor: 5,
  crossFactor: 50,
  sizing:
    'A pilot at 400 games a candidate, 2 generations and 2,400 cross-play wall sets (the same command with ' +
    '`--games 400 --generations 2`) gave a standard deviation per wall set of 9 to 75 points per hand for a plan\'s ' +
    'gain over the defaults (the larger for plans far from them) and up to 40 for the paired contrasts the verdict ' +
    'rests on (a rule\'s plans minus the other rule\'s, averaged over the two seed families). Sizes use σ = 40. ' +
    'The cross-play plays 10,000 wall sets per plan and rule (40,000 games): a 95% half-width of 0.78 points per ' +
    'hand for a contrast, and at 80% power the smallest difference the verdict detects after Holm over its two tests ' +
    'is (2.24 + 0.84)·40/√10,000 ≈ 1.2 points per hand. A tune plays 200 wall sets per candidate per generation ' +
    '(10 generations of λ = 8), races its four finalists on 400 new wall sets a round for two rounds and confirms ' +
    'the winner on 1,000 more, the sizes of the pilot\'s tunes at which the two seed families\' winners already ' +
    'differed more than the two rules\' did; about 0.65 million hands in all, under an hour of one worker at the ' +
    '200 hands a second it managed on a shared machine.',
  caveats: [
    'No strategy reads losersSettle, so under only-the-winner-is-paid every decision, and every deal, is the one ' +
      'played under harr: within a seed family the two tunes see the same games and differ only in what each hand ' +
      'pays, and what separates their plans is the rule alone.',
    'The field is three copies of Harr\'s player at its defaults: a tuned plan is the best reply to that field, not ' +
      'an equilibrium.',
    'The tuned dimensions are integers; CMA-ES searches the unit cube and rounds for play, so values a rounding ' +
      'step apart play identically and the search cannot tell them apart.',
  ],
};
