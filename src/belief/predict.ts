/**
 * The belief's prediction at one decision (docs/belief.md "Worlds from the belief", "The danger of a discard"): the
 * view's features (src/belief/features.ts) through the model (src/belief/net.ts), once per view. Its inputs are the
 * view's alone and its outputs a function of them and the model: two true states that give the seat the same view
 * give it the same prediction (test/view/fair-table.test.ts). What the worlds and the danger read.
 */
import type { AgentView } from '../agent/types.js';
import { KINDS } from '../tiles/tile.js';
import { BeliefFeaturizer, OTHERS, emptyBeliefSparse, unseenOf } from './features.js';
import type { BeliefModel } from './model-file.js';
import { BeliefPass, COUNTS, beliefForward } from './net.js';

export interface BeliefPrediction {
  /** The seat predicted from (the others are seat + 1 .. seat + 3 in turn order, k = 1 .. 3). */
  readonly seat: number;
  readonly players: number;
  /** The model's inputs: the view's sparse features and the copies of each kind the seat cannot see. */
  readonly index: Uint16Array;
  readonly value: Float64Array;
  readonly unseen: Uint8Array;
  /** Its outputs, for the other seat k (0-based: k − 1) and kind t: P(count = c) at ((k − 1)·34 + t)·5 + c. */
  readonly countP: Float64Array;
  /** P(seat k is one tile from complete), at k − 1. */
  readonly readyP: Float64Array;
  /** P(seat k goes Mah-Jongg on kind t were the seat to discard it), at (k − 1)·34 + t. */
  readonly waitP: Float64Array;
}

export { COUNTS, OTHERS };

/** The model's prediction from `view`. */
export function beliefPredict(model: BeliefModel, view: AgentView): BeliefPrediction {
  const x = emptyBeliefSparse();
  new BeliefFeaturizer().encode(view, x);
  const unseen = unseenOf(view, new Uint8Array(KINDS));
  const w = new BeliefPass(model.layout);
  beliefForward(model.params, x, unseen, w);
  return {
    seat: view.seat,
    players: view.players,
    index: x.index.slice(0, x.n),
    value: Float64Array.from(x.value.subarray(0, x.n)),
    unseen,
    countP: w.countP,
    readyP: w.readyP,
    waitP: w.waitP,
  };
}
