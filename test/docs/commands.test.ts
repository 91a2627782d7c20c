/**
 * Docs that stay true and commands that run as printed. Every `node bin/mjlab.js` line of
 * README.md, docs/ and the experiments' READMEs is collected: a line quoted with its output (`$ command` and the
 * lines after it) is run from the repository root and must print exactly that (`...` standing for a shortened part);
 * every other one must name a command and options the CLI has (its `--help` is run, and each option the line
 * gives must be one that help lists). No line may use another way to run mjlab (`npx mjlab`, a bare `mjlab`).
 * docs/notation.md's errors table is compared with what the program prints for each kind of bad input.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../../src/text.js';
import { commandLine } from '../../src/io/manifest.js';
import { replayCommand } from '../../src/runner/failure.js';
import { reproduceCommand } from '../../src/experiments/run.js';
import { EXPERIMENTS } from '../../experiments/index.js';
import { ROOT, fencedBlocks } from '../support/doc.js';
import { mjlabIn } from '../helpers/cli.js';

/** A command line's words as sh splits them (single and double quotes). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!);
}

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'results')).filter((d) => existsSync(join(ROOT, 'results', d, 'README.md'))).map((d) => `results/${d}/README.md`),
];

interface Quoted { file: string; command: string; output: string[] | null }

/** Every mjlab command line of the file's fenced blocks, continuation lines joined; with its quoted output after `$ `. */
function commandsOf(file: string): Quoted[] {
  const out: Quoted[] = [];
  for (const b of fencedBlocks(file)) {
    const lines = b.text.replace(/\\\n\s*/g, ' ').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      const m = /^(\$ )?(?:exec )?(node bin\/mjlab\.js .*)$/.exec(l.trim());
      if (!m) continue;
      const command = m[2]!.replace(/\s+#.*$/, '').trim();
      let output: string[] | null = null;
      if (m[1]) {
        output = [];
        for (let j = i + 1; j < lines.length && !lines[j]!.startsWith('$ ') && lines[j] !== ''; j++) output.push(lines[j]!);
      }
      out.push({ file, command, output });
    }
  }
  return out;
}

const ALL = DOCS.flatMap(commandsOf);

/** A command line run as printed: `node bin/mjlab.js` in its own process, from the repository root. */
function run(args: string[]): { status: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/**
 * The same CLI in-process (test/helpers/cli.ts), for what depends on the command's code and not on how it was
 * started: its refusals. A process of its own costs about 0.2 s of CPU, and the errors table needs 31. (Not --help:
 * yargs exits the process after printing it.)
 */
async function runIn(args: string[]): Promise<{ status: number | null; out: string; err: string }> {
  const r = await mjlabIn(args, { cwd: ROOT });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const helpCache = new Map<string, string>();
function help(sub: string): string {
  if (!helpCache.has(sub)) {
    const r = run([sub, '--help']);
    expect(r.status, `${sub} --help: ${r.err}`).toBe(0);
    helpCache.set(sub, r.out);
  }
  return helpCache.get(sub)!;
}

/** The line names a real subcommand and only options its --help lists. */
function checkAgainstHelp(command: string): void {
  const [node, bin, sub, ...rest] = words(command);
  expect([node, bin]).toEqual(['node', 'bin/mjlab.js']);
  const h = help(sub!);
  for (const a of rest) {
    const opt = /^--(no-)?([a-z][\w-]*)/.exec(a);
    if (opt) expect(h, `${command}: ${sub} has no --${opt[2]}`).toMatch(new RegExp(`--${opt[1] ? '' : ''}${opt[2]}\\b`));
  }
}

describe('commands in README.md, docs/ and the experiments\' READMEs', () => {
  it('are collected, and none runs mjlab another way', () => {
    expect(ALL.length).toBeGreaterThan(30);
    for (const f of DOCS) {
      for (const b of fencedBlocks(f)) {
        for (const l of b.text.split('\n')) {
          // A synopsis (`mjlab score --rules RULES [--seat …]`) is not a command to run; anything else is.
          if (/\[--/.test(l)) continue;
          expect(l, `${f}: ${l}`).not.toMatch(/^\s*(\$ )?(npx mjlab|mjlab (simulate|merge|replay|play|score|settle|tune|experiment))\b/);
        }
      }
    }
  });

  it.each(ALL.filter((c) => c.output !== null).map((c) => [`${c.file}: ${c.command}`, c] as const))('%s prints what is quoted', (_n, c) => {
    const r = run(words(c.command).slice(2));
    const printed = `${r.out}${r.err}`.trimEnd().split('\n');
    expect(printed.length, printed.join('\n')).toBe(c.output!.length);
    c.output!.forEach((want, i) => {
      const re = new RegExp(`^${want.split('...').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      expect(printed[i]).toMatch(re);
    });
  });

  it.each(ALL.filter((c) => c.output === null).map((c) => [`${c.file}: ${c.command}`, c] as const))('%s names a command and options mjlab has', (_n, c) => {
    checkAgainstHelp(c.command);
  });
});

describe('commands the program prints', () => {
  it('start the way the quick start runs mjlab, and run as printed from the repository root', () => {
    expect(commandLine(['simulate', '--games', '8'])).toBe(`${CLI} simulate --games 8`);
    const replay = replayCommand({ rules: 'harr', strategies: 'random,random,random,random', seed: 1, players: 4, unit: 'hand', duplicate: false, flowers: false, limit: null }, 0);
    expect(replay.startsWith(`${CLI} replay `)).toBe(true);
    const r = run(words(replay).slice(2));
    expect(r.status, r.err).toBe(0);
    for (const e of EXPERIMENTS) checkAgainstHelp(reproduceCommand(e, e.games, e.seed));
    expect(execFileSync('sh', ['-c', `${CLI} --version`], { cwd: ROOT, encoding: 'utf8' })).toMatch(/^mjlab \d/);
  });
});

describe("docs/notation.md's errors table", () => {
  const H4 = '66p 77m [222s] [777z] [333m] +6p';
  const CASES: string[][] = [
    ['score', '--rules', 'nope', '1m'], ['score', '--rules', 'harr', '12x'], ['score', '--rules', 'harr', 'm'], ['score', '--rules', 'harr', '12'],
    ['score', '--rules', 'harr', '8z'], ['score', '--rules', 'harr', '[33m]'], ['score', '--rules', 'harr', '(123m)'], ['score', '--rules', 'harr', '[1f23m]'],
    ['score', '--rules', 'harr', '[123m'], ['score', '--rules', 'harr', '+6p +6p'], ['score', '--rules', 'harr', '+1f'], ['score', '--rules', 'harr', '+12m'],
    ['score', '--rules', 'harr', '66666p'], ['score', '--rules', 'harr', '1f1f'], ['score', '--rules', 'harr', '11122233344455m'], ['score', '--rules', 'harr', ''],
    ['score', '--rules', 'harr', '1112223334445m +7m'], ['score', '--rules', 'harr', '11122233344456m +7m'], ['score', '--rules', 'harr', '--seat', 'X', H4], ['score', '--rules', 'harr', '--win', 'x', H4], ['score', '--rules', 'harr-limit', '--round', 'X', H4],
    ['score', '--rules', 'harr', '--limit', '0', '1112223334445m +5m'],
    ['settle', '--rules', 'harr', '--winner', 'E', '--scores', 'E=-1'], ['settle', '--rules', 'harr', '--winner', 'E', '--scores', 'E=1,E=2'],
    ['settle', '--rules', 'harr', '--winner', 'E', '--scores', 'E=1'], ['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'S=1,W=2'],
    ['settle', '--rules', 'harr', '--winner', 'X', '--scores', 'E=1,S=2'], ['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'E=1,W=2'],
    ['score', '1m'], ['score', '--rules', 'harr', '--bogus', 'x', '1m'], ['score', '--rules', 'harr', '1m', '2m'],
  ];

  it('quotes messages the program prints, and each kind of bad input prints one the table quotes', async () => {
    const md = readFileSync(join(ROOT, 'docs/notation.md'), 'utf8');
    const table = md.slice(md.indexOf('## Errors'), md.indexOf('\n## ', md.indexOf('## Errors') + 5) >>> 0 || undefined);
    const quoted = [...table.matchAll(/^\|[^|]*\|(.*)\|$/gm)].slice(2).flatMap((m) => [...m[1]!.matchAll(/`([^`]+)`/g)].map((q) => q[1]!));
    expect(quoted.length).toBeGreaterThan(25);
    const printed: string[] = [];
    for (const c of CASES) {
      const r = await runIn(c);
      expect(r.status, c.join(' ')).toBe(2);
      expect(r.out).toBe('');
      printed.push(r.err.replace(/^mjlab: /, '').trimEnd());
    }
    // One of them as a user meets it, in a process of its own: the same line, exit status 2, no stack trace.
    const own = run(CASES[1]!);
    expect({ status: own.status, out: own.out, err: own.err.replace(/^mjlab: /, '').trimEnd() }).toEqual({ status: 2, out: '', err: printed[1] });
    // `…` stands for part of the input, "X" for a value the user gave.
    const pattern = (q: string) => new RegExp(`(^|: )${q.split(/…|X/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    // Fragments such as `a winning hand has 14` complete another message; every other quote is a whole message.
    for (const q of quoted) expect(printed.some((p) => pattern(q).test(p) || p.endsWith(q)), `the table quotes "${q}", which no bad input prints`).toBe(true);
    for (const p of printed) expect(quoted.some((q) => pattern(q).test(p) || p.endsWith(q)), `"${p}" is not in the table`).toBe(true);
  });
});
