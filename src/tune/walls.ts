/**
 * Which walls each phase of tuning plays (docs/tuning.md, "What it does"). Walls come from
 * the engine's streams keyed by (seed, game, purpose) (src/rng/streams.ts), so disjoint game ranges of one seed
 * are independent, never-repeated walls. Generation g plays games [g·N, (g+1)·N): every candidate of a
 * generation the same walls, each generation new ones. The finalists' race, the confirmation against the
 * defaults and an experiment's cross-play each start far beyond any generation (2^40 games is more than any run
 * plays), so their walls are held out from everything tuned on them.
 */

/** First game of the finalists' race: round r plays [RACE + r·F, RACE + (r+1)·F). */
export const RACE_BLOCK = 2 ** 40;
/** First game of the confirmation of the winner against the defaults. */
export const CONFIRM_BLOCK = 2 * 2 ** 40;
/** First game of an experiment's cross-play (experiments/tuned-plans/run.ts). */
export const CROSS_BLOCK = 3 * 2 ** 40;

export function generationGames(g: number, games: number): [number, number] {
  return [g * games, (g + 1) * games];
}

export function raceGames(round: number, games: number): [number, number] {
  return [RACE_BLOCK + round * games, RACE_BLOCK + (round + 1) * games];
}

export function confirmGames(games: number): [number, number] {
  return [CONFIRM_BLOCK, CONFIRM_BLOCK + games];
}
