/**
 * fastTurn's "tiles that help" tie-break (docs/rules.md "Playing advice": among discards keeping the hand equally near,
 * the one leaving most live tiles that would help) by branch and bound (faster without changing any
 * decision): the bound it prunes by (HandAnalyser.criticalLoaded) holds for every discard and draw, and the choice
 * equals the full scan in tile order, counted by brute force.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HandAnalyser, shanten } from '../../src/hand/index.js';
import { KINDS } from '../../src/tiles/tile.js';
import { handArb as hand, refDraws } from './reference.js';
import { Scratch } from '../../strategies/shared/scratch.js';
import { drawsHelping, prepareDraws } from '../../strategies/shared/draws.js';
import { helpBound, pickDiscard, shapeValue } from '../../strategies/shared/discard.js';
import { helpTieBreak } from '../../strategies/shared/modes.js';

const handArb = hand([[0, 1, 2, 3], [0, 1, 2, 3], [0, 3], [1, 2]]);

const suitOf = (t: number): number => (t < 27 ? Math.floor(t / 9) : 3);

describe('HandAnalyser.criticalLoaded (the tie-break bound)', () => {
  it('a draw that helps after any discard at the least shanten lowers one of the whole hand\'s critical entries', () => {
    let helping = 0;
    fc.assert(
      fc.property(handArb, ({ c, melds }) => {
        const a = new HandAnalyser().load(c, melds);
        let base = 99;
        for (let t = 0; t < KINDS; t++) if (c[t]! > 0) base = Math.min(base, a.shantenWith(t, -1));
        if (a.shanten() < base) return true;
        const kinds = new Uint8Array(KINDS);
        let n = 0;
        for (let u = 0; u < KINDS; u++) if (c[u]! < 4) kinds[n++] = u;
        const masks = new Uint16Array(KINDS);
        a.drawMasks(kinds, n, masks);
        for (let t = 0; t < KINDS; t++) {
          if (c[t] === 0) continue;
          const d = c.slice();
          d[t]!--;
          for (let i = 0; i < n; i++) {
            const u = kinds[i]!;
            if (d[u]! >= 4) continue;
            d[u]!++;
            if (shanten(d, melds) < base) {
              helping++;
              expect(masks[i]! & a.criticalLoaded(suitOf(u), base + 1)).not.toBe(0);
            }
            d[u]!--;
          }
        }
        return true;
      }),
      { numRuns: 200 },
    );
    expect(helping).toBeGreaterThan(1000);
  });
});

describe('helpTieBreak', () => {
  it('chooses as the full scan in tile order (4 x helping draws + bonus, from the first choice at -1)', () => {
    let ties = 0;
    fc.assert(
      fc.property(handArb, fc.integer({ min: 0, max: 12 }), ({ c, melds, live }, honourBias) => {
        const s = new Scratch();
        s.counts.set(c);
        const a = s.a.load(s.counts, melds);
        for (let t = 0; t < KINDS; t++) s.cost[t] = c[t] !== 0 ? shapeValue(c, t) - (t >= 27 && c[t] === 1 ? honourBias : 0) : 0;
        const first = pickDiscard(a, s.counts, s.counts, s, null, true);
        const baseSh = s.sh[first]!;
        let tied = 0;
        for (let t = 0; t < KINDS; t++) if (c[t]! > 0 && s.sh[t] === baseSh) tied++;
        if (baseSh <= 0 || tied < 2) return true;
        ties++;
        let best = -1;
        let want = first;
        for (let t = 0; t < KINDS; t++) {
          if (c[t] === 0 || shanten(Uint8Array.from(c, (x, k) => (k === t ? x - 1 : x)), melds) !== baseSh) continue;
          const v = refDraws(c, melds, t, live, baseSh) * 4 - shapeValue(c, t) + (t >= 27 && c[t] === 1 ? honourBias : 0);
          if (v > best) {
            best = v;
            want = t;
          }
        }
        expect(helpTieBreak(s, a, live, baseSh, honourBias, first)).toBe(want);
        expect(s.counts).toEqual(c);
        return true;
      }),
      { numRuns: 250 },
    );
    expect(ties).toBeGreaterThan(50);
  });
});

describe('drawsHelping within the bound', () => {
  it('skipping the draws helpBound does not count still counts every helping draw, after every discard at its shanten', () => {
    let counted = 0;
    fc.assert(
      fc.property(handArb, ({ c, melds, live }) => {
        const s = new Scratch();
        s.counts.set(c);
        const a = s.a.load(s.counts, melds);
        let baseSh = 99;
        for (let t = 0; t < KINDS; t++) if (c[t]! > 0) baseSh = Math.min(baseSh, a.shantenWith(t, -1));
        const ncand = prepareDraws(s, s.counts, live);
        helpBound(s, a, live, baseSh);
        for (let t = 0; t < KINDS; t++) {
          if (c[t] === 0 || a.shantenWith(t, -1) !== baseSh) continue;
          const want = refDraws(c, melds, t, live, baseSh);
          if (want > 0) counted++;
          expect(drawsHelping(s, s.counts, t, baseSh, live, baseSh, ncand)).toBe(want);
        }
        expect(s.counts).toEqual(c);
        return true;
      }),
      { numRuns: 300 },
    );
    expect(counted).toBeGreaterThan(300);
  });
});

describe('helpBound on a Scratch kept from decision to decision', () => {
  it('leaves the same helping draws as a fresh Scratch (it clears only the entries it set before)', () => {
    let set = 0;
    fc.assert(
      fc.property(handArb, handArb, (h1, h2) => {
        const kept = new Scratch();
        const bound = (s: Scratch, h: typeof h1): number => {
          s.counts.set(h.c);
          const a = s.a.load(s.counts, h.melds);
          let baseSh = 99;
          for (let t = 0; t < KINDS; t++) if (h.c[t]! > 0) baseSh = Math.min(baseSh, a.shantenWith(t, -1));
          prepareDraws(s, s.counts, h.live);
          return helpBound(s, a, h.live, baseSh);
        };
        bound(kept, h1);
        const fresh = new Scratch();
        expect(bound(kept, h2)).toBe(bound(fresh, h2));
        expect(kept.helps).toEqual(fresh.helps);
        for (let t = 0; t < KINDS; t++) if (kept.helps[t]! > 0) set++;
        return true;
      }),
      { numRuns: 300 },
    );
    expect(set).toBeGreaterThan(300);
  });
});

describe('the kept hands\' helping draws (incremental analysis)', () => {
  it('a later decision that keeps the same hand, with other live counts, counts what brute force counts', () => {
    let reused = 0;
    fc.assert(
      fc.property(handArb, fc.array(fc.nat(), { minLength: KINDS + 1, maxLength: KINDS + 1 }), ({ c, melds, live }, seed) => {
        // One Scratch for both decisions, as an agent keeps it: first the hand c and a discard t at its shanten...
        const s = new Scratch();
        s.counts.set(c);
        let a = s.a.load(s.counts, melds);
        let ncand = prepareDraws(s, s.counts, live);
        const held = [...c.keys()].filter((k) => c[k]! > 0);
        const t = held[seed[KINDS]! % held.length]!;
        const shT = a.shantenWith(t, -1);
        helpBound(s, a, live, shT);
        expect(drawsHelping(s, s.counts, t, shT, live, shT, ncand)).toBe(refDraws(c, melds, t, live, shT));
        // ...then the hand kept (c less t) with another tile x drawn, live counts moved up or down (a kind that was
        // no candidate may now be one), asked for the discard of x: the same kept hand.
        const kept = c.slice();
        kept[t]!--;
        const xs = [...kept.keys()].filter((k) => kept[k]! < 4);
        const x = xs[seed[0]! % xs.length]!;
        const d = kept.slice();
        d[x]!++;
        const live2 = Uint8Array.from(live, (v, k) => Math.max(0, Math.min(4 - d[k]!, v + (seed[k]! % 3) - 1)));
        s.counts.set(d);
        a = s.a.load(s.counts, melds);
        ncand = prepareDraws(s, s.counts, live2);
        if (seed[1]! % 2 === 0) helpBound(s, a, live2, shT);
        const hitsBefore = s.keptHits;
        expect(drawsHelping(s, s.counts, x, shT, live2, shT, ncand)).toBe(refDraws(d, melds, x, live2, shT));
        reused += s.keptHits - hitsBefore;
        expect(s.counts).toEqual(d);
        return true;
      }),
      { numRuns: 400 },
    );
    // Most second asks read the kept count (the rest met a draw whose membership was not known).
    expect(reused).toBeGreaterThan(200);
  });
});
