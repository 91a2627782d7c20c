// One randomness path (README.md, "Layout": src/rng): streams depend only on (seed, game, purpose).
// Pinned values catch a seedrandom upgrade (or a change of generator) that would silently change every wall.
// The pins were regenerated deliberately when the generator changed from Alea to Tyche-i (docs/performance.md, "The runner").
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { intFrom, makeStream, rawInt32, seatStream, shuffleInPlace, streamKey } from '../../src/rng/streams.js';

describe('seeded streams', () => {
  it('pins the first values of a few streams', () => {
    const pin = (seed: number, game: number, purpose: string) => {
      const r = makeStream(seed, game, purpose);
      return [r.int(1_000_000), r.int(1_000_000), r.int(1_000_000)];
    };
    expect({
      wall: pin(1, 0, 'wall'),
      seat: pin(1, 0, 'seat:2'),
      game7: pin(42, 7, 'wall'),
    }).toMatchInlineSnapshot(`
      {
        "game7": [
          735958,
          237880,
          774943,
        ],
        "seat": [
          381680,
          474280,
          848598,
        ],
        "wall": [
          289625,
          106804,
          804756,
        ],
      }
    `);
  });
  it('a stream does not depend on other streams having been used', () => {
    const a = makeStream(5, 3, 'wall');
    const first = a.next();
    makeStream(5, 2, 'wall').next();
    makeStream(5, 3, 'seat:0').next();
    expect(makeStream(5, 3, 'wall').next()).toBe(first);
    expect(streamKey(5, 3, 'wall')).not.toBe(streamKey(5, 4, 'wall'));
  });
  it("is seedrandom's Tyche-i seeded with the stream key, next() and int() drawing from the same sequence", () => {
    const ref = seedrandom.tychei(streamKey(3, 9, 'seat:1'));
    const r = seatStream(3, 9, 1);
    expect(r.next()).toBe(ref());
    for (const n of [1, 2, 7, 136, 1_000_003]) expect(r.int(n)).toBe(Math.floor(ref() * n));
    expect(r.next()).toBe(ref());
  });
  it('shuffles deterministically', () => {
    const s1 = shuffleInPlace([...Array(20).keys()], makeStream(1, 1, 'wall'));
    const s2 = shuffleInPlace([...Array(20).keys()], makeStream(1, 1, 'wall'));
    expect(s1).toEqual(s2);
    expect([...s1].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });
});

describe('the raw generator (rawInt32 / intFrom: the wall shuffle and the random agent)', () => {
  it('draws exactly the numbers Stream.int draws, interleaved with int calls on the same stream', () => {
    const a = makeStream(7, 3, 'seat:1');
    const b = makeStream(7, 3, 'seat:1');
    const g = rawInt32(b);
    expect(g).not.toBeNull();
    for (let i = 1; i < 500; i++) {
      const n = (i % 137) + 1;
      const viaRaw = i % 3 === 0 ? b.int(n) : intFrom(g!, n);
      expect(viaRaw).toBe(a.int(n));
    }
    expect(rawInt32({ next: () => 0, int: () => 0 })).toBeNull();
  });
});
