/**
 * The rule-set registry: every rule set by its `--rules` name, one entry each (procedure.ts: the procedure and the
 * scoring table). Command-line choices and help are read from here.
 */
import { UserError } from '../errors.js';
import { BABCOCK, CODE500, HARR, HARR_LIMIT } from './procedure.js';
import type { RuleSet, RuleSetId } from './types.js';

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

/** Look up a rule set by its `--rules` name; unknown names are a user error. */
export function ruleSet(id: string): RuleSet {
  if (!isRuleSetId(id)) throw new UserError(`unknown rule set "${id}" (known: ${RULESET_IDS.join(', ')})`);
  return REGISTRY[id];
}

/** Every rule set, with its title, for command-line help. */
export function ruleSetChoices(): string {
  return RULESET_IDS.join(', ');
}
export { specialShapesOf } from './special.js';
