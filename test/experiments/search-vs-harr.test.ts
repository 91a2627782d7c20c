/**
 * Experiment search-vs-harr (issue 15, point 3): its runs get the shares its spec names, in whole wall sets of the
 * same first walls; its analysis gives the searcher's mean net per hand over wall sets (its advantage over the three
 * harr), and the away-from-policy difference wall set by wall set, on small real runs (search at a tiny budget).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellPlans } from '../../src/experiments/run.js';
import { experiment } from '../../src/experiments/registry.js';
import { analyseSearchVsHarr, lineupParts } from '../../src/experiments/search-vs-harr.js';
import type { AnalysisInput } from '../../src/experiments/analysis.js';
import type { Cell } from '../../src/experiments/walls.js';
import { simulate } from '../../src/runner/run.js';
import { totalSum } from '../../src/stats/aggregate.js';
import { WALLS } from '../../experiments/search-vs-harr.js';
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

describe('search-vs-harr: its analysis on small runs', () => {
  it('the searcher\'s mean net and interval over wall sets; the away-from-policy pair wall set by wall set', async () => {
    const dir = tempDir('mjlab-svh-');
    const lineups = ['search:budget=8,harr,harr,harr', 'search:budget=8,chow-mixer,suit-hunter,greedy', 'harr,chow-mixer,suit-hunter,greedy'];
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
    const input: AnalysisInput = { spec, cells, byVariant: new Map([[variant.label, cells]]), wallGames: 4, walls: 6 };
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
  }, 240_000);
});
