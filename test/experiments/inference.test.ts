/**
 * Experiment inference (docs/strategies.md, "Why the inference gains nothing yet"): its analysis gives search with the inference minus search without it,
 * paired wall set by wall set on the same walls against the same three, with the columns docs/outputs.md names, on small
 * real runs (both searches at a tiny budget).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { experiment } from '../../experiments/index.js';
import { analyseInference } from '../../experiments/inference/analysis.js';
import type { AnalysisInput } from '../../src/experiments/analysis.js';
import type { Cell } from '../../src/experiments/walls.js';
import { simulate } from '../../src/runner/run.js';
import { totalSum } from '../../src/stats/aggregate.js';
import { tempDir } from '../runner/helpers.js';

const spec = experiment('inference');

describe('inference: its analysis on small runs', () => {
  it('the difference per hand with minus without, paired over wall sets, and both searches\' rates and timings', async () => {
    const dir = tempDir('mjlab-inf-');
    const lineups = ['search:budget=6,harr,harr,harr', 'search:budget=6:infer=true,harr,harr,harr'];
    const variant = spec.variants[1]!;
    const cells: Cell[] = [];
    for (let i = 0; i < lineups.length; i++) {
      const r = await simulate({
        rules: variant.rules, strategies: lineups[i]!, games: 12, seed: 1, workers: 1, out: join(dir, String(i)), outExplicit: true, gamesCsv: false,
        players: 4, unit: 'hand', duplicate: true, flowers: false, shard: null, resume: false, force: false, progress: 'none', nets: true,
      });
      const names = lineups[i]!.split(',');
      cells.push({ variant, lineupIndex: i, lineup: lineups[i]!, dir: join(dir, String(i)), labels: r.aggregate.labels, agg: r.aggregate, seats: r.aggregate.labels.map((l) => names.filter((n) => n === l).length) });
    }
    const input: AnalysisInput = { spec, cells, byVariant: new Map([[variant.label, cells]]), wallGames: 4, walls: 3 };
    const timing = new Map([[`${variant.rules} search:budget=6`, 2], [`${variant.rules} search:budget=6:infer=true`, 2.5]]);
    const a = analyseInference(input, { msPerDecision: timing });
    const rows = a.files.find((f) => f.name === 'summary.csv')!.text.trim().split('\n');
    expect(rows[0]).toMatch(/^rules,opponents,wall_sets,diff_mean,ci_low,ci_high,z,p,ms_per_decision,/);
    expect(rows).toHaveLength(2);
    const row = rows[1]!.match(/"[^"]*"|[^,]+|(?<=,)(?=,)/g)!;
    expect(row[0]).toBe(variant.label);
    expect(row[1]).toBe('"harr,harr,harr"');
    expect(Number(row[2])).toBe(3);
    const plain = cells[0]!.agg.strategies.get('search:budget=6')!;
    const infer = cells[1]!.agg.strategies.get('search:budget=6:infer=true')!;
    // Equal walls and hands: the paired mean difference is the difference of the means.
    expect(Number(row[3])).toBeCloseTo(Number(totalSum(infer.net)) / infer.hands - Number(totalSum(plain.net)) / plain.hands, 6);
    expect(Number(row[4])).toBeLessThanOrEqual(Number(row[3]));
    expect(Number(row[5])).toBeGreaterThanOrEqual(Number(row[3]));
    expect(row[8]).toBe('2.5');
    expect(row[9]).toBe('2.0');
    // Holm over the cells: with one cell, its own p.
    expect(rows[0]).toMatch(/,p_holm$/);
    expect(row[17]).toBe(row[7]);
    expect(a.findings).toMatch(/Holm-corrected over the 1 cells/);
    expect(a.findings).toMatch(/^## Findings/);
  }, 240_000);

  it('its cells pair every search with inference with one without, on the same rule set and field', () => {
    const lineup = (i: number) => spec.lineups[i]!;
    for (const c of spec.cells!) {
      const l = lineup(c.lineup);
      if (!l.includes('infer=true')) continue;
      // The plain search: the inference and its own options (inferSteps, inferTries) taken out.
      const plain = l.replace(/:infer=true(:infer[A-Za-z]+=[^:,]+)*/, '');
      expect(spec.cells!.some((d) => d.variant === c.variant && lineup(d.lineup) === plain && d.share === c.share)).toBe(true);
    }
    expect(spec.variants.map((v) => v.rules)).toEqual(['harr', 'harr-limit', 'babcock', 'code500']);
  });
});
