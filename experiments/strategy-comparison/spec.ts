/**
 * Which of Harr's strategies wins and earns most under each rule set (results/strategy-comparison/README.md).
 * docs/rules.md, "Strategies" section, and Harr's "suggestions for careful playing of hands" are the sources of the
 * five players.
 */
import type { ExperimentSpec } from '../../src/experiments/types.js';
import { LEAVE_ONE_OUT } from '../lineups.js';

export const spec: ExperimentSpec = {
  name: 'strategy-comparison',
  title: 'Strategy comparison under the four rule sets',
  question:
    'Which of the strategies drawn from Harr\'s advice — the fast chow-mixer, the one-suit hunter, the defender, ' +
    'Harr\'s adaptive plan, and the greedy baseline — wins most often and earns most per hand under harr, ' +
    'harr-limit, babcock and code500?',
  variants: [
    { label: 'harr', rules: 'harr' },
    { label: 'harr-limit', rules: 'harr-limit' },
    { label: 'babcock', rules: 'babcock' },
    { label: 'code500', rules: 'code500' },
  ],
  lineups: LEAVE_ONE_OUT,
  seating:
    'Five strategies, four seats: five lineups, each leaving one strategy out, all on the same walls (same seed). ' +
    'Within a lineup, --duplicate plays every wall four times with the lineup rotated, so every strategy meets ' +
    'the same tiles from every seat. Each strategy plays in four lineups; each pair meets in three; each strategy ' +
    'discards straight to each other one (the only player who may chow from it) in exactly one lineup.',
  // 250,000 per rule set: each strategy plays 200,000 seat-hands per rule set, mean-net intervals about ±1 point.
  games: 1_000_000,
  seed: 1,
  duplicate: true,
  players: 4,
  analysis: 'strategy-comparison',
  caveats: [
    'Duplicate seating rotates each lineup through the seats but keeps its cyclic order, so within a lineup a ' +
      'strategy always discards to the same neighbour (who alone may chow from it). The five lineups are ordered ' +
      'so that each strategy discards straight to each other one in exactly one lineup (experiments/lineups.ts); ' +
      'the order still matters within a lineup, but no strategy gains from always following an easy discarder.',
    'Results hold for these implementations of the strategies (strategies/*.ts, default parameters), not for ' +
      'human players following the same advice.',
    'Each strategy\'s figures pool the four lineups it plays in; its opponents differ between lineups, so a ' +
      'strategy\'s mean net depends on the field as well as on itself.',
    'Win and deal-in rate intervals (Wilson) treat hands as independent; hands on one wall are correlated, so ' +
      'they are somewhat too narrow. Mean-net intervals and the paired tests use the wall as the unit and are ' +
      'not affected.',
  ],
};
