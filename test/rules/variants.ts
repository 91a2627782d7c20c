/** Variants for tests: for any documented key, a variant of some book that changes that key alone. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../src/errors.js';
import { RULE_KEYS, valueAt, type KeyKind } from '../../src/rules/keys.js';
import { parseVariant, RULESET_IDS, ruleSet, type RuleSet, type RuleSetId } from '../../src/rules/index.js';

/** A value of `kind` other than `v` (and valid for it). */
export function otherValue(kind: KeyKind, v: unknown): unknown {
  switch (kind.kind) {
    case 'int':
      if (v === null) return Math.max(kind.min, 500);
      if (kind.nullable && kind.min > 0) return null;
      return (v as number) + 2 <= kind.max ? (v as number) + 2 : kind.min;
    case 'bool':
      return !v;
    case 'enum':
      return kind.values.find((x) => x !== v);
    case 'pair':
      return (v as number[]).map((x) => x + 2);
    case 'ints':
      return (v as number[]).map((x) => x + 10);
    case 'pairs':
      return v === null ? Object.fromEntries(kind.fields.map((f) => [f, [2, 4]])) : null;
    case 'list':
      return (v as string[]).length === 0 ? ['heads-only', 'four-kongs'] : [];
  }
}

/** For a key, the first book (of `books`) on which a variant changing only it is valid, and that variant. */
export function variantChanging(key: string, books: readonly RuleSetId[] = RULESET_IDS): { base: RuleSet; variant: RuleSet; value: unknown } {
  const k = RULE_KEYS.find((x) => x.key === key)!;
  for (const id of books) {
    const base = ruleSet(id);
    const value = otherValue(k.allowed, valueAt(base, key));
    try {
      return { base, variant: parseVariant(`${key}.json`, JSON.stringify({ base: id, overrides: { [key]: value } })), value };
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
    }
  }
  throw new Error(`no book takes a change of ${key} alone`);
}


/** A writer of variant files into `dir`: each call writes `content` as JSON to a new file and returns its path. */
export function variantFiles(dir: string): (content: unknown) => string {
  let n = 0;
  return (content) => {
    const f = join(dir, `v${n++}.json`);
    writeFileSync(f, JSON.stringify(content));
    return f;
  };
}
