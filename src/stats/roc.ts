/** The ROC area of scores against 0/1 outcomes (docs/belief.md, results/inference-prediction): how well the scores rank the positives first. */

/** ROC area by ranks (ties share their mean rank); NaN without both classes. */
export function rocAuc(xs: readonly { p: number; y: number }[]): number {
  const s = [...xs].sort((a, b) => a.p - b.p);
  let pos = 0;
  let rankSum = 0;
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j < s.length && s[j]!.p === s[i]!.p) j++;
    const mid = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (s[k]!.y === 1) {
      pos++;
      rankSum += mid;
    }
    i = j;
  }
  const neg = s.length - pos;
  return pos === 0 || neg === 0 ? NaN : (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}
