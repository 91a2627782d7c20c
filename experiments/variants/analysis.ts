/**
 * variants analysis: rule sets and their variant files (docs/rules.md "Variants") on the same walls. Every lineup
 * is one challenger against three of one field strategy, `--duplicate`; the unit is the challenger's gain per hand
 * in its own seat (its net per seat-hand, wall set by wall set). Per variant and lineup: that gain with its 95%
 * interval; per changed rule set (the spec's `changes`): the paired change of the gain against its base on the same
 * wall sets. One Holm family over every test.
 */
import { holm } from '../../src/stats/paired.js';
import { wilson } from '../../src/stats/wilson.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { meanNetChart } from '../../src/experiments/strategy-rows.js';
import { csv, mdTable, num, pval, show, summary } from '../../src/experiments/tables.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type Cell } from '../../src/experiments/walls.js';

/** The lineup's challenger: the strategy seated once (the first seat's). */
function challengerOf(c: Cell): string {
  return c.lineup.split(',')[0]!.trim();
}

export function analyseVariants(input: AnalysisInput): Analysis {
  const { spec, cells } = input;
  const changes = Object.entries(spec.changes ?? {});
  const gains = cells.map((c, ci) => {
    const who = challengerOf(c);
    return { c, ci, who, h: labelHandsPerWall([c], who, input.wallGames), m: new WallMoments() };
  });
  const pairs = changes.flatMap(([changed, base]) =>
    gains
      .filter((g) => g.c.variant.label === changed)
      .map((g) => {
        const b = gains.find((x) => x.c.variant.label === base && x.c.lineupIndex === g.c.lineupIndex);
        if (!b) throw new Error(`${spec.name}: variant ${changed}'s base ${base} did not play lineup ${g.c.lineup}`);
        return { changed, base, g, b, m: new WallMoments() };
      }),
  );
  forEachWall(cells, input.wallGames, input.walls, (sums) => {
    for (const g of gains) g.m.add(labelWall([g.c], [sums[g.ci]!], g.who));
    for (const p of pairs) p.m.add(labelWall([p.g.c], [sums[p.g.ci]!], p.g.who) - labelWall([p.b.c], [sums[p.b.ci]!], p.b.who));
  });
  const gainR = gains.map((g) => g.m.result(g.h));
  const pairR = pairs.map((p) => p.m.result(p.g.h));
  const adj = holm([...gainR, ...pairR].map((r) => r.p));
  const gainAdj = adj.slice(0, gains.length);
  const pairAdj = adj.slice(gains.length);
  const rows = gains.map((g, i) => {
    const s = summary([g.c], g.who);
    return { g, r: gainR[i]!, p: gainAdj[i]!, s, drawn: wilson(g.c.agg.drawn, g.c.agg.hands) };
  });

  const gainCsv = csv([
    ['variant', 'rules', 'lineup', 'challenger', 'wall_sets', 'challenger_hands_per_wall_set', 'hands', 'draw_rate', 'draw_rate_low', 'draw_rate_high', 'challenger_win_rate', 'challenger_deal_in_rate', 'gain_per_hand', 'gain_low', 'gain_high', 'z', 'p', 'p_holm'],
    ...rows.map((x) => [
      x.g.c.variant.label, x.g.c.variant.rules, x.g.c.lineup, x.g.who, String(x.r.n), String(x.g.h), String(x.g.c.agg.hands),
      num(x.drawn.estimate), num(x.drawn.low), num(x.drawn.high), num(x.s.winRate), num(x.s.dealInRate),
      num(x.r.meanDiff), num(x.r.low), num(x.r.high), num(x.r.statistic), pval(x.r.p), pval(x.p),
    ]),
  ]);
  const pairCsv = csv([
    ['variant', 'base', 'lineup', 'challenger', 'wall_sets', 'gain_change_per_hand', 'change_low', 'change_high', 'z', 'p', 'p_holm'],
    ...pairs.map((p, i) => [
      p.changed, p.base, p.g.c.lineup, p.g.who, String(pairR[i]!.n), num(pairR[i]!.meanDiff), num(pairR[i]!.low), num(pairR[i]!.high),
      num(pairR[i]!.statistic), pval(pairR[i]!.p), pval(pairAdj[i]!),
    ]),
  ]);

  const verdict = (i: number): string => {
    const x = rows[i]!;
    if (x.p >= 0.05) return 'neither pays nor costs, as far as this run can tell';
    return x.r.meanDiff > 0 ? 'pays' : 'costs';
  };
  const lines = rows.map((x, i) =>
    `- **${x.g.c.variant.label}**: ${x.g.who} against three ${x.g.c.lineup.split(',')[1]!.trim()} ${verdict(i)}: ` +
      `${show.ci(x.r.meanDiff, x.r.low, x.r.high, 1)} a hand in its own seat (Holm p ${show.p(x.p)}); drawn hands ` +
      `${show.pctCi(x.drawn.estimate, x.drawn.low, x.drawn.high)}.`,
  );
  const changeLines = pairs.map((p, i) =>
    `- **${p.changed}** against **${p.base}**, same wall sets: ${p.g.who}'s gain per hand changes by ` +
      `${show.ci(pairR[i]!.meanDiff, pairR[i]!.low, pairR[i]!.high, 1)} (Holm p ${show.p(pairAdj[i]!)}).`,
  );
  const gainTable = mdTable(
    ['variant', 'challenger', 'gain per hand in its own seat (95% CI)', 'z', 'Holm p', 'drawn hands (95% CI)', 'win rate', 'deal-in rate'],
    rows.map((x) => [
      x.g.c.variant.label, x.g.who, show.ci(x.r.meanDiff, x.r.low, x.r.high, 1), x.r.statistic.toFixed(2), show.p(x.p),
      show.pctCi(x.drawn.estimate, x.drawn.low, x.drawn.high), show.pct(x.s.winRate), show.pct(x.s.dealInRate),
    ]),
  );
  const pairTable = mdTable(
    ['variant', 'base', 'challenger', 'change of gain per hand (95% CI)', 'z', 'Holm p'],
    pairs.map((p, i) => [p.changed, p.base, p.g.who, show.ci(pairR[i]!.meanDiff, pairR[i]!.low, pairR[i]!.high, 1), pairR[i]!.statistic.toFixed(2), show.p(pairAdj[i]!)]),
  );
  const pays = rows.filter((x) => x.p < 0.05 && x.r.meanDiff > 0).length;
  const costs = rows.filter((x) => x.p < 0.05 && x.r.meanDiff < 0).length;
  const answer =
    `The challenger pays under ${pays} and costs under ${costs} of the ${rows.length} rule sets` +
    (rows.length > 0 ? `; its gain per hand runs from ${Math.min(...gainR.map((r) => r.meanDiff)).toFixed(1)} to ${Math.max(...gainR.map((r) => r.meanDiff)).toFixed(1)}.` : '.');
  const findings = [
    '## Findings',
    '',
    answer,
    '',
    `Unit: the challenger's gain per hand in its own seat (its net per seat-hand), wall set by wall set; two-sided ` +
      `z tests, Holm-corrected over all ${gains.length + pairs.length} tests of this page (${gains.length} gains, ${pairs.length} paired changes).`,
    '',
    ...lines,
    '',
    ...changeLines,
    '',
    '### Gain per hand by variant',
    '',
    gainTable,
    '',
    '### Each variant against its base, paired on the same walls',
    '',
    pairTable,
  ].join('\n');

  return {
    files: [
      { name: 'gains.csv', text: gainCsv },
      { name: 'paired-change.csv', text: pairCsv },
    ],
    charts: [
      {
        name: 'gains.svg',
        title: "The challenger's gain per hand by variant",
        spec: meanNetChart(
          rows.map((x) => ({ variant: x.g.c.variant.label, strategy: x.g.who, s: x.s, rank: 0, net: { mean: x.r.meanDiff, low: x.r.low, high: x.r.high } })),
          "Challenger's gain per hand in its own seat, 95% interval",
          'variant',
          'gain per hand',
        ),
      },
    ],
    findings,
  };
}
