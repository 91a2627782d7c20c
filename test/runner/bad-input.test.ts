// Bad input (README.md, "Commands"): one line on stderr, exit 2, and nothing already computed lost.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineCount, read, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const SMALL = ['simulate', '--rules', 'harr', '--strategies', 'random,random,random,random', '--games', '20', '--workers', '1', '--no-progress'];
let tmp: string;

/** `args` with each option of `extra` in place of the same option there (an option may be given only once). */
function withOptions(args: readonly string[], extra: readonly string[]): string[] {
  const out = [...args];
  for (let i = 0; i < extra.length; i++) {
    const opt = extra[i]!;
    const value = extra[i + 1] !== undefined && !extra[i + 1]!.startsWith('--') ? extra[++i]! : undefined;
    const at = out.indexOf(opt);
    if (at >= 0) out.splice(at, value === undefined ? 1 : 2);
    out.push(opt, ...(value === undefined ? [] : [value]));
  }
  return out;
}

async function expectUserError(args: string[], pattern: RegExp, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const r = await mjlabIn(args, { cwd: tmp, env });
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mjlab: /);
  expect(lines[0]).toMatch(pattern);
  return lines[0]!;
}

beforeAll(() => {
  tmp = tempDir('bad');
});

describe('simulate rejects bad input with one line and exit 2', () => {
  it.each([
    [['--rules', 'mahjong-2000'], /unknown rule set "mahjong-2000"/],
    [['--strategies', 'random,random,random,nope'], /unknown strategy "nope"/],
    [['--strategies', 'random,random,random'], /3 strategies given for 4 players/],
    [['--games', '0'], /--games must be a positive integer/],
    [['--games', '-5'], /--games must be a positive integer/],
    [['--games', '2.5'], /--games must be a positive integer/],
    [['--shard', '5/4'], /bad --shard "5\/4"/],
    [['--shard', '0/3'], /bad --shard "0\/3": shards count from 1/],
    [['--shard', 'first'], /bad --shard "first"/],
    [['--shards', '3'], /--shards needs/],
    [['--workers', '0'], /--workers must be a positive integer/],
    [['--rules', 'babcock', '--flowers'], /babcock is not played with flowers/],
  ])('%j', async (extra, pattern) => {
    await expectUserError(withOptions([...SMALL, '--out', join(tmp, 'x')], extra), pattern);
  });

  it('JOB_COMPLETION_INDEX without --shards', async () => {
    await expectUserError([...SMALL, '--out', join(tmp, 'k8s')], /JOB_COMPLETION_INDEX is set/, { JOB_COMPLETION_INDEX: '1' });
  });

  it('an unwritable output directory', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'not a directory');
    await expectUserError([...SMALL, '--out', join(file, 'sub')], /cannot write to output directory/);
  });

  it('an explicit --out holding a different run, unless --resume of the same run or --force', async () => {
    const dir = join(tmp, 'taken');
    expect((await mjlabIn([...SMALL, '--out', dir, '--seed', '1'], { cwd: tmp })).status).toBe(0);
    const before = read(dir, 'summary.csv');
    await expectUserError([...SMALL, '--out', dir, '--seed', '2'], /already holds a different run.*--force/);
    await expectUserError([...SMALL, '--out', dir, '--seed', '2', '--resume'], /holds a different run/);
    expect(read(dir, 'summary.csv')).toBe(before); // untouched
    expect((await mjlabIn([...SMALL, '--out', dir, '--seed', '2', '--force'], { cwd: tmp })).status).toBe(0);
    expect(JSON.parse(read(dir, 'manifest.json')).identity.seed).toBe(2);
  });

  it('the default results/latest is simply replaced', async () => {
    const cwd = tempDir('default');
    expect((await mjlabIn([...SMALL, '--seed', '1'], { cwd })).status).toBe(0);
    const r = await mjlabIn([...SMALL, '--seed', '2'], { cwd });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(read(join(cwd, 'results', 'latest'), 'manifest.json')).identity.seed).toBe(2);
  });

  it('a strategy that throws: named, with seed, game and the replay command; the checkpoint is kept', async () => {
    const dir = join(tmp, 'boom');
    const boom = join(import.meta.dirname, 'fixtures', 'boom.mjs');
    const line = await expectUserError(
      ['simulate', '--strategies', `random,random,random,${boom}`, '--games', '400', '--seed', '3', '--workers', '1', '--no-progress', '--out', dir],
      /boom/,
    );
    expect(line).toMatch(/seed 3/);
    expect(line).toMatch(/game \d+/);
    expect(line).toMatch(/node bin\/mjlab\.js replay .*--seed 3 --game \d+/);
    expect(existsSync(join(dir, 'checkpoint.jsonl'))).toBe(true);
    const manifest = JSON.parse(read(dir, 'manifest.json')) as { complete: boolean; ranges: [number, number][] };
    expect(manifest.complete).toBe(false);
    // Games before the failing batch are committed and kept.
    const failing = Number(/game (\d+)/.exec(line)![1]);
    expect(manifest.ranges[0]![1]).toBeLessThanOrEqual(failing);
    expect(lineCount(join(dir, 'checkpoint.jsonl')) - 1).toBe(Math.floor(manifest.ranges[0]![1] / Math.ceil(400 / 64)));
  });
});

describe('merge rejects bad input', () => {
  it('a directory that is not a simulate output', async () => {
    await expectUserError(['merge', '--out', join(tmp, 'm'), tmp], /not a simulate output/);
  });
});
