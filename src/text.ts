/**
 * Untrusted text shown safely: labels, tiles and names read from records, presets and plug-ins,
 * and anything a plug-in returned, reach a terminal or a page only through these. Control characters (C0, DEL, C1),
 * the line and paragraph separators and the bidirectional overrides become visible escapes (`\u001b`), so a record
 * holding `\u001b[2J` cannot clear the screen, fake a line or reorder what is shown; a long value is cut to an
 * excerpt, so an illegal action carrying megabytes is not echoed whole in a one-line message.
 */

/**
 * How every command mjlab prints starts: the quick start's own way to run it, from the repository
 * root. Not `npx mjlab`: npm 11 installs the checkout into its cache (running `prepare`, a full tsc) before the first
 * run and costs seconds on each; not a bare `mjlab`, which is on no PATH after `npm ci`.
 */
export const CLI = 'node bin/mjlab.js';

/**
 * A count with commas between thousands, as `toLocaleString('en-US')` writes it (1,234,567), without ICU: the first
 * toLocaleString of a process sets up ICU's number formats, about 31 M instructions of `simulate --games 4`
 * (docs/performance.md), to print its one line. Anything but a safe integer is left to toLocaleString.
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** Characters a terminal or a page would act on instead of showing. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `s` with every control character escaped as \uXXXX. */
export function printable(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Characters of a plug-in's answer (or message) quoted in a message: enough to recognise it. */
export const EXCERPT_CHARS = 200;

/** `s` made printable and cut to `max` characters, saying how many more there were. */
export function excerpt(s: string, max = EXCERPT_CHARS): string {
  if (s.length <= max) return printable(s);
  return `${printable(s.slice(0, max))}… (${s.length - max} more characters)`;
}

/** A value a plug-in returned, as JSON where it is JSON, cut to an excerpt. */
export function shownValue(v: unknown, max = EXCERPT_CHARS): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    try {
      text = String(v);
    } catch {
      text = Object.prototype.toString.call(v);
    }
  }
  return excerpt(text, max);
}

/** A thrown value's message (a plug-in may throw anything), cut to an excerpt. */
export function thrownMessage(e: unknown, max = EXCERPT_CHARS): string {
  let text: string;
  try {
    text = e instanceof Error ? e.message : String(e);
  } catch {
    text = Object.prototype.toString.call(e);
  }
  return excerpt(text.split('\n')[0] ?? '', max);
}

/**
 * A word as a shell reads it back, so a command mjlab prints runs as printed: bare when it needs no quoting,
 * single-quoted otherwise, and, holding a control character (a line break, an escape), in bash's $'...' form with
 * every such character as \xHH, so the printed line holds none raw.
 */
export function shellWord(s: string): string {
  if (/^[\w@%+=:,./-]+$/.test(s)) return s;
  if (!new RegExp(UNSAFE.source).test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  const code = (c: string): string => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  };
  return `$'${s.replace(/[\\']/g, (c) => `\\${c}`).replace(UNSAFE, code)}'`;
}

/**
 * A Markdown code block that the text inside cannot close: its fence of backticks is longer than the longest run
 * of backticks in `body` (CommonMark: a fence closes only on a run at least as long as the opening one).
 */
export function codeFence(info: string, body: string): string {
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}
