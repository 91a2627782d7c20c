// The variants experiment (experiments/variants/): its committed runs played the variant files the spec names (the
// SHA-256 in each run's manifest is the file's today), its p_holm is Holm over every test its findings state, its
// answer is read off gains.csv, and the only-the-winner-is-paid variants change the settlement alone (the same draws
// and wins as their bases, as its caveat says); a small run writes the same tables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spec } from '../../experiments/variants/spec.js';
import { csvRows } from '../../src/report/csv-read.js';
import { isRuleSetId, ruleSet } from '../../src/rules/index.js';
import { holm } from '../../src/stats/paired.js';
import { mjlabIn } from '../helpers/cli.js';
import { ROOT, tempDir } from '../runner/helpers.js';

const DIR = join(ROOT, 'results', 'variants');
const rowsOf = (dir: string, f: string) => csvRows(readFileSync(join(dir, f), 'utf8'));

describe('results/variants', () => {
  it('each run played the variant file the spec names, as it is today', () => {
    for (const v of spec.variants) {
      const m = JSON.parse(readFileSync(join(DIR, 'runs', v.label, '0', 'manifest.json'), 'utf8')) as { identity: { rules: string; rulesVariant?: { sha256: string; canonical: string } } };
      expect(m.identity.rules).toBe(v.rules);
      if (isRuleSetId(v.rules)) expect(m.identity.rulesVariant).toBeUndefined();
      else expect(m.identity.rulesVariant, v.label).toEqual({ sha256: ruleSet(join(ROOT, v.rules)).variant!.sha256, canonical: ruleSet(join(ROOT, v.rules)).variant!.canonical });
    }
  });

  it('has p_holm, Holm over its gains and its paired changes, and states the answer they give', () => {
    const gains = rowsOf(DIR, 'gains.csv');
    const pairs = rowsOf(DIR, 'paired-change.csv');
    expect(gains).toHaveLength(spec.variants.length * spec.lineups.length);
    expect(pairs).toHaveLength(Object.keys(spec.changes!).length);
    const adj = holm([...gains.map((r) => Number(r.p)), ...pairs.map((r) => Number(r.p))]);
    gains.forEach((r, i) => expect(Number(r.p_holm)).toBeCloseTo(adj[i]!, 4));
    pairs.forEach((r, i) => expect(Number(r.p_holm)).toBeCloseTo(adj[gains.length + i]!, 4));
    const costs = gains.filter((r) => Number(r.p_holm) < 0.05 && Number(r.gain_per_hand) < 0).length;
    const pays = gains.filter((r) => Number(r.p_holm) < 0.05 && Number(r.gain_per_hand) > 0).length;
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    expect(readme).toContain(`The challenger pays under ${pays} and costs under ${costs} of the ${gains.length} rule sets`);
    expect(readme).toContain(`Holm-corrected over all ${gains.length + pairs.length} tests of this page`);
  });

  it('only-the-winner-is-paid changes the settlement alone: the same draws, wins and deal-ins as its base', () => {
    const gains = rowsOf(DIR, 'gains.csv');
    const row = (label: string) => gains.find((r) => r.variant === label)!;
    for (const [changed, base] of Object.entries(spec.changes!)) {
      if (!changed.endsWith('winner-only')) continue;
      for (const col of ['hands', 'draw_rate', 'challenger_win_rate', 'challenger_deal_in_rate']) expect(row(changed)[col], `${changed} ${col}`).toBe(row(base)[col]);
      expect(Number(row(changed).gain_per_hand)).toBeGreaterThan(Number(row(base).gain_per_hand));
    }
  });
});

describe('mjlab experiment variants', () => {
  it('a small run writes the gains and the paired changes of every variant against its base', async () => {
    const dir = join(tempDir('variants'), 'out');
    const r = await mjlabIn(['experiment', 'variants', '--games', '96', '--seed', '1', '--workers', '1', '--no-progress', '--out', dir]);
    expect(r.status, r.stderr).toBe(0);
    const gains = rowsOf(dir, 'gains.csv');
    expect(gains.map((g) => g.variant)).toEqual(spec.variants.map((v) => v.label));
    expect(rowsOf(dir, 'paired-change.csv').map((p) => `${p.variant}<${p.base}`)).toEqual(Object.entries(spec.changes!).map(([a, b]) => `${a}<${b}`));
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('--rules experiments/variants/harr-winner-only.json');
  });
});
