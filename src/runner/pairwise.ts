/**
 * Every pair's paired difference of mean net (issue 6, point 2; issue 14, point 5): per wall set, over the runs
 * seating both strategies, the difference of their net sums, scaled to a per-hand difference; a paired z test
 * across wall sets with its 95% interval, Holm-corrected across all pairs of all groups. The strategy-comparison
 * experiment (groups = rule sets, several lineups each) and `simulate --duplicate` (one group, one run) both
 * write their pairwise.csv from here.
 */
import { stringify } from 'csv-stringify/sync';
import { num, pval } from '../io/csv.js';
import { holm, type PairedInterval } from '../stats/paired.js';
import { labelLuck, luckUnit } from './luck-adjust.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type NetsCell } from './wall-sets.js';

export interface PairTest<C extends NetsCell> {
  readonly group: string;
  readonly a: string;
  readonly b: string;
  /** The runs seating both. */
  readonly cells: readonly C[];
  /** Seat-hands per wall set of a and of b over those runs. */
  readonly ha: number;
  readonly hb: number;
  readonly r: PairedInterval;
  /** Holm-adjusted p-value over every pair tested together. */
  readonly pHolm: number;
  /** The luck-adjusted difference (luck-adjust.ts), when the runs wrote luck.bin and the rules have coefficients. */
  readonly adjusted?: PairedInterval;
}

/** Labels of the runs, in first-appearance order. */
export function labelsOf(cells: readonly NetsCell[]): string[] {
  const out: string[] = [];
  for (const c of cells) for (const l of c.labels) if (!out.includes(l)) out.push(l);
  return out;
}

/**
 * All pairs of every group, filled in one streaming pass over the wall sets of `all` (every run of every group,
 * each holding walls × wallGames nets.bin records).
 */
export function pairwiseTests<C extends NetsCell>(
  all: readonly C[], groups: ReadonlyMap<string, readonly C[]>, wallGames: number, walls: number, beta?: readonly number[],
): PairTest<C>[] {
  const pairs: { group: string; a: string; b: string; cells: C[]; idx: number[]; ha: number; hb: number; m: WallMoments; adj: WallMoments }[] = [];
  for (const [group, cells] of groups) {
    const labels = labelsOf(cells);
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i]!;
        const b = labels[j]!;
        const both = cells.filter((c) => c.labels.includes(a) && c.labels.includes(b));
        if (both.length === 0) continue;
        pairs.push({
          group, a, b, cells: both, idx: both.map((c) => all.indexOf(c)),
          ha: labelHandsPerWall(both, a, wallGames), hb: labelHandsPerWall(both, b, wallGames), m: new WallMoments(), adj: new WallMoments(),
        });
      }
    }
  }
  const adjust = beta !== undefined && beta.some((x) => x !== 0);
  // Seats at the table: every run of a group seats the same number (the labels' seats fill it).
  const players = all.length > 0 ? all[0]!.seats.reduce((a, k) => a + k, 0) : 0;
  const unit = luckUnit(players);
  forEachWall(all, wallGames, walls, (sums, luck) => {
    for (const p of pairs) {
      const s = p.idx.map((i) => sums[i]!);
      // x_a·H_b − x_b·H_a, divided by H_a·H_b at the end: exact integers even when seat counts differ.
      const d = labelWall(p.cells, s, p.a) * p.hb - labelWall(p.cells, s, p.b) * p.ha;
      p.m.add(d);
      if (!adjust) continue;
      const l = p.idx.map((i) => luck[i]!);
      p.adj.add(d * unit - (labelLuck(p.cells, l, p.a, beta, players) * p.hb - labelLuck(p.cells, l, p.b, beta, players) * p.ha));
    }
  }, adjust ? beta.length : 0);
  const results = pairs.filter((p) => p.m.n >= 2).map((p) => ({ ...p, r: p.m.result(p.ha * p.hb) }));
  const adj = holm(results.map((t) => t.r.p));
  return results.map((t, i) => ({
    group: t.group, a: t.a, b: t.b, cells: t.cells, ha: t.ha, hb: t.hb, r: t.r, pHolm: adj[i]!,
    ...(adjust ? { adjusted: t.adj.result(t.ha * t.hb * unit) } : {}),
  }));
}

export const PAIRWISE_COLUMNS = [
  'rules', 'strategy_a', 'strategy_b', 'lineups', 'wall_sets', 'hands_a', 'hands_b', 'mean_net_diff', 'diff_low', 'diff_high', 'z', 'p',
  'p_holm', 'significant',
] as const;

/** With the luck adjustment, after PAIRWISE_COLUMNS: the adjusted difference and its 95% interval. */
export const ADJUSTED_COLUMNS = ['mean_net_diff_adjusted', 'adjusted_low', 'adjusted_high'] as const;

export function pairwiseCsv(tested: readonly PairTest<NetsCell>[]): string {
  const adjusted = tested.length > 0 && tested.every((t) => t.adjusted !== undefined);
  return stringify([
    [...PAIRWISE_COLUMNS, ...(adjusted ? ADJUSTED_COLUMNS : [])],
    ...tested.map((t) => [
      t.group, t.a, t.b, String(t.cells.length), String(t.r.n), String(t.ha * t.r.n), String(t.hb * t.r.n),
      num(t.r.meanDiff), num(t.r.low), num(t.r.high), num(t.r.statistic), pval(t.r.p), pval(t.pHolm), t.pHolm < 0.05 ? 'yes' : 'no',
      ...(adjusted ? [num(t.adjusted!.meanDiff), num(t.adjusted!.low), num(t.adjusted!.high)] : []),
    ]),
  ]);
}
