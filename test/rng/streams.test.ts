// One randomness path (developers' guide habit 1): streams depend only on (seed, game, purpose).
// Pinned values catch a seedrandom upgrade that would silently change every wall.
import { describe, expect, it } from 'vitest';
import { makeStream, shuffleInPlace, streamKey } from '../../src/rng/streams.js';

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
          274721,
          468556,
          556063,
        ],
        "seat": [
          262640,
          208494,
          176587,
        ],
        "wall": [
          499114,
          329864,
          908089,
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
  it('shuffles deterministically', () => {
    const s1 = shuffleInPlace([...Array(20).keys()], makeStream(1, 1, 'wall'));
    const s2 = shuffleInPlace([...Array(20).keys()], makeStream(1, 1, 'wall'));
    expect(s1).toEqual(s2);
    expect([...s1].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });
});
