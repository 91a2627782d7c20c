// The hand tables on disk (src/hand/table-file.ts): the build's file gives exactly the tables the builders make, it
// is read by compiled code and by the sources alike, and any file not written from this code (stale, foreign,
// short, missing) is ignored, never trusted.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HAND_TABLE_BYTES, buildHandTable, prebuiltSections, tableFromFile } from '../../src/hand/shanten.js';
import { SUIT_GOOD, buildSuitGood } from '../../src/hand/suit-shapes.js';
import { builderIdentity, readTableSections, tableFileBytes, tableFilePath, tableFileReadable } from '../../src/hand/table-file.js';
import { tempDir } from '../runner/helpers.js';

const root = resolve(import.meta.dirname, '..', '..');
const tmp = tempDir('table-file');
const built = buildHandTable();

function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

describe("the build's dist/hand-tables.bin", () => {
  it('is where the build puts it, and lists this source', () => {
    expect(tableFilePath()).toBe(join(root, 'dist', 'hand-tables.bin'));
    expect(existsSync(tableFilePath())).toBe(true);
    expect(tableFileReadable()).toBe(true);
  });

  it('holds exactly what the builders make', () => {
    const t = new Uint8Array(HAND_TABLE_BYTES);
    expect(tableFromFile(t)).toBe(true);
    expect(same(t, built)).toBe(true);
    expect(same(SUIT_GOOD, buildSuitGood())).toBe(true);
    // The loaded table answers beyond the prebuilt keys too: those are filled on demand, as when built.
    expect(t.filter((x) => x === 255).length).toBe(built.filter((x) => x === 255).length);
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
    const t = new Uint8Array(HAND_TABLE_BYTES);
    expect(tableFromFile(t, p)).toBe(true);
    expect(same(t, built)).toBe(true);
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
      expect(tableFromFile(new Uint8Array(HAND_TABLE_BYTES), p), p).toBe(false);
    }
  });

  it('names the builders by their text: a changed builder or tile module is another identity', () => {
    const copy = join(tmp, 'builders');
    execFileSync('mkdir', ['-p', join(copy, 'hand'), join(copy, 'tiles')]);
    for (const f of ['hand/suit-shapes.ts', 'hand/shanten.ts', 'tiles/tile.ts']) writeFileSync(join(copy, f), readFileSync(join(root, 'src', f)));
    expect(builderIdentity(copy, '.ts')).toBe(mine);
    const edit = (f: string, from: string, to: string): void => {
      const text = readFileSync(join(root, 'src', f), 'utf8');
      expect(text).toContain(from);
      writeFileSync(join(copy, f), text.replace(from, to));
    };
    edit('hand/shanten.ts', 'const INF = 99;', 'const INF = 98;');
    expect(builderIdentity(copy, '.ts')).not.toBe(mine);
    writeFileSync(join(copy, 'hand/shanten.ts'), readFileSync(join(root, 'src', 'hand/shanten.ts')));
    edit('tiles/tile.ts', 'export', 'export ');
    expect(builderIdentity(copy, '.ts')).not.toBe(mine);
    expect(dirname(copy)).toBe(tmp);
  });
});
