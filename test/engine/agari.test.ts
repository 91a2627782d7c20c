// The table-driven standard-form test (src/hand/suit-shapes.ts: the engine's prefilter and the scorer's check) must
// agree with src/hand's reference decomposition (docs/rules.md "Complete
// hand": four combinations and a pair) on every hand, or the engine would miss or invent Mah-Jongg offers.
import { describe, expect, it } from 'vitest';
import { couldBeComplete } from '../../src/engine/agari.js';
import { isStandardShape } from '../../src/hand/suit-shapes.js';
import { isStandardComplete } from '../../src/hand/index.js';
import { makeStream } from '../../src/rng/streams.js';
import { countsOf, parseTiles } from '../../src/tiles/index.js';
import { ruleSet, specialShapesOf } from '../../src/rules/index.js';

describe('agari prefilter', () => {
  // The scorer's completeness test (scoring/shape.ts completeWith) is the same table lookup: a hand with declared
  // sets holds 2, 5, 8 or 11 concealed tiles.
  for (const size of [2, 5, 8, 11, 14]) {
    it(`agrees with isStandardComplete on 40,000 random ${size}-tile hands, half of them built complete`, () => {
      const r = makeStream(size, 0, 'agari-test');
      let complete = 0;
      let built = 0;
      for (let i = 0; i < 40_000; i++) {
        const c = new Uint8Array(34);
        const add = (t: number, k: number): boolean => {
          if (c[t]! + k > 4) return false;
          c[t]! += k;
          return true;
        };
        let n = 0;
        if (r.int(2) === 0) {
          // A pair and sets (pungs, runs within a suit), then in half of them one tile moved: complete hands and
          // near misses of every shape.
          while (!add(r.int(34), 2));
          n = 2;
          while (n < size) {
            const t = r.int(34);
            const run = t < 27 && t % 9 <= 6 && r.int(2) === 0;
            if (run ? c[t]! < 4 && c[t + 1]! < 4 && c[t + 2]! < 4 && add(t, 1) && add(t + 1, 1) && add(t + 2, 1) : add(t, 3)) n += 3;
          }
          if (r.int(2) === 0) {
            let from = r.int(34);
            while (c[from] === 0) from = r.int(34);
            c[from]!--;
            while (!add(r.int(34), 1));
          }
          built++;
        } else {
          // Mostly one suit and honours, sometimes any suit.
          const suit = r.int(3) * 9;
          const mixed = r.int(4) === 0;
          while (n < size) {
            const t = r.int(3) > 0 ? (mixed ? r.int(27) : suit + r.int(9)) : 27 + r.int(7);
            if (add(t, 1)) n++;
          }
        }
        const a = isStandardShape(c);
        expect(a).toBe(isStandardComplete(c));
        if (a) complete++;
      }
      // The sample must hold many complete hands and many that are not for the test to mean anything.
      expect(complete).toBeGreaterThan(5_000);
      expect(40_000 - complete).toBeGreaterThan(20_000);
      expect(built).toBeGreaterThan(15_000);
    });
  }
  it('knows the special shapes of the rule set\'s own table and rejects near misses', () => {
    const code500 = specialShapesOf(ruleSet('code500').table); // thirteen heads and the Heavenly Twins
    const harr = specialShapesOf(ruleSet('harr').table); // none: Part I lists no limit hands
    const c = (t: string) => countsOf(parseTiles(t));
    expect(couldBeComplete(c('19m19p19s12345677z'), 14, code500)).toBe(true);
    expect(couldBeComplete(c('19m19p19s12345666z'.replace('666', '676')), 14, code500)).toBe(true);
    expect(couldBeComplete(c('11223344556677z'), 14, code500)).toBe(true);
    expect(couldBeComplete(c('11223344556677z'), 14, harr)).toBe(false);
    expect(couldBeComplete(c('19m19p19s12345677z'), 14, harr)).toBe(false);
    expect(couldBeComplete(c('1122m3344p5566s77z'), 14, code500)).toBe(false); // seven pairs, not all honours
    expect(couldBeComplete(c('1112345678999m5p'), 14, code500)).toBe(false);
    expect(couldBeComplete(c('1112345678999m5m'), 14, harr)).toBe(true);
    expect(couldBeComplete(c('123m456p789s111z22z'), 14, harr)).toBe(true);
    expect(couldBeComplete(c('123m456p789s111z2z'), 13, harr)).toBe(false);
  });
});

describe('seatCouldWin (cached per-seat statistics) and seatCouldWinWith (cached win mask) equal couldBeComplete on the counts', async () => {
  const { seatCouldWin, seatCouldWinHeld, seatCouldWinWith } = await import('../../src/engine/agari.js');
  const { playGame } = await import('../../src/game/play.js');
  const { gameSetup } = await import('../../src/game/setup.js');
  const { greedy } = await import('../../strategies/greedy.js');
  const { lineupOf, table } = await import('./helpers.js');
  it('at every event of 30 greedy games (all seats, every possible extra tile)', () => {
    let checks = 0;
    let wins = 0;
    for (const rules of ['harr', 'code500']) {
      const config = table(rules, lineupOf(greedy, 4));
      for (let g = 0; g < 15; g++) {
        playGame(config, gameSetup(config, g), {
          record: false,
          check: (s) => {
            for (let seat = 0; seat < 4; seat++) {
              const c = s.priv.hand.slice(seat * 34, seat * 34 + 34);
              const n = s.pub.handCount[seat]!;
              for (let extra = -1; extra < 34; extra++) {
                if (extra >= 0) c[extra]!++;
                const want = couldBeComplete(c, n + (extra >= 0 ? 1 : 0), s.specials);
                if (extra >= 0) c[extra]!--;
                const got = seatCouldWin(s, seat, extra);
                if (got !== want) expect({ seat, extra, got }).toEqual({ seat, extra, got: want });
                // The claim path: the cached per-seat win mask first (it must never rule out a real candidate).
                if (extra >= 0 && seatCouldWinWith(s, seat, extra) !== want) {
                  expect({ seat, extra, withMask: !want }).toEqual({ seat, extra, withMask: want });
                }
                if (extra < 0 && seatCouldWinHeld(s, seat) !== want) expect({ seat, held: !want }).toEqual({ seat, held: want });
                if (got) wins++;
                checks++;
              }
            }
          },
        });
      }
    }
    expect(checks).toBeGreaterThan(100_000);
    expect(wins).toBeGreaterThan(100);
  });
});
