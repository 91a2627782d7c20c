/**
 * The five-strategy field shared by strategy-comparison and limit-vs-unlimited (issue 6, points 2–3): five
 * strategies, four seats, so five lineups, each leaving one strategy out. Every strategy sits in four of the five
 * lineups and every pair meets in three, all on the same walls (same seed) with --duplicate rotation.
 */
export const FIELD = ['chow-mixer', 'suit-hunter', 'defender', 'harr', 'greedy'] as const;

/** Lineup k leaves out FIELD[4 − k], so the first lineup is the runner's default four and the tables list the
 * strategies in FIELD order. */
export const LEAVE_ONE_OUT: readonly string[] = FIELD.map((_, k) => FIELD.filter((__, i) => i !== FIELD.length - 1 - k).join(','));
