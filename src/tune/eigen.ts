/**
 * Eigen-decomposition of a small symmetric matrix by the cyclic Jacobi method (Golub & Van Loan, Matrix
 * Computations, 4th ed., §8.5): CMA-ES needs C = B·diag(d)·Bᵀ every generation, for a handful of dimensions,
 * where Jacobi is simple, deterministic and accurate to working precision. Rotation order is fixed, so the same
 * matrix always gives the same bits.
 */

export interface Eigen {
  /** Eigenvalues, in the order of the columns of `vectors`. */
  readonly values: number[];
  /** Orthonormal eigenvectors as columns: vectors[i][k] is component i of eigenvector k. */
  readonly vectors: number[][];
}

const MAX_SWEEPS = 100;

export function symmetricEigen(m: readonly (readonly number[])[]): Eigen {
  const n = m.length;
  const a = m.map((row) => [...row]);
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < n; i++) {
      diag += a[i]![i]! * a[i]![i]!;
      for (let j = i + 1; j < n; j++) off += a[i]![j]! * a[i]![j]!;
    }
    if (off <= 1e-30 * diag || off === 0) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (apq === 0) continue;
        // The rotation that zeroes a[p][q] (the smaller of the two angles, for stability).
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}
