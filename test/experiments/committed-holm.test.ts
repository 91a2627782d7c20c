// search-vs-harr's p_holm (docs/statistics.md, "Several verdicts at once: Holm"): the committed summary.csv carries Holm over every row's p, computed
// from its own p column as the report computes it on a re-run, and its README's findings are the ones the report's
// verdict() reads off those adjusted p-values (so the words cannot drift from the numbers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairsVerdict, verdict } from '../../experiments/search-vs-harr/analysis.js';
import { csvRows } from '../../src/report/csv-read.js';
import { holm } from '../../src/stats/paired.js';
import { ROOT } from '../runner/helpers.js';

const DIR = join(ROOT, 'results', 'search-vs-harr');
const rowsOf = (f: string) => csvRows(readFileSync(join(DIR, f), 'utf8'));

describe('results/search-vs-harr', () => {
  it('has p_holm, Holm over the tests its findings state: the rows against three harr and the away-from-policy pairs', () => {
    const rows = rowsOf('summary.csv');
    const own = rows.filter((r) => r.table === 'harr,harr,harr');
    const away = rowsOf('away-from-policy.csv');
    const adj = holm([...own.map((r) => Number(r.p)), ...away.map((r) => Number(r.p))]);
    own.forEach((r, i) => expect(Number(r.p_holm)).toBeCloseTo(adj[i]!, 6));
    away.forEach((r, i) => expect(Number(r.p_holm)).toBeCloseTo(adj[own.length + i]!, 6));
    // A row against another field describes the searcher's mean net there; no finding tests it.
    for (const r of rows.filter((x) => x.table !== 'harr,harr,harr')) expect(r.p_holm).toBe('');
  });

  it('states the findings its adjusted p-values give', () => {
    const rows = rowsOf('summary.csv');
    const own = rows
      .filter((r) => r.table === 'harr,harr,harr')
      .map((r) => ({ rules: r.rules!, budget: Number(r.budget), wallSets: Number(r.wall_sets), mean: Number(r.search_mean_net), low: Number(r.ci_low), high: Number(r.ci_high), pHolm: Number(r.p_holm) }));
    const away = rowsOf('away-from-policy.csv').map((r) => ({ rules: r.rules!, budget: Number(r.budget), table: r.table!, mean: Number(r.search_minus_harr), low: Number(r.ci_low), high: Number(r.ci_high), pHolm: Number(r.p_holm) }));
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    expect(readme).toContain(verdict(own, away, 256));
    expect(readme).toContain(`Holm-adjusted p-value is below 0.05, over the ${own.length + away.length} tests stated here at once`);
  });
});

describe('results/search-budget-curve', () => {
  const dir = join(ROOT, 'results', 'search-budget-curve');
  const rows = (f: string) => csvRows(readFileSync(join(dir, f), 'utf8'));
  it('has p_holm, Holm over its 16 rows against three harr and its budget pairs, and states what they give', () => {
    const own = rows('summary.csv');
    const pairs = rows('budget-pairs.csv');
    expect(own).toHaveLength(16);
    // Per rule set, three steps up and the largest against the smallest.
    expect(pairs).toHaveLength(16);
    // From the p columns as written (six decimals): Holm multiplies a p by up to 32, so their rounding by as much.
    const adj = holm([...own.map((r) => Number(r.p)), ...pairs.map((r) => Number(r.p))]);
    own.forEach((r, i) => expect(Number(r.p_holm)).toBeCloseTo(adj[i]!, 4));
    pairs.forEach((r, i) => expect(Number(r.p_holm)).toBeCloseTo(adj[own.length + i]!, 4));
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const ownRows = own.map((r) => ({ rules: r.rules!, budget: Number(r.budget), wallSets: Number(r.wall_sets), mean: Number(r.search_mean_net), low: Number(r.ci_low), high: Number(r.ci_high), pHolm: Number(r.p_holm) }));
    expect(readme).toContain(verdict(ownRows, [], 256));
    expect(readme).toContain(pairsVerdict(pairs.map((r) => ({ rules: r.rules!, budget: Number(r.budget), against: Number(r.against_budget), mean: Number(r.gain), low: Number(r.ci_low), high: Number(r.ci_high), pHolm: Number(r.p_holm) }))));
    expect(readme).toContain('over the 32 tests stated here at once');
  });
});

describe('results/tuned-plans', () => {
  it("quotes the Holm-adjusted p of each verdict's two tests (over the twelve), from plan-loss.csv", () => {
    const loss = csvRows(readFileSync(join(ROOT, 'results', 'tuned-plans', 'plan-loss.csv'), 'utf8'));
    const p = (s: string, under: string, other: string) => Number(loss.find((r) => r.strategy === s && r.evaluated_under === under && r.plan_tuned_under === other && r.seed === 'all')!.p);
    const tests = ['harr', 'suit-hunter'].flatMap((s) => ['harr-300', 'harr-limit', 'babcock'].map((L) => ({ s, L, own: p(s, L, 'harr'), back: p(s, 'harr', L) })));
    const adj = holm(tests.flatMap((t) => [t.own, t.back]));
    const readme = readFileSync(join(ROOT, 'results', 'tuned-plans', 'README.md'), 'utf8');
    expect(readme).toContain("above zero both ways at 5% after Holm's correction over the twelve tests");
    tests.forEach((t, k) => {
      const section = readme.slice(readme.indexOf(`**${t.s}.**`));
      const line = section.split('\n').find((l) => l.startsWith(`- *${t.L}*:`))!;
      expect(line).toContain(`Holm-adjusted p: ${adj[2 * k]!.toPrecision(2)} and ${adj[2 * k + 1]!.toPrecision(2)}.`);
    });
    // harr's babcock verdict rested on p = 0.027 alone, 0.081 after Holm: it no longer says the plans differ.
    expect(readme).toContain('- harr, harr vs babcock: the best plan **does not differ: the plan tuned for harr is best under both**.');
  });
});
