/**
 * The rule-set registry: every rule set by its `--rules` name, one entry each (procedure.ts: the procedure and the
 * scoring table), and variant files on top of them (variant.ts). Command-line choices and help are read from here.
 */
import { UserError } from '../errors.js';
import { BABCOCK, CODE500, HARR, HARR_LIMIT } from './procedure.js';
import type { RuleSet, RuleSetId } from './types.js';
import { readVariant, variantFromText } from './variant.js';

export * from './types.js';
export type { ScoreTable, SetValues, LimitHandId, Pair2 } from './tables/index.js';

/** Frozen: a rule set is shared by every state, view and agent of a run. */
const REGISTRY: Readonly<Record<RuleSetId, RuleSet>> = Object.freeze({
  harr: deepFreeze(HARR),
  'harr-limit': deepFreeze(HARR_LIMIT),
  babcock: deepFreeze(BABCOCK),
  code500: deepFreeze(CODE500),
});

function deepFreeze<T>(o: T): T {
  if (typeof o === 'object' && o !== null && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** The `--rules` names, in the registry's order. */
export const RULESET_IDS: readonly RuleSetId[] = Object.freeze(Object.keys(REGISTRY) as RuleSetId[]);

export function isRuleSetId(id: string): id is RuleSetId {
  return (RULESET_IDS as readonly string[]).includes(id);
}

/**
 * Look up a rule set by its `--rules` value: a book's name, or a variant file (a path ending .json, read and checked
 * whole each time, docs/rules.md "Variants"). `sha256`, where given, is the variant the run began with: a file
 * changed since is refused. Unknown names and bad files are a user error.
 */
export function ruleSet(id: string, sha256?: string): RuleSet {
  if (isRuleSetId(id)) return REGISTRY[id];
  if (!id.toLowerCase().endsWith('.json')) throw new UserError(`unknown rule set "${id}" (known: ${RULESET_IDS.join(', ')}, or a variant file ending .json)`);
  // A variant's path is its name in every output (terminal, CSV, Markdown, SVG, pages): refused where it enters when a
  // control character in it would act on a terminal or a page, or a spreadsheet would run it as a formula
  // (docs/outputs.md, "Labels in CSV files"), as a strategy's label is.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id) || /^[=+\-@]/.test(id)) {
    throw new UserError(`--rules ${JSON.stringify(id)}: a variant file's name is printed in every output; rename the file without control characters or a leading =, +, - or @`);
  }
  const r = deepFreeze(readVariant(id, REGISTRY));
  if (sha256 !== undefined && r.variant!.sha256 !== sha256) {
    throw new UserError(`--rules ${id}: the variant file changed since the run began (SHA-256 ${r.variant!.sha256.slice(0, 12)}, was ${sha256.slice(0, 12)})`);
  }
  return r;
}

/** A variant file's rule set from its text (what `ruleSet(file)` reads from disk), frozen like the books. */
export function parseVariant(file: string, text: string): RuleSet {
  return deepFreeze(variantFromText(file, text, REGISTRY));
}

/**
 * Refuse a rule set whose `players` (a variant's) is not the table a command plays: `league`, `sprt`, `tune` and
 * `train` build their lineups and duplicate wall sets for four seats (docs/rules.md "Variants").
 */
export function requirePlayers(id: string, players: number, command: string): void {
  const r = ruleSet(id);
  if (r.players !== players) {
    throw new UserError(`--rules ${id}: sets players ${r.players}, but ${command} plays ${players} players (its lineups and duplicate wall sets are built for ${players} seats); play it with simulate or play`);
  }
}

/** Every rule set, with its title, for command-line help. */
export function ruleSetChoices(): string {
  return `${RULESET_IDS.join(', ')}, or a variant file (.json)`;
}

/** The SHA-256 of a rule set's variant file, for provenance; absent for a book. */
export function variantProvenance(r: RuleSet): { rulesVariant: { sha256: string; canonical: string } } | Record<string, never> {
  return r.variant ? { rulesVariant: { sha256: r.variant.sha256, canonical: r.variant.canonical } } : {};
}
export { specialShapesOf } from './special.js';
export { citeRule, diffRules, showRules } from './describe.js';

