// External bots at the table (docs/protocol.md): the example bots play in a run (the Python one skipped with a line
// where python3 is missing, required under CI); a Python bot that draws as `random` does gives the very games of the
// built-in; a deterministic bot's results do not depend on the worker count; a bot that crashes, answers garbage or an
// illegal action, hangs, or never starts stops the run with one line naming it and the decision, exit 2, and the
// command that resumes it; its command line and the SHA-256 of its file are in the run's identity.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mjlab, ROOT, tempDir } from '../runner/helpers.js';
import { describeWithTool } from '../support/optional.js';
import { sha256 } from '../../src/runner/checkpoint.js';

const tmp = tempDir('bots');
const FAULT = join(import.meta.dirname, 'fixtures', 'fault-bot.mjs');
const JS_BOT = 'examples/random-bot.mjs';
const PY_BOT = 'examples/random_bot.py';

function python(): string | null {
  const r = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? null : 'python3 is not installed';
}

/**
 * A bot's start counts against its first decision's limit (docs/protocol.md): on a loaded machine Python takes seconds
 * to start, so the runs that must not fault are given 60 s; the fault cases set their own.
 */
function simulate(out: string, lineup: string, extra: string[] = []) {
  const limit = extra.includes('--decision-timeout') ? [] : ['--decision-timeout', '60'];
  return mjlab(['simulate', '--strategies', lineup, '--out', join(tmp, out), '--no-progress', '--quiet', '--games-csv', ...limit, ...extra], { cwd: ROOT });
}

const read = (out: string, file: string) => readFileSync(join(tmp, out, file), 'utf8');

describeWithTool('a Python bot', python(), 'install python3 (apt-get install python3)', () => {
  it('mirroring random, gives the same games as the built-in, game by game, at any seat, in a match too', () => {
    for (const [i, extra] of [[0, ['--games', '40']], [2, ['--games', '2', '--unit', 'match', '--rules', 'babcock']]] as const) {
      const lineup = ['harr', 'chow-mixer', 'harr', 'suit-hunter'];
      const bot = [...lineup];
      lineup[i] = 'random';
      bot[i] = `cmd:${PY_BOT}`;
      const a = simulate(`py-mirror-${i}`, bot.join(','), [...extra, '--workers', '2']);
      expect(a.stderr).toBe('');
      expect(a.status).toBe(0);
      const b = simulate(`builtin-${i}`, lineup.join(','), [...extra, '--workers', '2']);
      expect(b.status).toBe(0);
      for (const f of ['games.csv', 'summary.csv', 'totals.csv']) {
        // The bot is shown by its script's base name (docs/strategies.md, "Labels").
        expect(read(`py-mirror-${i}`, f).replaceAll('random_bot.py', 'random'), f).toBe(read(`builtin-${i}`, f));
      }
    }
  });

  it('the command line and the bot file\'s SHA-256 are in the run\'s identity', () => {
    const m = JSON.parse(read('py-mirror-0', 'manifest.json')) as { identity: { strategies: string; plugins: Record<string, string> } };
    expect(m.identity.strategies).toContain(`cmd:${PY_BOT}`);
    expect(m.identity.plugins[PY_BOT]).toBe(sha256(readFileSync(join(ROOT, PY_BOT))));
  });

  it('the README\'s ten-line bot runs as printed', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Your bot in any language'));
    const code = /```python\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toBeDefined();
    expect(code!.trim().split('\n').length).toBeLessThanOrEqual(10);
    const file = join(tmp, 'readme_bot.py');
    writeFileSync(file, code!);
    const r = simulate('readme-bot', `cmd:python3 ${file},harr,harr,harr`, ['--games', '8']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('a JavaScript bot', () => {
  it('plays in a league', () => {
    const r = mjlab(['league', '--rules', 'harr', '--strategies', `cmd:node ${JS_BOT},random,harr`, '--games', '8', '--out', join(tmp, 'league'), '--no-progress', '--decision-timeout', '60'], { cwd: ROOT });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d\s+random-bot\.mjs\s/m);
  });

  it('a deterministic bot gives the same results with one worker and with three', () => {
    const lineup = `cmd:node ${JS_BOT},harr,random,chow-mixer`;
    expect(simulate('w1', lineup, ['--games', '30', '--workers', '1']).status).toBe(0);
    expect(simulate('w3', lineup, ['--games', '30', '--workers', '3']).status).toBe(0);
    for (const f of ['games.csv', 'summary.csv', 'totals.csv', 'score-distribution.csv']) expect(read('w3', f), f).toBe(read('w1', f));
  });
});

describe('a bot file', () => {
  it('names the command, its arguments and its working directory; its games are the JavaScript bot\'s, its files in the identity', () => {
    const file = join(tmp, 'js.bot.json');
    writeFileSync(file, JSON.stringify({ command: 'node', args: ['random-bot.mjs'], cwd: join(ROOT, 'examples') }));
    const a = simulate('bot-file', `${file},harr,random,harr`, ['--games', '12']);
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    const b = simulate('bot-file-builtin', 'random,harr,random,harr', ['--games', '12']);
    // Shown by the bot file's name without .bot.json.
    expect(read('bot-file', 'games.csv').replaceAll(',js,', ',random,')).toBe(read('bot-file-builtin', 'games.csv'));
    const plugins = (JSON.parse(read('bot-file', 'manifest.json')) as { identity: { plugins: Record<string, string> } }).identity.plugins;
    expect(Object.values(plugins).sort()).toEqual([sha256(readFileSync(file)), sha256(readFileSync(join(ROOT, JS_BOT)))].sort());
    expect(b.status).toBe(0);
  });

  it('one with an unknown field, or a working directory that is not one, is one line and exit 2', () => {
    for (const [body, said] of [[{ command: 'node', argz: [] }, /unknown field "argz"/], [{ command: 'node', cwd: 'no-such-dir' }, /its "cwd" no-such-dir is not a directory/]] as const) {
      const file = join(tmp, 'bad.bot.json');
      writeFileSync(file, JSON.stringify(body));
      const r = simulate('bad-bot-file', `${file},harr,harr,harr`, ['--games', '4']);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(said);
    }
  });
});

describe('a bot that misbehaves stops the run with one line naming it and the decision', () => {
  const cases = [
    ['crash', /at seat 0 threw: bot at decision 3 of the game \(\w+\): exited without answering; it wrote on standard error: Error: the fault bot crashed on purpose/],
    ['garbage', /threw: bot at decision 3 of the game \(\w+\): answered "this is not json", which is not JSON/],
    ['illegal', /returned an illegal action \{"type":"rob"\} in phase \w+/],
    ['hang', /took longer than 3 s over one decision/],
    ['silent-hello', /took longer than 3 s over create\(\)/],
    ['exit-at-start', /failed to create its agent at seat 0: bot at its hello: exited without answering; it wrote on standard error: this bot refuses to start/],
  ] as const;
  for (const [mode, said] of cases) {
    it(mode, () => {
      const entry = `cmd:node ${FAULT} ${mode}`;
      // The limit is lowered only where it is what the case is about: a bot's start counts against it, and Node
      // starts slowly on a loaded machine.
      const limit = ['--decision-timeout', mode === 'hang' || mode === 'silent-hello' ? '3' : '60'];
      const r = simulate(`fault-${mode}`, `${entry},harr,harr,harr`, ['--games', '8', '--workers', '2', ...limit]);
      expect(r.status).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`strategy "${entry}"`);
      expect(lines[0]).toMatch(said);
      // A bot's program may be fixed before going on: the line offers both choices (docs/protocol.md).
      expect(lines[0]).toMatch(/ --resume --accept-changed-plugin; or start afresh with: .* --out \S+fault-[\w-]+-2 /);
      expect(lines[0]).not.toMatch(/\n\s+at /);
    });
  }

  it('a command that does not exist: refused where the lineup is read, before --out is claimed', () => {
    const r = simulate('fault-missing', 'cmd:./no-such-bot,harr,harr,harr', ['--games', '4']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^mjlab: bot "cmd:\.\/no-such-bot": \.\/no-such-bot is not found or not executable$/);
    expect(existsSync(join(tmp, 'fault-missing'))).toBe(false);
  });
});
