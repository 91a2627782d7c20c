// src/cli/text-width.ts stands in the CLI's bundle for the string-width that yargs, cliui and wrap-ansi import: it
// must measure as yargs' own copy (8.3.0) does, on every code point of the first two planes (a sample of the rest),
// on clusters of each kind its rules name, with and without options, and on every line and word of the help.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import textWidth from '../../src/cli/text-width.js';
import { ROOT } from '../support/doc.js';
import { mjlab } from '../runner/helpers.js';

const PACKAGE = join(ROOT, 'node_modules', 'yargs', 'node_modules', 'string-width');
const version = (JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;
const { default: stringWidth } = (await import(pathToFileURL(join(PACKAGE, 'index.js')).href)) as { default: (s: unknown, o?: object) => number };

/** The strings where the two differ (at most a few shown), [string, ours, theirs]. */
function differences(strings: Iterable<string>, options?: object): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (const s of strings) {
    const [a, b] = [textWidth(s, options), stringWidth(s, options)];
    if (a !== b) out.push([s, a, b]);
  }
  return out;
}

function* codePoints(from: number, to: number, step = 1): Generator<string> {
  for (let c = from; c <= to; c += step) yield String.fromCodePoint(c);
}

const CLUSTERS = [
  // combining and enclosing marks, alone and on a base; a cluster of very many marks
  'e\u0301', '\u0301', 'a\u20dd', '1\u20e3', '#\ufe0f\u20e3', 'x' + '\u0300'.repeat(200),
  // emoji: RGI, skin tones, ZWJ families, flags, keycaps, text and emoji presentation, an unqualified ZWJ pair
  '😀', '👍🏽', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇫🇷', '🇫', '☺', '☺️', '❤', '❤️', '👩‍❤‍👨', '🐻‍❄', '😀'.repeat(30),
  // CJK, fullwidth and halfwidth forms with their sound marks, ambiguous characters
  '麻雀', 'ｶﾞｷﾞ', 'ﾊﾟ', 'Ａｂｃ', '±×÷', '→…—', 'αβγ', '①②', '中\u0301',
  // Hangul: syllables, leading + vowel (+ trailing) jamo, unmatched jamo, jamo then a syllable
  '한국어', '\u1100\u1161', '\u1100\u1161\u11a8', '\u1100\u1100\u1161', '\u1161', '\u11a8', '\u1100가', '\ua960\ud7b0\ud7cb',
  // scripts with spacing marks, format and control characters, zero-width ones
  'कि', 'क्षि', 'ত্রি', '\u200b', '\u200d', 'a\u200db', '\u00ad', '\t', '\u0007', '\ufeff', '\u2060',
  // lone surrogates, a private-use character, noncharacters
  '\ud800', 'a\udfffb', '\ue000', '\uffff',
  // ANSI: colours, a hyperlink, C1 introducer
  '\u001b[31mred\u001b[39m', '\u001b[1m麻\u001b[22m', '\u001b]8;;https://example.org\u0007link\u001b]8;;\u0007', '\u009b31mx',
  // mixed
  'mjlab — 4 × harr', 'plain ascii', '', ' ', '~',
];

describe(`text width against string-width ${version} (yargs' own copy)`, () => {
  it('is that version', () => expect(version).toBe('8.3.0'));

  it('every code point of the first two planes, alone, and a sample after a letter', () => {
    expect(differences(codePoints(0, 0x1ffff)).slice(0, 5)).toEqual([]);
    expect(differences([...codePoints(0, 0x1ffff, 13)].map((c) => `a${c}`)).slice(0, 5)).toEqual([]);
  });

  it('a sample of the other planes', () => {
    expect(differences(codePoints(0x20000, 0x10ffff, 61)).slice(0, 5)).toEqual([]);
  });

  it.each([[undefined], [{ ambiguousIsNarrow: false }], [{ countAnsiEscapeCodes: true }], [{ ambiguousIsNarrow: false, countAnsiEscapeCodes: true }]])(
    'clusters of every kind, options %j',
    (options) => {
      expect(differences(CLUSTERS, options)).toEqual([]);
      expect(differences(codePoints(0x2100, 0x2bff), options)).toEqual([]);
    },
  );

  it('what is not a string, or is empty, is 0', () => {
    for (const x of [undefined, null, 3, {}, '']) expect(textWidth(x)).toBe(0);
  });

  it('every line and word of the help', () => {
    const top = mjlab(['--help']).stdout;
    const commands = [...top.matchAll(/^ {2}mjlab (\w+)/gm)].map((m) => m[1]!);
    expect(commands.length).toBeGreaterThanOrEqual(10);
    const help = [top, ...commands.map((c) => mjlab([c, '--help']).stdout)].join('\n');
    const pieces = [...help.split('\n'), ...help.split(/\s+/)];
    expect(pieces.some((p) => /[^\x20-\x7e]/.test(p)), 'the help holds a character beyond ASCII').toBe(true);
    expect(differences(pieces)).toEqual([]);
  });
});

describe("the CLI's bundle", () => {
  it('holds text-width and yargs, and no copy of string-width', () => {
    const list = JSON.parse(readFileSync(join(ROOT, 'dist', 'src', 'cli', 'main.bundle.json'), 'utf8')) as { inputs: { path: string }[]; outputs: { inputs: string[] }[] };
    const inputs = list.outputs.flatMap((o) => o.inputs);
    // Its freshness is checked on the compiled files and, for the packages it holds, their package.json alone.
    expect(list.inputs.map((i) => i.path).filter((p) => p.includes('node_modules/yargs/'))).toEqual(['../node_modules/yargs/package.json']);
    expect(inputs).toContain('src/cli/text-width.js');
    expect(inputs.some((p) => p === '../node_modules/yargs/build/lib/yargs-factory.js')).toBe(true);
    expect(inputs.filter((p) => /node_modules\/(.*\/)?string-width\//.test(p))).toEqual([]);
    // The other packages stay in node_modules.
    expect(inputs.filter((p) => /node_modules\/(vega|csv-stringify|seedrandom|simple-statistics|cli-progress)\//.test(p))).toEqual([]);
    expect(readdirSync(join(ROOT, 'dist', 'src', 'cli')).some((f) => f.startsWith('main.chunk-'))).toBe(true);
  });
});
