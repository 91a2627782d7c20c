/**
 * The reproduce lines of the committed results' READMEs (results/ * /README.md and one level below) run as printed
 * (README.md, "Experiments: what we found"): at their full size they take hours, so each is checked to parse as
 * mjlab would take it without being run: the command exists, every option it gives is one the command's --help
 * lists, and every name resolves (the rule set, each strategy, preset and plug-in file, the experiment, a script
 * of dist/ built from a source file of the checkout). Lines are taken from code blocks, fenced or indented, and
 * from inline code on one line. test/docs/walk.test.ts runs the fenced shell blocks' mjlab lines for a few seconds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../../src/rules/index.js';
import { resolveStrategy } from '../../src/lineup/registry.js';
import { BIN, ROOT } from '../runner/helpers.js';

/** Every results README, as a path relative to the checkout. */
const READMES = readdirSync(join(ROOT, 'results')).sort().flatMap((d) => {
  const dir = join(ROOT, 'results', d);
  if (!statSync(dir).isDirectory()) return [];
  return [`results/${d}/README.md`, ...readdirSync(dir).sort().map((e) => `results/${d}/${e}/README.md`)];
}).filter((f) => existsSync(join(ROOT, f)));

/** The command lines of a Markdown text: in code blocks (continuations joined), and inline code on one line. */
function commandLines(md: string): string[] {
  const out = new Set<string>();
  const start = /^(?:npm run build && |nice -n \d+ )?(node (?:bin\/mjlab\.js|dist\/)\S*.*)$/;
  const text = md.replace(/\\\n\s*/g, ' ');
  for (const raw of text.split('\n')) {
    const m = start.exec(raw.trim());
    if (m) out.add(m[1]!.replace(/\s+#.*$/, '').replace(/\s*>\s*\S+$/, '').trim());
  }
  for (const m of md.matchAll(/`((?:npm run build && |nice -n \d+ )?node (?:bin\/mjlab\.js|dist\/)[^`\n]*)`/g)) {
    out.add(m[1]!.replace(/^(npm run build && |nice -n \d+ )/, '').replace(/\s*>\s*\S+$/, '').trim());
  }
  return [...out];
}

/** A command line's words as sh splits them (single and double quotes). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!);
}

const helps = new Map<string, string>();
function help(sub: string): string {
  if (!helps.has(sub)) {
    const r = spawnSync(process.execPath, [BIN, sub, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, `mjlab ${sub} --help: ${r.stderr}`).toBe(0);
    helps.set(sub, r.stdout);
  }
  return helps.get(sub)!;
}

/** The options that name a strategy or a lineup, and the positionals that do (sprt's A and B). */
const LINEUP_OPTIONS = new Set(['--strategies', '--strategy', '--against', '--teacher', '--field']);

/** What is wrong with the line, or nothing: the command, its options, and the names it gives. */
async function problems(line: string): Promise<string[]> {
  const [node, script, ...rest] = words(line);
  if (node !== 'node') return [`not run with node: ${line}`];
  if (script!.startsWith('dist/')) {
    // A script of the build: the compiled file of a source file of the checkout.
    const src = script!.replace(/^dist\//, '').replace(/\.js$/, '.ts');
    return existsSync(join(ROOT, src)) ? [] : [`${script} is built from no source file (${src})`];
  }
  const [sub, ...args] = rest;
  const h = help(sub!);
  const out: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const opt = /^--(?:no-)?([a-z][\w-]*)(?:=(.*))?$/.exec(a);
    if (!opt) {
      positionals.push(a);
      continue;
    }
    if (!new RegExp(`^\\s+--${opt[1]}\\b`, 'm').test(h)) out.push(`mjlab ${sub} has no --${opt[1]}`);
    const takesValue = !new RegExp(`^\\s+--${opt[1]}\\b.*\\[boolean\\]`, 'm').test(h.replace(/\n\s{20,}/g, ' '));
    const value = opt[2] ?? (takesValue ? args[++i] : undefined);
    if (value === undefined) continue;
    if (opt[1] === 'rules') {
      try {
        ruleSet(value);
      } catch (e) {
        out.push(`--rules ${value}: ${(e as Error).message}`);
      }
    }
    if (LINEUP_OPTIONS.has(`--${opt[1]}`)) for (const entry of value.split(',')) out.push(...(await strategyProblem(entry)));
  }
  if (sub === 'experiment') {
    const list = spawnSync(process.execPath, [BIN, 'experiment', '--list'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n').filter((l) => /^\S/.test(l));
    if (!list.includes(positionals[0] ?? '')) out.push(`no experiment "${positionals[0]}" (mjlab experiment --list)`);
  }
  if (sub === 'sprt') for (const entry of positionals) out.push(...(await strategyProblem(entry)));
  return out;
}

async function strategyProblem(entry: string): Promise<string[]> {
  try {
    await resolveStrategy(entry);
    return [];
  } catch (e) {
    return [`strategy "${entry}": ${(e as Error).message}`];
  }
}

describe("the committed results' reproduce lines", () => {
  const lines = READMES.flatMap((f) => commandLines(readFileSync(join(ROOT, f), 'utf8')).map((line) => ({ file: f, line })));

  it('are found in every results README that has a command', () => {
    expect(READMES.length).toBeGreaterThan(15);
    expect(new Set(lines.map((l) => l.file)).size).toBeGreaterThan(12);
    expect(lines.some((l) => l.line.startsWith('node dist/'))).toBe(true);
  });

  it('parse as mjlab takes them: known commands and options, names that resolve', { timeout: 300_000 }, async () => {
    const found: string[] = [];
    for (const { file, line } of lines) for (const p of await problems(line)) found.push(`${file}: ${p}`);
    process.stdout.write(`committed reproduce lines: ${lines.length} in ${new Set(lines.map((l) => l.file)).size} READMEs\n${lines.map((l) => `  ${l.file}: ${l.line.slice(0, 110)}`).join('\n')}\n`);
    expect(found).toEqual([]);
  });

  it('a line with a misspelt option, an unknown strategy or rule set, or a missing script is caught', async () => {
    expect(await problems('node bin/mjlab.js experiment defender-draws --gmes 400 --seed 1')).toEqual(['mjlab experiment has no --gmes']);
    expect(await problems('node bin/mjlab.js experiment defender-drawz --games 400')).toHaveLength(1);
    expect(await problems('node bin/mjlab.js league --rules harr --strategies random,grede --games 200')).toHaveLength(1);
    expect(await problems('node bin/mjlab.js simulate --rules har --games 200')).toHaveLength(1);
    expect(await problems('node bin/mjlab.js league --rules harr --strategies results/league/presets/nope.json,harr')).toHaveLength(1);
    expect(await problems('node dist/experiments/nope/nope.js 400')).toHaveLength(1);
  });
});
