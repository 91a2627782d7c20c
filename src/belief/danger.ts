/**
 * The danger of each discard from the belief (docs/belief.md "The danger of a discard"): for every kind t, the
 * probability that discarding it now lets some other seat go Mah-Jongg on it, read from the model's win head. The
 * head gives, for each other seat k, P_k(t) = P(k goes Mah-Jongg on t were the seat to discard it) (the label is the
 * engine's own test, src/engine/legal.ts mayClaimMahjong, as src/infer/danger.ts counts it over worlds); the seats
 * are combined as if independent given the view:
 *
 *   danger(t) = 1 − Π_k (1 − P_k(t))
 *
 * A function of the view and the model alone (no stream is drawn): the same view gives the same danger on any truth
 * behind it (test/view/fair-table.test.ts).
 */
import type { AgentView } from '../agent/types.js';
import { KINDS } from '../tiles/tile.js';
import type { BeliefModel } from './model-file.js';
import { OTHERS, beliefPredict, type BeliefPrediction } from './predict.js';

/** Per kind (34 entries), the belief's probability that discarding it is claimed for Mah-Jongg by another seat. */
export function beliefDanger(model: BeliefModel, view: AgentView): Float64Array {
  return dangerFrom(beliefPredict(model, view));
}

/** The danger from a prediction already made at this view. */
export function dangerFrom(p: BeliefPrediction): Float64Array {
  const out = new Float64Array(KINDS);
  const others = Math.min(OTHERS, p.players - 1);
  for (let t = 0; t < KINDS; t++) {
    let safe = 1;
    for (let k = 0; k < others; k++) safe *= 1 - p.waitP[k * KINDS + t]!;
    out[t] = 1 - safe;
  }
  return out;
}
