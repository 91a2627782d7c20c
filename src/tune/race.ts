/**
 * From the generations to one winner (docs/tuning.md, "What it does": race the finalists on held-out seeds,
 * confirm once on an untouched seed). The best of many candidates, each measured once, looks better than it is —
 * by about σ·√(2 ln N) for N candidates of noise σ — so the finalists are re-measured on walls none of them was
 * chosen on. Finalists: the rounded final mean of the search distribution, then the other parameter vectors with
 * the best pooled mean over every generation that evaluated them. The race plays them in rounds on new walls
 * (all on the same walls within a round); after each round a finalist whose paired difference to the leader is
 * negative with Holm-adjusted p < 0.05 drops out. The leader after the last round wins.
 */
import { holm } from '../stats/paired.js';
import { ratio, type IntMoments } from '../stats/moments.js';
import type { Arms } from './arms.js';

export interface Evaluated {
  readonly generation: number;
  readonly entry: string;
  readonly values: readonly number[];
  readonly net: IntMoments;
}

export interface Finalist {
  readonly entry: string;
  readonly values: readonly number[];
  /** How it was chosen: the search mean, or its rank by pooled tuning mean. */
  readonly source: string;
  /** Pooled over every generation that evaluated it (0 wall sets when never evaluated). */
  readonly tuning: IntMoments;
}

function pooled(history: readonly Evaluated[]): Map<string, { values: readonly number[]; m: IntMoments; first: number }> {
  const out = new Map<string, { values: readonly number[]; m: IntMoments; first: number }>();
  history.forEach((h, i) => {
    const e = out.get(h.entry) ?? { values: h.values, m: { n: 0, sum: 0n, sumSq: 0n }, first: i };
    e.m = { n: e.m.n + h.net.n, sum: e.m.sum + h.net.sum, sumSq: e.m.sumSq + h.net.sumSq };
    out.set(h.entry, e);
  });
  return out;
}

export function pickFinalists(history: readonly Evaluated[], mean: { entry: string; values: readonly number[] }, count: number): Finalist[] {
  const pool = pooled(history);
  const none: IntMoments = { n: 0, sum: 0n, sumSq: 0n };
  const out: Finalist[] = [{ entry: mean.entry, values: mean.values, source: 'search mean', tuning: pool.get(mean.entry)?.m ?? none }];
  const ranked = [...pool.entries()]
    .filter(([entry]) => entry !== mean.entry)
    .sort((a, b) => {
      const d = ratio(b[1].m.sum, BigInt(b[1].m.n)) - ratio(a[1].m.sum, BigInt(a[1].m.n));
      return d !== 0 ? d : a[1].first - b[1].first;
    });
  for (const [entry, p] of ranked) {
    if (out.length >= count) break;
    out.push({ entry, values: p.values, source: `pooled rank ${out.length}`, tuning: p.m });
  }
  return out;
}

/** The alive finalist with the highest mean (ties: the earlier finalist). */
export function leaderOf(arms: Arms, alive: readonly number[], scale: number): number {
  let best = alive[0]!;
  for (const i of alive) if (arms.mean(i, scale).meanDiff > arms.mean(best, scale).meanDiff) best = i;
  return best;
}

/** Finalists left after a round: those not significantly behind the leader (Holm over the comparisons). */
export function survivors(arms: Arms, alive: readonly number[], scale: number): number[] {
  const leader = leaderOf(arms, alive, scale);
  const others = alive.filter((i) => i !== leader);
  const d = others.map((i) => arms.diff(i, leader, scale));
  const p = holm(d.map((x) => x.p));
  return alive.filter((i) => {
    const k = others.indexOf(i);
    return k < 0 || !(d[k]!.meanDiff < 0 && p[k]! < 0.05);
  });
}
