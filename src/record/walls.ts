/**
 * Wall orders in a game record (docs/notation.md "Game records"): a whole order, head first ("1m 5p 7z ..."), or,
 * in a hand-written scenario, what matters and nothing more: the hands as dealt (East's 14 first, then in turn),
 * the tiles drawn from the head after the deal, and the loose tiles taken from the tail, in order; the rest of the
 * set fills the middle of the wall in set order with the honours last, so that the filler rarely completes anything
 * by accident. Either way the order must be a permutation of the table's full set (136 tiles, 144 with flowers).
 */
import { UserError } from '../errors.js';
import { FIRST_BONUS, parseTile, parseTiles, tileCode } from '../tiles/index.js';

export interface WallSpec {
  /** Hands in deal order, East first (East 14 tiles, the others 13). */
  readonly hands: readonly string[];
  /** Tiles drawn from the head after the deal, in order. */
  readonly draws?: string;
  /** Loose tiles taken from the tail, in order. */
  readonly loose?: string;
}

function parse(text: string, where: string): number[] {
  try {
    return parseTiles(text);
  } catch (e) {
    throw new UserError(`${where}: ${(e as Error).message}`);
  }
}

/** A wall order dealing `spec.hands`, then `draws` from the head; `loose` from the tail; the rest in set order. */
export function buildWall(spec: WallSpec, flowers: boolean, where = 'wall'): number[] {
  const size = flowers ? 144 : 136;
  const left = new Map<number, number>();
  for (let t = 0; t < 34; t++) left.set(t, 4);
  if (flowers) for (let t = FIRST_BONUS; t < FIRST_BONUS + 8; t++) left.set(t, 1);
  const take = (tiles: number[]): number[] => {
    for (const t of tiles) {
      const n = left.get(t) ?? 0;
      if (n === 0) throw new UserError(`${where}: too many ${tileCode(t)} (the set has ${t < FIRST_BONUS ? 4 : flowers ? 1 : 0})`);
      left.set(t, n - 1);
    }
    return tiles;
  };
  const hands = spec.hands.map((h, i) => {
    const tiles = parse(h, `${where}, hand ${i + 1}`);
    const want = i === 0 ? 14 : 13;
    if (tiles.length !== want) throw new UserError(`${where}: hand ${i + 1} "${h}" has ${tiles.length} tiles, not ${want}`);
    return tiles;
  });
  const head = take(hands.flat().concat(parse(spec.draws ?? '', `${where}, draws`)));
  const loose = take(parse(spec.loose ?? '', `${where}, loose`));
  const rest: number[] = [];
  for (let t = 0; t < FIRST_BONUS + 8; t++) for (let k = left.get(t) ?? 0; k > 0; k--) rest.push(t);
  const order = [...head, ...rest, ...loose.reverse()];
  if (order.length !== size) throw new UserError(`${where}: ${order.length} tiles, not ${size}`);
  return order;
}

/** A whole wall order in notation, checked to be the table's full set. */
export function parseWallOrder(text: string, flowers: boolean, where = 'wall'): number[] {
  const order = text.trim().split(/\s+/).map((code, i) => {
    try {
      return parseTile(code);
    } catch {
      throw new UserError(`${where}: tile ${i + 1}, "${code}", is not a tile code`);
    }
  });
  const size = flowers ? 144 : 136;
  if (order.length !== size) throw new UserError(`${where}: ${order.length} tiles, not ${size} (${flowers ? 'with' : 'without'} flowers)`);
  const n = new Array<number>(FIRST_BONUS + 8).fill(0);
  for (const t of order) n[t]!++;
  for (let t = 0; t < n.length; t++) {
    const want = t < FIRST_BONUS ? 4 : flowers ? 1 : 0;
    if (n[t] !== want) throw new UserError(`${where}: ${tileCode(t)} appears ${n[t]} times, not ${want}`);
  }
  return order;
}
