/**
 * Options are strict everywhere (src/cli/args.ts unknownOption): an unknown or misspelt option gets one line naming
 * it, with the nearest option the command has, exit status 2, in every command and wherever it stands, before
 * anything else the command line lacks is reported (yargs took `--jsn "HAND"` as an option with a value and then
 * reported the missing hand).
 */
import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { commands as commandsOf } from '../../src/cli/commands/index.js';

/** Every command (the experiments are loaded only when one runs, so none is needed here). */
const commands = commandsOf(async () => []);
import { mjlabIn } from '../helpers/cli.js';
import { ROOT } from '../support/doc.js';

const H4 = '66p 77m [222s] [777z] [333m] +6p';

/** A command's own long options, from its builder. */
function optionsOf(c: (typeof commands)[number]): string[] {
  const y = yargs([]);
  (c.builder as (y: unknown) => unknown)(y);
  const keys = Object.keys((y as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key);
  return keys.filter((k) => /^[a-z][a-z-]+$/.test(k) && k !== 'help' && k !== 'version');
}

async function refused(args: string[]): Promise<string> {
  const r = await mjlabIn(args, { cwd: ROOT });
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n').filter(Boolean), r.stderr).toHaveLength(1);
  return r.stderr.trimEnd();
}

describe('a misspelt option', () => {
  it('is named, with the nearest option, in the cases a user met', async () => {
    expect(await refused(['score', '--rules', 'babcock', '--flowers', H4])).toBe('mjlab: unknown option --flowers (see --help)');
    expect(await refused(['score', '--rules', 'harr', '--jsn', H4])).toBe('mjlab: unknown option --jsn; did you mean --json? (see --help)');
    expect(await refused(['sprt', 'harr', 'greedy', '--rules', 'harr', '--delt', '5'])).toBe('mjlab: unknown option --delt; did you mean --delta? (see --help)');
  });

  it.each(commands.map((c) => [String(c.command).split(' ')[0]!, c] as const))('mjlab %s: first, last, and misspelt', async (name, c) => {
    expect(await refused([name, '--bogus-option', 'x'])).toBe('mjlab: unknown option --bogus-option (see --help)');
    expect(await refused([name, 'x', '--bogus-option'])).toBe('mjlab: unknown option --bogus-option (see --help)');
    // Each of its options with one letter doubled: one edit from it, so it is the option named.
    for (const o of optionsOf(c)) {
      const typo = `${o.slice(0, 2)}${o[1]}${o.slice(2)}`;
      const line = await refused([name, `--${typo}`, '1']);
      expect(line).toMatch(new RegExp(`^mjlab: unknown option --${typo}; did you mean --[a-z-]+\\? \\(see --help\\)$`));
      if (!optionsOf(c).some((k) => k !== o && k.startsWith(typo.slice(0, 3)))) expect(line).toContain(`did you mean --${o}?`);
    }
  });
});
