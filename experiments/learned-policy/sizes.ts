/**
 * The learned-policy experiment's stage sizes (docs/learning.md, "The experiment: `mjlab experiment learned-policy`"):
 * --games is generation 1's games per rule set, and each other stage plays its spec's multiple of it in whole
 * --duplicate wall sets. Apart from the runner so that `experiment --list` and the refusals need not load it.
 */
import { UserError } from '../../src/errors.js';
import type { LearningExperimentSpec } from '../../src/experiments/types.js';

/** Whole --duplicate wall sets of four games, at least two. */
const WALL = 4;

/** Games of a stage sized `factor` × --games: whole wall sets, rounded down. */
export function stageGames(games: number, factor: number): number {
  return Math.floor((games * factor) / WALL) * WALL;
}

export interface LearningSizes {
  readonly gen1: number;
  readonly gen2: number;
  readonly nets: number;
  readonly search: number;
}

function sizesOf(spec: LearningExperimentSpec, games: number): LearningSizes {
  return { gen1: games, gen2: stageGames(games, spec.gen2Factor), nets: stageGames(games, spec.netFactor), search: stageGames(games, spec.searchFactor) };
}

/** Every stage's games for --games, refused in one line (naming the smallest) when one would get under two wall sets. */
export function learningSizes(spec: LearningExperimentSpec, games: number): LearningSizes {
  if (!Number.isSafeInteger(games) || games <= 0) throw new UserError(`--games must be a positive integer, got ${games}`);
  if (games % WALL !== 0) {
    const below = games - (games % WALL);
    throw new UserError(`--games ${games} is not a whole number of wall sets of ${WALL} games: give ${below > 0 ? `${below} or ` : ''}${below + WALL}`);
  }
  const sizes = sizesOf(spec, games);
  if (Math.min(...Object.values(sizes)) < 2 * WALL) {
    throw new UserError(`--games ${games} is too small for ${spec.name}: each of its stages needs at least two wall sets of ${WALL} games; the smallest is --games ${learningMinGames(spec)}`);
  }
  return sizes;
}

/** The smallest --games that gives every stage two wall sets. */
export function learningMinGames(spec: LearningExperimentSpec): number {
  let g = 2 * WALL;
  while (Math.min(...Object.values(sizesOf(spec, g))) < 2 * WALL) g += WALL;
  return g;
}
