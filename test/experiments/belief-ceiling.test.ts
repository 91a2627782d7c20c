/**
 * The ceiling of a belief (experiments/belief-ceiling, results/belief-ceiling/README.md): the oracle that knows the
 * wall must deal exactly the true state, hands and wall order alike (else "oracle-wall" measures nothing), leave the
 * true state alone, and its rows must add up, the realized judge's too.
 */
import { describe, expect, it } from 'vitest';
import { beliefCeiling, trueWallView } from '../../experiments/belief-ceiling/belief-ceiling.js';
import { oracleView } from '../../experiments/inference-why/inference-why.js';
import { selfPlay } from '../../experiments/self-play.js';
import type { HandState } from '../../src/engine/state.js';
import { makeStream } from '../../src/rng/streams.js';
import { worldStateCopy } from '../../src/view/world.js';

const hands = (s: HandState): string => Array.from(s.priv.hand).join();
const wall = (s: HandState): string => Array.from(s.hidden.wall.tiles.subarray(s.hidden.wall.head, s.hidden.wall.tail)).join();

describe('the belief ceiling', () => {
  it('deals the true hands and the true wall order, where the oracle reshuffles the wall, and leaves the truth alone', () => {
    let checked = 0;
    let oracleSameWall = 0;
    selfPlay('babcock', 2, 51, (s, view, g) => {
      if (view.legal.length < 2) return;
      const before = { hands: hands(s), wall: wall(s) };
      const w = worldStateCopy(trueWallView(view, s).sampleWorld(makeStream(1, g, `t:${checked}`)));
      expect(hands(w)).toBe(before.hands);
      expect(wall(w)).toBe(before.wall);
      const o = worldStateCopy(oracleView(view, s).sampleWorld(makeStream(1, g, `o:${checked}`)));
      if (wall(o) === before.wall) oracleSameWall++;
      expect(hands(s)).toBe(before.hands);
      expect(wall(s)).toBe(before.wall);
      checked++;
    });
    expect(checked).toBeGreaterThan(20);
    expect(oracleSameWall).toBe(0);
  }, 60_000);

  it('reports rows that add up under both judges', () => {
    const rows = beliefCeiling(2, 16, 4, 8, 33, ['harr-limit'], false, true);
    expect(rows.map((r) => r.searcher)).toEqual(['without', 'oracle', 'oracle-wall', 'wall-vs-oracle']);
    for (const r of rows) {
      expect(r.departs).toBe(r.departs_turn + r.departs_claim);
      expect(r.better).toBeLessThanOrEqual(r.departs);
      expect(r.ci_low).toBeLessThanOrEqual(r.gain_per_hand);
      expect(r.real_ci_low!).toBeLessThanOrEqual(r.real_gain_per_hand!);
      expect(r.real_ci_high!).toBeGreaterThanOrEqual(r.real_gain_per_hand!);
    }
    expect(rows[2]!.departs).toBeGreaterThan(0);
  }, 300_000);
});
