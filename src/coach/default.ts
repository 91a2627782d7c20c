/** The review's default coach (docs/replay.md, "A review"): a budget that reviews a whole hand in about 10 s on one core (src/bench/review.ts). Its own file so that the command's options load nothing else. */
export const DEFAULT_COACH = 'search:budget=160';
