// Several verdicts at once (docs/statistics.md, "Several verdicts at once: Holm"): the tuned-plans verdicts and the search-vs-harr findings count a
// difference only when its Holm-adjusted p-value is below 0.05. On the committed tuned-plans numbers
// (results/tuned-plans/plan-loss.csv) this changes one of the six verdicts: harr's plan tuned for babcock beats the
// plan tuned for harr under babcock at p = 0.027 alone, 0.081 after Holm over the twelve tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdict as planVerdict } from '../../experiments/tuned-plans/report.js';
import { verdict as searchVerdict } from '../../experiments/search-vs-harr/analysis.js';
import { holm, type PairedInterval } from '../../src/stats/paired.js';
import { parseCsv, ROOT } from '../runner/helpers.js';

const iv = (r: Record<string, string>): PairedInterval => ({
  n: 12000, meanDiff: Number(r.own_minus_other), sd: 1, statistic: 0, p: Number(r.p), df: Infinity, low: Number(r.ci_low), high: Number(r.ci_high),
});

describe('Holm over the verdicts', () => {
  it('tuned-plans: the committed harr vs babcock verdict does not survive the correction', () => {
    const rows = parseCsv(readFileSync(join(ROOT, 'results', 'tuned-plans', 'plan-loss.csv'), 'utf8')).filter((r) => r.seed === 'all');
    const get = (s: string, under: string, other: string) => rows.find((r) => r.strategy === s && r.evaluated_under === under && r.plan_tuned_under === other)!;
    const tests = ['harr', 'suit-hunter'].flatMap((s) => ['harr-300', 'harr-limit', 'babcock'].map((L) => ({ s, L, own: iv(get(s, L, 'harr')), back: iv(get(s, 'harr', L)) })));
    const adj = holm(tests.flatMap((t) => [t.own.p, t.back.p]));
    const k = tests.findIndex((t) => t.s === 'harr' && t.L === 'babcock');
    const t = tests[k]!;
    expect(t.own.low).toBeGreaterThan(0);
    expect(planVerdict('harr', 'babcock', t.own, t.back, [t.own, t.own], [t.back, t.back])).toMatch(/^differs/);
    expect(adj[2 * k]!).toBeGreaterThan(0.05);
    expect(planVerdict('harr', 'babcock', t.own, t.back, [t.own, t.own], [t.back, t.back], { own: adj[2 * k]!, back: adj[2 * k + 1]! })).toBe(
      'does not differ: the plan tuned for harr is best under both',
    );
  });

  it('search-vs-harr: an interval above zero whose Holm p is not below 0.05 is said to be clear of zero alone, not counted', () => {
    const row = (budget: number, pHolm: number) => ({ rules: 'harr', budget, wallSets: 300, mean: 5, low: 0.5, high: 9.5, pHolm });
    expect(searchVerdict([row(256, 0.01), row(64, 0.2)], [], 256)).toMatch(
      /no interval lies above zero after Holm's adjustment; one lies clear of zero alone but not after Holm's adjustment \(harr at 64\)\./,
    );
    expect(searchVerdict([row(256, 0.01), row(64, 0.01)], [], 256)).toMatch(/the interval lies above zero under harr at 64\./);
    expect(searchVerdict([row(256, 0.2), row(64, 0.01)], [], 256)).toMatch(/lies above zero under 0 of 1 rule sets\*\*: above zero alone but not after Holm's adjustment under harr \(\+5\.0, 0\.5 to 9\.5\)/);
    const away = (pHolm: number) => ({ rules: 'harr', budget: 256, table: 'chow-mixer,suit-hunter,greedy', mean: 6.5, low: 0.5, high: 12.5, pHolm });
    expect(searchVerdict([], [away(0.3)], 256)).toMatch(/is not told apart from harr after Holm's adjustment \(its interval alone lies above zero\).*Holm-adjusted p 0\.300/);
    expect(searchVerdict([], [away(0.01)], 256)).toMatch(/earns more than harr/);
  });
});
