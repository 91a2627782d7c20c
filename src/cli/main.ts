/**
 * `mjlab` entry point. Every user error (UserError) is printed as one line and exits with status 2, without a
 * stack trace (developers' guide, "Bad input"); anything else is a bug and keeps its stack.
 */
import yargs, { type CommandModule } from 'yargs';
import { UserError } from '../errors.js';
import { commands } from './commands/index.js';

export async function main(argv: string[]): Promise<void> {
  let parser = yargs(argv)
    .scriptName('mjlab')
    .usage('$0 <command> [options]')
    .strict()
    .demandCommand(1, 'name a command (see --help)')
    .help()
    .version(false)
    .wrap(Math.min(110, process.stdout.columns || 110))
    .fail((msg, err) => {
      if (err) throw err;
      throw new UserError(msg.split('\n')[0] ?? 'bad command line');
    });
  for (const c of commands) parser = parser.command(c as CommandModule);
  try {
    await parser.parseAsync();
  } catch (e) {
    if (e instanceof UserError) {
      process.stderr.write(`mjlab: ${e.message.split('\n')[0]}\n`);
      process.exitCode = 2;
      return;
    }
    throw e;
  }
}
