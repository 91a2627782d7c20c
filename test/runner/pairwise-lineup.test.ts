// pairwise.csv counts seats by the resolved strategy, not by its spelling (docs/strategies.md, "Presets"): a lineup of a preset
// (given once by a relative and once by an absolute path: one label, best.json, at two seats), a parameterised
// built-in and a plug-in, played with --duplicate. Every pair's hands are its seats' hands, its paired difference
// is the one recomputed from nets.bin, the numbers are those of the same lineup with the preset written inline,
// and a merge of the run's shards writes the same pairwise.csv.
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv, read, ROOT, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { pairedZ } from '../../src/stats/paired.js';
import { zCritical } from '../../src/stats/erf.js';

const tmp = tempDir('pairwise-lineup');
const d = (n: string) => join(tmp, n);
const PARAMS = { minPairs: 3, lateWall: 22 };
const INLINE = `harr:minPairs=${PARAMS.minPairs}:lateWall=${PARAMS.lateWall}`;
const ABS = join(tmp, 'plans', 'best.json');
const LINEUP = `./plans/best.json,suit-hunter:minTiles=8,./bot.js,${ABS}`;
const LABELS = ['best.json', 'suit-hunter:minTiles=8', 'example-user-bot'];
const SEATS = [2, 1, 1];
const GAMES = 400;
const WALLS = GAMES / 4;
const RUN = ['simulate', '--rules', 'babcock', '--games', String(GAMES), '--seed', '9', '--duplicate', '--no-progress'];

async function ok(args: string[]): Promise<void> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

const numbers = (rows: Record<string, string>[]) => rows.map(({ strategy_a: _a, strategy_b: _b, ...rest }) => rest);

beforeAll(async () => {
  mkdirSync(d('plans'), { recursive: true });
  writeFileSync(ABS, JSON.stringify({ strategy: 'harr', params: PARAMS, tune: { note: 'carried, not read' } }));
  copyFileSync(join(ROOT, 'strategies', 'example-user-bot.js'), d('bot.js'));
  await ok([...RUN, '--strategies', LINEUP, '--workers', '2', '--out', d('run')]);
  await ok([...RUN, '--strategies', `${INLINE},suit-hunter:minTiles=8,./bot.js,${INLINE}`, '--workers', '2', '--out', d('inline')]);
  for (const s of [1, 2]) await ok([...RUN, '--strategies', LINEUP, '--workers', '1', '--shard', `${s}/2`, '--out', d(`shard${s}`)]);
  await ok(['merge', '--out', d('merged'), d('shard1'), d('shard2')]);
});

describe('pairwise.csv with a preset, a parameterised strategy and a plug-in', () => {
  it("each pair's hands are its labels' seat-hands, as summary.csv counts them", () => {
    const rows = parseCsv(read(d('run'), 'pairwise.csv'));
    expect(rows.map((r) => `${r.strategy_a} / ${r.strategy_b}`)).toEqual([
      'best.json / suit-hunter:minTiles=8', 'best.json / example-user-bot', 'suit-hunter:minTiles=8 / example-user-bot',
    ]);
    const hands = new Map(parseCsv(read(d('run'), 'summary.csv')).map((r) => [r.strategy!, r.hands!]));
    expect([...hands.values()].map(Number)).toEqual(SEATS.map((k) => k * GAMES));
    for (const r of rows) {
      expect(r.hands_a).toBe(hands.get(r.strategy_a!));
      expect(r.hands_b).toBe(hands.get(r.strategy_b!));
      expect(Number(r.wall_sets)).toBe(WALLS);
      for (const col of ['mean_net_diff', 'diff_low', 'diff_high', 'z', 'p', 'p_holm'] as const) expect(Number.isFinite(Number(r[col])), `${col} ${r[col]}`).toBe(true);
      expect(Number(r.diff_low)).toBeLessThan(Number(r.diff_high));
    }
  });

  it('its paired differences are the ones recomputed from nets.bin, per wall set', () => {
    const rows = parseCsv(read(d('run'), 'pairwise.csv'));
    const nets = readFileSync(join(d('run'), 'nets.bin'));
    expect(nets.length).toBe(GAMES * LABELS.length * 4);
    for (const row of rows) {
      const a = LABELS.indexOf(row.strategy_a!);
      const b = LABELS.indexOf(row.strategy_b!);
      const diffs: number[] = [];
      for (let w = 0; w < WALLS; w++) {
        let xa = 0;
        let xb = 0;
        for (let g = 4 * w; g < 4 * w + 4; g++) {
          xa += nets.readInt32LE((g * LABELS.length + a) * 4);
          xb += nets.readInt32LE((g * LABELS.length + b) * 4);
        }
        diffs.push(xa / (SEATS[a]! * 4) - xb / (SEATS[b]! * 4));
      }
      const z = pairedZ(diffs);
      const half = (zCritical(0.95) * z.sd) / Math.sqrt(z.n);
      expect(Number(row.mean_net_diff)).toBeCloseTo(z.meanDiff, 5);
      expect(Number(row.diff_low)).toBeCloseTo(z.meanDiff - half, 5);
      expect(Number(row.diff_high)).toBeCloseTo(z.meanDiff + half, 5);
      expect(Number(row.z)).toBeCloseTo(z.statistic, 4);
    }
  });

  it('the same numbers as the lineup with the preset written inline', () => {
    const preset = parseCsv(read(d('run'), 'pairwise.csv'));
    const inline = parseCsv(read(d('inline'), 'pairwise.csv'));
    expect(inline.map((r) => r.strategy_a)).toEqual([INLINE, INLINE, 'suit-hunter:minTiles=8']);
    expect(numbers(preset)).toEqual(numbers(inline));
  });

  it("a merge of the run's shards writes the same pairwise.csv", () => {
    expect(read(d('merged'), 'pairwise.csv')).toBe(read(d('run'), 'pairwise.csv'));
  });
});
