/**
 * The floor benchmark's hand (src/bench/floor.ts) is the work it claims: the whole harr wall drawn (docs/rules.md "Wall and
 * deal": 136 tiles, no dead wall; 53 dealt, so 83 draws and 84 discards), every tile conserved, and only the
 * project's streams deciding it.
 */
import { describe, expect, it } from 'vitest';
import { floorHand, floorTable } from '../../src/bench/floor.js';

function total(counts: Uint8Array): number {
  return counts.reduce((a, b) => a + b, 0);
}

describe('floor hand', () => {
  it('draws the whole live wall and ends with 13 tiles a seat', () => {
    const f = floorTable();
    for (let g = 0; g < 50; g++) {
      expect(floorHand(f, g)).toBe(84);
      expect(total(f.counts)).toBe(52);
      for (let seat = 0; seat < 4; seat++) expect(total(f.counts.subarray(seat * 34, seat * 34 + 34))).toBe(13);
      for (let seat = 0; seat < 4; seat++) {
        for (let t = 0; t < 34; t++) {
          const bit = (f.held[seat * 2 + (t >= 17 ? 1 : 0)]! >>> t % 17) & 1;
          expect(bit).toBe(f.counts[seat * 34 + t]! > 0 ? 1 : 0);
        }
      }
    }
  });

  it('is decided by the game index alone', () => {
    const a = floorTable();
    const b = floorTable();
    floorHand(a, 7);
    floorHand(b, 3);
    floorHand(b, 7);
    expect(Array.from(b.counts)).toEqual(Array.from(a.counts));
    floorHand(b, 8);
    expect(Array.from(b.counts)).not.toEqual(Array.from(a.counts));
  });
});
