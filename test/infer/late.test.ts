/**
 * Late in the hand (live wall below LATE_WALL) the inference reads a seat's newest discard and its passes but not its
 * older discards (src/infer/model.ts `olderLate`): read as if made from the hand now, they favour compact hands
 * whoever holds them, and late they pile every seat's worlds onto one from complete. Earlier they still count.
 */
import { describe, expect, it } from 'vitest';
import { selfPlay } from '../../experiments/self-play.js';
import { inferenceGuide } from '../../src/infer/guide.js';
import { LATE_WALL, POLICY_MODEL } from '../../src/infer/model.js';

describe('the inference late in the hand', () => {
  it('weighs a hand the same whatever the older discards weigh, and differently before', () => {
    const other = { ...POLICY_MODEL, decay: 0.3 };
    let late = 0;
    let lateSame = 0;
    let early = 0;
    let earlyDiffer = 0;
    selfPlay('harr-limit', 12, 25, (s, view) => {
      if (view.phase !== 'turn') return;
      for (let q = 0; q < 4; q++) {
        if (q === view.seat || view.table[q]!.discards.length < 3) continue;
        const hand = Uint8Array.from(s.priv.hand.subarray(q * 34, q * 34 + 34));
        const a = inferenceGuide(view, 4, undefined).weight!(hand, q, 0);
        const b = inferenceGuide(view, 4, undefined, { model: other }).weight!(hand, q, 0);
        if (view.wallCount < LATE_WALL) {
          late++;
          if (a === b) lateSame++;
        } else {
          early++;
          if (Math.abs(Math.log(a) - Math.log(b)) > 1e-9) earlyDiffer++;
        }
      }
    });
    expect(late).toBeGreaterThan(10);
    expect(lateSame).toBe(late);
    expect(earlyDiffer).toBeGreaterThan(early / 2);
  }, 60_000);
});
