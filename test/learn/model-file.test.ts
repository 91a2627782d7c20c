/**
 * The model file (strategies/learned/model-file.ts, docs/learning.md "The model file"): read back exactly as written, and
 * a file cut short, lengthened or altered anywhere is refused with one line naming the problem, exit status 2,
 * wherever a model is named (net in a lineup, net as search's policy or prior).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeModel } from '../../strategies/learned/model-file.js';
import { oneLine, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { randomModel, randomParams } from './helpers.js';

describe('the model file', () => {
  it('reads back the parameters written (as float32), and the header', () => {
    const m = decodeModel(randomModel(8, 4), 'm');
    expect(m.header.hidden).toBe(8);
    expect(Array.from(m.params)).toEqual(Array.from(randomParams(8, 4)));
  });

  it('refuses a file cut short, lengthened, altered in its weights or its header, or of another kind', () => {
    const good = randomModel(8, 4);
    const refuse = (b: Buffer): string => {
      try {
        decodeModel(b, 'm.mjnet');
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(refuse(good.subarray(0, good.length - 100))).toMatch(/^model file m\.mjnet is cut short/);
    expect(refuse(Buffer.concat([good, Buffer.from([0])]))).toMatch(/bytes beyond its end/);
    const flipped = Buffer.from(good);
    flipped[good.length - 500]! ^= 1;
    expect(refuse(flipped)).toMatch(/fails its checksum/);
    const header = Buffer.from(good);
    header[20]! ^= 0x20;
    expect(refuse(header)).not.toBe('accepted');
    expect(refuse(Buffer.from('not a model at all, just some text that is long enough to read'))).toMatch(/is not an mjlab model/);
  });

  it('on the command line: a cut or altered model is refused in one line, exit 2, as net and as search\'s policy or prior', async () => {
    const dir = tempDir('mjlab-model-');
    const good = randomModel(8, 4);
    writeFileSync(join(dir, 'cut.mjnet'), good.subarray(0, 1000));
    const altered = Buffer.from(good);
    altered[5000]! ^= 4;
    writeFileSync(join(dir, 'altered.mjnet'), altered);
    writeFileSync(join(dir, 'good.mjnet'), good);
    const sim = (lineup: string): ReturnType<typeof mjlabIn> =>
      mjlabIn(['simulate', '--strategies', lineup, '--games', '4', '--out', join(dir, 'out'), '--no-progress', '--workers', '1', '--force'], { cwd: dir });
    expect(oneLine(await sim('net:model=cut.mjnet,harr,harr,harr'))).toMatch(/^mjlab: model file cut\.mjnet is cut short/);
    expect(oneLine(await sim('net:model=altered.mjnet,harr,harr,harr'))).toMatch(/^mjlab: model file altered\.mjnet fails its checksum/);
    expect(oneLine(await sim('search:budget=4:policy=net/model=altered.mjnet,harr,harr,harr'))).toMatch(/fails its checksum/);
    expect(oneLine(await sim('search:budget=4:prior=net/model=cut.mjnet,harr,harr,harr'))).toMatch(/is cut short/);
    expect(oneLine(await sim('net,harr,harr,harr'))).toMatch(/net needs its model file/);
    expect(oneLine(await sim('net:model=none.mjnet,harr,harr,harr'))).toMatch(/model file none\.mjnet not found/);
    // The good one plays, and its hash is part of the run's identity.
    const ok = await sim('net:model=good.mjnet,harr,harr,harr');
    expect(ok.status, ok.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'out', 'manifest.json'), 'utf8')) as { identity: { plugins?: Record<string, string> } };
    expect(Object.keys(manifest.identity.plugins ?? {})).toEqual(['good.mjnet']);
    // Usable in the other commands: a replay of a game with the net at a seat.
    const replay = await mjlabIn(['replay', '--rules', 'harr', '--strategies', 'net:model=good.mjnet,harr,harr,search:budget=4:prior=net/model=good.mjnet', '--seed', '1', '--game', '0'], { cwd: dir });
    expect(replay.status, replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/net:model=good\.mjnet/);
  });
});
