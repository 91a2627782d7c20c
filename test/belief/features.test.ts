/**
 * The belief model reads a seat's view alone (docs/belief.md "Features"; the house rule that an agent sees only what a
 * player at the table sees): two true states that give the seat the same view (the true one, and a world dealt from
 * the view: every hidden tile dealt afresh) give it the same features, though their hidden hands, the labels, differ;
 * the unseen counts the count head is masked by are the engine's own; the labels are the truth.
 */
import { describe, expect, it } from 'vitest';
import { selfPlay } from '../../experiments/self-play.js';
import { BeliefFeaturizer, OTHERS, emptyBeliefSparse, otherSeat, unseenOf } from '../../src/belief/features.js';
import { beliefLabels } from '../../src/belief/labels.js';
import { unseenTiles } from '../../src/engine/sample.js';
import { shanten } from '../../src/hand/index.js';
import { makeStream } from '../../src/rng/streams.js';
import { KINDS } from '../../src/tiles/tile.js';
import { viewFor } from '../../src/view/view.js';
import { worldStateCopy } from '../../src/view/world.js';

const featuresOf = (f: BeliefFeaturizer, view: Parameters<BeliefFeaturizer['encode']>[0]): string => {
  const x = emptyBeliefSparse();
  f.encode(view, x);
  return `${Array.from(x.index.subarray(0, x.n)).join()}|${Array.from(x.value.subarray(0, x.n)).join()}`;
};

describe('the belief features', () => {
  it('are the same for two true states that give the seat the same view (a second truth), whose labels differ', () => {
    const feat = new BeliefFeaturizer();
    let checked = 0;
    let labelsDiffer = 0;
    for (const rules of ['harr', 'babcock', 'code500']) {
      selfPlay(rules, 2, 47, (s, view, g) => {
        if (view.phase !== 'turn' && view.phase !== 'claim') return;
        const second = worldStateCopy(view.sampleWorld(makeStream(47, g, `second:${checked}`)));
        const other = viewFor(second, view.seat);
        expect(featuresOf(feat, other)).toBe(featuresOf(feat, view));
        const a = beliefLabels(s, view.seat);
        const b = beliefLabels(second, view.seat);
        if (a.counts.join() !== b.counts.join()) labelsDiffer++;
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(200);
    // The hidden hands were dealt afresh: had the features read them, they would have differed.
    expect(labelsDiffer).toBe(checked);
  }, 120_000);

  it('mask the counts by the unseen tiles the engine counts for the seat, and the labels are the true hands', () => {
    const pool = new Uint8Array(144);
    let ready = 0;
    let n = 0;
    selfPlay('harr-limit', 2, 48, (s, view) => {
      if (view.phase !== 'turn') return;
      const unseen = unseenOf(view, new Uint8Array(KINDS));
      const engine = new Uint8Array(KINDS);
      const m = unseenTiles(s, view.seat, pool);
      for (let i = 0; i < m; i++) if (pool[i]! < KINDS) engine[pool[i]!]!++;
      expect(Array.from(unseen)).toEqual(Array.from(engine));
      const l = beliefLabels(s, view.seat);
      for (let k = 1; k <= OTHERS; k++) {
        const q = otherSeat(view.seat, k);
        const hand = s.priv.hand.subarray(q * KINDS, q * KINDS + KINDS);
        expect(Array.from(l.counts.subarray((k - 1) * KINDS, k * KINDS))).toEqual(Array.from(hand));
        expect(l.counts.subarray((k - 1) * KINDS, k * KINDS).reduce((a, b) => a + b, 0)).toBe(view.table[q]!.concealedCount);
        const isReady = shanten(hand, s.pub.meldCount[q]!) <= 0;
        expect(((l.ready >> (k - 1)) & 1) === 1).toBe(isReady);
        if (isReady) ready++;
        for (let t = 0; t < KINDS; t++) if (l.waits[(k - 1) * KINDS + t]) expect(hand[t]!).toBeLessThan(4);
      }
      n++;
    });
    expect(n).toBeGreaterThan(50);
    expect(ready).toBeGreaterThan(0);
  }, 120_000);
});
