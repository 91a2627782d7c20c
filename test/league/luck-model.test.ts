/**
 * `league` and `sprt` with `--luck-model FILE` (docs/statistics.md "The learned value"): every pairing's, and the
 * test's, luck.bin is format 4 with the model named by its SHA-256 in the identity and the manifest; the ratings and
 * sprt.csv show raw and adjusted side by side, the adjusted by format 4's coefficients; the reproduce command names the
 * model; a shard's league merges with its model; a resume given another model, or none, is refused in one line with
 * nothing touched; the model is checked before --out is claimed.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelLuck, luckUnit } from '../../src/runner/luck-adjust.js';
import { luckBeta } from '../../src/luck/beta.js';
import { encodeValueModel, readValueModel } from '../../src/value/model-file.js';
import { forEachWall, WallMoments } from '../../src/runner/wall-sets.js';
import { mjlabIn } from '../helpers/cli.js';
import { tree } from '../support/tree.js';
import { oneLine, parseCsv, read, ROOT, tempDir } from '../runner/helpers.js';

const MODEL = join(ROOT, 'test', 'runner', 'fixtures', 'value-harr-limit.mjval');
const SHA = createHash('sha256').update(readFileSync(MODEL)).digest('hex');
const tmp = tempDir('luck-model');
/** The same weights under another header: a valid model of another SHA-256. */
const OTHER = join(tmp, 'other.mjval');
const LEAGUE = ['league', '--rules', 'harr-limit', '--strategies', 'harr,defender', '--games', '8', '--seed', '31', '--workers', '1', '--no-progress'];
const SPRT = ['sprt', 'harr', 'defender', '--rules', 'harr-limit', '--delta', '30', '--adjust', '--max-games', '400', '--seed', '31', '--workers', '1', '--no-progress'];
const json = (dir: string, file: string) => JSON.parse(read(dir, file));

beforeAll(() => {
  const m = readValueModel(MODEL).model;
  writeFileSync(OTHER, encodeValueModel({ ...m.header, note: 'another file' }, m.params));
});

describe('league --luck-model', () => {
  const dir = join(tmp, 'league');
  beforeAll(async () => {
    const r = await mjlabIn([...LEAGUE, '--luck-model', MODEL, '--out', dir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 300_000);

  it('records format 4 in every pairing, names the model, and rates raw and adjusted by format 4', () => {
    const m = json(dir, 'manifest.json');
    expect(m.luckModel).toEqual({ sha256: SHA, rules: 'harr-limit', seed: 9100, file: MODEL });
    expect(m.reproduce).toContain(`--luck-model ${MODEL}`);
    for (const p of ['0-1', '1-0']) {
      const id = json(join(dir, 'runs', p), 'manifest.json').identity;
      expect(id.luck).toBe(4);
      expect(id.luckModel.sha256).toBe(SHA);
    }
    // The adjusted rating of the first member: its luck over the wall sets with format 4's coefficients.
    const row = parseCsv(read(dir, 'league.csv'))[0]!;
    expect(row.rating_adjusted).not.toBe('');
    const beta = luckBeta('harr-limit', 4);
    const cell = { dir: join(dir, 'runs', '0-1'), labels: ['harr', 'defender'], seats: [1, 3] };
    const adj = new WallMoments();
    forEachWall([cell], 4, 2, (sums, lk) => adj.add(sums[0]![0]! * luckUnit(4) - labelLuck([cell], [lk[0]!], 'harr', beta, 4)), beta.length);
    const raw = new WallMoments();
    forEachWall([cell], 4, 2, (sums) => raw.add(sums[0]![0]!), 0);
    expect(adj.result(4 * luckUnit(4)).meanDiff).not.toBeCloseTo(raw.result(4).meanDiff, 3);
  });

  it('refuses a resume with another model, or none, in one line, and touches nothing', async () => {
    const before = tree(dir);
    for (const extra of [['--luck-model', OTHER], []]) {
      const r = await mjlabIn([...LEAGUE, ...extra, '--out', dir, '--resume']);
      expect(oneLine(r)).toMatch(/holds a different experiment \(league harr-limit harr,defender luck-model [0-9a-f]{64}/);
    }
    expect(tree(dir)).toEqual(before);
  });

  it('checks the model before --out is claimed: a cut file is refused and the directory is not made', async () => {
    const cut = join(tmp, 'cut.mjval');
    writeFileSync(cut, readFileSync(MODEL).subarray(0, 1000));
    const r = await mjlabIn([...LEAGUE, '--luck-model', cut, '--out', join(tmp, 'never')]);
    expect(oneLine(r)).toMatch(/value model .*cut\.mjval/);
    expect(() => readFileSync(join(tmp, 'never', '.mjlab-output.json'))).toThrow();
  });

  it('merges shards played with the model into a league that names it', async () => {
    const shards = ['1/2', '2/2'].map((s, i) => ({ s, d: join(tmp, `shard${i}`) }));
    for (const { s, d } of shards) {
      const r = await mjlabIn([...LEAGUE, '--luck-model', MODEL, '--shard', s, '--out', d]);
      expect(r.status, r.stderr).toBe(0);
    }
    const merged = join(tmp, 'merged');
    const r = await mjlabIn(['league', '--merge', shards.map((x) => x.d).join(','), '--out', merged, '--no-progress']);
    expect(r.status, r.stderr).toBe(0);
    const m = json(merged, 'manifest.json');
    expect(m.luckModel.sha256).toBe(SHA);
    expect(m.reproduce).toContain(`--luck-model ${MODEL}`);
    expect(read(merged, 'league.csv')).toBe(read(dir, 'league.csv'));
    // A shard played without the model is another league's.
    const plain = join(tmp, 'plain');
    expect((await mjlabIn([...LEAGUE, '--shard', '2/2', '--out', plain])).status).toBe(0);
    const bad = await mjlabIn(['league', '--merge', `${shards[0]!.d},${plain}`, '--out', join(tmp, 'merged2'), '--no-progress']);
    expect(oneLine(bad)).toMatch(/is a shard of another league/);
  }, 300_000);
});

describe('sprt --luck-model', () => {
  const dir = join(tmp, 'sprt');
  beforeAll(async () => {
    const r = await mjlabIn([...SPRT, '--luck-model', MODEL, '--out', dir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 300_000);

  it('tests format 4\'s adjusted outcomes and shows raw and adjusted side by side', () => {
    const id = json(dir, 'manifest.json').identity;
    expect(id.luck).toBe(4);
    expect(id.luckModel.sha256).toBe(SHA);
    const row = parseCsv(read(dir, 'sprt.csv'))[0]!;
    expect(row.outcomes).toBe('luck-adjusted');
    for (const k of ['mean_net', 'ci_low', 'mean_net_adjusted', 'adjusted_low']) expect(row[k]).not.toBe('');
    expect(row.mean_net_adjusted).not.toBe(row.mean_net);
    expect(read(dir, 'sprt.html')).toContain(`--luck-model ${MODEL}`);
  });

  it('refuses a resume with another model, or none, in one line naming both, and touches nothing', async () => {
    const before = tree(dir);
    const other = await mjlabIn([...SPRT, '--luck-model', OTHER, '--out', dir, '--resume']);
    expect(oneLine(other)).toMatch(new RegExp(`was played with value model ${SHA.slice(0, 12)}… \\(SHA-256\\), this command gives value model [0-9a-f]{12}…`));
    const none = await mjlabIn([...SPRT, '--out', dir, '--resume']);
    expect(oneLine(none)).toMatch(/this command gives no value model \(--luck-model\)/);
    expect(tree(dir)).toEqual(before);
  });
});
