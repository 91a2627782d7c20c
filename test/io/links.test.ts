// Nothing outside its own files is ever touched (docs/outputs.md, "What `--force` may remove"), one test per failure: a
// `--force` that a symbolic link leads to the home directory or to a parent of the working directory, a
// repository, `--resume` through a streamed file that is a link, a play record's temporary name planted as a
// link, and `replay --html` onto a link. Each is refused in one line, exit 2, and the link's target is left as
// it was. The home directory is a fake one in a temporary directory (HOME set for the child).
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayRecord } from '../../src/cli/replay-command.js';
import { saveRecord } from '../../src/play/records.js';
import type { GameRecord } from '../../src/record/record.js';
import { writeReplayHtml } from '../../src/viewer/write.js';
import { tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { tree } from '../support/tree.js';

const SMALL = ['--rules', 'harr', '--strategies', 'random,random,random,random', '--games', '40', '--workers', '1', '--no-progress'];

async function refused(args: string[], pattern: RegExp, opts: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  const r = await mjlabIn(args, opts);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(/^mjlab: /);
  expect(r.stderr).toMatch(pattern);
}

let tmp: string;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  tmp = tempDir('links');
  home = join(tmp, 'home');
  mkdirSync(join(home, 'docs'), { recursive: true });
  writeFileSync(join(home, '.bashrc'), 'export PS1=mine\n');
  writeFileSync(join(home, 'docs', 'thesis.tex'), 'chapter one\n');
  env = { HOME: home };
});

describe('--force never follows a link out of its directory', () => {
  it('ln -s ~ hl; simulate --out hl --force: refused, the home directory untouched', async () => {
    const before = tree(home);
    symlinkSync(home, join(tmp, 'hl'));
    await refused(['simulate', ...SMALL, '--out', 'hl', '--force'], /refusing to replace hl \(.*home\): it is your home directory/, { cwd: tmp, env });
    expect(tree(home)).toEqual(before);
  });

  it('tune --out hl --force: refused the same way', async () => {
    const before = tree(home);
    const tune = ['tune', '--strategy', 'harr', '--params', 'minPairs', '--generations', '1', '--games', '8', '--workers', '1', '--no-progress'];
    await refused([...tune, '--out', 'hl', '--force'], /your home directory/, { cwd: tmp, env });
    expect(tree(home)).toEqual(before);
  });

  it('a link to a parent of the working directory: refused, the working directory kept', async () => {
    const work = join(tmp, 'work');
    mkdirSync(join(work, 'sub'), { recursive: true });
    writeFileSync(join(work, 'plan.md'), 'keep\n');
    symlinkSync(work, join(tmp, 'up'));
    const before = tree(work);
    await refused(['simulate', ...SMALL, '--out', join(tmp, 'up'), '--force'], /it holds the current directory/, { cwd: join(work, 'sub'), env });
    expect(tree(work)).toEqual(before);
  });

  it('a repository root, even one carrying an mjlab marker: refused, its .git kept', async () => {
    const repo = join(tmp, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(repo, '.mjlab-output.json'), JSON.stringify({ tool: 'mjlab', kind: 'simulate', run: {} }));
    const before = tree(repo);
    await refused(['simulate', ...SMALL, '--out', repo, '--force'], /it is a repository root \(it holds \.git\)/, { cwd: tmp, env });
    expect(tree(repo)).toEqual(before);
  });
});

describe('writes never go through a link', () => {
  it('--resume with games.csv a link: refused, the link target not rebuilt', async () => {
    const dir = join(tmp, 'run');
    expect((await mjlabIn(['simulate', ...SMALL, '--games-csv', '--out', dir], { cwd: tmp, env })).status).toBe(0);
    const precious = join(tmp, 'precious.csv');
    writeFileSync(precious, 'not a games.csv\n');
    rmSync(join(dir, 'games.csv'));
    symlinkSync(precious, join(dir, 'games.csv'));
    await refused(['simulate', ...SMALL, '--games-csv', '--out', dir, '--resume'], /games\.csv \(a symbolic link\), which mjlab did not write/, { cwd: tmp, env });
    expect(readFileSync(precious, 'utf8')).toBe('not a games.csv\n');
    // --force does not remove the link either: it is not mjlab's.
    await refused(['simulate', ...SMALL, '--games-csv', '--out', dir, '--force'], /games\.csv \(a symbolic link\)/, { cwd: tmp, env });
    expect(lstatSync(join(dir, 'games.csv')).isSymbolicLink()).toBe(true);
  });

  it("an experiment's run directory that is a link out of it: refused, the target untouched", async () => {
    const dir = join(tmp, 'exp');
    const exp = ['experiment', 'defender-draws', '--games', '40', '--workers', '1', '--no-progress', '--out', dir];
    expect((await mjlabIn(exp, { cwd: tmp, env })).status).toBe(0);
    const elsewhere = join(tmp, 'elsewhere');
    cpSync(join(dir, 'runs'), elsewhere, { recursive: true });
    const cell = readdirSync(join(dir, 'runs'))[0]!;
    rmSync(join(dir, 'runs', cell), { recursive: true });
    symlinkSync(join(elsewhere, cell), join(dir, 'runs', cell));
    const before = tree(elsewhere);
    await refused([...exp, '--resume'], /runs\/.* \(a symbolic link\)/, { cwd: tmp, env });
    await refused([...exp, '--force'], /runs\/.* \(a symbolic link\)/, { cwd: tmp, env });
    expect(tree(elsewhere)).toEqual(before);
  });

  it("play's record: a link planted at the temporary name is never written through", () => {
    const dir = join(tmp, 'records');
    mkdirSync(dir);
    const target = join(tmp, 'target.txt');
    writeFileSync(target, 'mine\n');
    const record = { rules: 'harr', seed: 5, game: 0, hands: [] } as unknown as GameRecord;
    // The names an attacker could guess: the old `.RULES-seedS-gameG.PID.tmp` and the final names.
    symlinkSync(target, join(dir, `.harr-seed5-game0.${process.pid}.tmp`));
    symlinkSync(target, join(dir, 'harr-seed5-game0.json'));
    const saved = saveRecord(dir, record);
    expect(saved).toBe(join(dir, 'harr-seed5-game0-2.json'));
    expect(readFileSync(target, 'utf8')).toBe('mine\n');
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual(record);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp') && !lstatSync(join(dir, n)).isSymbolicLink())).toEqual([]);
  });

  it('replay --html onto a link: refused in one line, the target untouched', async () => {
    const record = await replayRecord({ rules: 'harr', strategies: 'random,random,random,random', seed: 4, game: 0, players: 4, unit: 'hand', flowers: false, duplicate: false });
    const target = join(tmp, 'page-target.txt');
    writeFileSync(target, 'mine\n');
    const link = join(tmp, 'page.html');
    symlinkSync(target, link);
    expect(() => writeReplayHtml(record, link)).toThrow(/^cannot write .*page\.html: it is a symbolic link, and mjlab never writes, replaces or deletes through one/);
    expect(readFileSync(target, 'utf8')).toBe('mine\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const page = join(tmp, 'plain.html');
    writeReplayHtml(record, page);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!doctype html>/i);
    expect(existsSync(page)).toBe(true);
  });
});
