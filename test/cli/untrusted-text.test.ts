// Untrusted text is shown, never obeyed: a record's labels and tiles holding terminal escapes
// (`\u001b[2J` clears the screen) reach the terminal (replay text, the comparison, error lines) and the viewer page
// (its esc() and shown()) with their control characters escaped; src/text.ts is the one helper.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { excerpt, printable } from '../../src/text.js';
import { pageWidgets } from '../../src/viewer/widgets.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../runner/helpers.js';

const dir = tempDir('untrusted');
const CLEAR = '\u001b[2J';
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

async function evilRecord(edit: (r: { strategies: string[]; hands: { walls: string[] }[] }) => void): Promise<string> {
  const rec = await runCli(['replay', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '1', '--game', '0', '--json']);
  expect(rec.code).toBe(0);
  const r = JSON.parse(rec.out) as { strategies: string[]; hands: { walls: string[] }[] };
  edit(r);
  const file = join(dir, `evil-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(r));
  return file;
}

describe('untrusted text', () => {
  it('printable() escapes control characters and leaves the rest; excerpt() cuts and says how much', () => {
    expect(printable(`a${CLEAR}b\r\n\u0007 ñ 東 \u202e`)).toBe('a\\u001b[2Jb\\u000d\\u000a\\u0007 ñ 東 \\u202e');
    expect(excerpt('x'.repeat(1000), 10)).toBe('xxxxxxxxxx… (990 more characters)');
  });

  it("a record's label holding an escape is shown escaped in the replay text, the comparison", async () => {
    const file = await evilRecord((r) => (r.strategies[1] = `evil${CLEAR}`));
    const text = await runCli(['replay', '--record', file]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/[ESWN] evil\\u001b\[2J/);
    expect(text.out).not.toMatch(RAW);
    const cmp = await runCli(['replay', '--record', file, '--seat', '1', '--strategy', 'random']);
    expect(cmp.code, cmp.err).toBe(0);
    expect(cmp.out).toContain('seat S (evil\\u001b[2J)');
    expect(cmp.out).not.toMatch(RAW);
  });

  it("the page's own escaping shows control characters too, in markup and in text (the record is embedded as it is)", () => {
    const w = pageWidgets();
    expect(w.esc(`<b>evil${CLEAR}</b>`)).toBe('&lt;b&gt;evil\\u001b[2J&lt;/b&gt;');
    expect(w.shown(`evil${CLEAR}`)).toBe('evil\\u001b[2J');
  });

  it('a tile holding an escape is quoted escaped in the one-line error', async () => {
    const file = await evilRecord((r) => (r.hands[0]!.walls[0] = `${CLEAR} ${r.hands[0]!.walls[0]}`));
    const r = await runCli(['replay', '--record', file]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^mjlab: .*"\\u001b\[2J", is not a tile code\n$/);
    expect(r.err).not.toMatch(RAW);
  });
});
