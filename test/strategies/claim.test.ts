/**
 * shantenAfterClaim (the claim decisions of docs/rules.md "Playing advice": claim when the claimed set brings the hand
 * nearer) against the definition written the slow way: take the tile, declare the set, make the best discard,
 * each shanten by the brute-force-tested `shanten`; on whole hands (answered from the hand's own shanten) and on
 * projections short of tiles (answered by the scan).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HandAnalyser, shanten } from '../../src/hand/index.js';
import { KINDS } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import type { Action } from '../../src/agent/types.js';
import { Scratch } from '../../strategies/shared/scratch.js';
import { shantenAfterClaim } from '../../strategies/shared/claim.js';

/** A concealed hand of 3(4 - melds) + 1 tiles (a claim decision), and a discard that could be claimed. */
const claimArb = fc
  .record({
    melds: fc.integer({ min: 0, max: 3 }),
    seed: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
    suits: fc.constantFrom<number[]>([0, 1, 2, 3], [0, 3], [1], [2, 3]),
    keepSuit: fc.integer({ min: -3, max: 2 }),
  })
  .map(({ melds, seed, suits, keepSuit }) => {
    const pool: number[] = [];
    for (let t = 0; t < KINDS; t++) if (suits.includes(t < 27 ? Math.floor(t / 9) : 3)) for (let k = 0; k < 4; k++) pool.push(t);
    const c = new Uint8Array(KINDS);
    for (let i = 0; i < 3 * (4 - melds) + 1; i++) c[pool.splice(seed[i]! % pool.length, 1)[0]!]!++;
    let tile = pool[seed[15]! % pool.length]!;
    // A hunt's projection: only one suit and the honours (fewer tiles than a whole hand), a tile of those claimed.
    if (keepSuit >= 0) {
      for (let t = 0; t < 27; t++) if (Math.floor(t / 9) !== keepSuit) c[t] = 0;
      tile = seed[15]! % 3 === 0 ? 27 + (seed[14]! % 7) : keepSuit * 9 + (seed[14]! % 9);
    }
    // Half the time a kind held, or its neighbour: a claim is then usually possible.
    if (seed[13]! % 2 === 0) {
      const held: number[] = [];
      for (let t = 0; t < KINDS; t++) if (c[t]! > 0 && c[t]! < 4) held.push(t);
      if (held.length > 0) {
        const h = held[seed[12]! % held.length]!;
        tile = h < 27 && seed[11]! % 2 === 0 && h % 9 < 8 ? h + 1 : h;
      }
    }
    return { c, melds, tile };
  });

/** The claims of `tile` that `c` could make: pung, kong, the chows that use it. */
function claimsOf(c: Counts, tile: number): Action[] {
  const out: Action[] = [];
  if (c[tile]! >= 2) out.push({ type: 'pung' });
  if (c[tile]! >= 3) out.push({ type: 'kong' });
  if (tile < 27) {
    const r = tile % 9;
    for (let lo = Math.max(0, r - 2); lo <= Math.min(6, r); lo++) {
      const first = tile - r + lo;
      let ok = true;
      for (let k = first; k < first + 3; k++) if (k !== tile && c[k] === 0) ok = false;
      if (ok) out.push({ type: 'chow', tile: first });
    }
  }
  return out;
}

function refAfterClaim(c: Counts, melds: number, act: Action, tile: number): number {
  const d = c.slice();
  if (act.type === 'pung') d[tile]! -= 2;
  else if (act.type === 'kong') d[tile]! -= 3;
  else if (act.type === 'chow') for (let k = act.tile; k < act.tile + 3; k++) if (k !== tile) d[k]!--;
  if (act.type === 'kong') return shanten(d, melds + 1);
  let best = 99;
  for (let k = 0; k < KINDS; k++) {
    if (d[k] === 0) continue;
    d[k]!--;
    best = Math.min(best, shanten(d, melds + 1));
    d[k]!++;
  }
  return best;
}

describe('shantenAfterClaim', () => {
  it('equals the best discard after the claim, by the definition, on whole hands and projections', () => {
    const kept = new HandAnalyser();
    let whole = 0;
    let claims = 0;
    fc.assert(
      fc.property(claimArb, ({ c, melds, tile }) => {
        const s = new Scratch();
        let n = 0;
        for (let k = 0; k < KINDS; k++) n += c[k]!;
        if (c[tile]! >= 4) return true;
        for (const act of claimsOf(c, tile)) {
          claims++;
          if (n === 3 * (4 - melds) + 1) whole++;
          const want = refAfterClaim(c, melds, act, tile);
          expect(shantenAfterClaim(s, c, melds, act, tile)).toBe(want);
          // With the hand already in an analyser (one table read instead of loading s.b), kept from the
          // runs before (its combinations of unchanged suits reused).
          expect(shantenAfterClaim(s, c, melds, act, tile, -2, kept.load(c, melds))).toBe(want);
        }
        return true;
      }),
      { numRuns: 1000 },
    );
    expect(whole).toBeGreaterThan(100);
    expect(claims - whole).toBeGreaterThan(20);
  });
});
