/**
 * Worlds from the belief (docs/belief.md "Worlds from the belief"): a guide for `view.sampleWorld` (src/engine/sample.ts)
 * that deals each other seat's hand toward the model's prediction. The sampler deals every hand from the tiles the
 * seat cannot see, each hand its true size, the rest to the wall, so every count is conserved exactly whatever the
 * guide says; the guide only weighs each dealt hand: `tries` deals, one kept in proportion to its weight, then
 * `steps` Metropolis swaps with the tiles left. The weight of a hand with counts c for the seat k places on is
 *
 *   Π_t P_model(count of t = c_t) / C(unseen_t, c_t)
 *
 * the model's per-kind count marginals over the uniform deal's own weight of those counts (a uniform deal holds a
 * hand of counts c in Π_t C(unseen_t, c_t) ways), so the walk draws hands in proportion to the product of the model's
 * marginals, restricted to hands of the right size from the tiles unseen. The prediction is made once per view,
 * from the view's features alone: a function of the view and the model, never of another seat's truth.
 */
import type { AgentView, HandGuide } from '../agent/types.js';
import { KINDS } from '../tiles/tile.js';
import type { BeliefModel } from './model-file.js';
import { COUNTS, OTHERS, beliefPredict, type BeliefPrediction } from './predict.js';

/** The smallest probability a count is given (a model sure of a count must not rule the truth out). */
const FLOOR = 1e-4;

/** The guide, and the prediction it was made from (the model's inputs and outputs at this view). */
export type BeliefGuide = HandGuide & { readonly prediction: BeliefPrediction };

export function beliefGuide(model: BeliefModel, view: AgentView, tries: number, steps: number): BeliefGuide {
  return guideFrom(beliefPredict(model, view), tries, steps);
}

/** The guide from a prediction already made at this view. */
export function guideFrom(prediction: BeliefPrediction, tries: number, steps: number): BeliefGuide {
  const { unseen, countP, seat: me, players } = prediction;
  // log(P(c) / C(u, c)) for each seat, kind and count; `top`: each seat's largest log weight, so weights stay ≤ 1.
  const logW = new Float64Array(OTHERS * KINDS * COUNTS).fill(-Infinity);
  const top = new Float64Array(OTHERS);
  for (let k = 0; k < OTHERS; k++) {
    for (let t = 0; t < KINDS; t++) {
      let best = -Infinity;
      for (let c = 0; c <= Math.min(COUNTS - 1, unseen[t]!); c++) {
        const o = (k * KINDS + t) * COUNTS + c;
        let lc = 0;
        for (let i = 0; i < c; i++) lc += Math.log((unseen[t]! - i) / (i + 1));
        logW[o] = Math.log(Math.max(FLOOR, countP[o]!)) - lc;
        if (logW[o]! > best) best = logW[o]!;
      }
      top[k]! += best;
    }
  }
  return {
    tries,
    steps,
    prediction,
    misfit: () => 0,
    weight(counts: Uint8Array, seat: number): number {
      const k = (seat - me + players) % players;
      if (k === 0 || k > OTHERS) return 1;
      let s = 0;
      for (let t = 0; t < KINDS; t++) {
        const c = counts[t]!;
        if (c >= COUNTS) return 0;
        s += logW[((k - 1) * KINDS + t) * COUNTS + c]!;
      }
      return Math.exp(s - top[k - 1]!);
    },
  };
}
