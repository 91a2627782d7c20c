/**
 * The wall (docs/rules.md "Wall and deal"): a seeded shuffle of 136 tiles (144 with flowers and seasons), drawn from the
 * head; loose tiles (replacements for kongs and flowers) come from the tail. The dead wall (RuleSet.deadWall) is the
 * number of tiles that are never drawn from either end: harr 0 ("no dead wall beyond the loose tiles"), harr-limit
 * and babcock 14 ("the last 14 tiles (loose tiles included) are never drawn ... no loose tile is drawn once only 14
 * remain"), code500 8 ("play ends when 8 tiles remain").
 *
 * A Wall is a typed array plus two cursors: no allocation per draw.
 */
import { type Rng, intFrom, rawInt32 } from '../rng/streams.js';
import { FIRST_BONUS, KINDS } from '../tiles/index.js';

export interface Wall {
  /** Tile ids in wall order; index `head` is the next tile drawn, index `tail - 1` the next loose tile. */
  readonly tiles: Uint8Array;
  /** Number of tiles in the set (136 or 144). */
  readonly size: number;
  head: number;
  tail: number;
  readonly deadWall: number;
}

/** A fresh wall in set order (not shuffled); `fillWall` shuffles it. */
export function createWall(flowers: boolean, deadWall: number): Wall {
  const size = flowers ? 144 : 136;
  return { tiles: new Uint8Array(size), size, head: 0, tail: size, deadWall };
}

/** Fill `wall` with the full set in a seeded Fisher–Yates order (the same algorithm as rng/shuffleInPlace). */
export function fillWall(wall: Wall, rng: Rng): void {
  const t = wall.tiles;
  let n = 0;
  for (let k = 0; k < KINDS; k++) for (let c = 0; c < 4; c++) t[n++] = k;
  for (let b = FIRST_BONUS; n < wall.size; b++) t[n++] = b;
  const g = rawInt32(rng);
  for (let i = wall.size - 1; i > 0; i--) {
    const j = g !== null ? intFrom(g, i + 1) : rng.int(i + 1);
    const tmp = t[i]!;
    t[i] = t[j]!;
    t[j] = tmp;
  }
  wall.head = 0;
  wall.tail = wall.size;
}

/** Fill `wall` from a given order (tests: constructed walls). The order must be a permutation of the full set. */
export function setWallOrder(wall: Wall, order: readonly number[]): void {
  if (order.length !== wall.size) throw new Error(`wall order has ${order.length} tiles, expected ${wall.size}`);
  wall.tiles.set(order);
  wall.head = 0;
  wall.tail = wall.size;
}

/** Tiles not yet drawn from either end. */
export function remaining(wall: Wall): number {
  return wall.tail - wall.head;
}

/** Tiles that may still be drawn (the live wall): what remains beyond the dead wall. */
export function liveCount(wall: Wall): number {
  const n = wall.tail - wall.head - wall.deadWall;
  return n > 0 ? n : 0;
}

/** Draw from the head. Caller checks liveCount > 0 (dealing ignores the dead wall: it is always large enough). */
export function drawHead(wall: Wall): number {
  return wall.tiles[wall.head++]!;
}

/** Draw a loose tile from the tail. Caller checks liveCount > 0 ("no loose tile once only deadWall remain"). */
export function drawLoose(wall: Wall): number {
  return wall.tiles[--wall.tail]!;
}
