/**
 * The sums of a paired comparison on common worlds (search's choice among candidates, the coach's loss of one answer
 * against another): a[i] − b[i] over the entries both hold, as count, sum and sum of squares. One loop, so that the
 * searcher and the coach add the same differences in the same order.
 */
export interface PairedSums {
  readonly n: number;
  readonly sum: number;
  readonly sq: number;
}

export function pairedSums(a: readonly number[], b: readonly number[]): PairedSums {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    sum += d;
    sq += d * d;
  }
  return { n, sum, sq };
}
