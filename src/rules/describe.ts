/**
 * Rule sets as text (`mjlab rules show|diff`, `score --explain`, `settle --explain`): every rule with its value and
 * where it comes from, the book's passage for a book's value, "this variant" for a variant file's override.
 */
import { RULE_KEYS, ruleKey, showValue, SOURCES, valueAt } from './keys.js';
import type { RuleSet } from './types.js';

/** Where a rule set's value of `key` comes from: the variant, or its book's passage and this project's page. */
export function sourceOf(r: RuleSet, key: string): string {
  const k = ruleKey(key);
  if (!k) throw new Error(`no rule key ${key}`);
  if (r.variant?.overrides.includes(key)) return `this variant (${r.variant.file})`;
  const s = SOURCES[k.group];
  return `${s[r.id]}; ${s.docs}`;
}

function columns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]! + 2))).join('').trimEnd());
}

/** `mjlab rules show`: a header, then one line per rule: key, value, source. */
export function showRules(r: RuleSet): string {
  const head = r.variant
    ? [`${r.variant.file}: ${r.title}`, `base ${r.id}; SHA-256 ${r.variant.sha256}; canonical ${r.variant.canonical}`]
    : [`${r.id}: ${r.title}`];
  const rows = [['rule', 'value', 'source'], ...RULE_KEYS.map((k) => [k.key, showValue(valueAt(r, k.key)), sourceOf(r, k.key)])];
  return [...head, '', ...columns(rows)].join('\n');
}

/** The keys whose values differ between two rule sets, in the catalogue's order. */
export function differingKeys(a: RuleSet, b: RuleSet): string[] {
  return RULE_KEYS.filter((k) => showValue(valueAt(a, k.key)) !== showValue(valueAt(b, k.key))).map((k) => k.key);
}

/** `mjlab rules diff A B`: one line per rule that differs (key, A's value, B's value), or a line saying none does. */
export function diffRules(a: RuleSet, aName: string, b: RuleSet, bName: string): string {
  const keys = differingKeys(a, b);
  if (keys.length === 0) return `${aName} and ${bName} have the same rules`;
  const rows = [['rule', aName, bName], ...keys.map((k) => [k, showValue(valueAt(a, k)), showValue(valueAt(b, k))])];
  return [`${keys.length} rule${keys.length === 1 ? '' : 's'} differ${keys.length === 1 ? 's' : ''}:`, ...columns(rows)].join('\n');
}

/** One rule as `--explain` cites it: key, value in force, and where it comes from. */
export function citeRule(r: RuleSet, key: string): string {
  return `${key} = ${showValue(valueAt(r, key))}: ${sourceOf(r, key)}`;
}
