/**
 * Does a limit change which strategy earns most? Harr, Part II introduction: with a limit the object becomes "to
 * score as closely to the limit as possible and win, which in practice amounts to completing the hand as quickly
 * as possible" (docs/rules.md, harr and harr-limit sections).
 */
import type { ExperimentSpec } from '../../src/experiments/types.js';
import { LEAVE_ONE_OUT } from '../lineups.js';

export const spec: ExperimentSpec = {
  name: 'limit-vs-unlimited',
  title: 'Limit versus unlimited play',
  question:
    'Harr (Part II, introduction) says that with a limit the object becomes "to score as closely to the limit as ' +
    'possible and win, which in practice amounts to completing the hand as quickly as possible". On the same ' +
    'walls and lineups, does the fast-win chow-mixer gain on the high-hand strategies when a limit is played?',
  variants: [
    { label: 'harr', rules: 'harr' },
    { label: 'harr-300', rules: 'harr', limit: 300 },
    { label: 'harr-limit', rules: 'harr-limit' },
    { label: 'babcock', rules: 'babcock' },
  ],
  lineups: LEAVE_ONE_OUT,
  seating:
    'The five lineups of strategy-comparison (five strategies, each lineup leaving one out, ordered so that each ' +
    'strategy discards straight to each other one in exactly one lineup), --duplicate ' +
    'rotation, and the same seed in every variant: game g is the same wall with the same seating under every ' +
    'rule set, so each strategy\'s net under a limit is paired with its net without one.',
  // 250,000 per variant, paired game by game across variants.
  games: 1_000_000,
  seed: 1,
  duplicate: true,
  players: 4,
  analysis: 'limit-vs-unlimited',
  baseline: 'harr',
  fast: 'chow-mixer',
  slow: ['suit-hunter', 'harr'],
  caveats: [
    'Duplicate seating rotates each lineup through the seats but keeps its cyclic order, so within a lineup a ' +
      'strategy always discards to the same neighbour (who alone may chow from it). The five lineups are ordered ' +
      'so that each strategy discards straight to each other one in exactly one lineup (experiments/lineups.ts); ' +
      'the order still matters within a lineup, but no strategy gains from always following an easy discarder.',
    'harr-limit and babcock differ from harr in more than the limit (harr-limit: wind rounds, washing, the ' +
      'discarder-pays-all penalty; babcock: its own score table), so only harr versus harr --limit 300 isolates ' +
      'the limit itself; the other two show the limit as those books played it.',
    'The strategies are these implementations (strategies/*.ts, default parameters). harr and defender adapt to ' +
      'the rule set; chow-mixer and suit-hunter do not.',
    'Pairing is on the same game index (same wall, same seating); a different rule set changes play from the ' +
      'first decision on, so the pairing removes the luck of the deal, not all of the variance.',
  ],
};
