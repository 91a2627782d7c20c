/**
 * Checks every command's arguments get, in one place, run as yargs middleware before its own
 * validation: an option given twice (yargs would turn it into an array, or keep the last boolean), a number that
 * is not one or lies outside the range doubles hold exactly; and yargs' own multi-line messages (invalid choices,
 * unknown options, missing ones) as one line naming the option and the allowed values.
 */
import { UserError } from '../errors.js';

export interface OptionTable {
  readonly key: Readonly<Record<string, unknown>>;
  readonly boolean: readonly string[];
  readonly number: readonly string[];
  readonly array: readonly string[];
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Each option token of the raw command line (before a bare `--`): its canonical name and the value written. */
function optionTokens(raw: readonly string[], opts: OptionTable): { name: string; value: string | undefined }[] {
  const out: { name: string; value: string | undefined }[] = [];
  const known = new Set(Object.keys(opts.key).map(kebab));
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    if (t === '--') break;
    if (!t.startsWith('--') || t.length === 2) continue;
    const eq = t.indexOf('=');
    let name = kebab(t.slice(2, eq < 0 ? undefined : eq));
    if (!known.has(name) && name.startsWith('no-') && opts.boolean.map(kebab).includes(name.slice(3))) name = name.slice(3);
    if (!known.has(name)) continue; // unknown options are yargs' strict mode's to report
    const isBool = opts.boolean.map(kebab).includes(name);
    const next = raw[i + 1];
    out.push({ name, value: eq >= 0 ? t.slice(eq + 1) : isBool || next === undefined || next.startsWith('--') ? undefined : next });
  }
  return out;
}

/** Edit distance between two option names (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** The known option nearest to a misspelt one, when one is near enough to be meant (a prefix, or a few edits). */
export function nearestOption(name: string, known: readonly string[]): string | null {
  let best: { name: string; d: number } | null = null;
  for (const k of known) {
    const d = k.startsWith(name) || name.startsWith(k) ? Math.min(1, Math.abs(k.length - name.length)) : distance(name, k);
    if (best === null || d < best.d) best = { name: k, d };
  }
  return best !== null && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.name : null;
}

/**
 * The first option of the raw command line (before a bare `--`) that the command does not have, as one line naming
 * it and the nearest option it has; null when every option is known. Checked before anything else, wherever the
 * option stands: yargs would otherwise take `--jsn "HAND"` as an option with a value and report the missing hand.
 */
export function unknownOption(raw: readonly string[], opts: OptionTable): string | null {
  const known = [...new Set(Object.keys(opts.key).map(kebab))].filter((k) => k !== '$0' && k !== '_');
  const booleans = new Set(opts.boolean.map(kebab));
  for (const t of raw) {
    if (t === '--') break;
    if (!t.startsWith('--') || t.length === 2) continue;
    const eq = t.indexOf('=');
    const name = kebab(t.slice(2, eq < 0 ? undefined : eq));
    if (known.includes(name) || (name.startsWith('no-') && booleans.has(name.slice(3)))) continue;
    const near = nearestOption(name, known.filter((k) => k !== 'version' && k !== 'help' && k.length > 1));
    return `unknown option --${name}${near ? `; did you mean --${near}?` : ''} (see --help)`;
  }
  return null;
}

/** Throws a UserError for an option given more than once, or a number option that is not an exact number. */
export function checkArgs(raw: readonly string[], argv: Readonly<Record<string, unknown>>, opts: OptionTable): void {
  const unknown = unknownOption(raw, opts);
  if (unknown) throw new UserError(unknown);
  const tokens = optionTokens(raw, opts);
  const seen = new Map<string, number>();
  for (const t of tokens) seen.set(t.name, (seen.get(t.name) ?? 0) + 1);
  const arrays = new Set(opts.array.map(kebab));
  for (const [name, n] of seen) {
    if (n > 1 && !arrays.has(name)) throw new UserError(`--${name} is given ${n} times; give it once`);
  }
  for (const key of opts.number) {
    const v = argv[key];
    if (v === undefined) continue;
    const name = kebab(key);
    const written = tokens.find((t) => t.name === name)?.value ?? String(v);
    if (typeof v !== 'number' || Number.isNaN(v)) throw new UserError(`--${name} must be a number, got "${written}"`);
    if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) {
      throw new UserError(`--${name} ${written} is outside the range held exactly (±${Number.MAX_SAFE_INTEGER})`);
    }
  }
}

/** yargs' failure message as one line: the option, what was given, what is allowed. */
export function failMessage(msg: string, raw: readonly string[]): string {
  const choices = /Argument: ([\w-]+), Given: ("?[^,]*"?), Choices: (.*)$/m.exec(msg);
  if (choices) return `--${choices[1]} ${choices[2]!.replace(/^"|"$/g, '')} is not allowed: choose one of ${choices[3]!.replace(/"/g, '')}`;
  const unknown = /^Unknown arguments?: (.*)$/m.exec(msg);
  if (unknown) {
    // yargs lists unknown options and surplus positional arguments alike; the command line tells them apart.
    const asOption = (n: string) => raw.some((t) => t === `--${n}` || t.startsWith(`--${n}=`) || t === `-${n}`);
    const names = unknown[1]!.split(', ');
    const options = names.filter(asOption).map((n) => (n.length > 1 ? `--${n}` : `-${n}`));
    const extra = names.filter((n) => !asOption(n)).map((n) => `"${n}"`);
    return [
      ...(options.length ? [`unknown option${options.length > 1 ? 's' : ''} ${options.join(', ')}`] : []),
      ...(extra.length ? [`unexpected argument${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`] : []),
    ].join('; ') + ' (see --help)';
  }
  const positional = /^Not enough non-option arguments: got (\d+), need at least (\d+)$/m.exec(msg);
  if (positional) {
    const command = raw.find((t) => !t.startsWith('-')) ?? 'the command';
    return `missing argument: mjlab ${command} takes at least ${positional[2]} (see mjlab ${command} --help)`;
  }
  const missing = /^Missing required arguments?: (.*)$/m.exec(msg);
  if (missing) return `missing ${missing[1]!.split(', ').map((n) => `--${n}`).join(', ')} (see --help)`;
  return msg.split('\n').map((l) => l.trim()).filter((l) => l.length > 0).join(' ') || 'bad command line';
}

/** `--accept-changed-plugin` says what a resume keeps: without `--resume` it has nothing to say. */
export function refuseAcceptWithoutResume(a: { resume: boolean; 'accept-changed-plugin'?: boolean }): void {
  if (a['accept-changed-plugin'] === true && !a.resume) {
    throw new UserError('--accept-changed-plugin goes with --resume (it keeps the games a checkpoint holds); add --resume, or drop it');
  }
}
