/**
 * limit-vs-unlimited analysis (results/limit-vs-unlimited/README.md). Every variant plays the same walls with the same
 * lineups and seating, so game g is paired across variants. Per strategy and variant: mean net and rank; per variant:
 * the share of hands won at the limit; per strategy: the paired change of mean net against the baseline (no limit); and
 * Harr's claim (Part II, introduction: with a limit the object "amounts to completing the hand as quickly as possible")
 * as a contrast — the fast strategy's paired gain minus each high-hand strategy's — Holm-corrected.
 */
import { ruleSet } from '../../src/rules/index.js';
import { holm } from '../../src/stats/paired.js';
import { wilson } from '../../src/stats/wilson.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { meanNetChart, scoreChart, scoreDistributionCsv, STRATEGY_COLUMNS, strategyCsvRow, strategyRows, totalsCsv } from '../../src/experiments/strategy-rows.js';
import { csv, mdTable, num, pval, show, strategiesOf } from '../../src/experiments/tables.js';
import type { Variant } from '../../src/experiments/types.js';
import { forEachWall, labelHandsPerWall, WallMoments, type Cell } from '../../src/experiments/walls.js';

/** Harr's limit (docs/rules.md, harr-limit: 300): the threshold for "would have reached the limit" without one. */
const HARR_LIMIT = 300;

function limitOf(v: Variant): number | null {
  return v.limit ?? ruleSet(v.rules).limit;
}

export function analyseLimit(input: AnalysisInput): Analysis {
  const { spec, byVariant } = input;
  const base = spec.baseline ?? spec.variants[0]!.label;
  const baseCells = byVariant.get(base);
  if (!baseCells) throw new Error(`${spec.name}: baseline variant ${base} is not in the spec`);
  const rows = strategyRows(input, byVariant);
  const labels = strategiesOf(input.cells);
  const others = spec.variants.filter((v) => v.label !== base);

  // Paired gains: per wall set, Σ over the lineups seating L of (net under v − net under the baseline).
  type Gain = { variant: string; label: string; h: number; m: WallMoments; g: (sums: readonly (readonly number[])[]) => number };
  const gains: Gain[] = [];
  for (const v of others) {
    const vCells = byVariant.get(v.label)!;
    for (const label of labels) {
      const pairs = vCells
        .filter((c) => c.labels.includes(label))
        .map((c) => [input.cells.indexOf(c), input.cells.indexOf(baseCells.find((b) => b.lineupIndex === c.lineupIndex)!)] as const);
      const li = (ci: number) => input.cells[ci]!.labels.indexOf(label);
      gains.push({
        variant: v.label, label, h: labelHandsPerWall(vCells, label, input.wallGames), m: new WallMoments(),
        g: (sums) => pairs.reduce((s, [a, b]) => s + sums[a]![li(a)]! - sums[b]![li(b)]!, 0),
      });
    }
  }
  const fast = spec.fast;
  const slow = (spec.slow ?? []).filter((s) => labels.includes(s));
  const claims: { variant: string; slow: string; hf: number; hs: number; m: WallMoments }[] = [];
  if (fast && labels.includes(fast)) {
    for (const v of others) {
      for (const s of slow) {
        const hf = gains.find((g) => g.variant === v.label && g.label === fast)!.h;
        const hs = gains.find((g) => g.variant === v.label && g.label === s)!.h;
        claims.push({ variant: v.label, slow: s, hf, hs, m: new WallMoments() });
      }
    }
  }
  forEachWall(input.cells, input.wallGames, input.walls, (sums) => {
    const now = new Map<string, number>();
    for (const g of gains) {
      const x = g.g(sums);
      now.set(`${g.variant}\u0000${g.label}`, x);
      g.m.add(x);
    }
    for (const c of claims) {
      // (gain_fast / H_f − gain_slow / H_s) in integers: gain_fast·H_s − gain_slow·H_f, scaled by H_f·H_s.
      c.m.add(now.get(`${c.variant}\u0000${fast}`)! * c.hs - now.get(`${c.variant}\u0000${c.slow}`)! * c.hf);
    }
  });
  const gainR = gains.map((g) => g.m.result(g.h));
  const gainAdj = holm(gainR.map((r) => r.p));
  const claimR = claims.map((c) => c.m.result(c.hf * c.hs));
  const claimAdj = holm(claimR.map((r) => r.p));

  // Share of hands won at the limit, and of wins that would reach Harr's 300 without one.
  const limitRows = spec.variants.map((v) => {
    const cells = byVariant.get(v.label)!;
    let hands = 0;
    let wins = 0;
    let limitWins = 0;
    let atLeast = 0;
    for (const c of cells) {
      hands += c.agg.hands;
      for (const s of c.agg.strategies.values()) {
        wins += s.wins;
        limitWins += s.limitWins;
        for (const [score, n] of s.scores) if (score >= HARR_LIMIT) atLeast += n;
      }
    }
    const share = wilson(limitWins, hands);
    return { v, limit: limitOf(v), hands, wins, limitWins, share, ofWins: wins ? limitWins / wins : NaN, atLeast };
  });

  const verdictLines: string[] = [];
  const clean = claims.map((c, i) => ({ c, r: claimR[i]!, p: claimAdj[i]! }));
  for (const v of others) {
    const vs = clean.filter((x) => x.c.variant === v.label);
    if (vs.length === 0) continue;
    const up = vs.filter((x) => x.r.meanDiff > 0 && x.p < 0.05).length;
    const down = vs.filter((x) => x.r.meanDiff < 0 && x.p < 0.05).length;
    const word = up === vs.length ? 'supports' : down === vs.length ? 'contradicts' : up > 0 && down === 0 ? 'partly supports' : down > 0 && up === 0 ? 'partly contradicts' : 'neither supports nor contradicts';
    const detail = vs.map((x) => `${fast} − ${x.c.slow}: ${show.ci(x.r.meanDiff, x.r.low, x.r.high, 2)} per hand, Holm p ${show.p(x.p)}`).join('; ');
    verdictLines.push(`- **${v.label}** vs ${base} ${word} Harr's claim (${detail}).`);
  }

  const rankTable = mdTable(
    ['strategy', ...spec.variants.map((v) => `${v.label}: mean net (rank)`)],
    labels.map((l) => [
      l,
      ...spec.variants.map((v) => {
        const r = rows.find((x) => x.variant === v.label && x.strategy === l);
        return r ? `${r.net.mean.toFixed(1)} (${r.rank})` : '';
      }),
    ]),
  );
  const gainTable = mdTable(
    ['variant', 'strategy', `paired change of mean net vs ${base} (95% CI)`, 'z', 'Holm p'],
    gains.map((g, i) => [g.variant, g.label, show.ci(gainR[i]!.meanDiff, gainR[i]!.low, gainR[i]!.high, 2), gainR[i]!.statistic.toFixed(2), show.p(gainAdj[i]!)]),
  );
  const limitTable = mdTable(
    ['variant', 'limit', 'hands won at the limit (95% CI)', 'share of wins at the limit', `wins scoring ≥ ${HARR_LIMIT}`],
    limitRows.map((l) => [l.v.label, l.limit === null ? 'none' : String(l.limit), show.pctCi(l.share.estimate, l.share.low, l.share.high), show.pct(l.ofWins), show.pct(l.wins ? l.atLeast / l.wins : NaN)]),
  );

  const files = [
    { name: 'strategies.csv', text: csv([['variant', ...STRATEGY_COLUMNS.slice(1)], ...rows.map(strategyCsvRow)]) },
    {
      name: 'limit-share.csv',
      text: csv([
        ['variant', 'rules', 'limit', 'hands', 'wins', 'limit_wins', 'limit_hand_rate', 'limit_hand_rate_low', 'limit_hand_rate_high', 'limit_win_share', `wins_scoring_at_least_${HARR_LIMIT}`],
        ...limitRows.map((l) => [
          l.v.label, l.v.rules, l.limit === null ? '' : String(l.limit), String(l.hands), String(l.wins), String(l.limitWins),
          num(l.share.estimate), num(l.share.low), num(l.share.high), num(l.ofWins), String(l.atLeast),
        ]),
      ]),
    },
    {
      name: 'paired-change.csv',
      text: csv([
        ['variant', 'baseline', 'strategy', 'wall_sets', 'hands_per_wall_set', 'mean_net_change', 'change_low', 'change_high', 'z', 'p', 'p_holm'],
        ...gains.map((g, i) => [
          g.variant, base, g.label, String(gainR[i]!.n), String(g.h), num(gainR[i]!.meanDiff), num(gainR[i]!.low), num(gainR[i]!.high),
          num(gainR[i]!.statistic), pval(gainR[i]!.p), pval(gainAdj[i]!),
        ]),
      ]),
    },
    {
      name: 'harr-claim.csv',
      text: csv([
        ['variant', 'baseline', 'fast', 'slow', 'wall_sets', 'gain_difference', 'difference_low', 'difference_high', 'z', 'p', 'p_holm'],
        ...claims.map((c, i) => [
          c.variant, base, fast ?? '', c.slow, String(claimR[i]!.n), num(claimR[i]!.meanDiff), num(claimR[i]!.low), num(claimR[i]!.high),
          num(claimR[i]!.statistic), pval(claimR[i]!.p), pval(claimAdj[i]!),
        ]),
      ]),
    },
    { name: 'score-distribution.csv', text: scoreDistributionCsv(rows, 'variant') },
    { name: 'totals.csv', text: totalsCsv(byVariant, 'variant') },
  ];

  const findings = [
    '## Findings',
    '',
    `### Verdict on Harr's claim`,
    '',
    `The test: for each limited variant, the paired change of ${fast}'s mean net per hand (against ${base}, same ` +
      `walls and seating) minus the same change for each high-hand strategy (${slow.join(', ')}). A positive ` +
      'difference means the fast-win strategy gains relative to the high-hand strategy when a limit is played. ' +
      `Unit: the wall set; two-sided paired z test; Holm-corrected over the ${claims.length} contrasts. ` +
      `\`harr-300\` is the clean test (only the limit changes); harr-limit and babcock change other rules too.`,
    '',
    ...verdictLines,
    '',
    '### Mean net per hand and rank by variant',
    '',
    rankTable,
    '',
    '### How often the limit is reached',
    '',
    limitTable,
    '',
    `### Paired change of mean net per hand against ${base}`,
    '',
    `Unit: the wall set, pooled over the lineups seating the strategy; Holm-corrected over the ${gains.length} changes.`,
    '',
    gainTable,
  ].join('\n');

  return {
    files,
    charts: [
      { name: 'mean-net-by-variant.svg', title: 'Mean net per hand by variant', spec: meanNetChart(rows, 'Mean net settlement per hand by variant, 95% interval', 'variant') },
      {
        name: 'paired-change.svg',
        title: `Paired change of mean net against ${base}`,
        spec: meanNetChart(
          gains.map((g, i) => ({ variant: g.variant, strategy: g.label, s: rows[0]!.s, rank: 0, net: { mean: gainR[i]!.meanDiff, low: gainR[i]!.low, high: gainR[i]!.high } })),
          `Change of mean net per hand against ${base} (paired, 95% interval)`,
          'variant',
          `change of mean net per hand vs ${base}`,
        ),
      },
      { name: 'win-scores.svg', title: 'Winning-score distributions', spec: scoreChart(rows, 'Winning scores: share of wins scoring at least x') },
    ],
    findings,
  };
}

export type { Cell };
