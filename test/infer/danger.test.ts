/**
 * The danger of a discard (docs/strategies.md, "The danger of a discard"): src/infer/danger.ts, measured against the truth of self-play. A tile
 * that truly completes another seat's hand must be rated more dangerous than one that does not, the more so with the
 * inference; the same view and stream give the same danger.
 */
import { describe, expect, it } from 'vitest';
import { mayClaimMahjong } from '../../src/engine/legal.js';
import { selfPlay } from '../../experiments/self-play.js';
import { discardDanger } from '../../src/infer/danger.js';
import { noStats } from '../../src/infer/guide.js';
import { makeStream } from '../../src/rng/streams.js';

describe('discardDanger', () => {
  it('rates the tiles that truly deal in far above the others, with and without the inference', () => {
    const sums = { infer: [0, 0], plain: [0, 0] };
    const n = [0, 0];
    const stats = noStats();
    selfPlay('harr-limit', 24, 7, (s, view, g) => {
      if (view.phase !== 'turn' || view.wallCount > 40 || view.seat !== g % 4) return;
      const held = new Uint8Array(34);
      view.concealedCounts(held);
      const a = discardDanger(view, makeStream(7, g, `d${view.discardCount}`), { worlds: 24, stats });
      const b = discardDanger(view, makeStream(7, g, `d${view.discardCount}`), { worlds: 24, infer: false });
      for (let t = 0; t < 34; t++) {
        if (held[t] === 0) continue;
        let truth = 0;
        for (let q = 1; q < 4; q++) if (mayClaimMahjong(s, (view.seat + q) % 4, t, q === 1)) truth = 1;
        expect(a[t]).toBeGreaterThanOrEqual(0);
        expect(a[t]).toBeLessThanOrEqual(1);
        sums.infer[truth]! += a[t]!;
        sums.plain[truth]! += b[t]!;
        n[truth]!++;
      }
    });
    expect(n[1]).toBeGreaterThan(20);
    const ratio = (k: 'infer' | 'plain'): number => sums[k][1]! / n[1]! / (sums[k][0]! / n[0]!);
    expect(ratio('plain')).toBeGreaterThan(1);
    expect(ratio('infer')).toBeGreaterThan(1.5);
    expect(ratio('infer')).toBeGreaterThan(ratio('plain'));
    expect(stats.seats).toBeGreaterThan(0);
    expect(stats.essSum / stats.seats).toBeGreaterThanOrEqual(1);
  });

  it('is a function of the view and the stream', () => {
    let checked = 0;
    selfPlay('babcock', 2, 3, (_s, view, g) => {
      if (view.phase !== 'turn' || view.discardCount % 9 !== 5) return;
      const a = discardDanger(view, makeStream(3, g, 'x'), { worlds: 8 });
      const b = discardDanger(view, makeStream(3, g, 'x'), { worlds: 8 });
      expect(Array.from(b)).toEqual(Array.from(a));
      checked++;
    });
    expect(checked).toBeGreaterThan(0);
  });
});
