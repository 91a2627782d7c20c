// The engine's completeness prefilter must agree with src/hand's reference decomposition (RULES.md "Complete
// hand": four combinations and a pair) on every hand, or the engine would miss or invent Mah-Jongg offers.
import { describe, expect, it } from 'vitest';
import { couldBeComplete, isStandardShape } from '../../src/engine/agari.js';
import { isStandardComplete } from '../../src/hand/index.js';
import { makeStream } from '../../src/rng/streams.js';
import { countsOf, parseTiles } from '../../src/tiles/index.js';

describe('agari prefilter', () => {
  it('agrees with isStandardComplete on 100,000 biased random 14-tile hands', () => {
    const r = makeStream(1, 0, 'agari-test');
    let complete = 0;
    for (let i = 0; i < 100_000; i++) {
      const c = new Uint8Array(34);
      const suit = r.int(3) * 9;
      let n = 0;
      while (n < 14) {
        const t = r.int(3) > 0 ? suit + r.int(9) : 27 + r.int(7);
        if (c[t]! < 4) {
          c[t]!++;
          n++;
        }
      }
      const a = isStandardShape(c);
      expect(a).toBe(isStandardComplete(c));
      if (a) complete++;
    }
    expect(complete).toBeGreaterThan(50); // the sample must contain complete hands for the test to mean anything
  });
  it('knows the special shapes and rejects near misses', () => {
    expect(couldBeComplete(countsOf(parseTiles('19m19p19s12345677z')), 14)).toBe(true);
    expect(couldBeComplete(countsOf(parseTiles('19m19p19s12345678z'.replace('8z', '6z'))), 14)).toBe(true);
    expect(couldBeComplete(countsOf(parseTiles('11223344556677z')), 14)).toBe(true);
    expect(couldBeComplete(countsOf(parseTiles('1112345678999m5p')), 14)).toBe(false);
    expect(couldBeComplete(countsOf(parseTiles('1112345678999m5m')), 14)).toBe(true);
    expect(couldBeComplete(countsOf(parseTiles('123m456p789s111z22z')), 14)).toBe(true);
    expect(couldBeComplete(countsOf(parseTiles('123m456p789s111z2z')), 13)).toBe(false);
  });
});

describe('seatCouldWin (cached per-seat statistics) and seatCouldWinWith (cached win mask) equal couldBeComplete on the counts', async () => {
  const { seatCouldWin, seatCouldWinHeld, seatCouldWinWith } = await import('../../src/engine/agari.js');
  const { playGame } = await import('../../src/engine/play.js');
  const { gameSetup } = await import('../../src/engine/setup.js');
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
              const c = s.hand.slice(seat * 34, seat * 34 + 34);
              const n = s.handCount[seat]!;
              for (let extra = -1; extra < 34; extra++) {
                if (extra >= 0) c[extra]!++;
                const want = couldBeComplete(c, n + (extra >= 0 ? 1 : 0));
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
