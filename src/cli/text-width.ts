/**
 * A string's width in a terminal's columns, for the help's layout: yargs, cliui and wrap-ansi ask it of every word
 * they place. The CLI's bundle puts this module where they import `string-width` (src/runner/write-bundle.ts).
 *
 * Why not the package: yargs' copy (8.3.0) writes its Unicode sets as regular-expression literals with the `v` flag
 * (`\p{RGI_Emoji}` among them), which V8 checks as the module loads, and it and cliui's and wrap-ansi's copies each
 * make an `Intl.Segmenter` at load: 290 M instructions of the 1,119 M `mjlab score` spent in all (callgrind,
 * docs/performance.md), for a function that only `--help` calls. Here the sets and the segmenter are made the first
 * time a string that is not printable ASCII is measured, and printable ASCII (nearly every word of the help) is its
 * own length.
 *
 * The rules are string-width 8.3.0's, the copy yargs depends on, and are checked against it on every code point of
 * the first two planes and on clusters of every kind below (test/cli/text-width.test.ts):
 * - ANSI escape sequences count nothing (unless `countAnsiEscapeCodes`);
 * - the string is cut into grapheme clusters, as a terminal draws them;
 * - a cluster with nothing visible (controls, format and default-ignorable characters, non-spacing and enclosing
 *   marks, lone surrogates) counts nothing;
 * - an emoji cluster counts 2: an RGI emoji, a keycap without its variation selector, or a joined sequence of two
 *   or more pictographs;
 * - modern Hangul jamo count 2 for each leading + vowel (+ trailing) syllable they spell, each unmatched jamo its own
 *   East Asian width;
 * - any other cluster counts the East Asian width of its first visible character (ambiguous ones narrow unless
 *   `ambiguousIsNarrow` is false), plus that of each later spacing mark or halfwidth/fullwidth form in it.
 */
import { stripVTControlCharacters } from 'node:util';
import { eastAsianWidth } from 'get-east-asian-width';

export interface TextWidthOptions {
  readonly ambiguousIsNarrow?: boolean;
  readonly countAnsiEscapeCodes?: boolean;
}

/** The sets a non-ASCII string is measured with, made on first use. */
interface UnicodeRules {
  readonly segmenter: Intl.Segmenter;
  /** A character that prints: searched for in a cluster to find its first visible character. */
  readonly visible: RegExp;
  readonly spacingMark: RegExp;
  readonly rgiEmoji: RegExp;
  readonly keycap: RegExp;
  readonly pictograph: RegExp;
}

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

let unicodeRules: UnicodeRules | undefined;

function rules(): UnicodeRules {
  unicodeRules ??= {
    segmenter: new Intl.Segmenter(),
    // One negated class, no quantifier: a repeated pattern backtracks badly on a cluster of very many marks.
    visible: new RegExp('[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]', 'v'),
    spacingMark: new RegExp('\\p{Spacing_Mark}', 'v'),
    rgiEmoji: new RegExp('^\\p{RGI_Emoji}$', 'v'),
    keycap: /^[\d#*]\u20e3$/,
    pictograph: new RegExp('\\p{Extended_Pictographic}', 'gu'),
  };
  return unicodeRules;
}

export default function textWidth(input: unknown, options: TextWidthOptions = {}): number {
  if (typeof input !== 'string' || input.length === 0) return 0;
  let text = input;
  if (options.countAnsiEscapeCodes !== true && (text.includes('\u001b') || text.includes('\u009b'))) text = stripVTControlCharacters(text);
  if (PRINTABLE_ASCII.test(text)) return text.length;
  const wide = { ambiguousAsWide: options.ambiguousIsNarrow === false };
  const r = rules();
  let width = 0;
  for (const { segment } of r.segmenter.segment(text)) width += clusterWidth(segment, r, wide);
  return width;
}

function clusterWidth(cluster: string, r: UnicodeRules, wide: { ambiguousAsWide: boolean }): number {
  const first = cluster.search(r.visible);
  if (first < 0) return 0;
  if (r.rgiEmoji.test(cluster) || unqualifiedEmoji(cluster, r)) return 2;
  const shown = cluster.slice(first);
  const jamo = jamoWidth(shown, r, wide);
  if (jamo !== null) return jamo;
  let width = eastAsianWidth(shown.codePointAt(0)!, wide);
  let rest = false;
  for (const ch of shown) {
    if (rest && (r.spacingMark.test(ch) || (ch >= '\uff00' && ch <= '\uffef'))) width += eastAsianWidth(ch.codePointAt(0)!, wide);
    rest = true;
  }
  return width;
}

/** A keycap without its variation selector, or a joined sequence of two or more pictographs (a terminal draws 2). */
function unqualifiedEmoji(cluster: string, r: UnicodeRules): boolean {
  // A real emoji cluster is under 30 code units: longer ones are not looked into.
  if (cluster.length > 50) return false;
  if (r.keycap.test(cluster)) return true;
  if (!cluster.includes('\u200d')) return false;
  return (cluster.match(r.pictograph)?.length ?? 0) >= 2;
}

const isLeading = (c: number | undefined) => c !== undefined && ((c >= 0x1100 && c <= 0x115f) || (c >= 0xa960 && c <= 0xa97c));
const isVowel = (c: number | undefined) => c !== undefined && ((c >= 0x1160 && c <= 0x11a7) || (c >= 0xd7b0 && c <= 0xd7c6));
const isTrailing = (c: number | undefined) => c !== undefined && ((c >= 0x11a8 && c <= 0x11ff) || (c >= 0xd7cb && c <= 0xd7fb));
const isJamo = (c: number) => isLeading(c) || isVowel(c) || isTrailing(c);

/**
 * A cluster that starts with Hangul jamo: 2 for each leading + vowel (+ trailing) run, unmatched jamo and whatever
 * follows the first non-jamo their own widths. null when its first visible character is not a jamo.
 */
function jamoWidth(shown: string, r: UnicodeRules, wide: { ambiguousAsWide: boolean }): number | null {
  const points: number[] = [];
  for (const ch of shown) if (r.visible.test(ch)) points.push(ch.codePointAt(0)!);
  if (points.length === 0 || !isJamo(points[0]!)) return null;
  let width = 0;
  for (let i = 0; i < points.length; i++) {
    const c = points[i]!;
    if (!isJamo(c)) {
      for (let j = i; j < points.length; j++) width += eastAsianWidth(points[j]!, wide);
      return width;
    }
    if (isLeading(c) && isVowel(points[i + 1])) {
      width += 2;
      i += isTrailing(points[i + 2]) ? 2 : 1;
      continue;
    }
    width += eastAsianWidth(c, wide);
  }
  return width;
}
