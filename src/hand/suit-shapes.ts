/**
 * Suit shapes by table (docs/rules.md "Complete hand"): for key = sum count[rank] * 5^rank over one suit's nine ranks,
 * whether the suit splits into sets (pungs, runs), or into sets and one pair; and from them isStandardShape, the
 * standard form of a whole hand's concealed counts by one lookup per suit. Used by the engine's completeness
 * prefilter (engine/agari.ts) and by the scorer's completeness test (scoring/shape.ts). Built once at load, or read
 * from the build's file (table-file.ts), never written after. The same answers as the decomposition search of
 * ./decompose.ts (test/engine/agari.test.ts).
 */
import type { Counts } from '../tiles/counts.js';
import { readTableSections } from './table-file.js';
export const POW5: readonly number[] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];
export const SETS_ONLY = 1;
export const SETS_AND_PAIR = 2;

function buildShapes(): Uint8Array {
  const table = new Uint8Array(1953125);
  const c = new Uint8Array(9);
  const key = (): number => {
    let k = 0;
    for (let i = 0; i < 9; i++) k += c[i]! * POW5[i]!;
    return k;
  };
  const valid = (): boolean => c.every((x) => x <= 4);
  // Sets 0..8 are pungs of rank i; sets 9..15 are runs starting at rank i - 9. Non-decreasing set index → multisets.
  const rec = (from: number, depth: number): void => {
    if (!valid()) return;
    table[key()]! |= SETS_ONLY;
    for (let p = 0; p < 9; p++) {
      c[p]! += 2;
      if (valid()) table[key()]! |= SETS_AND_PAIR;
      c[p]! -= 2;
    }
    if (depth === 4) return;
    for (let s = from; s < 16; s++) {
      if (s < 9) c[s]! += 3;
      else for (let i = 0; i < 3; i++) c[s - 9 + i]!++;
      rec(s, depth + 1);
      if (s < 9) c[s]! -= 3;
      else for (let i = 0; i < 3; i++) c[s - 9 + i]!--;
    }
  };
  rec(0, 0);
  return table;
}

/**
 * One bit per key: the suit splits into sets (count 3n) or into sets and a pair (count 3n+2). A key fixes its tile
 * count, so the two flags never both apply and one bit answers both questions; 244 KB instead of the 1.9 MB byte
 * table, small enough to stay in cache on the hot path (the suit key changes with every tile drawn or discarded).
 */
function packGood(shapes: Uint8Array): Uint8Array {
  const good = new Uint8Array((shapes.length + 7) >>> 3);
  for (let k = 0; k < shapes.length; k++) if (shapes[k] !== 0) good[k >>> 3]! |= 1 << (k & 7);
  return good;
}

/** SUIT_GOOD as built here, without the file (the build's writer, and the test that the file holds the same). */
export function buildSuitGood(): Uint8Array {
  return packGood(buildShapes());
}

const GOOD_BYTES = (POW5[8]! * 5 + 7) >>> 3;

/** From the build's dist/hand-tables.bin where it was written from this code (table-file.ts), else built: 27 ms. */
export const SUIT_GOOD: Uint8Array = ((): Uint8Array => {
  const file = readTableSections(['suitGood']);
  return file !== null && file.suitGood.length === GOOD_BYTES ? file.suitGood : buildSuitGood();
})();

/** The suit with key `key` splits into sets (3n tiles) or sets and one pair (3n+2 tiles). */
export function suitGood(key: number): boolean {
  return ((SUIT_GOOD[key >>> 3]! >>> (key & 7)) & 1) === 1;
}

/** True when the concealed counts split exactly into sets and one pair (the standard form; 3n+2 tiles). */
export function isStandardShape(c: Counts): boolean {
  let pairs = 0;
  for (let base = 0; base < 27; base += 9) {
    let k = 0;
    let n = 0;
    for (let i = 0; i < 9; i++) {
      const x = c[base + i]!;
      k += x * POW5[i]!;
      n += x;
    }
    if (n === 0) continue;
    const r = n % 3;
    if (r === 1 || !suitGood(k)) return false;
    if (r === 2) pairs++;
  }
  for (let t = 27; t < 34; t++) {
    const x = c[t]!;
    if (x === 2) pairs++;
    else if (x === 1 || x === 4) return false;
  }
  return pairs === 1;
}
