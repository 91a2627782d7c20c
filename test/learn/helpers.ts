/** A model with seeded random weights (no training needed) and a decision sample for the learn tests. */
import { ACTIONS } from '../../strategies/learned/actions.js';
import { FEATURES, FEATURES_VERSION } from '../../strategies/learned/features.js';
import { layoutOf } from '../../strategies/learned/mlp.js';
import { encodeModel } from '../../strategies/learned/model-file.js';
import { makeStream } from '../../src/rng/streams.js';

export function randomParams(hidden: number, seed: number, scale = 0.5): Float64Array {
  const L = layoutOf({ features: FEATURES, hidden, actions: ACTIONS });
  const rng = makeStream(seed, 0, 'test:params');
  const p = new Float64Array(L.size);
  for (let i = 0; i < p.length; i++) p[i] = Math.fround((2 * rng.next() - 1) * scale);
  return p;
}

export function randomModel(hidden = 8, seed = 1): Buffer {
  return encodeModel({ featuresVersion: FEATURES_VERSION, features: FEATURES, hidden, actions: ACTIONS, valueScale: 100 }, randomParams(hidden, seed));
}
