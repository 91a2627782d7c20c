/**
 * The table options every command that plays games takes alike (`replay`, `play`): the rule set, players, unit of
 * play, limit and flowers, checked as the rule set allows them (docs/rules.md "Players", "Flowers").
 */
import { UserError } from '../errors.js';
import { ruleSet, type RuleSet } from '../rules/index.js';

export interface TableArgs {
  readonly rules: string;
  /** Absent: the rule set's `players` (docs/rules.md "Players"). */
  readonly players?: number | undefined;
  readonly unit: string;
  readonly limit?: number | undefined;
  readonly flowers: boolean;
}

export interface TableOptions {
  readonly rules: RuleSet;
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
}

export function nonNegativeInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new UserError(`${name} must be a non-negative integer, got ${v}`);
}

export function tableOptions(a: TableArgs): TableOptions {
  const rules = ruleSet(a.rules);
  const players = a.players ?? rules.players;
  if (![2, 3, 4].includes(players)) throw new UserError(`--players must be 2, 3 or 4, got ${players}`);
  if (a.unit !== 'hand' && a.unit !== 'match') throw new UserError(`--unit must be hand or match, got ${a.unit}`);
  if (a.limit !== undefined && (!Number.isSafeInteger(a.limit) || a.limit <= 0)) {
    throw new UserError(`--limit must be a positive integer, got ${a.limit}`);
  }
  if (a.flowers && !rules.flowers && !rules.flowersOptional) {
    throw new UserError(`rule set ${rules.id} is not played with flowers (docs/rules.md); drop --flowers`);
  }
  return { rules, limit: a.limit ?? rules.limit, flowers: rules.flowers || a.flowers, players: players as 2 | 3 | 4, unit: a.unit };
}
