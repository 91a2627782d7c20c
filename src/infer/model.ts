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
export interface PolicyModel {
  readonly tau: number;
  readonly decay: number;
  readonly recent: number;
  readonly passWin: number;
  readonly passPair: number;
  readonly four: number;
  readonly addKong: number;
  readonly shantenPrior: readonly (readonly (readonly number[])[])[];
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
  decay: 0.976,
  recent: 8,
  passWin: -5.423,
  passPair: -0.389,
  four: 0.235,
  addKong: -2.156,
  shantenPrior: [
    [
      [3.703, 1.866, 0.827, 0.139, -0.361, -0.69, -0.833, -0.847],
      [6.092, 3.327, 1.221, -0.397, -1.987, -3.209, -7.064, -4.007],
      [6.709, 3.524, 0.68, -1.552, -2.619, -4.736, -5.624, -3.219],
      [7.387, 3.418, -0.381, -1.704, -2.294, -5.861, -3.85, -1.946],
      [4.575, 2.157, -1.755, -1.302, -4.875, -3.045, 0, 0],
    ],
    [
      [3.586, 1.987, 0.661, -0.374, -1.175, -2.332, -4.234, 0],
      [5.284, 2.702, 0.474, -1.433, -3.042, -5.344, -4.934, 0],
      [6.68, 2.65, -0.361, -2.353, -3.59, -7.268, -4.078, 0],
      [6.355, 2.106, -1.157, -2.555, -3.301, -2.928, -1.609, 0],
      [4.992, 1.08, -1.702, -2.748, -2.777, -3.045, -1.099, 0],
    ],
    [
      [4.654, 1.613, -0.088, -1.195, -2.745, 0, 0, 0],
      [4.42, 1.605, -0.763, -2.385, -3.489, 0, 0, 0],
      [5.259, 1.315, -1.624, -3.377, -3.846, 0, 0, 0],
      [4.957, 0.652, -1.914, -3.117, -3.034, 0, 0, 0],
      [4.132, 0.158, -1.972, -2.401, -2.145, 0, 0, 0],
    ],
    [
      [0, 0, 0, 0, 0, 0, 0, 0],
      [2.883, -0.317, -2.007, 0, 0, 0, 0, 0],
      [3.081, -0.764, -2.666, 0, 0, 0, 0, 0],
      [3.174, -0.951, -2.942, 0, 0, 0, 0, 0],
      [2.802, -1.194, -3.476, 0, 0, 0, 0, 0],
    ],
    [
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0],
    ],
  ],
});

/** The band of a seat with `turns` discards. */
export function turnBand(turns: number): number {
  return Math.min(TURN_BANDS - 1, Math.floor(turns / TURN_BAND));
}

/** The prior's column of a shanten (-1, complete, shares 0's: a concealed hand is never complete between turns). */
export function priorColumn(shanten: number): number {
  return Math.max(0, Math.min(MAX_PRIOR_SHANTEN + 1, shanten));
}
