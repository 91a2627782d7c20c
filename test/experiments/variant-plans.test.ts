// The committed variant-plans run (results/variant-plans, experiments/variant-plans/): each tune under the variant
// played the variant file the spec names as it is today, and the README's verdict is the one plan-loss.csv gives
// after Holm over its two tests; within a seed family the two tunes saw the same first generation (the same walls and
// CMA-ES samples, and, since no strategy reads losersSettle, the same games), so what parted them was the rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdict } from '../../experiments/tuned-plans/report.js';
import { spec } from '../../experiments/variant-plans/spec.js';
import { csvRows } from '../../src/report/csv-read.js';
import { isRuleSetId, ruleSet } from '../../src/rules/index.js';
import { holm, type PairedInterval } from '../../src/stats/paired.js';
import { ROOT } from '../runner/helpers.js';

const DIR = join(ROOT, 'results', 'variant-plans');
const rows = (f: string) => csvRows(readFileSync(join(DIR, f), 'utf8'));
const tuneDir = (label: string, seed: number) => join(DIR, 'tunes', 'harr', label, `seed-${seed}`);
const seeds = Array.from({ length: spec.families }, (_, k) => spec.seed + k);

describe('results/variant-plans', () => {
  it('each tune played the rule set the spec names, a variant file as it is today', () => {
    for (const v of spec.variants) {
      for (const s of seeds) {
        const m = JSON.parse(readFileSync(join(tuneDir(v.label, s), 'manifest.json'), 'utf8')) as { identity: { rules: string; rulesVariant?: { sha256: string } } };
        expect(m.identity.rules, `${v.label} seed ${s}`).toBe(v.rules);
        if (isRuleSetId(v.rules)) expect(m.identity.rulesVariant).toBeUndefined();
        else expect(m.identity.rulesVariant?.sha256).toBe(ruleSet(join(ROOT, v.rules)).variant!.sha256);
      }
    }
  });

  it('states the verdict plan-loss.csv gives after Holm over its two tests', () => {
    const [B, L] = spec.variants.map((v) => v.label) as [string, string];
    const loss = rows('plan-loss.csv');
    const iv = (under: string, other: string, seed: string): PairedInterval => {
      const r = loss.find((x) => x.evaluated_under === under && x.plan_tuned_under === other && x.seed === seed)!;
      return { n: 0, meanDiff: Number(r.own_minus_other), sd: 0, statistic: 0, p: Number(r.p), df: Infinity, low: Number(r.ci_low), high: Number(r.ci_high) };
    };
    const own = iv(L, B, 'all');
    const back = iv(B, L, 'all');
    const adj = holm([own.p, back.p]);
    const word = verdict(B, L, own, back, seeds.map((s) => iv(L, B, String(s))), seeds.map((s) => iv(B, L, String(s))), { own: adj[0]!, back: adj[1]! });
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    expect(readme).toContain(`- harr, ${B} vs ${L}: the best plan **${word}**.`);
    expect(readme).toContain(`Holm-adjusted p: ${adj[0]!.toPrecision(2)} and ${adj[1]!.toPrecision(2)}.`);
    expect(readme).toContain("after Holm's correction over the two tests the verdict rests on");
  });

  it('within a seed family the tunes under both rules began on the same candidates', () => {
    for (const s of seeds) {
      const first = (label: string) => rows(join('tunes', 'harr', label, `seed-${s}`, 'history.csv')).filter((r) => r.generation === '0');
      const [a, b] = spec.variants.map((v) => first(v.label));
      const params = (xs: Record<string, string>[]) => xs.map((r) => spec.strategies[0]!.params.split(',').map((p) => r[p]));
      expect(a!.length).toBeGreaterThan(0);
      expect(params(b!)).toEqual(params(a!));
      // The same games, paid by other rules.
      expect(b!.map((r) => r.mean_net)).not.toEqual(a!.map((r) => r.mean_net));
    }
  });
});
