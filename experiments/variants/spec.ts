/**
 * Does Harr's defender pay where only the winner is paid, or where a dead wall makes more hands drawn? Harr I
 * "Suggestions for careful playing of hands": with a poor hand, hold the tiles the others need and play for a drawn
 * hand. Under the books' settlement a defender still pays the other losers the difference of their scores; under a
 * house rule where only the winner is paid that part of the cost goes; Part II's dead wall of 14 tiles makes drawn
 * hands commoner. Each is a variant file (experiments/variants/*.json, docs/rules.md "Variants"), played on the
 * same walls as its base.
 */
import type { ExperimentSpec } from '../../src/experiments/types.js';

export const spec: ExperimentSpec = {
  name: 'variants',
  title: 'A rule the books argued: do the losers settle among themselves?',
  question:
    'Harr advises a player with a poor hand to hold the tiles the others need and play for a drawn hand ' +
    '(Harr I "Suggestions for careful playing of hands"); results/defender-draws found that it loses well over a ' +
    'hundred points a hand where, as in every book, the losers settle their differences among themselves. Where ' +
    'only the winner is paid, as some house rules had it, does the advice pay, and how much of its loss was that rule? ' +
    'And the other rule Harr changed between his parts that a defender lives by: does a dead wall of 14 tiles, ' +
    'more drawn hands, make the advice pay under Part I\'s scoring, alone or with only the winner paid?',
  variants: [
    { label: 'harr', rules: 'harr' },
    { label: 'harr-winner-only', rules: 'experiments/variants/harr-winner-only.json' },
    { label: 'harr-dead-wall', rules: 'experiments/variants/harr-dead-wall.json' },
    { label: 'harr-dead-wall-winner-only', rules: 'experiments/variants/harr-dead-wall-winner-only.json' },
    { label: 'harr-limit', rules: 'harr-limit' },
    { label: 'harr-limit-winner-only', rules: 'experiments/variants/harr-limit-winner-only.json' },
  ],
  changes: {
    'harr-winner-only': 'harr',
    'harr-dead-wall': 'harr',
    'harr-dead-wall-winner-only': 'harr-dead-wall',
    'harr-limit-winner-only': 'harr-limit',
  },
  lineups: ['defender,harr,harr,harr'],
  seating:
    "One challenger (the defender) against three of Harr's adaptive player, --duplicate rotation (every wall played " +
    'once with the challenger in each seat), and the same seed under every rule set: wall set w is the same four ' +
    'deals under each, so a variant is paired with its base wall set by wall set.',
  // 60,000 games (15,000 wall sets) per cell: see sizing.
  games: 360_000,
  seed: 1,
  duplicate: true,
  players: 4,
  analysis: 'variants',
  reportCost: true,
  sizing:
    'A pilot of 4,000 games over the four cells without the dead wall (250 wall sets per cell) gave 95% half-widths ' +
    'of 9.3 (harr) and 4.9 (harr-limit) points a hand for the gains, and 5.0 and 2.1 for the paired changes; ' +
    'a first full run of five cells took 657 s on two workers; 15,000 wall sets per cell ' +
    'bring those to about 1.2, 0.6, 0.6 and 0.3, small beside every effect the pilot saw, and fit the time the ' +
    'machine had (two cores shared with other work).',
  caveats: [
    'The defender is this implementation (strategies/defender.ts): it defends only with a poor hand or when an ' +
      'opponent looks close, otherwise it plays as harr does. Neither strategy reads losersSettle, so under ' +
      'only-the-winner-is-paid the decisions, and the deals, are the same as under its base: the paired change is ' +
      'the settlement alone.',
    'Only the winner is paid is one rule changed; the harr-limit pair also keeps its limit, wind rounds, washing and ' +
      'the discarder-pays-all penalty.',
    'Whether the best tuned plan (results/tuned-plans) moves with these rules is not measured here: no strategy ' +
      'reads losersSettle, so under only-the-winner-is-paid a plan could move only through its payoffs, which a ' +
      'tuning run under the variant file would have to show.',
    'The dead wall changes play: a hand ends 14 tiles sooner, so from the first wall that runs long the decisions ' +
      'differ, and the pairing removes the luck of the deal, not all of the variance.',
  ],
};
