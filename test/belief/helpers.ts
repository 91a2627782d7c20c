/** Belief samples from four-harr self-play (experiments/self-play.ts), the features from each turn's view, the labels from the truth. */
import { selfPlay } from '../../experiments/self-play.js';
import { BeliefFeaturizer, emptyBeliefSparse, unseenOf } from '../../src/belief/features.js';
import { beliefSampleOf } from '../../src/belief/fit.js';
import { beliefLabels } from '../../src/belief/labels.js';
import type { BeliefSample } from '../../src/belief/net.js';
import type { BeliefRecord } from '../../src/belief/record.js';
import { KINDS } from '../../src/tiles/tile.js';

export function selfPlayRecords(rules: string, hands: number, seed: number): BeliefRecord[] {
  const out: BeliefRecord[] = [];
  const feat = new BeliefFeaturizer();
  const x = emptyBeliefSparse();
  selfPlay(rules, hands, seed, (s, view, g) => {
    if (view.phase !== 'turn') return;
    feat.encode(view, x);
    out.push({
      game: g, seat: view.seat, wall: view.wallCount, unseen: unseenOf(view, new Uint8Array(KINDS)), ...beliefLabels(s, view.seat),
      index: Array.from(x.index.subarray(0, x.n)), values: Array.from(x.value.subarray(0, x.n)),
    });
  });
  return out;
}

export const selfPlaySamples = (rules: string, hands: number, seed: number): BeliefSample[] => selfPlayRecords(rules, hands, seed).map(beliefSampleOf);
