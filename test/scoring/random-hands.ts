/** Random complete (and losing) hands for property tests: four sets and a pair, some laid down. */
import fc from 'fast-check';
import type { HandSpec, Meld } from '../../src/tiles/index.js';

export interface SetPick {
  kind: 0 | 1 | 2; // chow, pung, kong
  tile: number;
  laid: 0 | 1 | 2; // in hand, exposed, declared concealed (kongs are always laid)
}

const setArb = fc.record({
  kind: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 1, 2),
  tile: fc.integer({ min: 0, max: 33 }),
  laid: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2),
});

/** Builds the hand or returns null when the picks are impossible (more than four of a tile, bad run). */
export function buildHand(sets: SetPick[], pair: number, winPick: number, bonus: number[]): HandSpec | null {
  const count = new Uint8Array(34);
  const concealed: number[] = [];
  const melds: Meld[] = [];
  for (const s of sets) {
    if (s.kind === 0) {
      if (s.tile >= 27 || s.tile % 9 > 6) return null;
      for (let i = 0; i < 3; i++) count[s.tile + i]!++;
      if (s.laid === 1) melds.push({ type: 'chow', tile: s.tile, concealed: false });
      else concealed.push(s.tile, s.tile + 1, s.tile + 2);
    } else {
      const n = s.kind === 2 ? 4 : 3;
      count[s.tile]! += n;
      if (s.kind === 2) melds.push({ type: 'kong', tile: s.tile, concealed: s.laid !== 1 });
      else if (s.laid === 1) melds.push({ type: 'pung', tile: s.tile, concealed: false });
      else concealed.push(s.tile, s.tile, s.tile);
    }
  }
  count[pair]! += 2;
  concealed.push(pair, pair);
  if (count.some((c) => c > 4)) return null;
  const w = concealed.splice(winPick % concealed.length, 1)[0]!;
  return { concealed, melds, bonus, winning: w };
}

export const handArb = fc
  .record({
    sets: fc.array(setArb, { minLength: 4, maxLength: 4 }),
    pair: fc.integer({ min: 0, max: 33 }),
    winPick: fc.nat(),
    bonus: fc.uniqueArray(fc.integer({ min: 34, max: 41 }), { maxLength: 8 }),
  })
  .map(({ sets, pair, winPick, bonus }) => buildHand(sets, pair, winPick, bonus))
  .filter((h): h is HandSpec => h !== null);

export const ctxArb = fc.record({
  seatWind: fc.integer({ min: 0, max: 3 }),
  prevailingWind: fc.integer({ min: 0, max: 3 }),
  win: fc.constantFrom('discard', 'self-draw', 'loose-tile', 'robbing-kong') as fc.Arbitrary<
    'discard' | 'self-draw' | 'loose-tile' | 'robbing-kong'
  >,
  lastTile: fc.boolean(),
  firstTurn: fc.boolean(),
  limit: fc.option(fc.integer({ min: 50, max: 2000 }), { nil: null }),
  lastOfKind: fc.boolean(),
});
