/**
 * Experiment search-vs-harr (docs/strategies.md, "The search agent"): its runs get the shares its spec names, in whole wall sets of the
 * same first walls; its analysis gives the searcher's mean net per hand over wall sets (its advantage over the three
 * harr), and the away-from-policy difference wall set by wall set, on small real runs (search at a tiny budget).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellPlans } from '../../src/experiments/run.js';
import { experiment } from '../../experiments/index.js';
import { analyseSearchVsHarr, lineupParts, pairsVerdict, verdict } from '../../experiments/search-vs-harr/analysis.js';
import type { AnalysisInput } from '../../src/experiments/analysis.js';
import type { Cell } from '../../src/experiments/walls.js';
import { simulate } from '../../src/runner/run.js';
import { totalSum } from '../../src/stats/aggregate.js';
import { WALLS } from '../../experiments/search-vs-harr/spec.js';
import { tempDir } from '../runner/helpers.js';

const spec = experiment('search-vs-harr');

describe('search-vs-harr: its runs', () => {
  it('the default size plays each run its named wall sets; a smaller one the same shares, in whole wall sets', () => {
    const full = cellPlans(spec, spec.games);
    const main = full.filter((p) => p.lineupIndex === 0);
    for (const p of main) expect(p.games).toBe(4 * WALLS.main[p.variant.label as keyof typeof WALLS.main]);
    expect(full.filter((p) => [1, 2, 3].includes(p.lineupIndex)).every((p) => p.games === 4 * WALLS.curve)).toBe(true);
    expect(full.reduce((a, p) => a + p.games, 0)).toBe(spec.games);
    const small = cellPlans(spec, 8_800);
    expect(small.every((p) => p.games % 4 === 0 && p.games >= 8)).toBe(true);
    // The same share of the games as at the default size, to within a wall set.
    const code500 = small.find((p) => p.variant.label === 'code500' && p.lineupIndex === 0)!.games / 4;
    expect(Math.abs(code500 - (8_800 / spec.games) * WALLS.main.code500)).toBeLessThan(1);
    expect(() => cellPlans(spec, 100)).toThrow(/too small for search-vs-harr/);
  });

  it('reads a lineup: the challenger, its budget (the strategy\'s default when not given) and the field', () => {
    expect(lineupParts('search:budget=32,harr,harr,harr')).toEqual({ challenger: 'search:budget=32', budget: 32, field: 'harr,harr,harr' });
    expect(lineupParts('search,chow-mixer,suit-hunter,greedy')).toMatchObject({ budget: 256, field: 'chow-mixer,suit-hunter,greedy' });
    expect(lineupParts('harr,chow-mixer,suit-hunter,greedy').budget).toBeNull();
  });
});

describe('search-vs-harr: the finding in words', () => {
  // The default budget's rows with more wall sets than the curve's, as search-vs-harr sizes them.
  const row = (rules: string, budget: number, mean: number, low: number, high: number) => ({ rules, budget, mean, low, high, hands: 100, wallSets: budget === 256 ? 100 : 25 });
  it('says which intervals lie above zero, which include it and which lie below, from the numbers given', () => {
    const all = verdict([row('harr', 256, 7.4, 1.7, 13.1), row('harr-limit', 256, 6.2, 2.9, 9.5), row('babcock', 256, 2.3, 0.8, 3.7), row('code500', 256, 2.9, 0.1, 5.8)], [], 256);
    expect(all).toBe(
      '**At the default budget (256 rollouts) the searcher beats harr under all four rule sets**: its 95% interval lies above zero under ' +
        'harr (+7.4, 1.7 to 13.1), harr-limit (+6.2, 2.9 to 9.5), babcock (+2.3, 0.8 to 3.7) and code500 (+2.9, 0.1 to 5.8) points per hand.',
    );
    const mixed = verdict(
      [row('harr', 256, 7.4, 1.7, 13.1), row('code500', 256, 2.9, -0.1, 5.8), row('babcock', 256, -3, -5, -1), row('harr', 64, 8.8, 2.7, 14.9), row('harr', 32, 3.5, -3.1, 10.1), row('babcock', 32, -4, -6, -2)],
      [{ rules: 'harr', budget: 256, table: 'chow-mixer,suit-hunter,greedy', mean: 6.5, low: 0.5, high: 12.5 }],
      256,
    ).split('\n\n');
    expect(mixed[0]).toBe(
      "**At the default budget (256 rollouts) the searcher's 95% interval lies above zero under 1 of 3 rule sets**: above zero under harr (+7.4, 1.7 to 13.1); " +
        'it includes zero under code500 (+2.9, -0.1 to 5.8); below zero under babcock (-3.0, -5.0 to -1.0) points per hand.',
    );
    expect(mixed[1]).toBe("With fewer rollouts (25 wall sets per budget, a smaller sample than the default budget's), the interval lies above zero under harr at 64, below zero under babcock at 32; the other one includes zero.");
    // The curve as large as the default budget's (search-budget-curve): not called a smaller sample.
    const even = verdict([row('harr', 256, 7.4, 1.7, 13.1), { ...row('harr', 64, 8.8, 2.7, 14.9), wallSets: 100 }], [], 256).split('\n\n');
    expect(even[1]).toBe('With fewer rollouts (100 wall sets per budget), the interval lies above zero under harr at 64.');
    expect(mixed[2]).toBe('Against chow-mixer,suit-hunter,greedy (not the policy its rollouts assume), the searcher at 256 rollouts earns more than harr in the same seat on the same walls under harr (+6.5, 0.5 to 12.5 points per hand).');
  });
});

describe('search-budget-curve: budget against budget in words', () => {
  const pair = (rules: string, budget: number, against: number, mean: number, low: number, high: number, pHolm: number) => ({ rules, budget, against, mean, low, high, pHolm });
  it('names the pairs clear of zero after Holm, those clear alone, and counts the rest', () => {
    expect(pairsVerdict([pair('babcock', 128, 64, 1.3, 0.4, 2.2, 0.01), pair('harr', 256, 32, 5.2, 0.1, 10.3, 0.2), pair('code500', 64, 32, 0.1, -1, 1.2, 1)])).toBe(
      '**Budget against budget, on the same walls** (points per hand): more rollouts gain under babcock 128 over 64 (+1.3, 0.4 to 2.2); ' +
        "a gain clear of zero alone but not after Holm's adjustment under harr 256 over 32 (+5.2, 0.1 to 10.3); the other pair includes zero.",
    );
    expect(pairsVerdict([pair('harr', 64, 32, 0.1, -1, 1.2, 1), pair('harr', 128, 64, -3, -5, -1, 0.01)])).toBe(
      "**Budget against budget, on the same walls** (points per hand): no budget gains over a smaller one after Holm's adjustment; they lose under harr 128 over 64 (-3.0, -5.0 to -1.0); the other pair includes zero.",
    );
  });
});

describe('search-vs-harr: its analysis on small runs', () => {
  it('the searcher\'s mean net and interval over wall sets; the away-from-policy pair wall set by wall set', async () => {
    const dir = tempDir('mjlab-svh-');
    const lineups = ['search:budget=8,harr,harr,harr', 'search:budget=8,chow-mixer,suit-hunter,greedy', 'harr,chow-mixer,suit-hunter,greedy', 'search:budget=4,harr,harr,harr'];
    const variant = spec.variants[0]!;
    const cells: Cell[] = [];
    for (let i = 0; i < lineups.length; i++) {
      const r = await simulate({
        rules: 'harr', strategies: lineups[i]!, games: 24, seed: 1, workers: 1, out: join(dir, String(i)), outExplicit: true, gamesCsv: false,
        players: 4, unit: 'hand', duplicate: true, flowers: false, shard: null, resume: false, force: false, progress: 'none', nets: true,
      });
      const names = lineups[i]!.split(',');
      cells.push({ variant, lineupIndex: i, lineup: lineups[i]!, dir: join(dir, String(i)), labels: r.aggregate.labels, agg: r.aggregate, seats: r.aggregate.labels.map((l) => names.filter((n) => n === l).length) });
    }
    const three = cells.slice(0, 3);
    const input: AnalysisInput = { spec, cells: three, byVariant: new Map([[variant.label, three]]), wallGames: 4, walls: 6 };
    const a = analyseSearchVsHarr(input, { msPerDecision: new Map([['harr 8', 3.5]]) });
    const summary = a.files.find((f) => f.name === 'summary.csv')!.text.trim().split('\n');
    expect(summary[0]).toMatch(/^rules,budget,table,hands,wall_sets,search_mean_net,ci_low,ci_high,z,p,ms_per_decision,/);
    expect(summary).toHaveLength(3);
    const own = summary[1]!.match(/"[^"]*"|[^,]+|(?<=,)(?=,)/g)!;
    const s = cells[0]!.agg.strategies.get('search:budget=8')!;
    expect(Number(own[3])).toBe(24);
    expect(Number(own[5])).toBeCloseTo(Number(totalSum(s.net)) / s.hands, 6);
    expect(Number(own[6])).toBeLessThanOrEqual(Number(own[5]));
    expect(Number(own[7])).toBeGreaterThanOrEqual(Number(own[5]));
    expect(own[10]).toBe('3.5');
    const away = a.files.find((f) => f.name === 'away-from-policy.csv')!.text.trim().split('\n');
    expect(away).toHaveLength(2);
    const row = away[1]!.match(/"[^"]*"|[^,]+/g)!;
    const sa = cells[1]!.agg.strategies.get('search:budget=8')!;
    const ha = cells[2]!.agg.strategies.get('harr')!;
    // Equal walls and hands: the paired mean difference is the difference of the means.
    expect(Number(row[4])).toBeCloseTo(Number(totalSum(sa.net)) / sa.hands - Number(totalSum(ha.net)) / ha.hands, 6);
    expect(a.findings).toMatch(/^## Findings/);
    expect(a.findings).toContain('### Away from the policy it assumes');

    // Three harr at every table (search-budget-curve): no away-from-policy file or section, Holm over the rows alone.
    const ownOnly = analyseSearchVsHarr({ ...input, cells: [cells[0]!], byVariant: new Map([[variant.label, [cells[0]!]]]) }, { msPerDecision: new Map() });
    expect(ownOnly.files.map((f) => f.name)).toEqual(['summary.csv']);
    expect(ownOnly.findings).not.toContain('Away from the policy');
    expect(ownOnly.findings).toContain('over the 1 test stated here at once: the row of summary.csv against three harr (column p_holm).');
    expect(a.files.map((f) => f.name)).not.toContain('budget-pairs.csv');

    // With budgetPairs (search-budget-curve): budget 8 against budget 4 on the same walls, in Holm's family.
    const curve = [cells[0]!, cells[3]!];
    const withPairs = analyseSearchVsHarr(
      { ...input, spec: { ...spec, budgetPairs: true }, cells: curve, byVariant: new Map([[variant.label, curve]]) },
      { msPerDecision: new Map() },
    );
    const pairs = withPairs.files.find((f) => f.name === 'budget-pairs.csv')!.text.trim().split('\n');
    expect(pairs[0]).toBe('rules,budget,against_budget,wall_sets,gain,ci_low,ci_high,z,p,p_holm');
    expect(pairs).toHaveLength(2);
    const p = pairs[1]!.split(',');
    expect(p.slice(0, 4)).toEqual(['harr', '8', '4', '6']);
    const s4 = cells[3]!.agg.strategies.get('search:budget=4')!;
    // Equal walls and hands: the paired gain is the difference of the searcher's mean nets.
    expect(Number(p[4])).toBeCloseTo(Number(totalSum(s.net)) / s.hands - Number(totalSum(s4.net)) / s4.hands, 6);
    expect(Number(p[9])).toBeGreaterThanOrEqual(Number(p[8]));
    expect(withPairs.findings).toContain('### Gain against budget, on the same walls');
    expect(withPairs.findings).toContain('**Budget against budget, on the same walls**');
    expect(withPairs.findings).toContain('over the 3 tests stated here at once: the 2 rows of summary.csv against three harr and the budget pair of budget-pairs.csv (column p_holm in each).');
  }, 240_000);
});
