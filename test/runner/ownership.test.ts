// Output directories are owned (docs/outputs.md, "What `--force` may remove"): simulate, experiment and merge write a marker of what they
// are, refuse (one line, exit 2, nothing touched) a directory that holds another run unless --force, and
// --force replaces that run whole; files mjlab did not write are refused even with --force (docs/outputs.md, "What `--force` may remove"); only the
// default results/latest is replaced without asking.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { read, ROOT, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const SMALL = ['--rules', 'harr', '--strategies', 'random,random,random,random', '--games', '20', '--workers', '1', '--no-progress'];
let tmp: string;

/** Every file under dir with its bytes, to prove a refused command touched nothing. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), `${statSync(p).mtimeMs}:${readFileSync(p, 'latin1')}`);
    }
  };
  walk(dir);
  return out;
}

async function refused(args: string[], pattern: RegExp, cwd = tmp): Promise<void> {
  const r = await mjlabIn(args, { cwd });
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(/^mjlab: /);
  expect(r.stderr).toMatch(pattern);
}

async function ok(args: string[], cwd = tmp): Promise<void> {
  const r = await mjlabIn(args, { cwd });
  expect(r.status, r.stderr).toBe(0);
}

beforeAll(() => {
  tmp = tempDir('owned');
});

describe('simulate', () => {
  it('refuses a committed experiment directory and leaves every file as it was', async () => {
    const dir = join(tmp, 'strategy-comparison');
    cpSync(join(ROOT, 'results', 'strategy-comparison'), dir, { recursive: true });
    const before = snapshot(dir);
    await refused(['simulate', ...SMALL, '--out', dir], /holds .*experiment strategy-comparison.*--force/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a directory holding files it did not write, with --force too (it removes only its own)', async () => {
    const dir = join(tmp, 'notes');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await refused(['simulate', ...SMALL, '--out', dir], /notes\.txt.*removes only its own files, even with --force/);
    await refused(['simulate', ...SMALL, '--out', dir, '--force'], /notes\.txt.*removes only its own files, even with --force/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    rmSync(join(dir, 'notes.txt'));
    await ok(['simulate', ...SMALL, '--out', dir, '--force']);
    const files = readdirSync(dir);
    expect(files).toContain('.mjlab-output.json');
    expect(JSON.parse(read(dir, '.mjlab-output.json'))).toMatchObject({ tool: 'mjlab', kind: 'simulate', run: { identity: { seed: 1 } } });
  });

  it('an output of its own with a stray file is refused too, and --force leaves only the new run', async () => {
    const dir = join(tmp, 'stray');
    await ok(['simulate', ...SMALL, '--out', dir, '--games-csv']);
    writeFileSync(join(dir, 'plot.png'), 'x');
    await refused(['simulate', ...SMALL, '--out', dir, '--games-csv'], /plot\.png, which mjlab did not write/);
    await refused(['simulate', ...SMALL, '--out', dir, '--force', '--seed', '5'], /plot\.png, which mjlab did not write/);
    expect(readdirSync(dir)).toContain('games.csv');
    rmSync(join(dir, 'plot.png'));
    await ok(['simulate', ...SMALL, '--out', dir, '--force', '--seed', '5']);
    expect(readdirSync(dir)).not.toContain('games.csv'); // the old run's file is gone, not mixed with the new one
  });

  it('an unfinished run of the same command needs --resume or --force', async () => {
    const dir = join(tmp, 'unfinished');
    await ok(['simulate', ...SMALL, '--out', dir]);
    const m = JSON.parse(read(dir, 'manifest.json'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, complete: false }));
    await refused(['simulate', ...SMALL, '--out', dir], /unfinished run of this command.*--resume.*--force/);
  });

  it('the default results/latest is replaced without asking, unless it holds files mjlab did not write', async () => {
    const cwd = tempDir('latest');
    await ok(['simulate', ...SMALL, '--seed', '1'], cwd);
    await ok(['simulate', ...SMALL, '--seed', '2'], cwd);
    const latest = join(cwd, 'results', 'latest');
    expect(JSON.parse(read(latest, 'manifest.json')).identity.seed).toBe(2);
    const mine = join(cwd, 'results', 'latest-mine');
    mkdirSync(mine);
    writeFileSync(join(mine, 'thesis.tex'), 'x');
    cpSync(mine, latest, { recursive: true });
    await refused(['simulate', ...SMALL, '--seed', '3'], /results\/latest holds/, cwd);
  });
});

describe('experiment', () => {
  const EXP = ['experiment', 'defender-draws', '--games', '40', '--workers', '1', '--no-progress'];

  it('refuses a directory holding a simulate run (nothing touched); --force replaces it whole', async () => {
    const dir = join(tmp, 'exp-over-run');
    await ok(['simulate', ...SMALL, '--out', dir, '--games-csv']);
    const before = snapshot(dir);
    await refused([...EXP, '--out', dir], /holds .*simulate.*--force/);
    expect(snapshot(dir)).toEqual(before);
    await ok([...EXP, '--out', dir, '--force']);
    const files = readdirSync(dir);
    for (const f of ['games.csv', 'checkpoint.jsonl', 'summary.csv', 'aggregate.json']) expect(files, f).not.toContain(f);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'manifest.json', 'lineups.csv', 'runs', '.mjlab-output.json']));
    expect(JSON.parse(read(dir, 'manifest.json')).experiment).toBe('defender-draws');
  });

  it('refuses another experiment, or the same one with other games, without --force', async () => {
    const dir = join(tmp, 'exp-a');
    await ok([...EXP, '--out', dir]);
    await refused(['experiment', 'defender-draws', '--games', '80', '--workers', '1', '--no-progress', '--out', dir], /already holds a different experiment \(defender-draws, 40 games/);
    await ok([...EXP, '--out', dir]); // the same experiment again reproduces it in place
  });
});

describe('merge', () => {
  it('refuses an --out holding files it did not write, and an --out inside an input', async () => {
    const shard = join(tmp, 'm-shard');
    await ok(['simulate', ...SMALL, '--out', shard]);
    const dir = join(tmp, 'm-notes');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await refused(['merge', '--out', dir, shard], /notes\.txt/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    await refused(['merge', '--out', join(shard, 'merged'), shard], /overlap/);
    expect(existsSync(join(shard, 'merged'))).toBe(false);
    await refused(['merge', '--out', dir, shard, '--force'], /notes\.txt.*even with --force/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    rmSync(join(dir, 'notes.txt'));
    await ok(['merge', '--out', dir, shard, '--force']);
    expect(JSON.parse(read(dir, '.mjlab-output.json')).kind).toBe('merge');
  });
});
