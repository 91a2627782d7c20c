/**
 * `mjlab train --target value` (docs/statistics.md "The learned value"): the same data and seed give a
 * byte-identical value model on one worker and on two, and from the shards fitted together with --data; the
 * held-out variance explained is reported; the data is played only on the seeds reserved for fitting; a cut or
 * altered model file is refused in one line, exit 2; the network's gradient is the loss's.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneLine, parseCsv, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { VALUE_FEATURES, VALUE_SEATS } from '../../src/value/features.js';
import { backward, forward, lossOf, valueLayout, ValuePass } from '../../src/value/net.js';
import { decodeValueModel } from '../../src/value/model-file.js';
import { UserError } from '../../src/errors.js';

const BASE = ['train', '--target', 'value', '--rules', 'harr-limit', '--teacher', 'harr', '--field', 'chow-mixer,suit-hunter,defender', '--games', '80', '--seed', '9101', '--epochs', '2', '--hidden', '8', '--no-progress'];

async function trainIn(dir: string, extra: string[]): Promise<void> {
  const r = await mjlabIn([...BASE, '--out', dir, ...extra]);
  expect(r.status, r.stderr).toBe(0);
}

const bytes = (dir: string, f: string): Buffer => readFileSync(join(dir, f));

describe('mjlab train --target value', () => {
  it('fits the same model byte for byte on one worker, on two, and from its shards', async () => {
    const tmp = tempDir('mjlab-value-train-');
    const one = join(tmp, 'one');
    const two = join(tmp, 'two');
    await trainIn(one, ['--workers', '1']);
    await trainIn(two, ['--workers', '2']);
    expect(bytes(two, 'value.mjval').equals(bytes(one, 'value.mjval'))).toBe(true);
    expect(bytes(two, 'decisions.bin').equals(bytes(one, 'decisions.bin'))).toBe(true);
    await trainIn(join(tmp, 's1'), ['--shard', '1/2', '--workers', '1']);
    await trainIn(join(tmp, 's2'), ['--shard', '2/2', '--workers', '1']);
    const r = await mjlabIn([...BASE, '--data', `${join(tmp, 's2')},${join(tmp, 's1')}`, '--out', join(tmp, 'joined')]);
    expect(r.status, r.stderr).toBe(0);
    expect(bytes(join(tmp, 'joined'), 'value.mjval').equals(bytes(one, 'value.mjval'))).toBe(true);
    // Its identity: the file's SHA-256 in the manifest, the data's seed and rules in its header.
    const manifest = JSON.parse(bytes(one, 'manifest.json').toString('utf8'));
    expect(manifest.modelSha256).toBe(createHash('sha256').update(bytes(one, 'value.mjval')).digest('hex'));
    expect(manifest.identity).toMatchObject({ target: 'value', seed: 9101, rules: 'harr-limit' });
    const m = decodeValueModel(bytes(one, 'value.mjval'), 'value.mjval');
    expect(m.header).toMatchObject({ rules: 'harr-limit', seed: 9101, games: 80, hidden: 8 });
    // The held-out variance explained, the model kept's.
    const v = parseCsv(bytes(one, 'validation.csv').toString('utf8'))[0]!;
    expect(Number(v.valid_samples)).toBeGreaterThan(0);
    expect(Number(v.valid_r2)).toBeLessThanOrEqual(1);
    expect(Number(v.valid_r2)).toBe(Number(manifest.validR2.toFixed(4)));
  }, 300_000);

  it('plays its data only on the seeds reserved for fitting, and refuses a cut or altered model in one line', async () => {
    const tmp = tempDir('mjlab-value-bad-');
    const args = [...BASE];
    args[args.indexOf('--seed') + 1] = '4';
    const r = await mjlabIn([...args, '--out', join(tmp, 'x')]);
    expect(r.status).toBe(2);
    expect(oneLine(r)).toMatch(/reserved for fitting, 9100 to 9199/);
    await trainIn(join(tmp, 'm'), ['--workers', '1']);
    const good = bytes(join(tmp, 'm'), 'value.mjval');
    const cut = join(tmp, 'cut.mjval');
    writeFileSync(cut, good.subarray(0, good.length - 7));
    const altered = Buffer.from(good);
    altered[good.length - 100]! ^= 1;
    writeFileSync(join(tmp, 'alt.mjval'), altered);
    for (const [file, why] of [[cut, /cut short/], [join(tmp, 'alt.mjval'), /fails its checksum/]] as const) {
      const s = await mjlabIn(['simulate', '--rules', 'harr-limit', '--strategies', 'harr,harr,harr,harr', '--games', '8', '--duplicate', '--workers', '1', '--no-progress', '--quiet', '--luck-model', file, '--out', join(tmp, 'sim')]);
      expect(s.status).toBe(2);
      expect(oneLine(s)).toMatch(why);
    }
    expect(() => decodeValueModel(altered, 'alt')).toThrow(UserError);
  }, 300_000);
});

describe('the value network', () => {
  it('has the gradient of its loss (finite differences)', () => {
    const L = valueLayout(VALUE_FEATURES, 5);
    const p = new Float64Array(L.size);
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let i = 0; i < p.length; i++) p[i] = 0.3 * rnd();
    const x = { n: 4, index: [3, 200, 900, VALUE_FEATURES - 1], value: [1, 0.5, -1, 0.25] };
    const y = Float64Array.from({ length: VALUE_SEATS }, () => rnd());
    const w = new ValuePass(L);
    const g = new Float64Array(L.size);
    forward(p, L, x, w);
    backward(p, L, x, y, w, g);
    const loss = (): number => {
      forward(p, L, x, w);
      return lossOf(w, y);
    };
    for (const i of [L.w1 + 3 * 5 + 2, L.w1 + 900 * 5 + 4, L.b1 + 1, L.w2 + 7, L.b2 + 3]) {
      const at = p[i]!;
      p[i] = at + 1e-6;
      const up = loss();
      p[i] = at - 1e-6;
      const down = loss();
      p[i] = at;
      expect(g[i]!).toBeCloseTo((up - down) / 2e-6, 5);
    }
  });
});
