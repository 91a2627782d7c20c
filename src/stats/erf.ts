/**
 * Error function, normal CDF and normal quantile, written out here (docs/statistics.md) because simple-statistics'
 * normal CDF and probit are table lookups, too coarse for interval endpoints printed to six decimals.
 * erf: W. J. Cody's rational Chebyshev approximations (Math. Comp. 23, 1969), relative error < 1e-15 in doubles.
 * Quantile: P. J. Acklam's rational approximation, polished by two Halley steps against the CDF above.
 */

const A = [3.1611237438705656, 113.864154151050156, 377.485237685302021, 3209.37758913846947, 0.185777706184603153];
const B = [23.6012909523441209, 244.024637934444173, 1282.61652607737228, 2844.23683343917062];
const C = [
  0.564188496988670089, 8.88314979438837594, 66.1191906371416295, 298.635138197400131, 881.95222124176909,
  1712.04761263407058, 2051.07837782607147, 1230.33935479799725, 2.15311535474403846e-8,
];
const D = [
  15.7449261107098347, 117.693950891312499, 537.181101862009858, 1621.38957456669019, 3290.79923573345963,
  4362.61909014324716, 3439.36767414372164, 1230.33935480374942,
];
const P = [
  0.305326634961232344, 0.360344899949804439, 0.125781726111229246, 0.0160837851487422766,
  6.58749161529837803e-4, 0.0163153871373020978,
];
const Q = [2.56852019228982242, 1.87295284992346725, 0.527905102951428412, 0.0605183413124413191, 0.00233520497626869185];
const SQRPI = 0.56418958354775628695; // 1/sqrt(pi)

/** erfc(x) for x >= 0.5, Cody's second and third ranges (the complementary form avoids cancellation). */
function erfcPositive(y: number): number {
  if (y <= 4) {
    let num = C[8]! * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + C[i]!) * y;
      den = (den + D[i]!) * y;
    }
    const r = (num + C[7]!) / (den + D[7]!);
    const ysq = Math.trunc(y * 16) / 16;
    const del = (y - ysq) * (y + ysq);
    return Math.exp(-ysq * ysq) * Math.exp(-del) * r;
  }
  if (y >= 26.6) return 0;
  const z = 1 / (y * y);
  let num = P[5]! * z;
  let den = z;
  for (let i = 0; i < 4; i++) {
    num = (num + P[i]!) * z;
    den = (den + Q[i]!) * z;
  }
  let r = (z * (num + P[4]!)) / (den + Q[4]!);
  r = (SQRPI - r) / y;
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq) * Math.exp(-del) * r;
}

export function erf(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.5) {
    const ysq = y > 1.11e-16 ? y * y : 0;
    let num = A[4]! * ysq;
    let den = ysq;
    for (let i = 0; i < 3; i++) {
      num = (num + A[i]!) * ysq;
      den = (den + B[i]!) * ysq;
    }
    return (x * (num + A[3]!)) / (den + B[3]!);
  }
  const r = 1 - erfcPositive(y);
  return x < 0 ? -r : r;
}

export function erfc(x: number): number {
  if (Math.abs(x) <= 0.5) return 1 - erf(x);
  return x > 0 ? erfcPositive(x) : 2 - erfcPositive(-x);
}

/** Standard normal CDF via erfc, accurate in both tails. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

const AQ = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
const BQ = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const CQ = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const DQ = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

/** Inverse of the standard normal CDF (probit). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  }
  const plow = 0.02425;
  let x: number;
  if (p < plow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((CQ[0]! * q + CQ[1]!) * q + CQ[2]!) * q + CQ[3]!) * q + CQ[4]!) * q + CQ[5]!) /
      ((((DQ[0]! * q + DQ[1]!) * q + DQ[2]!) * q + DQ[3]!) * q + 1);
  } else if (p <= 1 - plow) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((AQ[0]! * r + AQ[1]!) * r + AQ[2]!) * r + AQ[3]!) * r + AQ[4]!) * r + AQ[5]!) * q) /
      (((((BQ[0]! * r + BQ[1]!) * r + BQ[2]!) * r + BQ[3]!) * r + BQ[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((CQ[0]! * q + CQ[1]!) * q + CQ[2]!) * q + CQ[3]!) * q + CQ[4]!) * q + CQ[5]!) /
      ((((DQ[0]! * q + DQ[1]!) * q + DQ[2]!) * q + DQ[3]!) * q + 1);
  }
  // Halley refinement: Acklam alone is good to ~1e-9; two steps reach double precision.
  for (let i = 0; i < 2; i++) {
    const e = (p < 0.5 ? normalCdf(x) - p : -(normalCdf(-x) - (1 - p)));
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
    x = x - u / (1 + (x * u) / 2);
  }
  return x;
}

/** Two-sided critical value: z such that P(|Z| <= z) = level (1.959963984540054 for 0.95). */
export function zCritical(level = 0.95): number {
  return normalQuantile(1 - (1 - level) / 2);
}
