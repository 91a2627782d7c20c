/** Belief samples from four-harr self-play (experiments/self-play.ts), the features from each turn's view, the labels from the truth. */
import { selfPlay } from '../../experiments/self-play.js';
import { BELIEF_FEATURES, BELIEF_FEATURES_VERSION, BeliefFeaturizer, emptyBeliefSparse, unseenOf } from '../../src/belief/features.js';
import { decodeBeliefModel, encodeBeliefModel, type BeliefModel } from '../../src/belief/model-file.js';
import { beliefLayout } from '../../src/belief/net.js';
import { makeStream } from '../../src/rng/streams.js';
import { beliefSampleOf } from '../../src/belief-train/fit.js';
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

/** The bytes of a belief model file with seeded random weights (what a test checks is what the model reads, not how well it predicts). */
export function randomBeliefBytes(seed: number, hidden = 6): Buffer {
  const L = beliefLayout(hidden);
  const rng = makeStream(seed, 0, 'test:belief-model');
  const p = Float64Array.from({ length: L.size }, () => Math.fround((2 * rng.next() - 1) * 1.5));
  return encodeBeliefModel({ beliefFeaturesVersion: BELIEF_FEATURES_VERSION, features: BELIEF_FEATURES, hidden }, p);
}

/** A belief model with seeded random weights. */
export function randomBeliefModel(seed: number, hidden = 6): BeliefModel {
  return decodeBeliefModel(randomBeliefBytes(seed, hidden), 'test');
}
