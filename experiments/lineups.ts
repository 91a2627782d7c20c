/**
 * The five-strategy field shared by strategy-comparison and limit-vs-unlimited: five
 * strategies, four seats, so five lineups, each leaving one strategy out, all on the same walls (same seed) with
 * --duplicate rotation. Every strategy sits in four of the five lineups and every pair meets in three.
 *
 * Why this order: seat i + 1 plays after seat i (docs/rules.md "Seats": play passes East → South → West → North), so a
 * lineup's order fixes who discards to whom, and only the next player may chow a discard (docs/rules.md "Claims").
 * --duplicate rotates a lineup through the seats but keeps that cyclic order. The five cycles below are chosen so that
 * every ordered pair of strategies — x discarding straight to y — occurs in exactly one lineup: the 20 ordered pairs of
 * five strategies, four per lineup, each once (test/experiments/lineups.test.ts). No strategy is favoured by always
 * sitting after an easy discarder. (All six cyclic orders of every lineup would need thirty runs; the complete directed
 * graph on five strategies splits into five 4-cycles, one leaving out each strategy, so five suffice.)
 */
export const FIELD = ['chow-mixer', 'suit-hunter', 'defender', 'harr', 'greedy'] as const;

/**
 * Lineup k leaves out FIELD[4 − k], so the first lineup is the runner's default four (in its default order) and
 * the tables list the strategies in FIELD order.
 */
export const LEAVE_ONE_OUT: readonly string[] = [
  'chow-mixer,suit-hunter,defender,harr',
  'chow-mixer,defender,suit-hunter,greedy',
  'chow-mixer,greedy,harr,suit-hunter',
  'chow-mixer,harr,greedy,defender',
  'suit-hunter,harr,defender,greedy',
];
