/**
 * inference analysis (docs/outputs.md, "inference's `p_holm`"): for each rule set and field, search with the inference
 * minus search without it, each the one challenger against the same three on the same walls, paired wall set by wall
 * set (search-vs-harr.ts pairedCells), with both searchers' win and deal-in rates (Wilson 95%) and milliseconds per
 * searched decision (timed after the runs: the one timing in the files). The cells' p values are also given
 * Holm-corrected over all the cells, since the README states a verdict for each (docs/statistics.md, "Several verdicts
 * at once: Holm").
 */
import { holm } from '../../src/stats/paired.js';
import { wilson } from '../../src/stats/wilson.js';
import type { Analysis, AnalysisInput } from '../../src/experiments/analysis.js';
import { type SearchTiming, lineupParts, pairedCells } from '../search-vs-harr/analysis.js';
import { csv, mdTable, num, show, summary } from '../../src/experiments/tables.js';

const inferring = (challenger: string): boolean => /(^|:)infer=true(:|$)/.test(challenger);

/** The field as the tables show it: a preset path by its rule set's directory. */
function fieldName(field: string): string {
  const m = /tunes\/harr\/([^/]+)\/seed-(\d+)\/best\.json/.exec(field);
  return m ? `tuned harr (${m[1]}, seed ${m[2]})` : field;
}

/** The verdicts that stand when the cells' p values are Holm-corrected together (at 5%). */
function holmLine(cells: readonly { name: string; p: number }[]): string {
  const stand = cells.filter((c) => c.p < 0.05).map((c) => c.name);
  const least = Math.min(...cells.map((c) => c.p));
  return (
    `Holm-corrected over the ${cells.length} cells (each cell's verdict is one of ${cells.length} stated at once), ` +
    (stand.length > 0 ? `the difference stands for ${stand.join(', ')}.` : `no cell's difference is separated from zero (smallest Holm p ${least.toFixed(3)}).`)
  );
}

export function analyseInference(input: AnalysisInput, timing: SearchTiming): Analysis {
  const wg = input.wallGames;
  const rows = input.cells
    .filter((c) => inferring(lineupParts(c.lineup).challenger))
    .map((c) => {
      const parts = lineupParts(c.lineup);
      const base = input.cells.find((b) => {
        const p = lineupParts(b.lineup);
        return b.variant.label === c.variant.label && p.field === parts.field && p.budget === parts.budget && !inferring(p.challenger);
      });
      if (!base) return null;
      const plain = lineupParts(base.lineup).challenger;
      const r = pairedCells(c, base, wg);
      const me = summary([c], parts.challenger);
      const was = summary([base], plain);
      const ms = (x: string) => timing.msPerDecision.get(`${c.variant.rules} ${x}`) ?? NaN;
      return {
        rules: c.variant.label, opponents: fieldName(parts.field), r, me, was,
        winI: wilson(me.wins, me.hands), winP: wilson(was.wins, was.hands), dealI: wilson(me.dealIns, me.hands), dealP: wilson(was.dealIns, was.hands),
        msI: ms(parts.challenger), msP: ms(plain),
      };
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);
  const ms = (x: number): string => (Number.isNaN(x) ? '' : x.toFixed(1));
  const pHolm = holm(rows.map((x) => x.r.p));
  const summaryCsv = csv([
    [
      'rules', 'opponents', 'wall_sets', 'diff_mean', 'ci_low', 'ci_high', 'z', 'p', 'ms_per_decision', 'ms_per_decision_without', 'wall_set_sd',
      'win_rate', 'win_rate_without', 'deal_in_rate', 'deal_in_rate_without', 'mean_net', 'mean_net_without', 'p_holm',
    ],
    ...rows.map((x, i) => [
      x.rules, x.opponents, String(x.r.n), num(x.r.meanDiff), num(x.r.low), num(x.r.high), num(x.r.statistic), num(x.r.p), ms(x.msI), ms(x.msP), num(x.r.sd),
      num(x.winI.estimate), num(x.winP.estimate), num(x.dealI.estimate), num(x.dealP.estimate), num(x.me.meanNet), num(x.was.meanNet), num(pHolm[i]!),
    ]),
  ]);
  const table = mdTable(
    ['rules', 'opponents', 'wall sets', 'with − without, per hand (95% CI)', 'p', 'Holm p', 'win rate with / without', 'deal-in rate with / without', 'ms / searched decision with / without'],
    rows.map((x, i) => [
      x.rules, x.opponents, String(x.r.n), show.ci(x.r.meanDiff, x.r.low, x.r.high), show.p(x.r.p), show.p(pHolm[i]!),
      `${show.pct(x.winI.estimate)} / ${show.pct(x.winP.estimate)}`, `${show.pct(x.dealI.estimate)} / ${show.pct(x.dealP.estimate)}`,
      `${ms(x.msI)} / ${ms(x.msP)}`,
    ]),
  );
  const above = rows.filter((x) => x.r.low > 0).map((x) => `${x.rules} vs ${x.opponents}`);
  const below = rows.filter((x) => x.r.high < 0).map((x) => `${x.rules} vs ${x.opponents}`);
  const findings = [
    '## Findings',
    '',
    `The difference per hand (search with the inference minus without, paired over wall sets) lies above zero for ${above.length > 0 ? above.join(', ') : 'no cell'}` +
      `, below zero for ${below.length > 0 ? below.join(', ') : 'no cell'}; every other interval includes zero.`,
    '',
    holmLine(rows.map((x, i) => ({ name: `${x.rules} vs ${x.opponents}`, p: pHolm[i]! }))),
    '',
    table,
  ].join('\n');
  return { files: [{ name: 'summary.csv', text: summaryCsv }], charts: [], findings };
}
