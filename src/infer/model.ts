/**
 * The policy model of the other seats (docs/strategies.md, "Reading the table"): the constants of src/infer/likelihood.ts and guide.ts,
 * fitted on four-`harr` self-play where every hand is known (experiments/fits/inference-fit.ts made them, FIT_HANDS hands per
 * rule set, seed FIT_SEED: `node dist/experiments/fits/inference-fit.js`; test/infer/model.test.ts checks a smaller fit
 * lands near them).
 *
 * - `tau`: the temperature of the softmax over a seat's discards by the shape value of each kind held
 *   (src/hand/shape-value.ts), by maximum likelihood of harr's real discards in the approximate form the inference
 *   uses (the hand before a discard taken as the hand now plus the tile discarded).
 * - `decay`, `recent`: a discard `k` discards ago counts `older·decay^k` (the hand has changed since; `decay` from how
 *   fast the fitted discards' information falls with age), the last `recent` only. Late in the hand (live wall below
 *   LATE_WALL) `olderLate` (0) stands for `older` (1): the older discards, each read as if made from the hand now,
 *   all favour compact hands whoever holds them; late, when most hands are compact, their product piles every seat's
 *   worlds onto one from complete (at 200 Metropolis swaps 74% of the worlds of truly ready seats and 70% of the
 *   rest, under harr on seed 27) and ranks the seats worse than the opponent model. Chosen on seed 27 (the late ROC
 *   area under harr and harr-limit with 0, 0.4 and 1), neither the fit's seed nor the measurement's.
 * - log likelihood ratios of what the table shows: a tile passed since the seat's last discard (in the order of play,
 *   src/infer/order.ts) that it could have claimed for Mah-Jongg (`passWin`: about -5.4, as good as never, since harr
 *   takes every Mah-Jongg it may) or of which it holds two (`passPair`), against the same for the other tiles
 *   discarded earlier; each four of a kind held concealed (`four`) and a held fourth tile of an exposed pung (`addKong`),
 *   true hands against uniformly dealt ones.
 * - `shantenPrior[rules][melds][turn band][shanten]`: log of the true hands' share of each shanten over its share
 *   among the hands the inference deals with the record alone (this model without the prior: 4 weighed deals and 40
 *   Metropolis swaps), by rule set, declared sets (0-4) and discards (bands of TURN_BAND); the prior that makes a
 *   world's hands as near complete as real ones (in place of the opponent model's median). Against uniform deals instead,
 *   the record's own pull toward complete hands was counted twice: worlds too often one tile from complete, and the
 *   danger of a discard over-predicted (0.14 predicted against 0.08-0.12 realised in the 0.1-0.2 bin).
 */
import type { RuleSetId } from '../rules/types.js';

export interface PolicyModel {
  readonly tau: number;
  readonly rankTau: number;
  readonly beta: number;
  readonly decay: number;
  readonly older: number;
  readonly olderLate: number;
  readonly recent: number;
  readonly passWin: number;
  readonly passPair: number;
  readonly four: number;
  readonly addKong: number;
  readonly shantenPrior: Readonly<Record<RuleSetId, readonly (readonly (readonly number[])[])[]>>;
}

export const FIT_HANDS = 400;
export const FIT_SEED = 25;
/** Below this live wall a view is late in the hand, and the older discards weigh `olderLate`. */
export const LATE_WALL = 25;
/** Discards per band of `shantenPrior`; the last band takes the rest. */
export const TURN_BAND = 4;
export const TURN_BANDS = 5;
/** Shanten above this share the last column. */
export const MAX_PRIOR_SHANTEN = 6;

export const POLICY_MODEL: PolicyModel = Object.freeze({
  tau: 2.5,
  rankTau: 4,
  beta: 16,
  decay: 0.976,
  older: 1,
  olderLate: 0,
  recent: 8,
  passWin: -5.423,
  passPair: -0.389,
  four: 0.235,
  addKong: -2.156,
  shantenPrior: {
    harr: [
      [
        [-0.3, -0.246, -0.17, -0.014, 0.116, 0.191, 0.23, 1.066],
        [0.867, 0.002, -0.288, 0.077, 0.998, 1.031, 0, 0],
        [1.617, 0.091, -0.438, -0.283, 1.413, 0.747, 0, 0],
        [2.261, -0.092, -0.994, -0.459, 1.867, -2.197, 0, 0],
        [3.664, 0.847, -1.278, -0.723, -3.97, -2.398, 0, 0],
      ],
      [
        [-0.455, -0.122, -0.159, 0.244, 0.216, -0.906, -1.609, 0],
        [0.476, -0.352, -0.155, 0.978, 1.187, -1.946, 0, 0],
        [0.998, -0.381, -0.474, 1.537, 2.944, 0, 0, 0],
        [1.568, -0.686, -0.897, 0.773, 1.316, 1.466, 0, 0],
        [3.017, -0.087, -1.396, -1.829, -4.007, -2.197, 0, 0],
      ],
      [
        [0.361, -0.294, 0.052, 0.64, -1.609, 0, 0, 0],
        [-0.264, -0.291, 0.659, 1.921, 1.946, 0, 0, 0],
        [0.198, -0.436, 0.932, 3.095, 3.497, 0, 0, 0],
        [0.535, -0.892, 0.788, 2.197, 3.045, 0, 0, 0],
        [1.407, -0.737, -1.401, -0.891, -0.251, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [-0.146, -0.097, 3.892, 0, 0, 0, 0, 0],
        [-0.156, 0.101, 3.945, 0, 0, 0, 0, 0],
        [-0.091, 0.131, 2.222, 0, 0, 0, 0, 0],
        [0.679, -0.82, -2.088, 0, 0, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
    ],
    'harr-limit': [
      [
        [0.671, -0.116, -0.007, -0.013, 0.013, 0.097, -0.071, -2.037],
        [1.194, 0.163, -0.102, -0.161, -0.004, -0.193, -1.099, 0],
        [2.15, 0.202, -0.591, -1.393, -3.497, -1.099, 0, 0],
        [4.047, 1.018, -1.696, -1.7, -2.898, -2.708, -1.099, 0],
        [4.489, 1.149, -2.061, -1.836, -2.398, 0, 0, 0],
      ],
      [
        [-0.336, 0.03, 0.077, -0.108, -0.088, -0.177, 0, 0],
        [0.603, -0.012, -0.092, -0.176, -0.037, -2.197, 0, 0],
        [1.149, -0.122, -0.728, -0.88, 0.932, 0, 0, 0],
        [2.3, 0.156, -1.768, -3.706, -1.456, -1.19, 0, 0],
        [5.855, 0.047, -2.573, -2.565, -0.731, 0, 0, 0],
      ],
      [
        [-0.392, -0.121, 0.105, 0.217, 1.946, 0, 0, 0],
        [0.153, -0.154, 0.308, 0.123, 0, 0, 0, 0],
        [0.567, -0.602, 0.118, 0, 0, 0, 0, 0],
        [1.383, -0.691, -1.602, -2.118, -0.619, 0, 0, 0],
        [3.439, -0.315, -1.966, -2.833, -0.452, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [-0.245, 0.412, 1.551, 0, 0, 0, 0, 0],
        [0.015, -0.057, 0, 0, 0, 0, 0, 0],
        [0.392, -0.809, -2.398, 0, 0, 0, 0, 0],
        [1.994, -1.7, -3.97, 0, 0, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
    ],
    babcock: [
      [
        [0.668, -0.034, -0.018, -0.02, 0.033, 0.027, 0.151, -1.466],
        [1.156, 0.21, -0.105, -0.154, -0.224, -0.947, -1.609, 0],
        [2.031, 0.384, -0.817, -1.559, -2.037, -1.946, -1.099, 0],
        [4.296, 0.641, -1.498, -5.165, -4.263, -2.708, 0, 0],
        [2.398, 1.609, -3.761, -2.944, -2.398, 0, 0, 0],
      ],
      [
        [0.36, 0.121, -0.081, -0.044, 0.247, -0.534, 0, 0],
        [0.359, 0.057, -0.155, 0.078, 0, 1.099, 0, 0],
        [1.136, -0.03, -0.922, -0.862, 0.435, 0, 0, 0],
        [2.369, 0.232, -3.41, -5.587, -4.489, -1.609, 0, 0],
        [3.746, 0.389, -4.317, -3.892, -2.565, 0, 0, 0],
      ],
      [
        [1.053, -0.372, -0.143, 0.722, 0, 0, 0, 0],
        [0.082, -0.224, 0.567, 0.456, -1.099, 0, 0, 0],
        [0.403, -0.309, -0.155, -2.197, 0, 0, 0, 0],
        [1.402, -0.54, -2.617, -4.745, -1.946, 0, 0, 0],
        [2.989, -2.241, -4.234, -3.135, 0, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [-0.269, 0.181, 2.944, 0, 0, 0, 0, 0],
        [-0.084, 0.209, 2.335, 0, 0, 0, 0, 0],
        [0.37, -0.886, -3.664, 0, 0, 0, 0, 0],
        [3.045, -3.664, -3.135, 0, 0, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
    ],
    code500: [
      [
        [-0.255, 0.05, 0.015, -0.051, 0.044, 0.059, -0.099, 0.534],
        [0.881, 0.247, -0.132, -0.134, 0.064, 0.036, 0, 0],
        [1.875, 0.366, -0.752, -1.264, -3.367, 0, 0, 0],
        [2.676, 0.063, -1.662, -2.449, -1.946, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
      [
        [0.971, 0.032, -0.058, -0.001, -0.058, 0.108, -1.099, 0],
        [0.667, -0.049, -0.16, 0.26, -0.329, 0, 0, 0],
        [1.18, -0.139, -0.784, -0.913, -1.609, 0, 0, 0],
        [1.508, -0.206, -1.726, -4.007, -2.398, 0, -1.099, 0],
        [2.752, 0.191, -3.497, -2.398, -1.609, -1.099, 0, 0],
      ],
      [
        [-1.099, -0.094, 0.242, -0.16, -1.609, 0, 0, 0],
        [0.16, -0.251, 0.5, 0.668, 1.946, 0, 0, 0],
        [0.317, -0.263, 0.203, 0.619, 0, 0, 0, 0],
        [0.766, -0.802, -2.438, -1.609, -1.099, 0, 0, 0],
        [2.126, -2.282, -3.611, -2.833, 0, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0.023, -0.021, -1.609, 0, 0, 0, 0, 0],
        [-0.076, 0.199, 1.846, 0, 0, 0, 0, 0],
        [0.119, -0.847, 0.956, 0, 0, 0, 0, 0],
        [1.878, -4.078, -2.708, 0, 0, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
    ],
  },
});

/** The band of a seat with `turns` discards. */
export function turnBand(turns: number): number {
  return Math.min(TURN_BANDS - 1, Math.floor(turns / TURN_BAND));
}

/** The prior's column of a shanten (-1, complete, shares 0's: a concealed hand is never complete between turns). */
export function priorColumn(shanten: number): number {
  return Math.max(0, Math.min(MAX_PRIOR_SHANTEN + 1, shanten));
}
