/**
 * Building blocks shared by the analyses (issue 6, points 2–4): a strategy's pooled counts over the cells that
 * seat it, CSV formatting that is a pure function of exact integers (so re-runs give the same bytes), and
 * markdown tables for the README.
 */
import type { StrategyAgg } from '../stats/aggregate.js';
import { addStrategyInto, emptyStrategy } from '../stats/aggregate.js';
import { summariseStrategy, type StrategySummary } from '../stats/summary.js';
import { csv, num, pval } from '../io/csv.js';
import { labelsOf } from '../runner/pairwise.js';
import type { Cell } from './walls.js';

export { csv, num, pval };

/** The labels of the cells, in first-appearance order. */
export const strategiesOf: (cells: readonly Cell[]) => string[] = labelsOf;

/** A label's counts summed over the cells that seat it (net sums exact, in BigInt). */
export function pooled(cells: readonly Cell[], label: string): StrategyAgg & { lineups: number } {
  const out: StrategyAgg & { lineups: number } = { ...emptyStrategy(), lineups: 0 };
  for (const c of cells) {
    const s = c.agg.strategies.get(label);
    if (!s) continue;
    out.lineups += 1;
    addStrategyInto(out, s);
  }
  return out;
}

export function summary(cells: readonly Cell[], label: string): StrategySummary & { lineups: number; scores: Map<number, number> } {
  const p = pooled(cells, label);
  return { ...summariseStrategy(label, p), lineups: p.lineups, scores: p.scores };
}

/** Ranks 1..n by descending value (ties share the better rank). */
export function ranks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

/** Markdown table; `align` right-aligns numeric columns. */
export function mdTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (r: readonly string[]) => `| ${r.join(' | ')} |`;
  const sep = `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`;
  return [line(head), sep, ...rows.map(line)].join('\n');
}

/** Short display forms for README tables. */
export const show = {
  pct: (x: number) => (Number.isNaN(x) ? '' : `${(100 * x).toFixed(1)}%`),
  pctCi: (x: number, lo: number, hi: number) => (Number.isNaN(x) ? '' : `${(100 * x).toFixed(1)}% (${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)})`),
  ci: (x: number, lo: number, hi: number, d = 1) => (Number.isNaN(x) ? '' : `${x.toFixed(d)} (${lo.toFixed(d)} to ${hi.toFixed(d)})`),
  p: (p: number) => (p < 1e-4 ? '<0.0001' : p.toFixed(4)),
};
