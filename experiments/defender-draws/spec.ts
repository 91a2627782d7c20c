/**
 * How often does the defender force a drawn hand? Harr's rule 3 of careful play: with a poor hand, hold the
 * tiles the others need and play for a drawn hand (docs/rules.md, "Strategies").
 */
import type { ExperimentSpec } from '../../src/experiments/types.js';

export const spec: ExperimentSpec = {
  name: 'defender-draws',
  title: 'Drawn hands as defenders join the table',
  question:
    'Harr advises a player with a poor hand to hold the tiles the others need and play for a drawn hand. How ' +
    'much does each added defender raise the share of drawn hands, and what does defending earn?',
  variants: [{ label: 'harr', rules: 'harr' }],
  lineups: [
    'harr,harr,harr,harr',
    'defender,harr,harr,harr',
    'defender,defender,harr,harr',
    'defender,defender,defender,harr',
    'defender,defender,defender,defender',
  ],
  seating:
    'Zero to four defenders against Harr\'s adaptive player, on the same walls (same seed), with --duplicate ' +
    'rotation so every seat is played by each strategy of the lineup in turn.',
  // 100,000 per lineup: drawn-hand rates to within ±0.3 percentage points.
  games: 500_000,
  seed: 1,
  duplicate: true,
  players: 4,
  analysis: 'defender-draws',
  caveats: [
    'The defender is this implementation (strategies/defender.ts): it defends only with a poor hand or when an ' +
      'opponent looks close, otherwise it plays normally.',
    'The lineups share walls, so the drawn-hand rates are positively correlated across lineups; the Wilson ' +
      'intervals, computed as if independent, are conservative for differences between lineups.',
  ],
};
