/**
 * `mjlab rules show NAME|FILE` and `mjlab rules diff A B` (docs/rules.md "Variants"): every rule of a book or a
 * variant file with its value and its source, and the rules in which two rule sets differ.
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { diffRules, ruleSet, ruleSetChoices, showRules } from '../../rules/index.js';

interface RulesArgs {
  action: string;
  a: string;
  b?: string;
}

/** What `mjlab rules` prints (tests call this). */
export function runRules(a: RulesArgs): string {
  if (a.action === 'show') {
    if (a.b !== undefined) throw new UserError(`mjlab rules show takes one rule set, got "${a.a}" and "${a.b}"`);
    return showRules(ruleSet(a.a));
  }
  if (a.action === 'diff') {
    if (a.b === undefined) throw new UserError('mjlab rules diff takes two rule sets: mjlab rules diff A B');
    return diffRules(ruleSet(a.a), a.a, ruleSet(a.b), a.b);
  }
  throw new UserError(`mjlab rules ${a.action}: choose show or diff`);
}

export const rulesCommand: CommandModule<object, RulesArgs> = {
  command: 'rules <action> <a> [b]',
  describe: 'Show every rule of a rule set or variant file with its source (show NAME|FILE), or what two differ in (diff A B)',
  builder: (y) =>
    y
      .positional('action', { type: 'string', demandOption: true, describe: 'show | diff' })
      .positional('a', { type: 'string', demandOption: true, describe: `a rule set: ${ruleSetChoices()}` })
      .positional('b', { type: 'string', describe: 'diff: the second rule set' }) as never,
  handler: (argv) => {
    process.stdout.write(`${runRules(argv)}\n`);
  },
};
