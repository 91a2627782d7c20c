/**
 * Does the best plan change with a limit? Harr (Part II, introduction) says playing with a limit changes how one
 * should play. Here each plan's parameters are tuned by self-play for each rule setting (docs/tuning.md), and
 * every tuned plan is then played under every rule setting on held-out walls.
 */
import type { TuningExperimentSpec } from '../../src/experiments/types.js';

export const spec: TuningExperimentSpec = {
  name: 'tuned-plans',
  title: 'Tuned plans with and without a limit',
  question:
    'Harr (Part II, introduction) says that with a limit the object becomes "to score as closely to the limit as ' +
    'possible and win, which in practice amounts to completing the hand as quickly as possible". When each plan\'s ' +
    'parameters are tuned by self-play for a rule set, how far apart are the best plans with and without a limit, ' +
    'and how much does each lose when played under the other rules?',
  analysis: 'tuned-plans',
  variants: [
    { label: 'harr', rules: 'harr' },
    { label: 'harr-300', rules: 'harr', limit: 300 },
    { label: 'harr-limit', rules: 'harr-limit' },
    { label: 'babcock', rules: 'babcock' },
  ],
  strategies: [
    {
      strategy: 'harr',
      // Harr's Part I and Part II thresholds for the one-suit hunt are one plan tied into one dimension: harr reads
      // minPairs/minTiles under harr and harr --limit 300, limitMinPairs/limitMinTiles under harr-limit and
      // babcock, so a tuned value applies under every rule setting when the plan is played elsewhere. The start
      // is the threshold the rule setting reads.
      params: 'minPairs+limitMinPairs,minTiles+limitMinTiles,honourPairs,threatMelds',
      paramsFor: {
        'harr-limit': 'limitMinPairs+minPairs,limitMinTiles+minTiles,honourPairs,threatMelds',
        babcock: 'limitMinPairs+minPairs,limitMinTiles+minTiles,honourPairs,threatMelds',
      },
      why:
        'In the pilot (pilot.csv) only four of harr\'s 13 parameters moved its mean net by more than one point per ' +
        'hand a notch from the default under any rule setting: the hunt\'s pairs (up to 5.5) and tiles (up to 2.3) ' +
        'thresholds, honourPairs (2.2) and threatMelds (3.9). Of the other nine, honourBias and planBy moved it by ' +
        'at most 0.9 (never significantly) and the remaining seven by at most 0.32; several never act under some ' +
        'rules (washMin outside harr-limit, the limit thresholds under harr). Tuning them too would add dimensions ' +
        'that CMA-ES must learn (its learning rates fall as 1/n²) for gains the pilot cannot tell from zero.',
    },
    {
      strategy: 'suit-hunter',
      params: 'minPairs,minTiles,rivalTiles,giveUpWall,giveUpShanten',
      why:
        'The suit-hunter does not adapt to the rule set, so its tuned plans ask directly whether the best hunting ' +
        'plan changes with a limit. In the pilot its pairs and tiles thresholds moved its mean net by up to 25 and ' +
        '12 points per hand (the defaults hunt too readily), rivalTiles by up to 3.3 and giveUpWall and ' +
        'giveUpShanten by about 1 (significant under the limited books); chooseBy (at most 0.9, never ' +
        'significant) is left at its default.',
    },
  ],
  families: 2,
  seed: 1,
  games: 4000,
  generations: 15,
  sigma: 0.2,
  finalists: 4,
  raceRounds: 3,
  raceFactor: 2,
  confirmFactor: 10,
  crossFactor: 12,
  sizing:
    'From the pilot (pilot.csv: every numeric parameter one notch from its default, 1,000 wall sets each, seed ' +
    '9001): a one-change candidate\'s net per wall set has a standard deviation σ of 14 (harr) and 18 ' +
    '(suit-hunter) points per hand at the median, and up to 101 and 117 for the hunt thresholds this experiment ' +
    'tunes. Sizes use σ = 100. A candidate plays 1,000 wall sets per generation (4,000 games; standard error ' +
    'about 3 points per hand at σ = 100, less between the generation\'s candidates, which share the walls); 15 ' +
    'generations of λ = 8. The best of the 120 candidates looks better than it is by up to σ·√(2 ln N) ≈ 3.2 × ' +
    '3.1 ≈ 10 points per hand, so four finalists are raced on 2,000 new wall sets a round for three rounds, and ' +
    'the winner is confirmed on 10,000 more: ((1.96 + 0.84)·σ/δ)² = 8,711 wall sets give 80% power for a gain ' +
    'of δ = 3 points per hand at σ = 100. Each cross-play evaluation plays 12,000 wall sets (48,000 games), a ' +
    '95% half-width of 1.8 at σ = 100.',
  change: 'a limit',
  pilot: {
    files: '[pilot.csv](pilot.csv), [pilot-manifest.json](pilot-manifest.json)',
    command: 'node dist/experiments/tuned-plans/pilot.js results/tuned-plans   # the pilot (pilot.csv)',
  },
  caveats: [
    'The field is three copies of the strategy at its defaults: a tuned plan is the best reply to that field, not ' +
      'an equilibrium; against other opponents other values may be better.',
    'harr-limit and babcock differ from harr in more than the limit (wind rounds, washing and the discarder-pays-all ' +
      'penalty; Babcock\'s own score table), so only harr against harr-300 isolates the limit itself.',
    'The tuned dimensions are integers; CMA-ES searches the unit cube and rounds for play, so values a rounding ' +
      'step apart play identically and the search cannot tell them apart.',
    'A tune sees 15 generations of noisy evaluations; two seed families show how far its result moves from one ' +
      'run to the next, and the answer is read against that spread.',
  ],
};
