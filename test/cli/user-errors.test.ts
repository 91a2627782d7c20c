// Every user error is one line and exit 2: an option repeated (for every option of every
// command, enumerated from the commands' --help), invalid choices naming the allowed values, unknown options,
// numbers outside the range doubles hold exactly, special or unwritable output paths, and scores, rounds and
// tiles the rule set cannot have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { BIN, mjlab, ROOT, tempDir } from '../runner/helpers.js';

const tmp = tempDir('errors');

function expectOneLine(r: { code: number; err: string; out: string }, pattern: RegExp): void {
  expect(r.code, r.err).toBe(2);
  const lines = r.err.trimEnd().split('\n');
  expect(lines, r.err).toHaveLength(1);
  expect(lines[0]).toMatch(/^mjlab: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.out).toBe('');
}

/** The commands, and each one's options with their type, as `mjlab --help` and `mjlab <command> --help` list them. */
function options(): { command: string; option: string; type: string }[] {
  const top = mjlab(['--help']).stdout;
  const names = [...top.matchAll(/^ {2}mjlab (\w+)/gm)].map((m) => m[1]!);
  expect(names.length).toBeGreaterThanOrEqual(6);
  return names.flatMap((command) => {
    const help = mjlab([command, '--help']).stdout;
    return [...help.matchAll(/^ {2}--([\w-]+)\b.*?\[(boolean|string|number|array)\]/gm)]
      .map((m) => ({ command, option: m[1]!, type: m[2]! }))
      .filter((o) => o.option !== 'help');
  });
}

describe('an option given twice is one line and exit 2, for every option of every command', () => {
  const all = options();
  it('lists a good number of options', () => expect(all.length).toBeGreaterThan(40));
  // The commands' positional arguments, so that only the repeated option is wrong.
  const positional: Record<string, string[]> = { score: ['11m'], merge: [tmp], sprt: ['greedy', 'harr'] };
  it.each(all)('mjlab $command --$option twice', async ({ command, option, type }) => {
    const once = type === 'boolean' ? [`--${option}`] : [`--${option}`, type === 'number' ? '3' : 'E'];
    expectOneLine(await runCli([command, ...(positional[command] ?? []), ...once, ...once]), new RegExp(`--${option} is given 2 times; give it once`));
  });
  it('also when spelt differently: --games-csv and --gamesCsv, --progress and --no-progress', async () => {
    expectOneLine(await runCli(['simulate', '--games-csv', '--gamesCsv']), /--games-csv is given 2 times/);
    expectOneLine(await runCli(['simulate', '--no-progress', '--progress']), /--progress is given 2 times/);
    expectOneLine(await runCli(['simulate', '--games=5', '--games', '6']), /--games is given 2 times/);
  });
});

describe('choices, unknown options, numbers', () => {
  it.each([
    [['simulate', '--players', '5'], /--players 5 is not allowed: choose one of 2, 3, 4/],
    [['simulate', '--unit', 'round'], /--unit round is not allowed: choose one of hand, match/],
    [['simulate', '--gamez', '10'], /unknown option --gamez/],
    [['experiment', 'defender-draws', '--forse'], /unknown option --forse/],
    [['score', '--rules', 'harr', '66p', 'extra'], /unexpected argument "extra"/],
    [['score', '--rules', 'harr'], /missing argument: mjlab score takes at least 1 \(see mjlab score --help\)/],
    [['simulate', '--games', '9007199254740993'], /--games 9007199254740993 is outside the range held exactly/],
    [['simulate', '--seed', '1e300'], /--seed 1e300 is outside the range held exactly/],
    [['simulate', '--games', 'many'], /--games must be a number, got "many"/],
    [['experiment', 'defender-draws', '--games', '1e17'], /--games 1e17 is outside the range held exactly/],
    [['replay', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '1', '--game', '9007199254740993'], /--game 9007199254740993 is outside/],
    [['score', '--rules', 'harr', '--limit', '1e20', '66p 77m [222s] [777z] [333m] +6p'], /--limit 1e20 is outside the range held exactly/],
    [['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'E=10,S=9007199254740993,W=300,N=4'], /S=9007199254740993 is too large to settle exactly/],
  ])('%j', async (args, pattern) => {
    expectOneLine(await runCli(args), pattern);
  });
});

describe('the messages are English under any locale', () => {
  // yargs translates its own messages by the environment's locale, and failMessage reads them in English: under a
  // German or French locale they came out as yargs wrote them ("Unbekanntes Argument: bogus") instead of mjlab's line.
  it.each([
    [{ LANG: 'de_DE.UTF-8' }, ['simulate', '--bogus'], /^mjlab: unknown option --bogus \(see --help\)$/],
    [{ LC_ALL: 'fr_FR.UTF-8' }, ['score'], /^mjlab: missing argument: mjlab score takes at least 1 \(see mjlab score --help\)$/],
    [{ LANGUAGE: 'ja', LANG: 'ja_JP.UTF-8' }, ['simulate', '--players', '5'], /^mjlab: --players 5 is not allowed: choose one of 2, 3, 4$/],
  ])('%j %j', (env, args, pattern) => {
    const r = mjlab(args, { env });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trimEnd()).toMatch(pattern);
  });
  it('and so is the help', () => {
    const help = mjlab(['score', '--help'], { env: { LC_ALL: 'de_DE.UTF-8' } });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Options:$/m);
    expect(help.stdout).toContain('[boolean]');
  });
});

describe('scores, rounds and tiles the rule set cannot have', () => {
  const EX4 = '66p 77m [222s] [777z] [333m] +6p';
  it.each([
    [['score', '--rules', 'harr', '--round', 'Q', EX4], /--round must be one of E, S, W, N \(got "Q"\)/],
    [['score', '--rules', 'harr', '--round', 'S', EX4], /harr has no prevailing \(round\) wind/],
    [['score', '--rules', 'babcock', '66p 77m [222s] [777z] [333m] 1f +6p'], /babcock is played without flowers and seasons: 1f/],
    [['settle', '--rules', 'babcock', '--winner', 'S', '--scores', 'E=10,S=2,W=300,N=4'], /the winner S scored 2, but a babcock Mah-Jongg hand scores at least 20/],
    [['settle', '--rules', 'babcock', '--winner', 'S', '--scores', 'E=10,S=40,W=302,N=4'], /W=302 is above the limit of 300/],
    [['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'E=11,S=30,W=4,N=4'], /E=11 is odd/],
  ])('%j', async (args, pattern) => {
    expectOneLine(await runCli(args), pattern);
  });
  it('what the books can have still settles: harr-limit at its limit, a first-turn half limit, a winner at the limit', async () => {
    for (const scores of ['E=300,S=150,W=0,N=2', 'E=0,S=300,W=300,N=300']) {
      const r = await runCli(['settle', '--rules', 'harr-limit', '--winner', 'S', '--scores', scores]);
      expect(r.code, r.err).toBe(0);
    }
  });
});

describe('output paths', () => {
  const SIM = ['simulate', '--strategies', 'random,random,random,random', '--games', '10', '--workers', '1', '--no-progress'];
  const capped = (args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
    expect(r.signal, 'the command spun and was killed by the test').toBeNull();
    return { code: r.status ?? -1, err: r.stderr, out: r.stdout };
  };
  it('a path under /proc is refused at once (Node\'s recursive mkdir spins there)', () => {
    expectOneLine(capped([...SIM, '--out', '/proc/mjlab-x']), /cannot write to output directory \/proc\/mjlab-x: \/proc is a pseudo file system/);
  });
  it('a file, or a path under a file', () => {
    const file = join(tmp, 'file');
    writeFileSync(file, 'x');
    expectOneLine(capped([...SIM, '--out', file]), /it is a file, not a directory/);
    expectOneLine(capped([...SIM, '--out', join(file, 'sub')]), /cannot write to output directory .*file is a file, not a directory/);
  });

  // A read-only directory: for root (whom permissions do not stop) a read-only tmpfs, for anyone else chmod. Made
  // in beforeAll, not as the file is collected: a run filtered to other tests skips this block's afterAll, and left
  // the tmpfs mounted under the run's temporary root.
  const ro = join(tmp, 'ro');
  let readOnly = false;
  beforeAll(() => {
    mkdirSync(ro);
    try {
      if (process.getuid?.() === 0) execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', ro], { stdio: 'ignore' });
      else execFileSync('chmod', ['555', ro]);
      readOnly = true;
    } catch {
      process.stdout.write('user-errors.test: cannot make a read-only directory here; that case is skipped\n');
    }
  });
  afterAll(() => {
    if (readOnly && process.getuid?.() === 0) execFileSync('umount', [ro]);
  });
  it('a read-only directory', (ctx) => {
    if (!readOnly) ctx.skip();
    expectOneLine(capped([...SIM, '--out', join(ro, 'run')]), /cannot write to output directory .*ro\/run: creating .*\((EROFS|EACCES)\)/);
    expectOneLine(capped([...SIM, '--out', ro]), /cannot write .*ro\/\.mjlab-output\.json.*\((EROFS|EACCES)\)/);
  });
});
