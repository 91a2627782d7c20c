/**
 * `mjlab` entry point. Every user error (UserError) is printed as one line and exits with status 2, without a
 * stack trace (README.md, "Commands"); anything else is a bug and keeps its stack. The checks every
 * command shares (an option given twice, numbers, yargs' own messages) are in args.ts.
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../errors.js';
import { printable } from '../text.js';
import { gitState, packageVersion } from '../io/manifest.js';
import type { OptionTable } from './args.js';
import type { LabLoader } from '../experiments/experiment.js';

/** What mjlab's middleware uses of the yargs instance it is called with (not in yargs' published types). */
interface Parser {
  getOptions(): OptionTable;
  getInternalMethods(): { getUsageInstance(): { cacheHelpMessage: () => void } };
}

/** `mjlab --version`: the package version and the commit it runs from (modified when the tree has changes). */
export function versionText(): string {
  const git = gitState();
  const at = git.commit === 'unknown' ? '' : ` (commit ${git.commit}${git.dirty ? ', modified' : ''})`;
  return `mjlab ${packageVersion()}${at}`;
}

/**
 * Runs the command line `argv`. `lab` loads the experiments `mjlab experiment` runs (experiments/index.ts, which the
 * library does not import: bin/mjlab.js, the program, hands it in).
 */
export async function main(argv: string[], lab: LabLoader): Promise<void> {
  if (argv.length === 1 && argv[0] === '--version') {
    process.stdout.write(`${versionText()}\n`);
    return;
  }
  // Loaded here, not at the top: --version needs neither (docs/performance.md, "A command's start"), and each command's module loads only
  // its options; what it runs is imported when it runs.
  const [{ default: yargs }, { checkArgs, failMessage, unknownOption }, { commands }] = await Promise.all([
    import('yargs'), import('./args.js'), import('./commands/index.js'),
  ]);
  let parser = yargs(argv)
    .scriptName('mjlab')
    // yargs' own messages in English whatever the environment's locale: failMessage (args.ts) reads them in English,
    // and every other line mjlab prints is English (under LANG=de_DE an unknown option came out as yargs' German).
    .locale('en')
    .usage('$0 <command> [options]')
    .strict()
    .demandCommand(1, 'name a command (see --help)')
    .help()
    .version(false)
    .option('version', { type: 'boolean', global: false, describe: 'print the version and the git commit, then exit' })
    .wrap(Math.min(110, process.stdout.columns || 110))
    // yargs calls middleware with the parsed arguments and itself (whose options are then the command's).
    .middleware(((args: Record<string, unknown>, y: Parser) => {
      // yargs renders the command's whole help after its handler starts, to cache it for a later showHelp that
      // mjlab never makes: 60 ms of every command's CPU (a profile of `simulate --games 4`). Help asked for with
      // --help is rendered as before, when asked.
      y.getInternalMethods().getUsageInstance().cacheHelpMessage = () => {};
      checkArgs(argv, args, y.getOptions());
    }) as never, true)
    .fail((msg, err) => {
      if (err) throw err;
      // A misspelt option is what went wrong, whatever yargs met first (a positional it then took as the option's
      // value): the command's options, from its builder on a parser of their own.
      const name = argv.find((t) => !t.startsWith('-'));
      const command = commands(lab).find((c) => String(c.command).split(' ')[0] === name);
      let unknown: string | null = null;
      if (command && typeof command.builder === 'function') {
        const own = yargs([]).locale('en').help().version(false).option('version', { type: 'boolean' });
        (command.builder as (y: unknown) => unknown)(own);
        unknown = unknownOption(argv, (own as unknown as Parser).getOptions());
      }
      throw new UserError(unknown ?? failMessage(msg ?? '', argv));
    });
  for (const c of commands(lab)) parser = parser.command(c as CommandModule);
  try {
    await parser.parseAsync();
  } catch (e) {
    if (e instanceof UserError) {
      // The message may quote a record, a preset or a plug-in: its control characters are shown, not obeyed.
      process.stderr.write(`mjlab: ${printable(e.message.split('\n')[0] ?? '')}\n`);
      process.exitCode = 2;
      return;
    }
    // Loaded here, on a failure only: --version and --help load main.js and what it imports, nothing more.
    const { IoFailure } = await import('../io/files.js');
    if (e instanceof IoFailure) {
      // A full disk or an unwritable file met where no command said more: one line all the same. Every file is
      // written beside its name and renamed into place, so what was there before is whole.
      process.stderr.write(`mjlab: cannot write ${printable(e.path)}: ${e.reason}; the files already written are whole: free space (or fix the path) and run the command again (with --resume where it takes one)\n`);
      process.exitCode = 2;
      return;
    }
    throw e;
  }
}
