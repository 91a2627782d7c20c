/**
 * strategy-comparison analysis (issue 6, point 2): per rule set, each strategy's win rate and deal-in rate (Wilson
 * 95%), mean net per hand with a 95% interval taking the wall set as the unit, the winning-score distribution,
 * and every pair's paired difference of mean net: per wall set, over the lineups seating both, the difference of
 * their net sums — a paired z test across wall sets, Holm-corrected across all pairs of all rule sets.
 */
import type { TopLevelSpec } from 'vega-lite';
import { pairwiseCsv, pairwiseTests } from '../../src/runner/pairwise.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { csv, mdTable, num, pval, ranks, show, strategiesOf, summary } from '../../src/experiments/tables.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type Cell } from '../../src/experiments/walls.js';

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

export function analyseStrategyComparison(input: AnalysisInput): Analysis {
  const byVariant = input.byVariant;
  const rows = strategyRows(input, byVariant);

  // Pairwise paired differences: one accumulator per (rule set, a, b), all filled in one streaming pass.
  const tested = pairwiseTests(input.cells, byVariant, input.wallGames, input.walls);
  const adj = tested.map((t) => t.pHolm);

  const files = [
    { name: 'strategies.csv', text: csv([[...STRATEGY_COLUMNS], ...rows.map(strategyCsvRow)]) },
    { name: 'score-distribution.csv', text: scoreDistributionCsv(rows, 'rules') },
    { name: 'pairwise.csv', text: pairwiseCsv(tested) },
    { name: 'totals.csv', text: totalsCsv(byVariant, 'rules') },
  ];

  const sections: string[] = [];
  for (const variant of byVariant.keys()) {
    const vr = rows.filter((r) => r.variant === variant).sort((x, y) => x.rank - y.rank);
    sections.push(`### ${variant}\n\n${mdTable(
      ['strategy', 'rank', 'mean net / hand (95% CI)', 'win rate (95% CI)', 'deal-in rate (95% CI)', 'median win score', 'turns per win', 'turns in a won hand'],
      vr.map((r) => [
        r.strategy, String(r.rank), show.ci(r.net.mean, r.net.low, r.net.high),
        show.pctCi(r.s.winRate, r.s.winRateLow, r.s.winRateHigh), show.pctCi(r.s.dealInRate, r.s.dealInRateLow, r.s.dealInRateHigh),
        Number.isNaN(r.s.medianWinScore) ? '' : String(r.s.medianWinScore), Number.isNaN(r.s.turnsPerWin) ? '' : r.s.turnsPerWin.toFixed(1),
        Number.isNaN(r.s.meanWinTurns) ? '' : r.s.meanWinTurns.toFixed(1),
      ]),
    )}`);
  }
  const sig = tested.map((t, i) => ({ t, p: adj[i]! })).filter((x) => x.p < 0.05);
  const pairTable = mdTable(
    ['rule set', 'a − b', 'mean net diff / hand (95% CI)', 'z', 'Holm p'],
    tested.map((t, i) => [t.group, `${t.a} − ${t.b}`, show.ci(t.r.meanDiff, t.r.low, t.r.high), t.r.statistic.toFixed(2), show.p(adj[i]!)]),
  );
  const leaders = [...byVariant.keys()].map((v) => {
    const top = rows.filter((r) => r.variant === v).sort((x, y) => x.rank - y.rank)[0];
    const fastest = rows.filter((r) => r.variant === v).sort((x, y) => y.s.winRate - x.s.winRate)[0];
    return `- **${v}**: highest mean net ${top?.strategy} (${top?.net.mean.toFixed(1)} per hand); highest win rate ${fastest?.strategy} (${show.pct(fastest?.s.winRate ?? NaN)}).`;
  });
  const findings = [
    '## Findings',
    '',
    ...leaders,
    `- ${sig.length} of ${tested.length} pairwise differences are significant at 5% after Holm's correction.`,
    '',
    '*Turns per win* is a strategy\'s own turns (discards) over all the hands it played, divided by its wins: the ' +
      'turns of play a win costs it. *Turns in a won hand* is the mean of its own turns in the hands it won; a ' +
      'strategy that plays to win only with hands dealt near complete wins early when it wins at all.',
    '',
    sections.join('\n\n'),
    '',
    '### Pairwise differences of mean net (paired across wall sets)',
    '',
    'Test: for each pair and rule set, the unit is a wall set (one wall played four times with the lineup rotated), ' +
      'pooled over the lineups that seat both strategies; the per-wall-set difference of their net sums is tested with a ' +
      'two-sided paired z test (wall sets use independent streams; the normal approximation needs many of them, ' +
      'so read the p-values of a small run with care), and the p-values of all ' +
      `${tested.length} comparisons are adjusted with Holm's step-down method. Full table: [pairwise.csv](pairwise.csv).`,
    '',
    pairTable,
  ].join('\n');

  return {
    files,
    charts: [
      { name: 'mean-net.svg', title: 'Mean net settlement per hand', spec: meanNetChart(rows, 'Mean net settlement per hand, 95% interval', 'rule set') },
      { name: 'win-scores.svg', title: 'Winning-score distributions', spec: scoreChart(rows, 'Winning scores: share of wins scoring at least x') },
    ],
    findings,
  };
}
