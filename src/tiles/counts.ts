/** 34-kind count arrays: the representation every hot path works on (a 34-kind count, not a string or a list of tiles). */
import { KINDS, type Tile } from './tile.js';

export type Counts = Uint8Array;

export function emptyCounts(): Counts {
  return new Uint8Array(KINDS);
}

/** Counts of the playing tiles in `tiles` (bonus tiles are ignored). */
export function countsOf(tiles: readonly Tile[]): Counts {
  const c = new Uint8Array(KINDS);
  for (const t of tiles) if (t < KINDS) c[t]!++;
  return c;
}

export function tilesOf(counts: Counts): Tile[] {
  const out: Tile[] = [];
  for (let t = 0; t < KINDS; t++) for (let k = counts[t]!; k > 0; k--) out.push(t);
  return out;
}

export function totalOf(counts: Counts): number {
  let n = 0;
  for (let t = 0; t < KINDS; t++) n += counts[t]!;
  return n;
}
