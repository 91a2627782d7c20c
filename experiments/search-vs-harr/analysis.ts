/**
 * search-vs-harr analysis (docs/strategies.md, "The search agent"): one `search` against three `harr` on duplicate
 * walls under each rule set, at each budget on the same walls. With three baselines at the table every hand's nets sum
 * to zero, so the searcher's mean net per hand is already its paired advantage over the policy it improves on; its 95%
 * interval takes the wall set (the four rotations of one wall) as the unit. Where the table is not the policy the
 * search assumes (chow-mixer, suit-hunter, greedy), the searcher and `harr` each sit in the same seat against the same
 * three on the same walls, and the paired difference between the two cells is taken wall set by wall set. Win and
 * deal-in rates (Wilson 95%) are given next to harr's. `ms_per_decision` is the one timing in the files (a few hands
 * timed after the runs, machine- and load-dependent); every other number is exact and reproducible.
 */
import type { TopLevelSpec } from 'vega-lite';
import { search } from '../../strategies/search.js';
import { wilson } from '../../src/stats/wilson.js';
import { holm } from '../../src/stats/paired.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { csv, mdTable, num, show, summary } from '../../src/experiments/tables.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type Cell } from '../../src/experiments/walls.js';
import { thousands } from '../../src/text.js';

/** The challenger of a lineup (its first seat) and the field it meets. */
export function lineupParts(lineup: string): { challenger: string; budget: number | null; field: string } {
  const [first, ...rest] = lineup.split(',').map((x) => x.trim());
  const m = /^search(?::.*?budget=(\d+))?/.exec(first!);
  const budget = m ? Number(m[1] ?? search.params.find((p) => p.name === 'budget')!.default) : null;
  return { challenger: first!, budget, field: rest.join(',') };
}

function cellWalls(c: Cell, wallGames: number): number {
  return c.agg.games / wallGames;
}

/** The challenger's mean net per hand in its cell, over wall sets. */
function challengerNet(c: Cell, wallGames: number) {
  const label = lineupParts(c.lineup).challenger;
  const m = new WallMoments();
  forEachWall([c], wallGames, cellWalls(c, wallGames), (sums) => m.add(labelWall([c], sums, label)));
  return m.result(labelHandsPerWall([c], label, wallGames));
}

/** Challenger of cell a − challenger of cell b, paired wall set by wall set (the same walls: equal seed and size). */
export function pairedCells(a: Cell, b: Cell, wallGames: number) {
  const la = lineupParts(a.lineup).challenger;
  const lb = lineupParts(b.lineup).challenger;
  const ha = labelHandsPerWall([a], la, wallGames);
  const hb = labelHandsPerWall([b], lb, wallGames);
  const m = new WallMoments();
  forEachWall([a, b], wallGames, Math.min(cellWalls(a, wallGames), cellWalls(b, wallGames)), (sums) => {
    m.add(labelWall([a], [sums[0]!], la) * hb - labelWall([b], [sums[1]!], lb) * ha);
  });
  return m.result(ha * hb);
}

type Row = { readonly c: Cell; readonly parts: ReturnType<typeof lineupParts> };

/**
 * Per rule set, each budget against the one below it and the largest against the smallest (when more than two):
 * the searcher's net at the higher budget minus at the lower, paired on the walls the two cells share.
 */
function budgetPairs(own: readonly Row[], wallGames: number) {
  const out: { rules: string; budget: number; against: number; r: ReturnType<typeof pairedCells> }[] = [];
  for (const rules of new Set(own.map((x) => x.c.variant.label))) {
    const byBudget = own.filter((x) => x.c.variant.label === rules).sort((a, b) => a.parts.budget! - b.parts.budget!);
    const steps = byBudget.slice(1).map((x, i) => [x, byBudget[i]!] as const);
    if (byBudget.length > 2) steps.push([byBudget[byBudget.length - 1]!, byBudget[0]!]);
    for (const [hi, lo] of steps) out.push({ rules, budget: hi.parts.budget!, against: lo.parts.budget!, r: pairedCells(hi.c, lo.c, wallGames) });
  }
  return out;
}

export interface SearchTiming {
  /** Milliseconds per searched decision by `${rules} ${budget}`. */
  readonly msPerDecision: ReadonlyMap<string, number>;
}

export function analyseSearchVsHarr(input: AnalysisInput, timing: SearchTiming): Analysis {
  const wg = input.wallGames;
  const rows = input.cells
    .filter((c) => lineupParts(c.lineup).budget !== null)
    .map((c) => {
      const parts = lineupParts(c.lineup);
      const r = challengerNet(c, wg);
      const me = summary([c], parts.challenger);
      const others = summary([c], c.labels.find((l) => l !== parts.challenger)!);
      const win = wilson(me.wins, me.hands);
      const dealIn = wilson(me.dealIns, me.hands);
      return { c, parts, r, me, others, win, dealIn, ms: timing.msPerDecision.get(`${c.variant.rules} ${parts.budget}`) ?? NaN };
    });
  // Away from its own policy: search and harr in the same seat against the same field, cell against cell.
  const away = input.cells
    .filter((c) => lineupParts(c.lineup).budget !== null && lineupParts(c.lineup).field !== 'harr,harr,harr')
    .map((c) => {
      const base = input.cells.find((b) => b.variant.label === c.variant.label && lineupParts(b.lineup).challenger === 'harr' && lineupParts(b.lineup).field === lineupParts(c.lineup).field);
      return base ? { c, base, r: pairedCells(c, base, wg), s: summary([c], lineupParts(c.lineup).challenger), h: summary([base], 'harr') } : null;
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);
  const isOwn = (x: (typeof rows)[number]) => x.parts.field === 'harr,harr,harr';
  const ownTested = rows.filter(isOwn);
  const pairs = input.spec.budgetPairs ? budgetPairs(ownTested, wg) : [];
  // Holm over the tests the findings state at once (docs/statistics.md, "Several verdicts at once: Holm"): each row against three harr (the default
  // budget's four verdicts and the budget curve's twelve), each away-from-policy pair's paired test, and each budget
  // pair's. A row of summary.csv against another field is the searcher's mean net there, a description the findings
  // do not test: its p_holm is empty.
  const tested = holm([...ownTested.map((x) => x.r.p), ...away.map((x) => x.r.p), ...pairs.map((x) => x.r.p)]);
  const pHolmOf = (x: (typeof rows)[number]) => (isOwn(x) ? tested[ownTested.indexOf(x)]! : NaN);
  const pHolmAway = away.map((_, i) => tested[ownTested.length + i]!);
  const pHolmPairs = pairs.map((_, i) => tested[ownTested.length + away.length + i]!);
  const summaryCsv = csv([
    [
      'rules', 'budget', 'table', 'hands', 'wall_sets', 'search_mean_net', 'ci_low', 'ci_high', 'z', 'p', 'ms_per_decision',
      'search_win_rate', 'search_win_low', 'search_win_high', 'search_deal_in_rate', 'search_deal_in_low', 'search_deal_in_high',
      'table_strategy', 'table_win_rate', 'table_deal_in_rate', 'wall_set_sd', 'p_holm',
    ],
    ...rows.map((x) => [
      x.c.variant.label, String(x.parts.budget), x.parts.field, String(x.me.hands), String(x.r.n), num(x.r.meanDiff), num(x.r.low), num(x.r.high),
      num(x.r.statistic), num(x.r.p), Number.isNaN(x.ms) ? '' : x.ms.toFixed(1),
      num(x.win.estimate), num(x.win.low), num(x.win.high), num(x.dealIn.estimate), num(x.dealIn.low), num(x.dealIn.high),
      x.others.strategy, num(x.others.winRate), num(x.others.dealInRate), num(x.r.sd), isOwn(x) ? num(pHolmOf(x)) : '',
    ]),
  ]);

  const awayCsv = csv([
    ['rules', 'budget', 'table', 'wall_sets', 'search_minus_harr', 'ci_low', 'ci_high', 'z', 'p', 'search_mean_net', 'harr_mean_net', 'search_win_rate', 'harr_win_rate', 'search_deal_in_rate', 'harr_deal_in_rate', 'p_holm'],
    ...away.map((x, i) => [
      x.c.variant.label, String(lineupParts(x.c.lineup).budget), lineupParts(x.c.lineup).field, String(x.r.n), num(x.r.meanDiff), num(x.r.low), num(x.r.high), num(x.r.statistic), num(x.r.p),
      num(x.s.meanNet), num(x.h.meanNet), num(x.s.winRate), num(x.h.winRate), num(x.s.dealInRate), num(x.h.dealInRate), num(pHolmAway[i]!),
    ]),
  ]);

  const pairsCsv = csv([
    ['rules', 'budget', 'against_budget', 'wall_sets', 'gain', 'ci_low', 'ci_high', 'z', 'p', 'p_holm'],
    ...pairs.map((x, i) => [x.rules, String(x.budget), String(x.against), String(x.r.n), num(x.r.meanDiff), num(x.r.low), num(x.r.high), num(x.r.statistic), num(x.r.p), num(pHolmPairs[i]!)]),
  ]);
  const pairsTable = mdTable(
    ['rules', 'budget', 'against budget', 'gain per hand (95% CI)', 'p', 'Holm-adjusted p'],
    pairs.map((x, i) => [x.rules, String(x.budget), String(x.against), show.ci(x.r.meanDiff, x.r.low, x.r.high), show.p(x.r.p), show.p(pHolmPairs[i]!)]),
  );
  const own = ownTested;
  const table = mdTable(
    ['rules', 'budget', 'hands', 'search mean net / hand (95% CI)', 'SD of a wall set', 'ms / searched decision', 'search win rate', 'search deal-in rate', 'harr win rate', 'harr deal-in rate'],
    own.map((x) => [
      x.c.variant.label, String(x.parts.budget), thousands(x.me.hands), show.ci(x.r.meanDiff, x.r.low, x.r.high), x.r.sd.toFixed(0),
      Number.isNaN(x.ms) ? '' : x.ms.toFixed(0), show.pct(x.win.estimate), show.pct(x.dealIn.estimate), show.pct(x.others.winRate), show.pct(x.others.dealInRate),
    ]),
  );
  const awayTable = mdTable(
    ['rules', 'budget', 'table', 'search − harr in the same seat, per hand (95% CI)', 'p', 'search / harr win rate', 'search / harr deal-in rate'],
    away.map((x) => [
      x.c.variant.label, String(lineupParts(x.c.lineup).budget), lineupParts(x.c.lineup).field, show.ci(x.r.meanDiff, x.r.low, x.r.high), show.p(x.r.p),
      `${show.pct(x.s.winRate)} / ${show.pct(x.h.winRate)}`, `${show.pct(x.s.dealInRate)} / ${show.pct(x.h.dealInRate)}`,
    ]),
  );
  const defaultBudget = lineupParts('search').budget!;
  const findings = [
    '## Findings',
    '',
    verdict(
      own.map((x) => ({ rules: x.c.variant.label, budget: x.parts.budget!, wallSets: x.r.n, mean: x.r.meanDiff, low: x.r.low, high: x.r.high, pHolm: pHolmOf(x) })),
      away.map((x, i) => ({ rules: x.c.variant.label, budget: lineupParts(x.c.lineup).budget!, table: lineupParts(x.c.lineup).field, mean: x.r.meanDiff, low: x.r.low, high: x.r.high, pHolm: pHolmAway[i]! })),
      defaultBudget,
    ),
    ...(pairs.length === 0
      ? []
      : ['', pairsVerdict(pairs.map((x, i) => ({ rules: x.rules, budget: x.budget, against: x.against, mean: x.r.meanDiff, low: x.r.low, high: x.r.high, pHolm: pHolmPairs[i]! })))]),
    '',
    `A verdict counts an interval as above or below zero only when its Holm-adjusted p-value is below 0.05, over the ${tested.length} ${tested.length === 1 ? 'test' : 'tests'} stated here at once: ` +
      words([
        `the ${ownTested.length === 1 ? 'row' : `${ownTested.length} rows`} of summary.csv against three harr`,
        ...(away.length === 0 ? [] : [`the ${away.length === 1 ? 'paired test' : `${away.length} paired tests`} of away-from-policy.csv`]),
        ...(pairs.length === 0 ? [] : [`the ${pairs.length === 1 ? 'budget pair' : `${pairs.length} budget pairs`} of budget-pairs.csv`]),
      ]) +
      (away.length === 0 && pairs.length === 0 ? ' (column p_holm).' : ' (column p_holm in each).'),
    '',
    'One `search` against three `harr` (the policy it rolls out with), duplicate walls; mean net per hand of the searcher, ' +
      'which is its advantage over harr at the same table (the three harr take the rest) (a run\'s pairwise.csv gives search − harr as 4/3 of this: nets sum to zero, so each of the three harr loses a third of what the searcher gains); 95% interval over wall sets.',
    '',
    table,
    ...(pairs.length === 0
      ? []
      : [
          '',
          '### Gain against budget, on the same walls',
          '',
          'The searcher at one budget minus the searcher at a smaller one, each against three harr on the same walls: ' +
            'the difference of its mean net per hand, paired wall set by wall set (each budget against the one below it, ' +
            'and the largest against the smallest).',
          '',
          pairsTable,
        ]),
    // An experiment without a table other than three harr (search-budget-curve) has no away-from-policy pair.
    ...(away.length === 0
      ? []
      : [
          '',
          '### Away from the policy it assumes',
          '',
          'The searcher (still rolling out with harr at every seat) and harr itself, each in the same seat against the same ' +
            'three strategies on the same walls; paired difference per hand, wall set by wall set.',
          '',
          awayTable,
        ]),
  ].join('\n');

  const budgets = [...new Set(own.map((x) => x.parts.budget!))].sort((a, b) => a - b);
  const chart: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'search against three harr: mean net per hand by budget (95% interval)',
    data: { values: own.map((x) => ({ rules: x.c.variant.label, budget: x.parts.budget, mean: x.r.meanDiff, low: x.r.low, high: x.r.high })) },
    width: 420,
    height: 260,
    encoding: {
      x: {
        field: 'budget',
        type: 'quantitative',
        // Ticks at the budgets played, with room either side so the end points' intervals are not cut off.
        scale: { type: 'log', base: 2, domain: [Math.min(...budgets) / 1.25, Math.max(...budgets) * 1.25] },
        axis: { values: budgets },
        title: 'rollouts per searched decision',
      },
      color: { field: 'rules', type: 'nominal', title: 'rules' },
    },
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: 'grey' }, encoding: { y: { datum: 0 } } },
      { mark: 'rule', encoding: { y: { field: 'low', type: 'quantitative', title: 'search mean net per hand' }, y2: { field: 'high' } } },
      { mark: { type: 'line', point: true }, encoding: { y: { field: 'mean', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;

  return {
    files: [
      { name: 'summary.csv', text: summaryCsv },
      ...(away.length === 0 ? [] : [{ name: 'away-from-policy.csv', text: awayCsv }]),
      ...(pairs.length === 0 ? [] : [{ name: 'budget-pairs.csv', text: pairsCsv }]),
    ],
    charts: [{ name: 'budget-curve.svg', title: 'search against three harr by budget', spec: chart }],
    findings,
  };
}

interface Interval {
  readonly rules: string;
  readonly budget: number;
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  /** Holm-adjusted p over every row tested together: when given, a side counts only below 0.05. */
  readonly pHolm?: number;
}

type Side = 'above' | 'below' | 'includes' | 'aboveAlone' | 'belowAlone';

/** Where an interval lies; `aboveAlone`/`belowAlone`: clear of zero by itself, but not after Holm's adjustment. */
function side(x: Interval): Side {
  const raw = x.low > 0 ? 'above' : x.high < 0 ? 'below' : 'includes';
  if (raw !== 'includes' && x.pHolm !== undefined && !(x.pHolm < 0.05)) return raw === 'above' ? 'aboveAlone' : 'belowAlone';
  return raw;
}

const WHERE: Record<Side, string> = {
  above: 'above zero under',
  aboveAlone: "above zero alone but not after Holm's adjustment under",
  includes: 'it includes zero under',
  belowAlone: "below zero alone but not after Holm's adjustment under",
  below: 'below zero under',
};

function words(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

const signed = (x: Interval) => `${x.mean >= 0 ? '+' : ''}${x.mean.toFixed(1)}, ${x.low.toFixed(1)} to ${x.high.toFixed(1)}`;

/**
 * The finding in words, read off the rows (never written by hand, so a re-run with other numbers says what those
 * numbers say): where the default budget's interval lies, the budget curve's, and the away-from-policy pair's.
 */
export function verdict(
  own: readonly (Interval & { readonly wallSets: number })[],
  away: readonly (Interval & { readonly table: string })[],
  defaultBudget: number,
): string {
  const out: string[] = [];
  const main = own.filter((x) => x.budget === defaultBudget);
  if (main.length > 0) {
    const above = main.filter((x) => side(x) === 'above');
    const lead = above.length === main.length
      ? `**At the default budget (${defaultBudget} rollouts) the searcher beats harr under ${main.length === 4 ? 'all four rule sets' : `every rule set run (${main.length})`}**: its 95% interval lies above zero under `
      : `**At the default budget (${defaultBudget} rollouts) the searcher's 95% interval lies above zero under ${above.length} of ${main.length} rule sets**: `;
    const parts = (['above', 'aboveAlone', 'includes', 'belowAlone', 'below'] as const)
      .map((k) => ({ k, xs: main.filter((x) => side(x) === k) }))
      .filter((g) => g.xs.length > 0)
      .map((g) => {
        const list = words(g.xs.map((x) => `${x.rules} (${signed(x)})`));
        return above.length === main.length ? list : `${WHERE[g.k]} ${list}`;
      });
    out.push(`${lead}${parts.join('; ')} points per hand.`);
  }
  const curve = own.filter((x) => x.budget !== defaultBudget);
  if (curve.length > 0) {
    const sizes = [...new Set(curve.map((x) => x.wallSets))];
    const above = curve.filter((x) => side(x) === 'above');
    const below = curve.filter((x) => side(x) === 'below');
    const at = (xs: readonly Interval[]) =>
      words([...new Set(xs.map((x) => x.rules))].map((r) => `${r} at ${words(xs.filter((x) => x.rules === r).map((x) => String(x.budget)))}`));
    const alone = curve.filter((x) => side(x) === 'aboveAlone' || side(x) === 'belowAlone');
    const rest = curve.length - above.length - below.length - alone.length;
    const others = rest === 0 ? '' : rest === curve.length ? `: all ${rest} include zero` : rest === 1 ? '; the other one includes zero' : `; the other ${rest} include zero`;
    out.push(
      `With fewer rollouts (${words(sizes.map((n) => thousands(n)))} wall sets per budget${sizes.every((n) => main.every((m) => n < m.wallSets)) ? ", a smaller sample than the default budget's" : ''}), ` +
        (above.length > 0 ? `the interval lies above zero under ${at(above)}` : `no interval lies above zero${alone.length > 0 ? " after Holm's adjustment" : ''}`) +
        (below.length > 0 ? `, below zero under ${at(below)}` : '') +
        (alone.length > 0 ? `; ${alone.length === 1 ? 'one lies' : `${alone.length} lie`} clear of zero alone but not after Holm's adjustment (${at(alone)})` : '') +
        `${others}.`,
    );
  }
  for (const x of away) {
    const s = side(x);
    const holmNote = x.pHolm !== undefined && Number.isFinite(x.pHolm) ? `, Holm-adjusted p ${x.pHolm.toFixed(3)}` : '';
    out.push(
      `Against ${x.table} (not the policy its rollouts assume), the searcher at ${x.budget} rollouts ` +
        (s === 'above' ? 'earns more than harr' : s === 'below' ? 'earns less than harr' : s === 'includes' ? 'is not told apart from harr' : "is not told apart from harr after Holm's adjustment (its interval alone lies " + (s === 'aboveAlone' ? 'above' : 'below') + ' zero)') +
        ` in the same seat on the same walls under ${x.rules} (${signed(x)} points per hand${holmNote}).`,
    );
  }
  return out.join('\n\n');
}

/** The budget pairs in words, read off their rows: which gains lie clear of zero, after Holm's adjustment and alone. */
export function pairsVerdict(pairs: readonly (Interval & { readonly against: number })[]): string {
  const named = (xs: readonly (Interval & { readonly against: number })[]) =>
    words(xs.map((x) => `${x.rules} ${x.budget} over ${x.against} (${signed(x)})`));
  const at = (k: Side) => pairs.filter((x) => side(x) === k);
  const [above, below, aboveAlone, belowAlone] = [at('above'), at('below'), at('aboveAlone'), at('belowAlone')];
  const rest = pairs.length - above.length - below.length - aboveAlone.length - belowAlone.length;
  const parts = [
    above.length > 0 ? `more rollouts gain under ${named(above)}` : 'no budget gains over a smaller one after Holm\'s adjustment',
    ...(below.length > 0 ? [`they lose under ${named(below)}`] : []),
    ...(aboveAlone.length > 0 ? [`a gain clear of zero alone but not after Holm's adjustment under ${named(aboveAlone)}`] : []),
    ...(belowAlone.length > 0 ? [`a loss clear of zero alone but not after Holm's adjustment under ${named(belowAlone)}`] : []),
    ...(rest > 0 && rest < pairs.length ? [`the other ${rest === 1 ? 'pair includes' : `${rest} pairs include`} zero`] : []),
  ];
  return `**Budget against budget, on the same walls** (points per hand): ${parts.join('; ')}.`;
}
