// The hand tables on disk (src/hand/table-file.ts): the build's file gives exactly the tables the builders make, it
// is read by compiled code and by the sources alike, and any file not written from this code (stale, foreign,
// short, missing) is ignored, never trusted.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { shanten } from '../../src/hand/shanten.js';
import { HAND_TABLE_BYTES, buildHandTable, fillPrebuilt, prebuiltSections, tableFromFile } from '../../src/hand/table.js';
import { SUIT_GOOD, buildSuitGood } from '../../src/hand/suit-shapes.js';
import { builderIdentity, readTableSections, tableFileBytes, tableFilePath, tableFileReadable } from '../../src/hand/table-file.js';
import { tempDir } from '../runner/helpers.js';
import { refShanten } from './reference.js';

const root = resolve(import.meta.dirname, '..', '..');
const tmp = tempDir('table-file');
const built = buildHandTable();

function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** A whole table from a file: its honours, then every prebuilt suit key it lists (the reader copies them on demand). */
function loaded(path?: string): Uint8Array | null {
  const t = new Uint8Array(HAND_TABLE_BYTES);
  const f = tableFromFile(t, path);
  if (f === null) return null;
  fillPrebuilt(t, f);
  return t;
}

/** Suit keys (nine counts of 0 to 4) of at most `n` tiles, counted without the table code: the prebuilt ones. */
function keysUpTo(n: number): number {
  let ways = [1];
  for (let r = 0; r < 9; r++) ways = Array.from({ length: n + 1 }, (_, t) => [0, 1, 2, 3, 4].reduce((a, h) => a + (ways[t - h] ?? 0), 0));
  return ways.reduce((a, b) => a + b, 0);
}

describe("the build's dist/hand-tables.bin", () => {
  it('is where the build puts it, and lists this source', () => {
    expect(tableFilePath()).toBe(join(root, 'dist', 'hand-tables.bin'));
    expect(existsSync(tableFilePath())).toBe(true);
    expect(tableFileReadable()).toBe(true);
  });

  it('holds exactly what the builders make', () => {
    const t = loaded();
    expect(t).not.toBeNull();
    expect(same(t!, built)).toBe(true);
    expect(same(SUIT_GOOD, buildSuitGood())).toBe(true);
    // Exactly the keys of at most 11 tiles are prebuilt; the others, as when built, are computed when first asked.
    expect(prebuiltSections(built).suitKeys.length).toBe(keysUpTo(11));
    expect(tableFromFile(new Uint8Array(HAND_TABLE_BYTES))!.suitKeys.length).toBe(keysUpTo(11));
  });

  it('answers from the file as from the builders, for keys copied on demand and keys computed on demand', () => {
    // This thread's table reads the file (the test above found it): a one-suit hand of 14 tiles is no prebuilt key,
    // and a complete one is the key looked up afresh at every ask.
    const one = (ranks: number[]): Uint8Array => {
      const c = new Uint8Array(34);
      for (const r of ranks) c[r]!++;
      return c;
    };
    const hands = [
      [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4],
      [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8],
      [0, 0, 1, 1, 2, 2, 4, 4, 5, 6, 6, 7, 8],
      [9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 17, 9, 9],
      [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30],
    ];
    // Each twice: the first ask fills the key, the second reads it.
    for (const h of hands) for (let i = 0; i < 2; i++) expect(shanten(one(h), 0), h.join(',')).toBe(refShanten(one(h), 0));
    expect(shanten(one(hands[0]!), 0)).toBe(-1);
  });

  it('is read by the compiled code, for which it lists the compiled builders', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', "import('./dist/src/hand/table-file.js').then((m) => console.log(m.tableFileReadable()))"], { cwd: root, encoding: 'utf8' });
    expect(out.trim()).toBe('true');
  });
});

describe('a file not written from this code', () => {
  const mine = builderIdentity(join(root, 'src'), '.ts');
  const sections = { suitGood: buildSuitGood(), ...prebuiltSections(built) };
  const write = (name: string, bytes: Uint8Array): string => {
    const p = join(tmp, name);
    writeFileSync(p, bytes);
    return p;
  };

  it('is read when it lists this code (the control)', () => {
    const p = write('mine.bin', tableFileBytes([mine], sections));
    expect(same(loaded(p)!, built)).toBe(true);
  });

  it('is ignored when it lists other code (a stale build), is cut short, is not one, or is missing', () => {
    const whole = tableFileBytes([mine], sections);
    const paths = [
      write('stale.bin', tableFileBytes(['1:' + '0'.repeat(40)], sections)),
      write('short.bin', whole.subarray(0, whole.length - 1000)),
      write('other.bin', readFileSync(join(root, 'package.json'))),
      join(tmp, 'missing.bin'),
    ];
    for (const p of paths) {
      expect(readTableSections(['suitGood'], p), p).toBeNull();
      expect(tableFromFile(new Uint8Array(HAND_TABLE_BYTES), p), p).toBeNull();
    }
  });

  it('names the builders by their text: a changed builder or tile module is another identity', () => {
    const copy = join(tmp, 'builders');
    execFileSync('mkdir', ['-p', join(copy, 'hand'), join(copy, 'tiles')]);
    for (const f of ['hand/suit-shapes.ts', 'hand/table-build.ts', 'hand/shanten.ts', 'tiles/tile.ts']) writeFileSync(join(copy, f), readFileSync(join(root, 'src', f)));
    expect(builderIdentity(copy, '.ts')).toBe(mine);
    const edit = (f: string, from: string, to: string): void => {
      const text = readFileSync(join(root, 'src', f), 'utf8');
      expect(text).toContain(from);
      writeFileSync(join(copy, f), text.replace(from, to));
    };
    edit('hand/table-build.ts', 'const INF = 99;', 'const INF = 98;');
    expect(builderIdentity(copy, '.ts')).not.toBe(mine);
    writeFileSync(join(copy, 'hand/table-build.ts'), readFileSync(join(root, 'src', 'hand/table-build.ts')));
    edit('tiles/tile.ts', 'export', 'export ');
    expect(builderIdentity(copy, '.ts')).not.toBe(mine);
    expect(dirname(copy)).toBe(tmp);
  });
});
