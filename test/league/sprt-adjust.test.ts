// `mjlab sprt --adjust` from the command line (docs/statistics.md, "The sequential test"): the test runs on luck-adjusted wall-set outcomes,
// says so on its last line and in sprt.csv, decides as a replay of the same adjustment over its own nets.bin and
// luck.bin does, and a resume (which feeds the test the proved luck.bin bytes beside nets.bin's) plays nothing more
// and decides the same.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { luckBeta } from '../../src/luck/beta.js';
import { wallOutcome } from '../../src/league/sprt-run.js';
import { forEachWall } from '../../src/runner/wall-sets.js';
import { runSprt } from '../../src/stats/sprt.js';
import { parseCsv, read, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('sprt-adjust');
const ARGS = ['sprt', 'defender', 'harr', '--rules', 'harr', '--delta', '5', '--seed', '3', '--adjust', '--workers', '1', '--no-progress'];

describe('mjlab sprt --adjust', () => {
  it('tests luck-adjusted outcomes, says so, and resumes to the same verdict', async () => {
    const dir = join(tmp, 'run');
    const first = await mjlabIn([...ARGS, '--out', dir]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/\(H0\): luck-adjusted LLR/);
    const row = parseCsv(read(dir, 'sprt.csv'))[0]!;
    expect(row.outcomes).toBe('luck-adjusted');
    expect(row.verdict).toBe('H0');
    // The same adjustment replayed over the run's files, looking every 10 wall sets, stops where the run did.
    const beta = luckBeta('harr', 3);
    const walls = statSync(join(dir, 'nets.bin')).size / (4 * 8);
    const xs: number[] = [];
    const raw: number[] = [];
    forEachWall([{ dir, labels: ['a', 'b'], seats: [1, 3] }], 4, walls, (s, l) => {
      xs.push(wallOutcome(s[0]![0]!, l[0]!, beta));
      raw.push(s[0]![0]! / 4);
    }, beta.length);
    const replay = runSprt({ mu0: 0, mu1: 5, alpha: 0.05, beta: 0.05 }, xs, 10);
    expect(replay.verdict).toBe('H0');
    expect(replay.n).toBe(Number(row.wall_sets));
    expect(Number(row.llr)).toBeCloseTo(replay.llr, 5);
    // The raw test on the same walls reads other numbers.
    expect(Math.abs(runSprt({ mu0: 0, mu1: 5, alpha: 0.05, beta: 0.05 }, raw.slice(0, replay.n), 10).llr - replay.llr)).toBeGreaterThan(0.01);
    const size = statSync(join(dir, 'nets.bin')).size;
    const again = await mjlabIn([...ARGS, '--out', dir, '--resume']);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/\(H0\): luck-adjusted LLR/);
    expect(statSync(join(dir, 'nets.bin')).size).toBe(size);
    expect(parseCsv(read(dir, 'sprt.csv'))[0]).toEqual(row);
  }, 600_000);
});
