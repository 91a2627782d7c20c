/**
 * Each training target reads only its own data (docs/learning.md): `--data` holding another target's records (a
 * policy's decisions, value samples, belief turns) is refused in one line naming what it holds, before any record is
 * decoded or any output claimed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKER } from '../../src/io/owned-dir.js';
import { readShards } from '../../src/learn/train.js';

function dataDir(target: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'mjlab-targets-'));
  const identity = { rules: 'harr', teacher: 'harr', field: 'harr,harr,harr', games: 40, seed: 1, featuresVersion: 1, files: null, ...(target ? { target } : {}) };
  writeFileSync(join(dir, MARKER), JSON.stringify({ kind: 'train', run: { identity, shard: null } }));
  return dir;
}

const never = (): void => {
  throw new Error('the records were read before the target was checked');
};

describe('--data of another target', () => {
  const cases: [string | undefined, 'value' | 'belief' | undefined, RegExp][] = [
    ['value', undefined, /holds value samples, not a policy's decisions \(train them with --target value\)/],
    ['belief', undefined, /holds belief turns, not a policy's decisions \(train them with --target belief\)/],
    [undefined, 'value', /holds a policy's decisions, not value samples \(train them with --target policy\)/],
    [undefined, 'belief', /holds a policy's decisions, not belief turns/],
    ['value', 'belief', /holds value samples, not belief turns/],
    ['belief', 'value', /holds belief turns, not value samples/],
  ];
  it.each(cases)('data of target %s read for target %s is refused in one line', (held, wanted, message) => {
    expect(() => readShards([dataDir(held)], '--data', never, wanted)).toThrow(message);
  });
});
