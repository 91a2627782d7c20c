// `mjlab league --until H` (docs/statistics.md, "League ratings"): plays blocks of 100 wall sets and stops at the first block after
// which every rating's 95% half-width is at most H, reading only those whole blocks, so the league is the same for
// any worker count, and a resume stops where the uninterrupted run did without playing more; bad values, and
// --until with --shard, --merge or a --games cap that is not whole blocks, are refused in one line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseLeague } from '../../src/league/analyse.js';
import { runLabelsOf } from '../../src/league/read.js';
import { pairings, UNTIL_BLOCK, widestRating } from '../../src/league/run.js';
import { oneLine, parseCsv, read, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('league-until');
const MEMBERS = 'greedy,random';
const UNTIL = 4.5;
const CAP = 2000;
const LEAGUE = ['league', '--rules', 'harr', '--strategies', MEMBERS, '--until', String(UNTIL), '--games', String(CAP), '--seed', '7', '--no-progress'];

async function ok(args: string[]): Promise<void> {
  const r = await mjlabIn(args);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

const nets = (dir: string) => readFileSync(join(dir, 'runs', '0-1', 'nets.bin'));

let before: Buffer;
beforeAll(async () => {
  await ok([...LEAGUE, '--workers', '1', '--out', join(tmp, 'one')]);
  await ok([...LEAGUE, '--workers', '2', '--out', join(tmp, 'two')]);
  before = nets(join(tmp, 'one'));
  await ok([...LEAGUE, '--workers', '1', '--out', join(tmp, 'one'), '--resume']);
}, 900_000);

describe('league --until', () => {
  it('stops at the first block of wall sets where every rating is within the precision asked', () => {
    const dir = join(tmp, 'one');
    const league = parseCsv(read(dir, 'league.csv'));
    const walls = Number(league[0]!.wall_sets);
    expect(walls % UNTIL_BLOCK).toBe(0);
    expect(walls).toBeLessThan(CAP / 4);
    for (const r of league) expect((Number(r.rating_high) - Number(r.rating_low)) / 2).toBeLessThanOrEqual(UNTIL);
    // One block fewer was not enough (the same walls: the first ones of every pairing).
    const members = MEMBERS.split(',');
    const cells = pairings(members).map((p) => ({ i: p.i, j: p.j, dir: join(dir, p.dir), ...runLabelsOf(join(dir, p.dir)) }));
    expect(walls).toBeGreaterThan(UNTIL_BLOCK);
    expect(widestRating(analyseLeague('harr', members, cells, 4, walls - UNTIL_BLOCK, null))).toBeGreaterThan(UNTIL);
    const manifest = JSON.parse(read(dir, 'manifest.json'));
    expect(manifest).toMatchObject({ until: UNTIL, gamesPerPairing: CAP, wallSets: walls, hands: walls * 4 * 2 });
    expect(manifest.reproduce).toContain(`--until ${UNTIL} --games ${CAP}`);
  });

  it('gives the same league for any worker count', () => {
    for (const f of ['league.csv', 'matrix.csv']) expect(read(join(tmp, 'two'), f)).toBe(read(join(tmp, 'one'), f));
  });

  it('resumes to the same stop without playing more', () => {
    expect(nets(join(tmp, 'one')).equals(before)).toBe(true);
  });

  it.each([
    [['--until', '0'], /--until must be a positive number/],
    [['--until', '-2'], /--until must be a positive number/],
    [['--until', 'x'], /--until must be a (positive )?number/],
    [['--until', '5', '--games', '1000'], /--games is the cap per pairing and must be a multiple of 400/],
    [['--until', '5', '--shard', '1/2'], /--until cannot be sharded/],
  ])('refuses %j in one line', async (extra, message) => {
    const r = await mjlabIn(['league', '--rules', 'harr', '--strategies', MEMBERS, '--no-progress', '--out', join(tmp, 'bad'), ...extra]);
    expect(oneLine(r)).toMatch(message);
  });

  it('refuses --until with --merge', async () => {
    const r = await mjlabIn(['league', '--merge', join(tmp, 'one'), '--out', join(tmp, 'bad2'), '--until', '5']);
    expect(oneLine(r)).toMatch(/--until plays; --merge only joins shards/);
  });
});
