/**
 * A Nash equilibrium of the league's game (docs/statistics.md, "The league"): the antisymmetric part of the payoff
 * matrix, A[i][j] = (m[i][j] − m[j][i]) / 2, is a symmetric zero-sum game between two choosers of a strategy; its
 * equilibrium mixture (the maximal lottery) says which strategies a player who must pick one, against an opponent
 * who picks knowing that, should mix. Found by fictitious play, which converges in zero-sum games; the mixture is
 * returned with its gap, the most any pure strategy gains against it (0 at an exact equilibrium).
 */

export interface Nash {
  readonly mass: number[];
  /** max_i (A x)_i: the most a strategy gains against the mixture, in the matrix's units. */
  readonly gap: number;
}

export function nashOfAntisymmetric(m: readonly (readonly number[])[], iterations = 200_000): Nash {
  const n = m.length;
  const a = m.map((row, i) => row.map((v, j) => (i === j ? 0 : (v - m[j]![i]!) / 2)));
  const counts = new Array<number>(n).fill(0);
  // payoff[i] = Σ_k counts[k] A[i][k]: each strategy's total against the plays so far.
  const payoff = new Array<number>(n).fill(0);
  let play = 0;
  for (let t = 0; t < iterations; t++) {
    counts[play]!++;
    for (let i = 0; i < n; i++) payoff[i]! += a[i]![play]!;
    let best = 0;
    for (let i = 1; i < n; i++) if (payoff[i]! > payoff[best]!) best = i;
    play = best;
  }
  const mass = counts.map((c) => c / iterations);
  const gap = Math.max(...a.map((row) => row.reduce((s, v, j) => s + v * mass[j]!, 0)));
  return { mass, gap };
}
