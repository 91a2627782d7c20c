/**
 * Where a hand's walls come from (docs/rules.md "Wall and deal"): chance is not a player, so the engine asks a
 * WallSource for the first deal's wall and for every reshuffle after a wash (harr-limit "Washing the tiles").
 * - seeded: the stream of (seed, game, purpose) as everywhere (src/rng/streams.ts; purposes in src/game/play.ts);
 * - given orders: a game record or a scenario carries each deal's wall order;
 * - sampled: a world sampled for an agent (sample.ts) reshuffles from the agent's own stream, never from the
 *   true seed, which would tell it the real next wall.
 */
import type { Rng } from '../rng/streams.js';
import { fillWall, setWallOrder, type Wall } from '../wall/wall.js';

export interface WallSource {
  /** Fill `wall` for deal `reshuffle` of the hand (0 the first deal, W after W washes). */
  fill(wall: Wall, reshuffle: number): void;
}

/** Walls shuffled from one stream per deal. */
export function seededWalls(stream: (reshuffle: number) => Rng): WallSource {
  return { fill: (wall, w) => fillWall(wall, stream(w)) };
}

/** Walls in the given orders, one per deal; deals past the last are an error naming the deal. */
export function orderedWalls(orders: readonly (readonly number[])[], fallback?: WallSource): WallSource {
  return {
    fill(wall, w) {
      const order = orders[w];
      if (order !== undefined) return setWallOrder(wall, order);
      if (fallback) return fallback.fill(wall, w);
      throw new Error(`no wall order for deal ${w + 1} of the hand (${orders.length} given)`);
    },
  };
}

/** Every wall shuffled from one stream (sampled worlds: the agent's own). */
export function streamWalls(rng: Rng): WallSource {
  return { fill: (wall) => fillWall(wall, rng) };
}
