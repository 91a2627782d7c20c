// The luck adjustment and the --duplicate summary (docs/statistics.md, "The luck adjustment"): luck.bin is written beside nets.bin;
// its terms have mean zero (the drawn tile is uniform over the tiles left, whatever the strategies do); a
// strategy against itself comes out at exactly zero, raw and adjusted; the adjusted difference agrees with the raw
// one within its interval; and summary.csv's mean_net interval is taken over wall sets, not hands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LUCK_CHANNELS, LUCK_FORMAT, LUCK_SCALE, luckFormat } from '../../src/luck/format.js';
import { luckBeta } from '../../src/luck/beta.js';
import { VALUE_CELLS, valueCell, valueTable } from '../../src/luck/value.js';
import { luckFormatOf } from '../../src/runner/luck-file.js';
import { pairwiseCsv, pairwiseTests } from '../../src/runner/pairwise.js';
import { runLabelsOf } from '../../src/league/read.js';
import { zCritical } from '../../src/stats/erf.js';
import { parseCsv, read, ROOT, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('luck');
const GAMES = 800;
const MIX = 'chow-mixer,suit-hunter,defender,harr';
const SELF = 'harr,harr:minPairs=2,harr,harr';

async function run(strategies: string, out: string, extra: string[] = []): Promise<void> {
  const r = await mjlabIn(['simulate', '--rules', 'harr-limit', '--strategies', strategies, '--games', String(GAMES), '--seed', '31', '--duplicate', '--workers', '1', '--no-progress', '--out', join(tmp, out), ...extra]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

const ints = (file: string) => {
  const b = readFileSync(file);
  return Array.from({ length: b.length / 4 }, (_, i) => b.readInt32LE(i * 4));
};

beforeAll(async () => {
  await run(MIX, 'mix');
  await run(SELF, 'self');
}, 600_000);

describe('luck of the draw', () => {
  it('streams one record per game, every label and channel, and its terms have mean zero', () => {
    const luck = ints(join(tmp, 'mix', 'luck.bin'));
    expect(luck.length).toBe(GAMES * 4 * LUCK_CHANNELS);
    for (let c = 0; c < LUCK_CHANNELS; c++) {
      const xs = luck.filter((_, i) => i % LUCK_CHANNELS === c).map((x) => x / LUCK_SCALE);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
      expect(sd).toBeGreaterThan(0);
      expect(Math.abs(mean)).toBeLessThan(4 * (sd / Math.sqrt(xs.length)));
    }
  });

  it('a strategy against itself comes out at exactly zero, raw and adjusted', () => {
    const rows = parseCsv(read(join(tmp, 'self'), 'pairwise.csv'));
    expect(rows).toHaveLength(1);
    for (const k of ['mean_net_diff', 'diff_low', 'diff_high']) expect(Number(rows[0]![k])).toBe(0);
    // Each seat's luck is rounded before a label's are summed, so the rotations of one wall hold the same
    // integers, relabelled, and a wall set's relative luck is exactly zero.
    for (const k of ['mean_net_diff_adjusted', 'adjusted_low', 'adjusted_high']) expect(Math.abs(Number(rows[0]![k]))).toBe(0);
  });

  it('writes format 3: nine channels, the valued ones in points, named in the identity', () => {
    expect(JSON.parse(read(join(tmp, 'mix'), 'manifest.json')).identity.luck).toBe(LUCK_FORMAT);
    expect(luckFormatOf(join(tmp, 'mix'))).toEqual({ version: 3, channels: 9 });
    const luck = ints(join(tmp, 'mix', 'luck.bin'));
    // Every channel moves: a tenpai seat's completing draws (2), the others' waits drawn (3 and 5), set gains (4),
    // what the hand is becoming at each stage (6 to 8, the value table).
    for (let c = 0; c < LUCK_CHANNELS; c++) expect(luck.some((x, i) => i % LUCK_CHANNELS === c && x !== 0)).toBe(true);
    expect(luckBeta('harr-limit')).toHaveLength(LUCK_CHANNELS);
  });

  it("values a draw by the fixed table's estimate of the hand's final net", () => {
    // Fitted on seed 9002 pilots (experiments/fits/luck-value-fit.ts), one value per cell for every rule set adjusted.
    for (const rules of ['harr', 'harr-limit', 'babcock', 'code500']) expect(valueTable(rules)).toHaveLength(VALUE_CELLS);
    const t = valueTable('harr-limit')!;
    // What it learned is what a hand is becoming: nearer to complete and holding more is worth more.
    expect(t[valueCell(0, 50, 40, 12, false)]!).toBeGreaterThan(t[valueCell(3, 50, 40, 12, false)]!);
    expect(t[valueCell(1, 50, 64, 12, false)]!).toBeGreaterThan(t[valueCell(1, 50, 2, 6, false)]!);
  });

  it('still reads format 2, with format 2 coefficients', () => {
    expect(luckFormat(2)).toEqual({ version: 2, channels: 6 });
    expect(luckBeta('harr', 2)).toEqual([27, 138, 85, 52, 7270, -77]);
    expect(luckBeta('harr', 3)).toHaveLength(9);
  });

  it('still reads format 1 (the committed held-out search runs), with format 1 coefficients', () => {
    const dir = join(ROOT, 'results', 'search-vs-harr-held-out', 'harr-limit');
    const format = luckFormatOf(dir)!;
    expect(format).toEqual({ version: 1, channels: 2 });
    const { labels, seats } = runLabelsOf(dir);
    const cell = { dir, labels, seats };
    const again = pairwiseCsv(pairwiseTests([cell], new Map([['harr-limit', [cell]]]), 4, 300, luckBeta('harr-limit', format.version)));
    expect(again).toBe(readFileSync(join(dir, 'pairwise.csv'), 'utf8'));
  });

  it('adjusts every pair, and the adjusted difference lies within the raw interval', () => {
    const rows = parseCsv(read(join(tmp, 'mix'), 'pairwise.csv'));
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      const adj = Number(r.mean_net_diff_adjusted);
      expect(adj).toBeGreaterThanOrEqual(Number(r.diff_low));
      expect(adj).toBeLessThanOrEqual(Number(r.diff_high));
      expect(Number(r.adjusted_high) - Number(r.adjusted_low)).toBeGreaterThan(0);
    }
  });

  it('summary.csv takes mean_net intervals over wall sets', () => {
    const nets = ints(join(tmp, 'mix', 'nets.bin'));
    const labels = parseCsv(read(join(tmp, 'mix'), 'summary.csv'));
    for (const [l, row] of labels.entries()) {
      const walls: number[] = [];
      for (let w = 0; w < GAMES / 4; w++) {
        let s = 0;
        for (let g = 0; g < 4; g++) s += nets[(w * 4 + g) * 4 + l]!;
        walls.push(s / 4);
      }
      const mean = walls.reduce((a, b) => a + b, 0) / walls.length;
      const sd = Math.sqrt(walls.reduce((a, b) => a + (b - mean) ** 2, 0) / (walls.length - 1));
      const half = (zCritical(0.95) * sd) / Math.sqrt(walls.length);
      expect(Number(row.mean_net)).toBeCloseTo(mean, 5);
      expect(Number(row.mean_net_low)).toBeCloseTo(mean - half, 4);
      expect(Number(row.mean_net_high)).toBeCloseTo(mean + half, 4);
    }
  });
});
