// Numbers are checked where they enter (src/stats/options.ts, strategies/learned/model-file.ts, src/learn/fit.ts,
// src/learn/record.ts): a model of NaN or Infinity weights with a correct checksum is refused, not played or
// trained from; a fit that diverges stops in one line naming the block; --hidden too large for memory, a batch cut
// and re-sealed, and the sequential test's error rates and --max-games are refused in one line before anything
// is written; a run under 40 games says it has no held-out decisions instead of "0.0% agreement".
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mjlabIn } from '../helpers/cli.js';
import { tempDir } from '../runner/helpers.js';
import { randomParams } from './helpers.js';
import { ACTIONS } from '../../strategies/learned/actions.js';
import { FEATURES, FEATURES_VERSION } from '../../strategies/learned/features.js';
import { decodeModel, encodeModel } from '../../strategies/learned/model-file.js';
import { DEFAULT_FIT } from '../../src/learn/options.js';
import { fitUnlessStopped, sampleOf } from '../../src/learn/fit.js';
import { sealLine } from '../../src/io/sealed-line.js';
import { createHash } from 'node:crypto';

const tmp = tempDir('numbers');

function oneLine(r: { status: number; stderr: string }): string {
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}

function badModel(value: number, at: number): Buffer {
  const p = randomParams(8, 1);
  p[at] = value;
  return encodeModel({ featuresVersion: FEATURES_VERSION, features: FEATURES, hidden: 8, actions: ACTIONS, valueScale: 100 }, p);
}

describe('model weights are finite', () => {
  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
  ])('a model holding %s, checksum correct, is refused naming its block', (_name, v) => {
    // Parameter ACTIONS * FEATURES + 3 is the fourth of block w1.
    expect(() => decodeModel(badModel(v, ACTIONS * FEATURES + 3), 'm.mjnet')).toThrow(/^model file m\.mjnet holds a weight that is not finite \(NaN or Infinity\): block w1, parameter 3/);
  });

  it('simulate with it, and train --init-model from it, refuse in one line and write nothing', async () => {
    const file = join(tmp, 'nan.mjnet');
    writeFileSync(file, badModel(NaN, 0));
    const sim = join(tmp, 'sim');
    expect(oneLine(await mjlabIn(['simulate', '--strategies', `net:model=${file},harr,harr,harr`, '--games', '4', '--workers', '1', '--no-progress', '--out', sim]))).toMatch(/not finite.*block w0, parameter 0/);
    expect(existsSync(sim)).toBe(false);
    const tr = join(tmp, 'train-init');
    expect(oneLine(await mjlabIn(['train', '--teacher', 'harr', '--games', '40', '--hidden', '8', '--no-progress', '--out', tr, '--init-model', file]))).toMatch(/not finite/);
    expect(existsSync(tr)).toBe(false);
  });

  it('a fit whose weights stop being finite stops at that epoch, naming the block', async () => {
    const d = { game: 0, seat: 0, legal: [0, 1, 2], choice: 2, cands: [], value: 50, index: [0, 7, FEATURES - ACTIONS + 1], values: [1, 3, 1] };
    const fit = { ...DEFAULT_FIT, hidden: 4, epochs: 3, lr: 1e308 };
    const samples = Array.from({ length: 8 }, (_, g) => sampleOf({ ...d, game: g }, fit));
    await expect(fitUnlessStopped(samples, samples, fit, () => false)).rejects.toThrow(/^the fit diverged in epoch [12]: a weight of block \w+ \(parameter \d+\) is not finite/);
  });
});

describe('train: refusals before anything is written', () => {
  it('--hidden too large for memory', async () => {
    const out = join(tmp, 'hidden');
    expect(oneLine(await mjlabIn(['train', '--teacher', 'harr', '--games', '40', '--hidden', '100000000', '--no-progress', '--out', out]))).toMatch(/--hidden must be at most 4096/);
    expect(existsSync(out)).toBe(false);
  });

  it('--data holding a batch cut short and re-sealed with matching checksums', async () => {
    const data = join(tmp, 'data');
    const gen = await mjlabIn(['train', '--teacher', 'harr', '--games', '8', '--seed', '2', '--workers', '1', '--no-progress', '--shard', '1/1', '--out', data]);
    expect(gen.status, gen.stderr).toBe(0);
    // Cut the first batch's last three bytes, and re-seal its checkpoint line to the cut bytes.
    const bin = readFileSync(join(data, 'decisions.bin'));
    const lines = readFileSync(join(data, 'checkpoint.jsonl'), 'utf8').trimEnd().split('\n');
    const batch = JSON.parse(lines[1]!) as { bytes: number; sha: string; sum?: string };
    const cut = bin.subarray(0, batch.bytes - 3);
    delete batch.sum;
    batch.bytes = cut.length;
    batch.sha = createHash('sha256').update(cut).digest('hex');
    writeFileSync(join(data, 'decisions.bin'), Buffer.concat([cut, bin.subarray(batch.bytes + 3)]));
    writeFileSync(join(data, 'checkpoint.jsonl'), [lines[0]!, sealLine(batch).trimEnd(), ...lines.slice(2)].join('\n') + '\n');
    const out = join(tmp, 'from-cut');
    expect(oneLine(await mjlabIn(['train', '--data', data, '--hidden', '8', '--epochs', '1', '--no-progress', '--out', out]))).toMatch(/decisions\.bin: the decision record at byte \d+ .*it is not data mjlab train wrote/);
    expect(existsSync(out)).toBe(false);
  });

  it('under 40 games: no held-out decisions, said so, no "0.0% agreement"', async () => {
    const r = await mjlabIn(['train', '--teacher', 'harr', '--games', '8', '--seed', '2', '--hidden', '4', '--epochs', '1', '--workers', '1', '--no-progress', '--out', join(tmp, 'small')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/training decisions and no held-out ones .*give at least 40 games/);
    expect(r.stdout).not.toMatch(/0\.0%/);
  });
});

describe('sprt: error rates and --max-games checked against their meaning', () => {
  it.each([
    [['--alpha', '0'], /--alpha is an error rate and must lie strictly between 0 and 0\.5, got 0$/],
    [['--alpha', '1'], /--alpha .* got 1$/],
    [['--beta', '1.5'], /--beta .* got 1\.5$/],
    [['--alpha', '0.6', '--beta', '0.6'], /--alpha .* got 0\.6$/],
    [['--beta', '0.5'], /--beta .* got 0\.5$/],
    [['--max-games', '8'], /--max-games must be .* at least 400 \(the test gives no verdict before 100 wall sets\), got 8$/],
    [['--max-games', '36'], /--max-games .* got 36$/],
  ])('sprt %j', async (args, pattern) => {
    const out = join(tmp, `sprt-${args.join('')}`);
    expect(oneLine(await mjlabIn(['sprt', 'harr', 'defender', '--delta', '20', '--workers', '1', '--no-progress', '--out', out, ...args]))).toMatch(pattern);
    expect(existsSync(out)).toBe(false);
  });
});
