/**
 * The lab learns (docs/learning.md, "The experiment: `mjlab experiment learned-policy`"): expert iteration under each
 * rule set. Generation 1 is a net distilled from today's search playing one seat against three harr; generation 2 from
 * a search that rolls out with generation 1's net and searches its best discards. Each net plays harr and the
 * generation before on duplicate walls, and a search with the last net as policy and prior plays today's search at
 * about the same time per decision.
 */
import type { LearningExperimentSpec } from '../../src/experiments/types.js';

const RULES = ['harr', 'harr-limit', 'babcock', 'code500'] as const;

export const spec: LearningExperimentSpec = {
  name: 'learned-policy',
  title: 'A policy learned from the lab\'s own search (expert iteration), against harr and against the search',
  question:
    'Can a small network distilled from the search\'s self-play decisions (expert iteration: Anthony, Tian and ' +
    'Barber 2017) play better than harr at a fraction of a millisecond a decision, does a second generation taught ' +
    'by a search that rolls out with the first do better still, and does search with the learned net beat today\'s ' +
    'search at the same time per decision, under each of the four rule sets?',
  variants: RULES.map((r) => ({ label: r, rules: r })),
  seed: 1,
  analysis: 'learned-policy',
  teacher: 'search',
  field: 'harr,harr,harr',
  games: 4000,
  gen2Budget: 64,
  gen2Factor: 0.25,
  netFactor: 10,
  baselineSearch: 'search',
  netSearchBudget: 32,
  searchFactor: 0.3,
  timingHands: { net: 300, search: 4 },
  sizing:
    'Generation 1: 4,000 games of today\'s search (256 rollouts) per rule set, about 1.1 CPU-seconds a game and ' +
    '15 decisions with a choice, so about 60,000 decisions; the harr pilot (results/learned-policy-pilot) had ' +
    '11,790 and learned nothing beyond harr, its teacher departing from harr in 2.5% of them. ' +
    'Generation 2: 1,000 games of a search rolling out with generation 1\'s net at 64 rollouts, about twice ' +
    'today\'s search\'s time a decision. The nets\' comparisons cost about 2 ms a game, so they play 40,000 games ' +
    '(10,000 wall sets): enough to see a gain of 1 point a hand under babcock, whose wall-set spread is the ' +
    'smallest. The search with the net plays 32 rollouts: timed at one table here (src/runner/decision-times.ts, 6 hands ' +
    'under harr and babcock), a search rolling out with the pilot\'s net took 1.45 times today\'s search\'s time a ' +
    'decision at 48 rollouts, so 32 is about the same time; it meets today\'s search on 1,200 games (300 wall sets).',
  caveats: [
    'The nets see only their seat\'s view (strategies/learned/features.ts), harr\'s choice at the decision among ' +
      'the features: a net starts as harr and learns where the teacher departs from it.',
    'ms_per_decision counts every decision the agent makes, searched or not, timed at one table in one thread ' +
      'after the runs, on this machine under whatever load it had: the one number in the files that a re-run ' +
      'does not reproduce.',
    'The searches\' budgets are fixed in the spec, from a timing on this machine: on another, the same budgets ' +
      'may not spend the same time, and ms_per_decision says how far apart they were.',
    'Each net is one fit (--train-seed 1). Other seeds on the same data play differently: under harr, three seeds ' +
      'of the fit used here played +8.4, +7.2 and +6.7 a hand against three harr, and of the fit used before ' +
      '(--lr 0.002, 6 epochs) +6.7, +3.4 and -0.6 (docs/learning.md, "The fit\'s seed").',
  ],
};
