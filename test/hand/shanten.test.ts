/**
 * shanten / waits / HandAnalyser against the brute-force definition (docs/rules.md "Complete hand") on random hands,
 * plus known hands written in docs/notation.md tile notation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countsOf, parseTiles, KINDS } from '../../src/tiles/index.js';
import { HandAnalyser, shanten, waits } from '../../src/hand/index.js';
import { suitKey } from '../../src/hand/shanten.js';
import { refShanten, refWaits } from './reference.js';

const c = (s: string) => countsOf(parseTiles(s));

/** A random concealed hand for `melds` declared sets: 3(4-melds)+1 or +2 tiles drawn from the 136. */
function handArb(suits: number[]) {
  return fc.record({ melds: fc.integer({ min: 0, max: 4 }), extra: fc.boolean(), seed: fc.array(fc.nat(), { minLength: 14, maxLength: 14 }) }).map(({ melds, extra, seed }) => {
    const pool: number[] = [];
    for (let t = 0; t < KINDS; t++) if (suits.includes(t < 27 ? Math.floor(t / 9) : 3)) for (let k = 0; k < 4; k++) pool.push(t);
    const n = 3 * (4 - melds) + (extra ? 2 : 1);
    const tiles: number[] = [];
    for (let i = 0; i < n; i++) tiles.push(pool.splice(seed[i]! % pool.length, 1)[0]!);
    return { counts: countsOf(tiles), melds };
  });
}

describe('shanten (known hands)', () => {
  it('complete hands are -1', () => {
    expect(shanten(c('123m456p789s111z22z'), 0)).toBe(-1);
    expect(shanten(c('11122233344455m'), 0)).toBe(-1);
    expect(shanten(c('55z'), 4)).toBe(-1);
    expect(shanten(c('234s77z'), 3)).toBe(-1);
  });
  it('ready hands are 0 with the right waits', () => {
    // Nine gates shape waits on every kind of its suit.
    expect(shanten(c('1112345678999m'), 0)).toBe(0);
    expect(waits(c('1112345678999m'), 0)).toEqual(parseTiles('123456789m'));
    // Pair wait (Harr's "filling the only place"): 5z alone.
    expect(waits(c('123m456p789s111z5z'), 0)).toEqual(parseTiles('5z'));
    // Both-ends run wait.
    expect(waits(c('23m456p789s111z55z'), 0)).toEqual(parseTiles('14m'));
    // Edge wait, two sets declared.
    expect(waits(c('12m55z789s'), 2)).toEqual(parseTiles('3m'));
    // Four held alike cannot be the pair as well: 1111m + a set needs two more tiles.
    expect(shanten(c('1111m234p'), 2)).toBe(1);
  });
  it('a hand of thirteen different heads is far from a standard hand', () => {
    expect(shanten(c('19m19p19s1234567z'), 0)).toBe(8);
  });
  it('declared sets reduce what is needed', () => {
    expect(shanten(c('1m'), 4)).toBe(0);
    expect(shanten(c('13m5p'), 3)).toBe(1);
  });
});

describe('shanten against the brute-force definition', () => {
  it('random hands from all suits', () => {
    fc.assert(fc.property(handArb([0, 1, 2, 3]), ({ counts, melds }) => shanten(counts, melds) === refShanten(counts, melds)), { numRuns: 1000 });
  });
  it('random one-suit hands (dense, many runs)', () => {
    fc.assert(fc.property(handArb([1]), ({ counts, melds }) => shanten(counts, melds) === refShanten(counts, melds)), { numRuns: 300 });
  });
  it('random two-suit hands with honours', () => {
    fc.assert(fc.property(handArb([0, 3]), ({ counts, melds }) => shanten(counts, melds) === refShanten(counts, melds)), { numRuns: 200 });
  });
  it('waits equal the brute-force waits on ready one-suit hands', () => {
    let ready = 0;
    fc.assert(
      fc.property(handArb([2]), ({ counts, melds }) => {
        if (counts.reduce((a, b) => a + b, 0) % 3 !== 1) return true;
        const w = waits(counts, melds);
        if (w.length > 0) ready++;
        expect(w).toEqual(refWaits(counts, melds));
        return true;
      }),
      { numRuns: 300 },
    );
    expect(ready).toBeGreaterThan(0);
  });
  it('HandAnalyser.shantenWith equals shanten on the changed hand', () => {
    fc.assert(
      fc.property(handArb([0, 1, 2, 3]), fc.nat(KINDS - 1), fc.nat(KINDS - 1), ({ counts, melds }, t1, t2) => {
        const a = new HandAnalyser().load(counts, melds);
        if (counts[t1]! > 0) {
          const d = counts.slice();
          d[t1]!--;
          expect(a.shantenWith(t1, -1)).toBe(shanten(d, melds));
        }
        if (counts[t1]! > 0 && counts[t2]! > (t1 === t2 ? 1 : 0) && melds < 4) {
          const d = counts.slice();
          d[t1]!--;
          d[t2]!--;
          expect(a.shantenWith2(t1, -1, t2, -1, 1)).toBe(shanten(d, melds + 1));
        }
        expect(a.shanten()).toBe(shanten(counts, melds));
        return true;
      }),
      { numRuns: 300 },
    );
  });
  it('HandAnalyser.discardShantens equals shanten of the hand less each held kind (held beyond the loaded hand too)', () => {
    fc.assert(
      fc.property(handArb([0, 1, 2, 3]), fc.nat(3), ({ counts, melds }, drop) => {
        // `held` is the hand; the loaded hand may lack a suit of it (a hunt's projection), whose kinds keep the shanten.
        const loaded = counts.slice();
        if (drop < 3) for (let t = drop * 9; t < drop * 9 + 9; t++) loaded[t] = 0;
        const a = new HandAnalyser().load(loaded, melds);
        const own = a.shanten();
        const out = new Int8Array(KINDS).fill(99);
        a.discardShantens(loaded, counts, own, out);
        for (let t = 0; t < KINDS; t++) {
          if (counts[t] === 0) expect(out[t]).toBe(99);
          else if (loaded[t] === 0) expect(out[t]).toBe(own);
          else {
            const d = loaded.slice();
            d[t]!--;
            expect(out[t]).toBe(refShanten(d, melds));
          }
        }
        return true;
      }),
      { numRuns: 400 },
    );
  });
  it('selectDiscard / afterDiscard / afterDraw equal shanten of the hand less t (plus u)', () => {
    fc.assert(
      fc.property(handArb([0, 1, 2, 3]), fc.nat(KINDS - 1), fc.nat(KINDS - 1), ({ counts, melds }, t, u) => {
        if (counts[t] === 0) return true;
        const a = new HandAnalyser().load(counts, melds).selectDiscard(t);
        const d = counts.slice();
        d[t]!--;
        expect(a.afterDiscard()).toBe(refShanten(d, melds));
        if (d[u]! < 4) {
          d[u]!++;
          expect(a.afterDraw(u)).toBe(refShanten(d, melds));
        }
        // The loaded hand is untouched.
        expect(a.shanten()).toBe(shanten(counts, melds));
        return true;
      }),
      { numRuns: 400 },
    );
  });
  it('shantenWith2 draws across suits (discard one kind, draw another)', () => {
    fc.assert(
      fc.property(handArb([0, 1, 2, 3]), fc.nat(KINDS - 1), fc.nat(KINDS - 1), ({ counts, melds }, t1, t2) => {
        if (counts[t1] === 0 || counts[t2]! >= 4 || t1 === t2) return true;
        const d = counts.slice();
        d[t1]!--;
        d[t2]!++;
        expect(new HandAnalyser().load(counts, melds).shantenWith2(t1, -1, t2, 1)).toBe(refShanten(d, melds));
        return true;
      }),
      { numRuns: 300 },
    );
  });
  it('suit keys beyond the prebuilt ones are computed on demand', () => {
    // Twelve to fourteen tiles of one suit are filled when first asked; fifteen is not a reachable concealed hand
    // but a query a strategy may make.
    const h = c('11122233344455p');
    const a = new HandAnalyser().load(h, 0);
    const d = h.slice();
    d[parseTiles('6p')[0]!]!++;
    expect(a.shantenWith(parseTiles('6p')[0]!, 1)).toBe(refShanten(d, 0));
    expect(shanten(c('111222333444556p'), 0)).toBe(refShanten(c('111222333444556p'), 0));
    for (const h of ['1112345678999m', '11223344556677s', '123456789p123p5p', '2233445566778p']) expect(shanten(c(h), 0)).toBe(refShanten(c(h), 0));
  });
  it('one analyser reloaded along a sequence of hands (one tile or suit changing at a time) answers like a fresh one', () => {
    fc.assert(
      fc.property(handArb([0, 1, 2, 3]), fc.array(fc.tuple(fc.nat(KINDS - 1), fc.nat(KINDS - 1)), { minLength: 1, maxLength: 12 }), ({ counts, melds }, steps) => {
        const a = new HandAnalyser();
        const h = counts.slice();
        a.load(h, melds);
        for (const [out, inn] of steps) {
          // Swap one held tile for another kind: one suit changes, or two.
          if (h[out]! === 0 || h[inn]! >= 4 || out === inn) continue;
          h[out]!--;
          h[inn]!++;
          a.load(h, melds);
          const fresh = new HandAnalyser().load(h, melds);
          expect(a.shanten()).toBe(fresh.shanten());
          for (let t = 0; t < KINDS; t++) if (h[t]! > 0) expect(a.shantenWith(t, -1)).toBe(fresh.shantenWith(t, -1));
          a.selectDiscard(inn);
          fresh.selectDiscard(inn);
          for (let u = 0; u < KINDS; u++) if (h[u]! < 4) expect(a.afterDraw(u)).toBe(fresh.afterDraw(u));
        }
        expect(a.shanten()).toBe(refShanten(h, melds));
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('suitKey (written out)', () => {
  it('is the base-5 number of each suit\'s counts, lowest rank first', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: KINDS, maxLength: KINDS }), (xs) => {
        const counts = Uint8Array.from(xs);
        for (let s = 0; s < 4; s++) {
          let want = 0;
          for (let r = 0, w = 1; r < (s === 3 ? 7 : 9); r++, w *= 5) want += counts[s * 9 + r]! * w;
          expect(suitKey(counts, s)).toBe(want);
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
