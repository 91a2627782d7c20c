/**
 * The policy model of the other seats (issue 25, point 1): the constants of src/infer/likelihood.ts, fitted on
 * four-`harr` self-play where every hand is known (src/infer/fit.ts made them: `node dist/src/infer/fit.js`;
 * test/infer/model.test.ts checks that a fit on fewer hands lands near them).
 *
 * - `tau`: the temperature of the softmax over a seat's discards, by the shape value of each kind held
 *   (src/hand/shape-value.ts), fitted by maximum likelihood of harr's real discards in the same approximate form the
 *   inference uses (the hand before a discard taken as the hand now plus the tile discarded).
 * - `decay`, `recent`: a discard `k` discards ago counts `decay^k` (the hand has changed since), the last `recent` only.
 * - the log likelihood ratios of what the table shows of a seat's hand against the opponent model's deals at the
 *   same moments: a tile passed since the seat's last discard that would complete the hand (`passWin`), or of which
 *   it holds two (`passPair`: a pung passed); four of a kind held and not declared (`four`); the fourth tile of a
 *   pung it has exposed held and not added (`addKong`).
 * - `lambda`: the weight of a deal falls by e^-lambda per shanten above the opponent model's median for its cell.
 */
export interface PolicyModel {
  readonly tau: number;
  readonly decay: number;
  readonly recent: number;
  readonly passWin: number;
  readonly passPair: number;
  readonly four: number;
  readonly addKong: number;
  readonly lambda: number;
}

export const POLICY_MODEL: PolicyModel = Object.freeze({
  tau: 6,
  decay: 0.85,
  recent: 8,
  passWin: -3,
  passPair: -1,
  four: -2,
  addKong: -1,
  lambda: 1,
});
