/** `experiment --list`: full size, measured hours, smallest --games; a refusal names the minimum. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/doc.js';
import { EXPERIMENTS, LAB } from '../../experiments/index.js';
import { cellPlans } from '../../src/experiments/run.js';
import { minGames } from '../../src/experiments/sizes.js';
import { runCli } from '../helpers/cli.js';

describe('experiment --list', () => {
  it('shows each experiment with its full size, the hours its committed run took and its smallest --games', async () => {
    const r = await runCli(['experiment', '--list']);
    expect(r.code, r.err).toBe(0);
    for (const x of LAB.filter((y) => y.kind === 'played' || y.takesGenerations)) {
      const e = x.spec;
      const at = r.out.indexOf(`${e.name}\n`);
      expect(at, e.name).toBeGreaterThanOrEqual(0);
      const entry = r.out.slice(at).split('\n').slice(0, 3).join('\n');
      expect(entry).toContain(`(--games ${e.games})`);
      // An experiment whose run is not committed yet (results/NAME holds no manifest) says so instead of a time.
      if (existsSync(join(ROOT, 'results', e.name, 'manifest.json'))) expect(entry).toMatch(/the committed run took \d+\.\d\d (CPU-)?hours/);
      else expect(entry).toContain('the committed run took no time on record (results/ holds no run)');
      expect(entry).toContain(`smallest --games: ${(x.kind === 'staged' ? x.minGames() : minGames(x.spec)).toLocaleString('en-US')}`);
    }
  });

  it.each(EXPERIMENTS.map((e) => [e.name, e] as const))('%s: the smallest --games runs, one fewer is refused naming it', (_name, e) => {
    const min = minGames(e);
    expect(() => cellPlans(e, min)).not.toThrow();
    expect(() => cellPlans(e, min - 1)).toThrow(`the smallest is --games ${min}`);
  });
});
