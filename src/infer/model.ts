/**
 * The policy model of the other seats (issue 25, point 1): the constants of src/infer/likelihood.ts and guide.ts,
 * fitted on four-`harr` self-play where every hand is known (src/game/inference-fit.ts made them, FIT_HANDS hands per
 * rule set, seed FIT_SEED: `node dist/src/game/inference-fit.js`; test/infer/model.test.ts checks a smaller fit
 * lands near them).
 *
 * - `tau`: the temperature of the softmax over a seat's discards by the shape value of each kind held
 *   (src/hand/shape-value.ts), by maximum likelihood of harr's real discards in the approximate form the inference
 *   uses (the hand before a discard taken as the hand now plus the tile discarded).
 * - `decay`, `recent`: a discard `k` discards ago counts `decay^k` (the hand has changed since; `decay` from how fast
 *   the fitted discards' information falls with age), the last `recent` only.
 * - log likelihood ratios of what the table shows: a tile passed since the seat's last discard (in the order of play,
 *   src/infer/order.ts) that it could have claimed for Mah-Jongg (`passWin`: about -5.4, as good as never, since harr
 *   takes every Mah-Jongg it may) or of which it holds two (`passPair`), against the same for the other tiles
 *   discarded earlier; each four of a kind held concealed (`four`) and a held fourth tile of an exposed pung (`addKong`),
 *   true hands against uniformly dealt ones.
 * - `shantenPrior[melds][turn band][shanten]`: log of the true hands' share of each shanten over the share among
 *   hands dealt uniformly from what the seat cannot see, by declared sets (0-4) and discards (bands of TURN_BAND);
 *   the prior that makes a world's hands as near complete as real ones (in place of a median, issue 15).
 */
import type { RuleSetId } from '../rules/types.js';

export interface PolicyModel {
  readonly tau: number;
  readonly rankTau: number;
  readonly beta: number;
  readonly decay: number;
  readonly recent: number;
  readonly passWin: number;
  readonly passPair: number;
  readonly four: number;
  readonly addKong: number;
  readonly shantenPrior: Readonly<Record<RuleSetId, readonly (readonly (readonly number[])[])[]>>;
}

export const FIT_HANDS = 400;
export const FIT_SEED = 25;
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
  recent: 8,
  passWin: -5.423,
  passPair: -0.389,
  four: 0.235,
  addKong: -2.156,
  shantenPrior: {
    harr: [
      [
        [3.045, 1.748, 0.703, 0.165, -0.255, -0.683, -0.764, 0.179],
        [6.491, 2.994, 1.16, -0.122, -1.333, -2.526, -6.028, -3.497],
        [6.921, 3.207, 0.968, -0.826, -1.626, -3.841, -4.844, -2.565],
        [6.192, 3.158, 0.2, -1.036, -1.51, -5.165, -3.434, -1.099],
        [4.762, 1.946, -1.31, -0.703, -4.263, -2.833, 0, 0],
      ],
      [
        [4.078, 2.031, 0.632, -0.18, -1.015, -2.928, -3.296, 0],
        [5.009, 2.496, 0.526, -0.793, -2.19, -6.632, -3.135, 0],
        [6.991, 2.455, 0.01, -1.323, -2.79, -6.323, -3.367, 0],
        [6.612, 2.168, -0.582, -1.814, -3.219, -2.687, -1.609, 0],
        [4.627, 1.244, -1.139, -2.398, -4.89, -2.833, -1.099, 0],
      ],
      [
        [3.497, 2.001, -0.155, -0.868, -3.497, 0, 0, 0],
        [3.727, 1.64, -0.498, -1.51, -2.382, 0, 0, 0],
        [5.688, 1.332, -0.966, -2.376, -2.854, 0, 0, 0],
        [5.335, 0.65, -1.37, -2.557, -2.663, 0, 0, 0],
        [4.542, 0.241, -1.79, -2.09, -2.497, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [2.815, -0.322, -1.411, 0, 0, 0, 0, 0],
        [2.924, -0.685, -1.667, 0, 0, 0, 0, 0],
        [3.3, -0.679, -2.443, 0, 0, 0, 0, 0],
        [2.631, -0.884, -3.203, 0, 0, 0, 0, 0],
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
        [4.875, 1.962, 0.858, 0.157, -0.437, -0.611, -0.91, -2.872],
        [5.776, 3.578, 1.266, -0.509, -2.381, -3.741, -5.771, -1.946],
        [6.001, 3.719, 0.607, -2.264, -7.195, -6.196, -4.29, -1.609],
        [6.244, 3.932, -1.07, -1.851, -3.774, -4.369, -2.565, -1.099],
        [4.489, 2.615, -1.718, -1.893, -3.434, -1.099, 0, 0],
      ],
      [
        [2.708, 1.952, 0.772, -0.473, -1.46, -2.197, -2.944, 0],
        [5.921, 2.649, 0.525, -1.999, -3.56, -6.555, -3.497, 0],
        [5.941, 2.757, -0.434, -3.822, -4.128, -5.784, -2.398, 0],
        [5.317, 2.165, -1.589, -4.432, -2.695, -2.669, 0, 0],
        [4.756, 0.802, -2.426, -2.944, -1.242, -1.609, 0, 0],
      ],
      [
        [3.219, 1.748, -0.033, -1.38, -1.488, 0, 0, 0],
        [4.52, 1.584, -1.019, -3.305, -5.922, 0, 0, 0],
        [5.453, 1.109, -2.079, -5.156, -6.023, 0, 0, 0],
        [4.794, 0.646, -2.213, -3.478, -2.898, 0, 0, 0],
        [3.807, 0.336, -1.972, -3.447, -0.999, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [2.998, -0.285, -2.262, 0, 0, 0, 0, 0],
        [3.078, -0.871, -6.77, 0, 0, 0, 0, 0],
        [3.054, -1.09, -4.23, 0, 0, 0, 0, 0],
        [3.52, -1.683, -4.29, 0, 0, 0, 0, 0],
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
        [3.681, 1.84, 0.849, 0.135, -0.395, -0.747, -0.723, -3.012],
        [5.614, 3.277, 1.275, -0.512, -2.626, -4.507, -5.493, -2.197],
        [6.891, 3.598, 0.442, -2.466, -5.991, -6.089, -3.761, -1.946],
        [5.905, 3.184, -0.604, -5.638, -5.017, -3.97, -1.099, 0],
        [2.909, 3.219, -3.296, -3.296, -3.135, -1.099, 0, 0],
      ],
      [
        [2.833, 1.856, 0.591, -0.45, -0.851, -2.509, -2.197, 0],
        [5.123, 2.82, 0.409, -1.777, -3.98, -4.263, -3.761, 0],
        [7.849, 2.728, -0.689, -4.066, -4.551, -5.714, -1.609, 0],
        [6.788, 1.984, -3.206, -6.431, -5.493, -3.497, 0, 0],
        [4.844, 1.036, -4.007, -4.205, -3.296, 0, 0, 0],
      ],
      [
        [3.761, 0.967, -0.18, -0.933, -2.708, 0, 0, 0],
        [4.357, 1.612, -0.78, -3.175, -5.673, 0, 0, 0],
        [4.811, 1.392, -2.38, -7.521, -5.673, 0, 0, 0],
        [4.489, 0.552, -3.159, -6.023, -3.932, 0, 0, 0],
        [3.836, -1.609, -4.344, -3.611, -1.609, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [2.076, -0.263, -1.45, 0, 0, 0, 0, 0],
        [3.037, -0.765, -3.004, 0, 0, 0, 0, 0],
        [3.085, -1.266, -5.533, 0, 0, 0, 0, 0],
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
        [2.398, 1.901, 0.884, 0.097, -0.365, -0.722, -0.939, -0.64],
        [5.377, 3.484, 1.18, -0.516, -2.258, -3.401, -5.263, -2.197],
        [5.696, 3.629, 0.457, -2.109, -6.989, -5.861, -3.611, -1.099],
        [5.509, 2.929, -0.68, -3.148, -4.86, -3.85, -1.099, -1.099],
        [0, 0, 0, 0, 0, 0, 0, 0],
      ],
      [
        [4.078, 2.105, 0.632, -0.417, -1.472, -1.735, -2.833, 0],
        [4.977, 2.821, 0.432, -1.641, -3.762, -4.825, -3.761, 0],
        [6.291, 2.665, -0.56, -3.986, -7.314, -5.525, -2.833, 0],
        [6.457, 1.959, -1.696, -6.155, -5.313, -3.497, 0, 0],
        [3.85, 0.938, -3.135, -3.497, -1.946, 0, 0, 0],
      ],
      [
        [1.946, 1.597, -0.044, -1.644, -3.497, 0, 0, 0],
        [4.981, 1.587, -0.779, -2.691, -3.768, 0, 0, 0],
        [4.878, 1.472, -2.038, -4.833, -5.602, 0, 0, 0],
        [4.667, 0.784, -4.266, -6.028, -4.443, 0, 0, 0],
        [2.745, -1.435, -4.143, -3.045, -1.609, 0, 0, 0],
      ],
      [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [4.274, -0.4, -5.565, 0, 0, 0, 0, 0],
        [3.286, -0.726, -3.461, 0, 0, 0, 0, 0],
        [3.007, -1.795, -2.869, 0, 0, 0, 0, 0],
        [2.497, -4.043, -3.135, 0, 0, 0, 0, 0],
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
