/**
 * The search's budget curve again, with wall sets enough to tell gain against budget (docs/strategies.md, "The search
 * agent"): the committed search-vs-harr curve (experiments/search-vs-harr.ts) played 300 wall sets per budget and rule
 * set, and outside harr's own rule book none of its intervals left zero. Here every budget, the default one included,
 * plays as many wall sets as search-vs-harr's default-budget run of its rule set, the size that showed that run's gain
 * at 80% power; the cells play the first walls of seed 1, so they meet the same walls as search-vs-harr's.
 */
import type { ExperimentSpec } from '../../src/experiments/types.js';
import { WALLS as SVH } from '../search-vs-harr/spec.js';

const RULES = ['harr', 'harr-limit', 'babcock', 'code500'] as const;
const BUDGETS = [32, 64, 128, 256] as const;

export const spec: ExperimentSpec = {
  name: 'search-budget-curve',
  title: 'The search against harr by budget, with wall sets enough to tell the budgets apart',
  question:
    'How does the searcher\'s advantage over harr (one search against three harr, rolling out with harr) grow with ' +
    'the rollouts per decision, under each of the four rule sets, with as many wall sets per budget as the default ' +
    'budget needed to show its own gain?',
  variants: RULES.map((r) => ({ label: r, rules: r })),
  lineups: BUDGETS.map((b) => `search:budget=${b},harr,harr,harr`),
  cells: RULES.flatMap((variant) => BUDGETS.map((_, lineup) => ({ variant, lineup, share: SVH.main[variant] }))),
  seating:
    'One search in the first lineup place, rotated through the four seats by --duplicate against three harr; every ' +
    'run plays the first walls of seed 1, so the four budgets of a rule set meet the same walls.',
  sizing:
    'search-vs-harr\'s budget curve (300 wall sets per budget) showed gain against budget only under harr; its ' +
    'default-budget runs, sized for 80% power at the advantage a first run measured (((1.96 + 0.84)·σ/δ)²), ' +
    'showed it under all four rule sets: harr 600, harr-limit 600, babcock 2,400 and code500 2,400 wall sets. ' +
    'Every budget here plays that many, so each point of the curve is measured as well as the default budget was.',
  games: 4 * BUDGETS.length * RULES.reduce((a, r) => a + SVH.main[r], 0),
  seed: 1,
  duplicate: true,
  players: 4,
  analysis: 'search-vs-harr',
  // The question is the gain with budget: each budget against the one below it on the same walls, not only each
  // against harr.
  budgetPairs: true,
  reportCost: true,
  caveats: [
    'The search is strategies/search.ts at its default parameters but the budget; its worlds come from ' +
      'strategies/opponent-model.ts, as in search-vs-harr.',
    'ms_per_decision is timed on a few hands after the runs, on this machine under whatever load it had: the one ' +
      'number in the files that a re-run does not reproduce.',
  ],
};
