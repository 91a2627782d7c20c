/**
 * League ratings (docs/statistics.md, "League ratings"): a linear model of nets per wall set, and alpha-Rank of the payoff matrix.
 *
 * The model. At a table of four with ratings r, a seat's expected net per hand is its rating less the table's mean
 * rating (nets sum to zero, so ratings are defined up to a constant; we fix Σr = 0). One seat of i against three
 * of j then nets (3/4)(r_i − r_j) per hand. Least squares over every ordered pair of the matrix M (M_ij: i's mean
 * net per hand as one seat against three j) gives, with A_ij = (M_ij − M_ji)/2 its antisymmetric part,
 *
 *   r_i = 4/(3N) · Σ_{j≠i} A_ij.
 *
 * r is linear in the cells' means, so it is the mean over wall sets of the same combination of each wall set's
 * cell outcomes: every cell plays the same walls (same seed), and the rating's 95% interval taken over wall sets
 * counts the correlation between cells that share a wall. The symmetric part of M (what a pair does to both) and
 * whatever of A the ratings leave (a cycle: i beats j beats k beats i) are what the model does not explain;
 * `residualShare` says how much of A that is.
 *
 * alpha-Rank (Omidshafiei, Papadimitriou, Piliouras, Tuyls, Rowland, Lespiau, Czarnecki, Lanctot, Perolat and
 * Munos, "α-Rank: Multi-Agent Evaluation by Evolution", Scientific Reports 9, 2019), single population: in a
 * population of m all playing j, one mutant playing i earns M_ij against them (their own earn 0 against each
 * other), and takes over with the Fermi fixation probability ρ = (1 − e^{−α M_ij}) / (1 − e^{−m α M_ij}) (1/m when
 * M_ij = 0). The chain moves from j to each i ≠ j with probability ρ/(N − 1); its stationary distribution is the
 * ranking's mass. A strict best strategy takes all the mass; a cycle shares it among its members.
 */

/** Ratings from a payoff matrix (m[i][j], NaN on the diagonal ignored). */
export function linearRatings(m: readonly (readonly number[])[]): number[] {
  const n = m.length;
  return m.map((row, i) => {
    let s = 0;
    for (let j = 0; j < n; j++) if (j !== i) s += (row[j]! - m[j]![i]!) / 2;
    return (4 * s) / (3 * n);
  });
}

/** Share of the antisymmetric part's sum of squares the ratings leave unexplained (0: perfectly transitive). */
export function residualShare(m: readonly (readonly number[])[]): number {
  const n = m.length;
  const r = linearRatings(m);
  let ss = 0;
  let res = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const a = (m[i]![j]! - m[j]![i]!) / 2;
      ss += a * a;
      const e = a - 0.75 * (r[i]! - r[j]!);
      res += e * e;
    }
  }
  return ss > 0 ? res / ss : 0;
}

export const ALPHA = 1;
export const POPULATION = 50;

function fixation(x: number, alpha: number, pop: number): number {
  if (x === 0) return 1 / pop;
  const ax = alpha * x;
  // For large |ax| the ratio is 1 (x > 0) or underflows to 0 (x < 0); expm1 keeps small ones exact.
  if (ax > 700 / pop) return -Math.expm1(-ax) / -Math.expm1(-pop * ax);
  if (ax < -700) return 0;
  return Math.expm1(-ax) / Math.expm1(-pop * ax);
}

/** alpha-Rank's stationary distribution over the strategies of payoff matrix m (mutant i against resident j: m[i][j]). */
export function alphaRank(m: readonly (readonly number[])[], alpha = ALPHA, pop = POPULATION): number[] {
  const n = m.length;
  if (n === 1) return [1];
  // Transition matrix T[j][i] (from resident j to mutant i).
  const t = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let out = 0;
    for (let i = 0; i < n; i++) {
      if (i === j) continue;
      const p = fixation(m[i]![j]!, alpha, pop) / (n - 1);
      t[j]![i] = p;
      out += p;
    }
    t[j]![j] = 1 - out;
  }
  // Solve π T = π, Σπ = 1: (Tᵀ − I) π = 0 with the last equation replaced by the sum (Gaussian elimination).
  const a = Array.from({ length: n }, (_, r) => Array.from({ length: n + 1 }, (_, c) => (c === n ? 0 : t[c]![r]! - (r === c ? 1 : 0))));
  a[n - 1] = new Array<number>(n + 1).fill(1);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    [a[c], a[piv]] = [a[piv]!, a[c]!];
    const d = a[c]![c]!;
    if (Math.abs(d) < 1e-300) continue;
    for (let k = c; k <= n; k++) a[c]![k]! /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  const pi = a.map((row) => Math.max(0, row[n]!));
  const s = pi.reduce((x, y) => x + y, 0);
  return pi.map((x) => x / s);
}
