/**
 * `mjlab train --target belief` (docs/belief.md): the same data and seed give a byte-identical model on one worker and
 * on two, and from two shards trained together with --data; the model's SHA-256 is the manifest's; a cut or altered
 * model file, and a data file cut since its checkpoint, are refused in one line; the policy's own options are
 * refused in one line, exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBeliefModel } from '../../src/belief/model-file.js';
import { UserError } from '../../src/errors.js';
import { oneLine, parseCsv, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const BASE = ['train', '--target', 'belief', '--games', '40', '--seed', '5', '--epochs', '2', '--hidden', '4', '--lr', '0.002', '--no-progress'];

async function trainIn(dir: string, extra: string[]): Promise<void> {
  const r = await mjlabIn([...BASE, '--out', dir, ...extra]);
  expect(r.status, r.stderr).toBe(0);
}

const bytes = (dir: string, f: string): Buffer => readFileSync(join(dir, f));

describe('mjlab train --target belief', () => {
  it('writes the same data and model, byte for byte, on one worker, on two, and from two shards trained together', async () => {
    const root = tempDir('belief-train');
    const one = join(root, 'one');
    const two = join(root, 'two');
    await trainIn(one, ['--workers', '1']);
    await trainIn(two, ['--workers', '2']);
    expect(bytes(two, 'decisions.bin').equals(bytes(one, 'decisions.bin'))).toBe(true);
    expect(bytes(two, 'model.mjbelief').equals(bytes(one, 'model.mjbelief'))).toBe(true);
    await trainIn(join(root, 's1'), ['--shard', '1/2', '--workers', '1']);
    await trainIn(join(root, 's2'), ['--shard', '2/2', '--workers', '1']);
    const merged = join(root, 'merged');
    const r = await mjlabIn(['train', '--target', 'belief', '--epochs', '2', '--hidden', '4', '--lr', '0.002', '--no-progress', '--data', `${join(root, 's1')},${join(root, 's2')}`, '--out', merged]);
    expect(r.status, r.stderr).toBe(0);
    expect(bytes(merged, 'model.mjbelief').equals(bytes(one, 'model.mjbelief'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(one, 'manifest.json'), 'utf8')) as { modelSha256: string; identity: { target: string; teacher: string; field: string } };
    expect(manifest.modelSha256).toBe(createHash('sha256').update(bytes(one, 'model.mjbelief')).digest('hex'));
    expect(manifest.identity).toMatchObject({ target: 'belief', teacher: 'harr', field: 'harr,harr,harr' });
    expect(readBeliefModel(join(one, 'model.mjbelief')).sha256).toBe(manifest.modelSha256);
    const v = parseCsv(readFileSync(join(one, 'validation.csv'), 'utf8'));
    expect(v.map((x) => x.stage)).toEqual(['early', 'mid', 'late', 'all']);
    expect(Number(v[3]!.samples)).toBeGreaterThan(0);
    // Another train seed, another model: the comparison above can fail.
    const other = join(root, 'other');
    await trainIn(other, ['--workers', '1', '--train-seed', '2']);
    expect(bytes(other, 'model.mjbelief').equals(bytes(one, 'model.mjbelief'))).toBe(false);

    // A cut or altered model file is refused in one line.
    const model = bytes(one, 'model.mjbelief');
    const cut = join(root, 'cut.mjbelief');
    writeFileSync(cut, model.subarray(0, model.length - 9));
    expect(() => readBeliefModel(cut)).toThrow(UserError);
    expect(() => readBeliefModel(cut)).toThrow(/is cut short/);
    const altered = Buffer.from(model);
    altered[altered.length - 100]! ^= 1;
    writeFileSync(cut, altered);
    expect(() => readBeliefModel(cut)).toThrow(/fails its checksum/);
    writeFileSync(cut, bytes(one, 'decisions.bin').subarray(0, 200));
    expect(() => readBeliefModel(cut)).toThrow(/not an mjlab belief model/);

    // The data cut short since its checkpoint: refused in one line.
    const data = bytes(two, 'decisions.bin');
    writeFileSync(join(two, 'decisions.bin'), data.subarray(0, data.length - 50));
    const again = await mjlabIn(['train', '--target', 'belief', '--epochs', '1', '--hidden', '4', '--no-progress', '--data', two, '--out', join(root, 'again')]);
    expect(oneLine(again)).toMatch(/cut short|fails its checksum/);
  }, 600_000);

  it('refuses the policy\'s own options and bad input in one line', async () => {
    const out = join(tempDir('belief-bad'), 'out');
    expect(oneLine(await mjlabIn([...BASE, '--soft', '0.5', '--out', out]))).toMatch(/--soft is for --target policy/);
    expect(oneLine(await mjlabIn([...BASE, '--init-model', 'x.mjnet', '--out', out]))).toMatch(/--init-model is for --target policy/);
    const withOpt = (name: string, value: string): string[] => {
      const args = [...BASE];
      args[args.indexOf(name) + 1] = value;
      return [...args, '--out', out];
    };
    expect(oneLine(await mjlabIn(withOpt('--games', '10')))).toMatch(/--games must be a multiple of 4/);
    expect(oneLine(await mjlabIn(withOpt('--hidden', '0')))).toMatch(/--hidden must be a positive integer/);
  }, 120_000);
});
