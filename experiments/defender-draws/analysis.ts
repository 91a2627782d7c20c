/**
 * defender-draws analysis (results/defender-draws/README.md): Harr's rule 3 of careful play — with a poor hand, hold
 * the tiles the others need and play for a drawn hand. Lineups seat 0..4 defenders against Harr's adaptive player on
 * the same walls: the drawn-hand rate (Wilson 95%) as defenders are added, what each side earns per hand (wall-set
 * intervals), and within each mixed lineup the paired defender − harr difference (paired z, Holm-corrected).
 */
import type { TopLevelSpec } from 'vega-lite';
import { holm } from '../../src/stats/paired.js';
import { wilson } from '../../src/stats/wilson.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { csv, mdTable, num, pval, show, summary } from '../../src/experiments/tables.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type Cell } from '../../src/experiments/walls.js';

const DEFENDER = 'defender';

export function analyseDefenderDraws(input: AnalysisInput): Analysis {
  const cells = input.cells;
  const defenders = (c: Cell) => c.lineup.split(',').filter((s) => s.trim() === DEFENDER).length;
  const means = cells.map((c) => c.labels.map((l) => ({ label: l, h: labelHandsPerWall([c], l, input.wallGames), m: new WallMoments() })));
  const pairs = cells
    .map((c, ci) => ({ c, ci, other: c.labels.find((l) => l !== DEFENDER) }))
    .filter((x) => x.c.labels.includes(DEFENDER) && x.other !== undefined)
    .map((x) => ({
      ...x, other: x.other!, hd: labelHandsPerWall([x.c], DEFENDER, input.wallGames), ho: labelHandsPerWall([x.c], x.other!, input.wallGames), m: new WallMoments(),
    }));
  forEachWall(cells, input.wallGames, input.walls, (sums) => {
    means.forEach((ms, ci) => ms.forEach((m, li) => m.m.add(sums[ci]![li]!)));
    for (const p of pairs) {
      const s = [sums[p.ci]!];
      p.m.add(labelWall([p.c], s, DEFENDER) * p.ho - labelWall([p.c], s, p.other) * p.hd);
    }
  });
  const pairR = pairs.map((p) => p.m.result(p.hd * p.ho));
  const pairAdj = holm(pairR.map((r) => r.p));

  const rows = cells.map((c, ci) => {
    const drawn = wilson(c.agg.drawn, c.agg.hands);
    const side = (label: string) => {
      const m = means[ci]!.find((x) => x.label === label);
      if (!m) return null;
      const r = m.m.result(m.h);
      return { r, s: summary([c], label) };
    };
    return { c, k: defenders(c), drawn, def: side(DEFENDER), other: side(c.labels.find((l) => l !== DEFENDER) ?? '') };
  });

  const lineupCsv = csv([
    [
      'defenders', 'lineup', 'hands', 'drawn_hands', 'draw_rate', 'draw_rate_low', 'draw_rate_high', 'washes',
      'defender_win_rate', 'defender_deal_in_rate', 'defender_mean_net', 'defender_mean_net_low', 'defender_mean_net_high',
      'other_strategy', 'other_win_rate', 'other_deal_in_rate', 'other_mean_net', 'other_mean_net_low', 'other_mean_net_high',
    ],
    ...rows.map((r) => [
      String(r.k), r.c.lineup, String(r.c.agg.hands), String(r.c.agg.drawn), num(r.drawn.estimate), num(r.drawn.low), num(r.drawn.high), String(r.c.agg.washes),
      num(r.def?.s.winRate ?? NaN), num(r.def?.s.dealInRate ?? NaN), num(r.def?.r.meanDiff ?? NaN), num(r.def?.r.low ?? NaN), num(r.def?.r.high ?? NaN),
      r.other?.s.strategy ?? '', num(r.other?.s.winRate ?? NaN), num(r.other?.s.dealInRate ?? NaN), num(r.other?.r.meanDiff ?? NaN), num(r.other?.r.low ?? NaN), num(r.other?.r.high ?? NaN),
    ]),
  ]);
  const pairCsv = csv([
    ['defenders', 'lineup', 'strategy_a', 'strategy_b', 'wall_sets', 'mean_net_diff', 'diff_low', 'diff_high', 'z', 'p', 'p_holm'],
    ...pairs.map((p, i) => [
      String(defenders(p.c)), p.c.lineup, DEFENDER, p.other, String(pairR[i]!.n), num(pairR[i]!.meanDiff), num(pairR[i]!.low), num(pairR[i]!.high),
      num(pairR[i]!.statistic), pval(pairR[i]!.p), pval(pairAdj[i]!),
    ]),
  ]);

  const first = rows[0];
  const last = rows[rows.length - 1];
  const headline = first && last
    ? `- Drawn hands: ${show.pctCi(first.drawn.estimate, first.drawn.low, first.drawn.high)} with ${first.k} defenders, ` +
      `${show.pctCi(last.drawn.estimate, last.drawn.low, last.drawn.high)} with ${last.k}.`
    : '';
  const table = mdTable(
    ['defenders', 'drawn hands (95% CI)', 'defender mean net / hand (95% CI)', 'harr mean net / hand (95% CI)', 'defender win rate', 'defender deal-in rate'],
    rows.map((r) => [
      String(r.k), show.pctCi(r.drawn.estimate, r.drawn.low, r.drawn.high),
      r.def ? show.ci(r.def.r.meanDiff, r.def.r.low, r.def.r.high) : '—', r.other ? show.ci(r.other.r.meanDiff, r.other.r.low, r.other.r.high) : '—',
      r.def ? show.pct(r.def.s.winRate) : '—', r.def ? show.pct(r.def.s.dealInRate) : '—',
    ]),
  );
  const pairTable = mdTable(
    ['defenders', 'defender − harr, mean net / hand (95% CI)', 'z', 'Holm p'],
    pairs.map((p, i) => [String(defenders(p.c)), show.ci(pairR[i]!.meanDiff, pairR[i]!.low, pairR[i]!.high), pairR[i]!.statistic.toFixed(2), show.p(pairAdj[i]!)]),
  );
  const findings = [
    '## Findings',
    '',
    headline,
    '',
    table,
    '',
    '### Defender against harr at the same table (paired across wall sets)',
    '',
    'Per wall set, the defenders\' net sum per seat-hand minus harr\'s; two-sided paired z test, Holm-corrected ' +
      `over the ${pairs.length} mixed lineups. Mean nets use the wall set as the unit as well.`,
    '',
    pairTable,
  ].join('\n');

  const chart: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Drawn-hand rate by number of defenders (95% interval)',
    data: { values: rows.map((r) => ({ defenders: r.k, rate: r.drawn.estimate, low: r.drawn.low, high: r.drawn.high })) },
    width: 360,
    height: 240,
    encoding: { x: { field: 'defenders', type: 'ordinal', title: 'defenders at the table (the rest harr)', axis: { labelAngle: 0 } } },
    layer: [
      { mark: 'rule', encoding: { y: { field: 'low', type: 'quantitative', title: 'share of hands drawn', axis: { format: '%' } }, y2: { field: 'high' } } },
      { mark: { type: 'line', point: true }, encoding: { y: { field: 'rate', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;

  return {
    files: [
      { name: 'lineups.csv', text: lineupCsv },
      { name: 'pairwise.csv', text: pairCsv },
    ],
    charts: [{ name: 'drawn-rate.svg', title: 'Drawn-hand rate by number of defenders', spec: chart }],
    findings,
  };
}
