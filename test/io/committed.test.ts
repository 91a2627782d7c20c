/**
 * Nothing committed is touched by a command run as documented (src/io/committed.ts; docs/outputs.md, "Where outputs
 * go"): an output directory inside the checkout's results/, given or default, is refused in one line naming it
 * unless --force, before anything is written; the scratch places (results/latest, results/tmp, results/play) are
 * not refused, and the checkout ignores each of them.
 */
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { insideCommitted, refuseCommitted, SCRATCH_DIRS } from '../../src/io/committed.js';
import { mjlabIn } from '../helpers/cli.js';
import { ROOT, tempDir } from '../runner/helpers.js';

describe('the committed results/', () => {
  it('holds everything under results/ but the scratch places, whatever path leads there', () => {
    for (const d of ['results/league/harr', 'results/strategy-comparison', 'results/league', 'results', 'results/new-thing/x']) expect(insideCommitted(join(ROOT, d)), d).toBe(true);
    for (const d of ['results/latest', 'results/tmp/league-harr', 'results/play', 'docs', 'src/x']) expect(insideCommitted(join(ROOT, d)), d).toBe(false);
    expect(insideCommitted(tempDir('committed'))).toBe(false);
    const link = join(tempDir('committed'), 'to-results');
    symlinkSync(join(ROOT, 'results', 'league'), link);
    expect(insideCommitted(join(link, 'harr'))).toBe(true);
    expect(() => refuseCommitted(join(ROOT, 'results/league/harr'), true)).not.toThrow();
  });

  it('has its scratch places ignored by git', () => {
    const ignored = readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n').map((l) => l.trim().replace(/\/$/, ''));
    for (const s of SCRATCH_DIRS) expect(ignored, s).toContain(s);
  });

  it.each([
    [['simulate', '--games', '8', '--out', 'results/league/harr'], 'results/league/harr'],
    [['simulate', '--games', '8', '--out', 'results/new-run'], 'results/new-run'],
    [['merge', '--out', 'results/strategy-comparison/merged', 'results/latest'], 'results/strategy-comparison/merged'],
    [['experiment', 'defender-draws', '--games', '8', '--out', 'results/defender-draws'], 'results/defender-draws'],
    [['league', '--rules', 'harr', '--strategies', 'random,greedy', '--games', '8', '--out', 'results/league/harr'], 'results/league/harr'],
    [['league', '--merge', 'a,b', '--out', 'results/league/harr'], 'results/league/harr'],
    [['sprt', 'greedy', 'random', '--delta', '5', '--out', 'results/league/sequential/x'], 'results/league/sequential/x'],
    [['tune', '--strategy', 'harr', '--out', 'results/tuned-plans/tunes/x'], 'results/tuned-plans/tunes/x'],
    [['train', '--out', 'results/learned-policy/x'], 'results/learned-policy/x'],
  ])('mjlab %j is refused in one line naming %s, nothing written', async (args, dir) => {
    const before = existsSync(join(ROOT, dir));
    const r = await mjlabIn(args, { cwd: ROOT });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`mjlab: ${dir} lies inside the repository's committed results/: give --force to re-run committed results on purpose, or another --out (results/tmp/... is scratch)\n`);
    expect(existsSync(join(ROOT, dir))).toBe(before);
  });
});
