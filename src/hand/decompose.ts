/**
 * Rule-free decomposition of concealed tiles into combinations (docs/rules.md "Complete hand": four combinations —
 * pung, kong or run of three in one suit — and a pair). Works on 34-kind count arrays.
 */
import type { Counts } from '../tiles/counts.js';
import { KINDS, type Tile } from '../tiles/tile.js';

export interface ConcealedSet {
  readonly type: 'chow' | 'pung';
  /** Lowest tile of a run, or the tile of a pung. */
  readonly tile: Tile;
}

export interface Arrangement {
  readonly sets: readonly ConcealedSet[];
  readonly pair: Tile;
}

function canRun(c: Counts, t: number): boolean {
  return t < 27 && t % 9 <= 6 && c[t + 1]! > 0 && c[t + 2]! > 0;
}

/** True when `c` splits exactly into sets (pungs / runs) with no pair. Leaves `c` unchanged. */
export function splitsIntoSets(c: Counts, from = 0): boolean {
  let t = from;
  while (t < KINDS && c[t] === 0) t++;
  if (t >= KINDS) return true;
  if (c[t]! >= 3) {
    c[t]! -= 3;
    const ok = splitsIntoSets(c, t);
    c[t]! += 3;
    if (ok) return true;
  }
  if (canRun(c, t)) {
    c[t]!--;
    c[t + 1]!--;
    c[t + 2]!--;
    const ok = splitsIntoSets(c, t);
    c[t]!++;
    c[t + 1]!++;
    c[t + 2]!++;
    if (ok) return true;
  }
  return false;
}

/** True when `c` (3n+2 tiles) is n sets and a pair. Leaves `c` unchanged. */
export function isStandardComplete(c: Counts): boolean {
  let n = 0;
  for (let t = 0; t < KINDS; t++) n += c[t]!;
  if (n % 3 !== 2) return false;
  for (let t = 0; t < KINDS; t++) {
    if (c[t]! >= 2) {
      c[t]! -= 2;
      const ok = splitsIntoSets(c);
      c[t]! += 2;
      if (ok) return true;
    }
  }
  return false;
}

function collectSets(c: Counts, from: number, acc: ConcealedSet[], out: ConcealedSet[][]): void {
  let t = from;
  while (t < KINDS && c[t] === 0) t++;
  if (t >= KINDS) {
    out.push([...acc]);
    return;
  }
  if (c[t]! >= 3) {
    c[t]! -= 3;
    acc.push({ type: 'pung', tile: t });
    collectSets(c, t, acc, out);
    acc.pop();
    c[t]! += 3;
  }
  if (canRun(c, t)) {
    c[t]!--;
    c[t + 1]!--;
    c[t + 2]!--;
    acc.push({ type: 'chow', tile: t });
    collectSets(c, t, acc, out);
    acc.pop();
    c[t]!++;
    c[t + 1]!++;
    c[t + 2]!++;
  }
}

/** Every arrangement of `c` (3n+2 tiles) into n sets and a pair; empty when the tiles are not complete. */
export function arrangements(c: Counts): Arrangement[] {
  const out: Arrangement[] = [];
  for (let t = 0; t < KINDS; t++) {
    if (c[t]! >= 2) {
      c[t]! -= 2;
      const sets: ConcealedSet[][] = [];
      collectSets(c, 0, [], sets);
      c[t]! += 2;
      for (const s of sets) out.push({ sets: s, pair: t });
    }
  }
  return out;
}

/**
 * Does `tile` complete a pung or the pair of some arrangement of the complete tiles `c` (which hold it)? docs/rules.md
 * Claims, **Reading**: in harr and harr-limit an out-of-turn Mah-Jongg must. Tiles with no standard arrangement (a
 * special hand) count as completed by it: the tile completes its pair or its shape.
 */
export function completesPungOrPair(c: Counts, tile: Tile): boolean {
  const arr = arrangements(c);
  if (arr.length === 0) return true;
  return arr.some((a) => a.pair === tile || a.sets.some((x) => x.type === 'pung' && x.tile === tile));
}
