/**
 * Rule-free shape predicates for the special (limit) hands that are not four sets and a pair
 * (docs/rules.md: harr-limit "thirteen different heads with a pair of one of them"; code500 "Thirteen Noble
 * Scholars", "Heavenly Twins", "Nine United Sons"). Which rule set accepts which shape is the scorer's business.
 * All work on 34-kind count arrays and leave them unchanged.
 */
import type { Counts } from '../tiles/counts.js';
import { KINDS } from '../tiles/tile.js';

/** The thirteen heads: 1 and 9 of each suit, the four winds, the three dragons. */
export const HEAD_KINDS: readonly number[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** Number of different heads (terminals and honours) held: Harr's washing count. */
export function distinctHeads(c: Counts): number {
  let n = 0;
  for (const t of HEAD_KINDS) if (c[t]! > 0) n++;
  return n;
}

/** One of each head and a second of one of them (14 tiles). */
export function isThirteenHeads(c: Counts): boolean {
  let pairs = 0;
  let total = 0;
  for (let t = 0; t < KINDS; t++) total += c[t]!;
  if (total !== 14) return false;
  for (const t of HEAD_KINDS) {
    const n = c[t]!;
    if (n === 0 || n > 2) return false;
    if (n === 2) pairs++;
  }
  return pairs === 1;
}

/** Seven pairs: two of each wind and two of each dragon (14 tiles). */
export function isHeavenlyTwins(c: Counts): boolean {
  for (let t = 0; t < 27; t++) if (c[t]! !== 0) return false;
  for (let t = 27; t < KINDS; t++) if (c[t]! !== 2) return false;
  return true;
}

/** 1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit plus any tile of that suit (14 tiles). */
export function isNineUnitedSons(c: Counts): boolean {
  let suit = -1;
  for (let s = 0; s < 3; s++) if (c[s * 9]! >= 3) suit = s;
  if (suit < 0) return false;
  let total = 0;
  for (let t = 0; t < KINDS; t++) total += c[t]!;
  if (total !== 14) return false;
  const b = suit * 9;
  let extra = 0;
  for (let r = 0; r < 9; r++) {
    const need = r === 0 || r === 8 ? 3 : 1;
    const have = c[b + r]!;
    if (have < need) return false;
    extra += have - need;
  }
  return extra === 1;
}

/**
 * A complete hand that is not four sets and a pair: 14 concealed tiles, nothing laid down. `possible` is a necessary
 * condition on two counts the engine keeps for every hand (kinds held an odd number of times, tiles that are not
 * heads), so most hands are ruled out without a look at their tiles; `candidates` are the kinds that may complete it
 * beyond those next to a held tile (the waits of a thirteen-heads hand).
 */
export interface SpecialShape {
  possible(oddKinds: number, nonHeads: number): boolean;
  test(c: Counts): boolean;
  readonly candidates: readonly number[];
}

/** The special shapes by the limit hand they make (docs/rules.md harr-limit "Limit hands", code500 "Special hands"). */
export const SPECIAL_SHAPES: Readonly<Record<string, SpecialShape>> = Object.freeze({
  'thirteen-heads': Object.freeze({ possible: (_odd: number, nonHeads: number) => nonHeads === 0, test: isThirteenHeads, candidates: HEAD_KINDS }),
  'heavenly-twins': Object.freeze({ possible: (odd: number) => odd === 0, test: isHeavenlyTwins, candidates: [] }),
});
