/**
 * Variant files (docs/rules.md "Variants"): a book's rule set with some of its rules changed, declared as data.
 *
 *   { "base": "harr", "title": "Harr, losers do not settle", "overrides": { "losersSettle": false } }
 *
 * The file is checked whole before anything runs: an unknown key, a value the key does not allow (keys.ts) or a
 * contradiction between rules is one line naming the key and what is allowed. The result is the same rule-set
 * description the engine, the scorer and the strategies read for a book (its `id` is the base's), carrying the
 * variant's canonical form and SHA-256 for every output's provenance.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { repeatedKey } from '../json-keys.js';
import { allowedText, allows, ruleKey, RULE_KEYS, valueAt } from './keys.js';
import type { RuleSet, RuleSetId } from './types.js';

const TOP = ['base', 'title', 'overrides'] as const;

/** Keys sorted at every level, no spaces: equal variants have equal text whatever the file's layout. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function setAt(root: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let o = root;
  for (const p of parts.slice(0, -1)) o = o[p] as Record<string, unknown>;
  o[parts[parts.length - 1]!] = value;
}

/** A rule that contradicts another in the finished rule set: the key to change and why, or null. */
export function contradiction(r: RuleSet): string | null {
  const t = r.table;
  if (!r.flowers && !r.flowersOptional) {
    for (const k of ['flowerPoints', 'dOwnBonus', 'dBouquet'] as const) {
      if (t[k] > 0) return `table.${k} scores flowers and seasons, but they are not in the wall (flowers and flowersOptional are false): set table.${k} to 0 or flowers to true`;
    }
  }
  if (!r.prevailingWind) {
    if (t.pairRoundWind > 0) return 'table.pairRoundWind scores the prevailing wind, but prevailingWind is false: set it to 0 or prevailingWind to true';
    if (t.dRoundWindSet > 0) return 'table.dRoundWindSet scores the prevailing wind, but prevailingWind is false: set it to 0 or prevailingWind to true';
    if (t.pairOwnWindOwnRound !== null) return 'table.pairOwnWindOwnRound scores the prevailing wind, but prevailingWind is false: set it to null or prevailingWind to true';
    if (t.dOwnWindSetOwnRound !== t.dOwnWindSet) return 'table.dOwnWindSetOwnRound scores own wind in own wind round, but prevailingWind is false: set it to table.dOwnWindSet\'s value or prevailingWind to true';
  }
  if (r.limit === null) {
    if (t.limitHands.length > 0) return `table.limitHands score the limit, but limit is null: set a limit or table.limitHands to []`;
    if (t.firstDiscard !== null) return 'table.firstDiscard scores half the limit, but limit is null: set a limit or table.firstDiscard to null';
  }
  if (r.scoreDrawnHand && !r.losersSettle) return 'scoreDrawnHand settles a drawn hand between its losers, but losersSettle is false: set one of them the other way';
  return null;
}

/** The rule set a variant file's text declares (`file` names it in messages and provenance). */
export function variantFromText(file: string, text: string, books: Readonly<Record<RuleSetId, RuleSet>>): RuleSet {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const twice = repeatedKey(text);
  if (twice !== null) throw new UserError(`${file}: "${twice}" is given twice; give it once`);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new UserError(`${file}: a variant is a JSON object {"base", "title", "overrides"}`);
  const o = doc as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!(TOP as readonly string[]).includes(k)) throw new UserError(`${file}: unknown key "${k}" (a variant has ${TOP.map((t) => `"${t}"`).join(', ')})`);
  }
  const baseId = o.base;
  if (typeof baseId !== 'string' || !Object.hasOwn(books, baseId)) {
    throw new UserError(`${file}: "base" must be one of ${Object.keys(books).join(', ')}, got ${JSON.stringify(baseId ?? null)}`);
  }
  const base = books[baseId as RuleSetId];
  if (o.title !== undefined && (typeof o.title !== 'string' || o.title.trim() === '' || o.title.length > 200 || /[\r\n]/.test(o.title))) {
    throw new UserError(`${file}: "title" must be one line of 1 to 200 characters`);
  }
  const overrides = o.overrides ?? {};
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides)) throw new UserError(`${file}: "overrides" must be an object of rule keys and values`);
  const given = overrides as Record<string, unknown>;
  // A JSON copy, not structuredClone: a book's tables share objects (harr's sets are its winner's sets), and a
  // variant changing one must not change the other.
  const out = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const keys = Object.keys(given).sort();
  for (const key of keys) {
    const k = ruleKey(key);
    if (!k) throw new UserError(`${file}: unknown rule "${key}" (the rules a variant may set are listed by \`mjlab rules show ${baseId}\` and docs/rules.md "Variants")`);
    const v = given[key];
    if (!allows(k.allowed, v)) throw new UserError(`${file}: "${key}" must be ${allowedText(k.allowed)}, got ${JSON.stringify(v)}`);
    setAt(out, key, JSON.parse(JSON.stringify(v)));
  }
  const canonical = canonicalJson({ base: baseId, ...(o.title !== undefined ? { title: o.title } : {}), overrides: given });
  const sha256 = createHash('sha256').update(canonical).digest('hex');
  out.title = typeof o.title === 'string' ? o.title : `${base.title}, as changed by ${file}`;
  out.variant = { file, canonical, sha256, overrides: keys };
  const r = out as unknown as RuleSet;
  const bad = contradiction(r);
  if (bad !== null) throw new UserError(`${file}: ${bad}`);
  return r;
}

/** A variant file read from disk. */
export function readVariant(file: string, books: Readonly<Record<RuleSetId, RuleSet>>): RuleSet {
  if (!file.toLowerCase().endsWith('.json')) {
    throw new UserError(`--rules ${file}: not a rule set (known: ${Object.keys(books).join(', ')}) nor a variant file (a .json file, docs/rules.md "Variants")`);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UserError(`--rules ${file}: cannot read the variant file (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : code})`);
  }
  return variantFromText(file, text, books);
}

/** Every key's value in a rule set, in the catalogue's order (`mjlab rules show`). */
export function ruleValues(r: RuleSet): { key: string; value: unknown }[] {
  return RULE_KEYS.map((k) => ({ key: k.key, value: valueAt(r, k.key) }));
}
