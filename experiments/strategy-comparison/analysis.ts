/**
 * strategy-comparison analysis (results/strategy-comparison/README.md): per rule set, each strategy's win rate and
 * deal-in rate (Wilson 95%), mean net per hand with a 95% interval taking the wall set as the unit, the winning-score
 * distribution, and every pair's paired difference of mean net: per wall set, over the lineups seating both, the
 * difference of their net sums — a paired z test across wall sets, Holm-corrected across all pairs of all rule sets.
 */
import { pairwiseCsv, pairwiseTests } from '../../src/runner/pairwise.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { csv, mdTable, show } from '../../src/experiments/tables.js';
import { meanNetChart, scoreChart, scoreDistributionCsv, STRATEGY_COLUMNS, strategyCsvRow, strategyRows, totalsCsv } from '../../src/experiments/strategy-rows.js';

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
