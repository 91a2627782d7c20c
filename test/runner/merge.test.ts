// Merge says what it covers (docs/distributed.md): a merge whose inputs do not cover the whole game range is refused
// (one line naming what is missing, nothing written) unless --allow-partial; then its manifest says
// "complete": false and lists the missing ranges, and merging the rest in later gives the single-run numbers.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXACT_FILES, GATE, read, startHeld, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('merge');
const RUN = ['simulate', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '2', '--games', '300', '--workers', '1', '--games-csv', '--no-progress'];
const d = (name: string) => join(tmp, name);

async function ok(args: string[]): Promise<string> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

async function refused(args: string[], pattern: RegExp): Promise<void> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
}

beforeAll(async () => {
  await ok([...RUN, '--out', d('whole')]);
  for (const i of [0, 1, 2]) await ok([...RUN, '--shard', `${i + 1}/3`, '--out', d(`s${i}`)]);
});

describe('mjlab merge', () => {
  it('2 of 3 shards: refused, naming the missing games, nothing written', async () => {
    await refused(['merge', '--out', d('two'), d('s0'), d('s2')], /cover games 0\.\.99, 200\.\.299 of 0\.\.299 \(missing 100\.\.199\).*--allow-partial/);
    expect(existsSync(d('two'))).toBe(false);
  });

  it('--allow-partial: "complete": false with the missing ranges; the rest merged in later gives the single run', async () => {
    expect(await ok(['merge', '--out', d('two'), d('s0'), d('s2'), '--allow-partial'])).toMatch(/missing 100\.\.199/);
    const m = JSON.parse(read(d('two'), 'manifest.json'));
    expect(m).toMatchObject({ complete: false, ranges: [[0, 100], [200, 300]], missing: [[100, 200]], gamesPlayed: 200 });
    await ok(['merge', '--out', d('three'), d('two'), d('s1')]);
    expect(JSON.parse(read(d('three'), 'manifest.json'))).toMatchObject({ complete: true, ranges: [[0, 300]] });
    expect(JSON.parse(read(d('three'), 'manifest.json')).missing).toBeUndefined();
    for (const f of EXACT_FILES) expect(read(d('three'), f), f).toBe(read(d('whole'), f));
  });

  it('an unfinished shard is refused, or with --allow-partial merged for the games it has', async () => {
    const args = RUN.map((a) => (a === 'random,random,random,random' ? `${GATE},random,random,random` : a === '300' ? '3000' : a));
    const dir = d('cut');
    const { child, exited } = await startHeld([...args, '--shard', '2/3', '--out', dir, '--decision-timeout', '600'], d('cut.count'), 400, tmp);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    await refused(['merge', '--out', d('m-cut'), dir], /unfinished run; finish it with --resume/);
    await ok(['merge', '--out', d('m-cut'), dir, '--allow-partial']);
    const m = JSON.parse(read(d('m-cut'), 'manifest.json'));
    const done = JSON.parse(read(dir, 'manifest.json')).ranges;
    expect(m).toMatchObject({ complete: false, ranges: done });
    expect(m.missing).toEqual([[0, done[0][0]], [done[0][1], 3000]]);
    expect(read(d('m-cut'), 'games.csv').trimEnd().split('\n')).toHaveLength(1 + done[0][1] - done[0][0]);
  });

  it('an aggregate.json that does not match its manifest is refused', async () => {
    const agg = JSON.parse(read(d('s1'), 'aggregate.json'));
    agg.strategies.random.wins += 1;
    writeFileSync(join(d('s1'), 'aggregate.json'), `${JSON.stringify(agg)}\n`);
    await refused(['merge', '--out', d('bad'), d('s0'), d('s1'), d('s2')], /s1\/aggregate\.json does not match its manifest/);
  });
});
