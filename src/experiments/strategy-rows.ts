/**
 * Per-strategy rows of played cells (README.md, "Experiments: what we found"): every strategy's wall-clustered mean net
 * per variant, its CSV columns, the score distribution and totals, and the two charts. Shared by the experiments that
 * compare strategies (experiments/strategy-comparison/, experiments/limit-vs-unlimited/).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { AnalysisInput } from './analysis.js';
import { csv, num, ranks, strategiesOf, summary } from './tables.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type Cell } from './walls.js';

export const STRATEGY_COLUMNS = [
  'rules', 'strategy', 'lineups', 'hands', 'wins', 'win_rate', 'win_rate_low', 'win_rate_high', 'self_draws',
  'deal_ins', 'deal_in_rate', 'deal_in_rate_low', 'deal_in_rate_high', 'mean_net', 'mean_net_low', 'mean_net_high',
  'rank', 'mean_win_score', 'median_win_score', 'p90_win_score', 'max_win_score', 'limit_wins', 'turns_per_win', 'mean_win_turns',
] as const;

export interface StrategyRow {
  readonly variant: string;
  readonly strategy: string;
  readonly s: ReturnType<typeof summary>;
  readonly net: { mean: number; low: number; high: number };
  rank: number;
}

/** One pass over the wall sets: every label's wall-clustered mean net, per variant. */
export function strategyRows(input: AnalysisInput, byVariant: ReadonlyMap<string, readonly Cell[]>): StrategyRow[] {
  const rows: StrategyRow[] = [];
  const acc: { row: Omit<StrategyRow, 'net'>; m: WallMoments; cells: readonly Cell[]; idx: number[]; h: number }[] = [];
  for (const [variant, cells] of byVariant) {
    for (const label of strategiesOf(cells)) {
      const idx = cells.map((c) => input.cells.indexOf(c));
      acc.push({
        row: { variant, strategy: label, s: summary(cells, label), rank: 0 },
        m: new WallMoments(),
        cells,
        idx,
        h: labelHandsPerWall(cells, label, input.wallGames),
      });
    }
  }
  forEachWall(input.cells, input.wallGames, input.walls, (sums) => {
    for (const a of acc) a.m.add(labelWall(a.cells, a.idx.map((i) => sums[i]!), a.row.strategy));
  });
  for (const a of acc) {
    const r = a.m.n >= 2 ? a.m.result(a.h) : null;
    rows.push({ ...a.row, net: r ? { mean: r.meanDiff, low: r.low, high: r.high } : { mean: a.row.s.meanNet, low: NaN, high: NaN } });
  }
  for (const variant of byVariant.keys()) {
    const vr = rows.filter((r) => r.variant === variant);
    ranks(vr.map((r) => r.net.mean)).forEach((k, i) => (vr[i]!.rank = k));
  }
  return rows;
}

export function strategyCsvRow(r: StrategyRow): string[] {
  const s = r.s;
  return [
    r.variant, r.strategy, String(s.lineups), String(s.hands), String(s.wins), num(s.winRate), num(s.winRateLow),
    num(s.winRateHigh), String(s.selfDraws), String(s.dealIns), num(s.dealInRate), num(s.dealInRateLow),
    num(s.dealInRateHigh), num(r.net.mean), num(r.net.low), num(r.net.high), String(r.rank), num(s.meanWinScore),
    num(s.medianWinScore), num(s.p90WinScore), num(s.maxWinScore), String(s.limitWins), num(s.turnsPerWin), num(s.meanWinTurns),
  ];
}

export function scoreDistributionCsv(rows: readonly StrategyRow[], variantColumn: string): string {
  const out: string[][] = [[variantColumn, 'strategy', 'winning_score', 'count']];
  for (const r of rows) {
    for (const [score, n] of [...r.s.scores.entries()].sort((a, b) => a[0] - b[0])) out.push([r.variant, r.strategy, String(score), String(n)]);
  }
  return csv(out);
}

export function totalsCsv(byVariant: ReadonlyMap<string, readonly Cell[]>, variantColumn: string): string {
  const out: string[][] = [[variantColumn, 'games', 'hands', 'drawn_hands', 'draw_rate', 'washes']];
  for (const [variant, cells] of byVariant) {
    let games = 0;
    let hands = 0;
    let drawn = 0;
    let washes = 0;
    for (const c of cells) {
      games += c.agg.games;
      hands += c.agg.hands;
      drawn += c.agg.drawn;
      washes += c.agg.washes;
    }
    out.push([variant, String(games), String(hands), String(drawn), num(hands ? drawn / hands : NaN), String(washes)]);
  }
  return csv(out);
}

/** Complementary cumulative share of wins scoring at least x, per strategy: readable across long tails. */
export function scoreChart(rows: readonly StrategyRow[], title: string): TopLevelSpec {
  const values: { variant: string; strategy: string; score: number; share: number }[] = [];
  for (const r of rows) {
    const sorted = [...r.s.scores.entries()].sort((a, b) => a[0] - b[0]);
    let left = r.s.wins;
    for (const [score, n] of sorted) {
      values.push({ variant: r.variant, strategy: r.strategy, score: Math.max(1, score), share: left / r.s.wins });
      left -= n;
    }
  }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    data: { values },
    facet: { field: 'variant', type: 'nominal', title: null, sort: [...new Set(rows.map((r) => r.variant))] },
    columns: 2,
    spec: {
      width: 260,
      height: 180,
      mark: { type: 'line', interpolate: 'step-after' },
      encoding: {
        x: { field: 'score', type: 'quantitative', scale: { type: 'log' }, title: 'winning score (log)' },
        y: { field: 'share', type: 'quantitative', title: 'share of wins scoring ≥ x' },
        color: { field: 'strategy', type: 'nominal' },
      },
    },
  } as TopLevelSpec;
}

/** Mean net per hand with its 95% interval, grouped by variant. */
export function meanNetChart(rows: readonly StrategyRow[], title: string, variantTitle: string, yTitle = 'mean net per hand (95% interval)'): TopLevelSpec {
  const values = rows.map((r) => ({ variant: r.variant, strategy: r.strategy, mean: r.net.mean, low: r.net.low, high: r.net.high }));
  const variantOrder = [...new Set(rows.map((r) => r.variant))];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    data: { values },
    width: 520,
    height: 260,
    encoding: {
      x: { field: 'strategy', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0 } },
      xOffset: { field: 'variant', type: 'nominal', sort: variantOrder },
      color: { field: 'variant', type: 'nominal', title: variantTitle, sort: variantOrder },
    },
    layer: [
      { mark: { type: 'rule' }, encoding: { y: { field: 'low', type: 'quantitative', title: yTitle }, y2: { field: 'high' } } },
      { mark: { type: 'point', filled: true }, encoding: { y: { field: 'mean', type: 'quantitative' } } },
      { mark: { type: 'rule', strokeDash: [3, 3], color: 'gray' }, data: { values: [{ zero: 0 }] }, encoding: { y: { field: 'zero', type: 'quantitative' }, x: null, xOffset: null, color: null } },
    ],
  } as TopLevelSpec;
}
