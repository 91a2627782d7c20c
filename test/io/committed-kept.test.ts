// A committed results directory is never played over by a resume (src/io/claim.ts): a copy of a committed experiment
// or league (its checkpoints are not committed) resumed is refused in one line with every byte kept; and the
// class beneath it, a finished run whose checkpoint is gone, refuses --resume instead of starting from the beginning.
import { describe, expect, it } from 'vitest';
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mjlabIn } from '../helpers/cli.js';
import { ROOT, tempDir } from '../runner/helpers.js';

const tmp = tempDir('committed-kept');

/** Every file under `dir` with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p, 'base64'));
    }
  };
  walk(dir);
  return out;
}

async function refusedKept(args: string[], dir: string, pattern: RegExp): Promise<void> {
  const before = snapshot(dir);
  const r = await mjlabIn(args);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/starting from the beginning/);
  expect(snapshot(dir)).toEqual(before);
}

describe('committed results are kept', () => {
  it('experiment: a committed copy resumed is refused and untouched', async () => {
    const dir = join(tmp, 'defender-draws');
    cpSync(join(ROOT, 'results', 'defender-draws'), dir, { recursive: true });
    const args = ['experiment', 'defender-draws', '--out', dir, '--workers', '1', '--no-progress'];
    await refusedKept([...args, '--resume'], dir, /holds this experiment, finished, and nothing to resume it from .*it is kept: use --force/);
  });

  it('league: a committed copy resumed is refused and untouched', async () => {
    const dir = join(tmp, 'league');
    cpSync(join(ROOT, 'results', 'league', 'harr'), dir, { recursive: true });
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { members: string[]; gamesPerPairing: number; seed: number };
    const args = ['league', '--rules', 'harr', '--strategies', m.members.join(','), '--games', String(m.gamesPerPairing), '--seed', String(m.seed), '--out', dir, '--workers', '1', '--no-progress'];
    await refusedKept([...args, '--resume'], dir, /finished, and nothing to resume it from/);
  });

  it('a finished run whose checkpoint is gone: --resume is refused, not played from the beginning', async () => {
    const dir = join(tmp, 'run');
    const args = ['simulate', '--rules', 'harr', '--strategies', 'random,random,random,random', '--games', '8', '--seed', '2', '--workers', '1', '--no-progress', '--out', dir];
    expect((await mjlabIn(args)).status).toBe(0);
    rmSync(join(dir, 'checkpoint.jsonl'));
    await refusedKept([...args, '--resume'], dir, /holds this run, finished, and nothing to resume it from/);
  });
});
