/**
 * The diagnostic behind docs/strategies.md, "Why the inference gains nothing yet" (experiments/inference-why/inference-why.ts): its oracle worlds must hold the true
 * hidden hands (else "oracle" measures nothing), keep the wall's tiles while not keeping their order, and leave the
 * true state alone; its rows must add up.
 */
import { describe, expect, it } from 'vitest';
import { inferenceWhy, oracleView } from '../../experiments/inference-why/inference-why.js';
import { selfPlay } from '../../experiments/self-play.js';
import { makeStream } from '../../src/rng/streams.js';
import { worldStateCopy } from '../../src/view/world.js';
import type { HandState } from '../../src/engine/state.js';

const hands = (s: HandState): number[] => Array.from(s.priv.hand);
const wallTiles = (s: HandState): number[] => Array.from(s.hidden.wall.tiles.subarray(s.hidden.wall.head, s.hidden.wall.tail));
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe('the oracle worlds of the inference diagnostic', () => {
  it('deal every seat its true hand, shuffle the wall and leave the true state as it was', () => {
    let checked = 0;
    let reordered = 0;
    selfPlay('harr-limit', 2, 31, (s, view, g) => {
      if (view.legal.length < 2) return;
      const before = { hands: hands(s), wall: wallTiles(s) };
      const w = worldStateCopy(oracleView(view, s).sampleWorld(makeStream(1, g, `t:${checked}`)));
      expect(hands(w)).toEqual(before.hands);
      expect(sorted(wallTiles(w))).toEqual(sorted(before.wall));
      if (wallTiles(w).join() !== before.wall.join()) reordered++;
      expect(hands(s)).toEqual(before.hands);
      expect(wallTiles(s)).toEqual(before.wall);
      checked++;
    });
    expect(checked).toBeGreaterThan(20);
    expect(reordered).toBe(checked);
  }, 60_000);

  it('a plain sampled world of the same views does not hold the true hands (the check above can fail)', () => {
    let differ = 0;
    let n = 0;
    selfPlay('harr', 1, 32, (s, view, g) => {
      if (view.legal.length < 2 || n >= 10) return;
      n++;
      const plain = worldStateCopy(view.sampleWorld(makeStream(3, g, `p:${n}`)));
      if (hands(plain).join() !== hands(s).join()) differ++;
    });
    expect(differ).toBe(n);
  }, 60_000);

  it('reports rows that add up', () => {
    const rows = inferenceWhy(2, 16, 4, 8, 33, ['harr']);
    expect(rows.map((r) => r.searcher)).toEqual(['without', 'with', 'oracle', 'oracle-wide', 'with-vs-without']);
    for (const r of rows) {
      expect(r.departs).toBe(r.departs_turn + r.departs_claim);
      expect(r.better).toBeLessThanOrEqual(r.departs);
      expect(r.ci_low).toBeLessThanOrEqual(r.gain_per_hand);
      expect(r.ci_high).toBeGreaterThanOrEqual(r.gain_per_hand);
      expect(r.decisions).toBeGreaterThan(0);
    }
  }, 120_000);
});
