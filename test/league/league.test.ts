// The league and the sequential test from the command line (docs/statistics.md, "The sequential test"), and the rating models:
// linear ratings recover a transitive matrix and say when it is not (a cycle), alpha-Rank puts the mass on a
// dominant strategy or spreads it over a cycle; a league's ratings are the closed form of its matrix; shards merged
// give the single run's files byte for byte; sprt stops at a bound, says so, and a resume plays nothing more.
import { cpSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { alphaRank, linearRatings, residualShare } from '../../src/stats/ratings.js';
import { parseCsv, read, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('league');
const LEAGUE = ['league', '--rules', 'harr', '--strategies', 'greedy,defender,harr', '--games', '40', '--seed', '5', '--workers', '1', '--no-progress'];

async function ok(args: string[]): Promise<string> {
  const r = await mjlabIn(args);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

let board = '';
beforeAll(async () => {
  board = await ok([...LEAGUE, '--out', join(tmp, 'one')]);
  for (const s of [1, 2]) await ok([...LEAGUE, '--shard', `${s}/2`, '--out', join(tmp, `shard${s}`)]);
  await ok(['league', '--merge', `${join(tmp, 'shard1')},${join(tmp, 'shard2')}`, '--out', join(tmp, 'merged'), '--no-progress']);
  await ok(['sprt', 'defender', 'harr', '--rules', 'harr', '--delta', '5', '--seed', '3', '--workers', '1', '--no-progress', '--out', join(tmp, 'sprt')]);
}, 900_000);

describe('rating models', () => {
  it('linear ratings recover a transitive matrix and leave nothing unexplained', () => {
    const r = [6, 1, -3, -4];
    const m = r.map((a, i) => r.map((b, j) => (i === j ? NaN : 0.75 * (a - b) + 2)));
    linearRatings(m).forEach((x, i) => expect(x).toBeCloseTo(r[i]!, 10));
    expect(residualShare(m)).toBeCloseTo(0, 12);
    const mass = alphaRank(m);
    expect(mass[0]).toBeGreaterThan(0.99);
  });

  it('a cycle: no ratings, all unexplained, alpha-Rank shares the mass', () => {
    const m = [[NaN, 5, -5], [-5, NaN, 5], [5, -5, NaN]];
    linearRatings(m).forEach((x) => expect(x).toBeCloseTo(0, 12));
    expect(residualShare(m)).toBeCloseTo(1, 12);
    alphaRank(m).forEach((x) => expect(x).toBeCloseTo(1 / 3, 9));
  });
});

describe('mjlab league', () => {
  it('writes league.csv, matrix.csv, a chart, a manifest and prints the leaderboard', () => {
    const league = parseCsv(read(join(tmp, 'one'), 'league.csv'));
    expect(Object.keys(league[0]!)).toEqual(expect.arrayContaining(['strategy', 'rating', 'rating_low', 'rating_high', 'mean_net', 'wall_sets', 'alpharank_mass', 'rating_adjusted']));
    expect(league.map((r) => r.strategy).sort()).toEqual(['defender', 'greedy', 'harr']);
    expect(league.every((r) => r.wall_sets === '10')).toBe(true);
    const matrix = parseCsv(read(join(tmp, 'one'), 'matrix.csv'));
    expect(matrix).toHaveLength(6);
    expect(read(join(tmp, 'one'), 'league.svg')).toContain('<svg');
    expect(JSON.parse(read(join(tmp, 'one'), 'manifest.json')).experiment).toBe('league');
    for (const r of league) expect(board).toContain(r.strategy);
    expect(board).toMatch(/alpha-rank/);
    // The ratings are the model's closed form of the matrix's means; the mass sums to one.
    const names = ['greedy', 'defender', 'harr'];
    const m = names.map((a) => names.map((b) => (a === b ? NaN : Number(matrix.find((r) => r.strategy === a && r.opponent === b)!.mean_net))));
    const want = linearRatings(m);
    for (const [i, n] of names.entries()) expect(Number(league.find((r) => r.strategy === n)!.rating)).toBeCloseTo(want[i]!, 4);
    expect(league.reduce((a, r) => a + Number(r.alpharank_mass), 0)).toBeCloseTo(1, 5);
    for (const r of league) expect(Number(r.rating_low)).toBeLessThan(Number(r.rating_high));
  });

  it('two shards merged give the single run\'s league.csv and matrix.csv', () => {
    for (const f of ['league.csv', 'matrix.csv']) expect(read(join(tmp, 'merged'), f)).toBe(read(join(tmp, 'one'), f));
  });

  it('resumes a finished league without playing, and refuses a repeated member in one line', async () => {
    await ok([...LEAGUE, '--out', join(tmp, 'one'), '--resume']);
    const r = await mjlabIn(['league', '--rules', 'harr', '--strategies', 'harr,harr', '--out', join(tmp, 'bad')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a resume says once, for the league, which pairings start afresh (not a line per pairing), and ends with the same files', async () => {
    const dir = join(tmp, 'half');
    cpSync(join(tmp, 'one'), dir, { recursive: true });
    // Unfinished: no league manifest, two pairings never begun.
    for (const d of ['manifest.json', 'runs/0-1', 'runs/1-2']) rmSync(join(dir, d), { recursive: true });
    const r = await mjlabIn([...LEAGUE, '--out', dir, '--resume']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe(`mjlab: nothing to resume in 2 of the 6 pairings of ${dir}; they start from the beginning\n`);
    for (const f of ['league.csv', 'matrix.csv']) expect(read(dir, f)).toBe(read(join(tmp, 'one'), f));
    // Nothing there at all: the league's one line, none for its pairings.
    const fresh = join(tmp, 'fresh');
    const f = await mjlabIn(['league', '--rules', 'harr', '--strategies', 'greedy,harr', '--games', '8', '--workers', '1', '--no-progress', '--out', fresh, '--resume']);
    expect(f.status, f.stderr).toBe(0);
    expect(f.stderr).toBe(`mjlab: nothing to resume in ${fresh}; starting from the beginning\n`);
  });
});

describe('mjlab sprt', () => {
  it('stops at a bound, writes sprt.csv, and a resume plays nothing more', async () => {
    const dir = join(tmp, 'sprt');
    const row = parseCsv(read(dir, 'sprt.csv'))[0]!;
    expect(row.verdict).toBe('H0');
    expect(Number(row.llr)).toBeLessThanOrEqual(Number(row.llr_lower));
    // Looks every 10 wall sets, no verdict before 100; the run stops after the batch holding that look.
    expect(Number(row.wall_sets) % 10).toBe(0);
    expect(Number(row.wall_sets)).toBeGreaterThanOrEqual(100);
    const size = statSync(join(dir, 'nets.bin')).size;
    expect(size).toBeGreaterThanOrEqual(Number(row.wall_sets) * 4 * 2 * 4);
    expect(size).toBeLessThan(40_000 * 2 * 4);
    const out = await ok(['sprt', 'defender', 'harr', '--rules', 'harr', '--delta', '5', '--seed', '3', '--workers', '1', '--no-progress', '--out', dir, '--resume']);
    expect(out).toMatch(/gains nothing over harr \(H0\)/);
    expect(statSync(join(dir, 'nets.bin')).size).toBe(size);
    expect(readFileSync(join(dir, 'sprt.csv'), 'utf8')).toContain(',H0,');
  });
});
