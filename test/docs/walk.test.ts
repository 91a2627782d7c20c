/**
 * A new user's walk through the README and docs, command by command, on a clean clone (docs/outputs.md, "Where
 * outputs go"): every shell block's commands, in the order the pages give them, run as printed from the clone's
 * root; none may fail, and `git status` stays clean after each (nothing committed touched, nothing left where git
 * sees it). A command still running after BUDGET seconds is stopped with SIGTERM, as a user's Ctrl-C would, and
 * counts as running as printed if it had not refused (what a refusal is: a line `mjlab: ...` other than the
 * interruption's); the few whose outputs later commands read are given the time to finish, and the two long ones
 * of those a smaller size (SMALLER, each checked to be a command the docs print). Not run: npm's own commands
 * (the clone borrows this checkout's build), scheduler scripts (Slurm, Kubernetes) and blocks that are not `sh`.
 * mjlab play's saved game, which a person makes, is stood in for by the same table's replay record, and the bot
 * the README and docs/protocol.md ask the reader to save as mybot.py by the README's own Python block.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fencedBlocks, ROOT } from '../support/doc.js';
import { describeWithTool, TOOLS_REQUIRED } from '../support/optional.js';
import { tempDir } from '../runner/helpers.js';

/** Seconds a command may run before it is stopped (as if by Ctrl-C). */
const BUDGET = 4;

/** Commands whose outputs a later command reads: they must finish (the time they are given). */
const FINISH: readonly { has: string; seconds: number }[] = [
  { has: 'node bin/mjlab.js simulate --games 400', seconds: 180 }, // the quick start, smaller: replay --run results/latest reads it
  { has: 'for i in 1 2 3 4; do', seconds: 180 }, // the shards merge reads
  { has: '--out results/tmp/run/single', seconds: 180 }, // the single run cmp compares the merge with
  { has: '--games 1000 --games-csv --out results/tmp/try', seconds: 180 }, // replay --run results/tmp/try reads it
  { has: 'tune --rules babcock --strategy harr', seconds: 180 }, // the simulate of its best.json reads it
  { has: '--out results/tmp/export-try', seconds: 180 }, // mjlab export --run results/tmp/export-try reads it
  { has: '--out results/tmp/league-mybot', seconds: 180 }, // the same league again (README, then docs/protocol.md)
];

/** The long commands of those, run smaller: [the command as printed (its start), [option, printed value, value run]...]. */
const SMALLER: readonly { starts: string; exact?: boolean; options: readonly [string, string, string][] }[] = [
  { starts: 'node bin/mjlab.js simulate', exact: true, options: [['--games', '(default 100000)', '400']] },
  { starts: 'node bin/mjlab.js tune --rules babcock --strategy harr', options: [['--generations', '15', '1'], ['--games', '4000', '40']] },
];

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'results')).sort().flatMap((d) => [`results/${d}/README.md`, ...(existsSync(join(ROOT, 'results', d)) && !d.includes('.')
    ? readdirSync(join(ROOT, 'results', d)).sort().map((e) => `results/${d}/${e}/README.md`) : [])]).filter((f) => existsSync(join(ROOT, f))),
];

/** A command of a page, with the refusal the page quotes it printing (docs/notation.md's), if any. */
interface Unit { readonly command: string; readonly refusal?: string }

/** A shell block's commands to run: continuation lines joined, a for loop as one, `$ ` dropped, npm and comments left out. */
function unitsOf(text: string): Unit[] {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.replace(/^\$ /, '').replace(/\s+#.*$/, '').trim());
  const units: Unit[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^for .*; do$/.test(l)) {
      const end = lines.indexOf('done', i);
      units.push({ command: lines.slice(i, end + 1).join('\n') });
      i = end;
    } else if (/^(nice -n \d+ )?node bin\/mjlab\.js /.test(l) || /^cmp /.test(l)) {
      // A command quoted with the refusal it prints (docs/notation.md) is run for that refusal.
      units.push(lines[i + 1]?.startsWith('mjlab: ') ? { command: l, refusal: lines[i + 1]! } : { command: l });
    }
    else if (/^npm ci && node bin\/mjlab\.js /.test(l)) units.push({ command: l.replace(/^npm ci && /, '') });
  }
  return units;
}

const WALK = DOCS.flatMap((file) => fencedBlocks(file)
  .filter((b) => b.info === 'sh' && !/#SBATCH|^exec node/m.test(b.text))
  .flatMap((b) => unitsOf(b.text).map((u) => ({ file, ...u }))));

/** The command as the walk runs it: the printed one, smaller where SMALLER says. */
function asRun(command: string): string {
  for (const s of SMALLER) {
    if (s.exact ? command !== s.starts : !command.startsWith(s.starts)) continue;
    let c = command;
    for (const [opt, printed, small] of s.options) {
      c = c.includes(`${opt} ${printed}`) ? c.replace(`${opt} ${printed}`, `${opt} ${small}`) : `${c} ${opt} ${small}`;
    }
    return c;
  }
  return command;
}

const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
const MISSING = git.status === 0 ? null : 'the project is not a git checkout';

describeWithTool("the README's and docs' commands on a clean clone", MISSING, 'run the tests in a git clone of the project', () => {
  let tmp: string;
  let clone: string;
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...(process.env.HOME ? { HOME: process.env.HOME } : {}), BROWSER: 'true' };

  beforeAll(() => {
    tmp = tempDir('walk');
    clone = join(tmp, 'mahjong-lab');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
    execFileSync('git', ['checkout', '--quiet', '--detach', git.stdout.trim()], { cwd: clone });
    // This checkout's build and modules, as npm ci would make them: dist/ copied (ignored by git), node_modules
    // found by Node's lookup in the clone's parent, outside the clone.
    cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'node_modules'));
    // The game a person plays with `mjlab play --seed 12` (docs/play.md), stood in for by the same table's record.
    mkdirSync(join(clone, 'results', 'play'), { recursive: true });
    const record = execFileSync(process.execPath, ['bin/mjlab.js', 'replay', '--rules', 'harr', '--strategies', 'harr,harr,harr,harr', '--seed', '12', '--game', '0', '--json'], { cwd: clone });
    writeFileSync(join(clone, 'results', 'play', 'harr-seed12-game0.json'), record);
    // The bot the reader saves as mybot.py (README, "Your bot in any language"): a file of the reader's, so git is
    // told to ignore it in this clone alone.
    const bot = /saved as `mybot.py`[^]*?```python\n([^]*?)```/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    if (!bot) throw new Error('README.md: no Python block after "saved as `mybot.py`"');
    writeFileSync(join(clone, 'mybot.py'), bot[1]!);
    appendFileSync(join(clone, '.git', 'info', 'exclude'), '/mybot.py\n');
  });

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  function run(command: string, seconds: number): Promise<{ status: number | null; signal: string | null; err: string; stopped: boolean }> {
    return new Promise((done) => {
      const child = spawn('sh', ['-c', command], { cwd: clone, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      let stopped = false;
      child.stderr.on('data', (d) => (err += String(d)));
      const group = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // already gone
        }
      };
      let hard: NodeJS.Timeout | undefined;
      const stop = setTimeout(() => {
        stopped = true;
        group('SIGTERM');
        hard = setTimeout(() => group('SIGKILL'), 20_000);
      }, seconds * 1000);
      // A stopped command's shell ends at once, but mjlab may still be writing its checkpoint: wait until the whole
      // process group is gone (SIGKILL after 20 s still applies) before the scratch it wrote is cleared.
      const alive = () => {
        try {
          process.kill(-child.pid!, 0);
          return true;
        } catch {
          return false;
        }
      };
      child.on('exit', (status, signal) => {
        clearTimeout(stop);
        const finish = () => {
          if (stopped && alive()) return void setTimeout(finish, 100);
          clearTimeout(hard);
          done({ status, signal, err, stopped });
        };
        finish();
      });
    });
  }

  it('are many, and the smaller sizes are of commands the docs print', () => {
    expect(WALK.length).toBeGreaterThan(40);
    for (const s of SMALLER) expect(WALK.some((w) => (s.exact ? w.command === s.starts : w.command.startsWith(s.starts))), s.starts).toBe(true);
    for (const f of FINISH) expect(WALK.some((w) => asRun(w.command).includes(f.has)), f.has).toBe(true);
  });

  it('run as printed, each leaving git status clean', { timeout: 1_800_000 }, async () => {
    // The docs' bot commands run python3 (README, "Your bot in any language"): without it they are skipped with a
    // line saying so, as the other tests that need a tool are (test/support/optional.ts), unless CI requires them.
    const noPython = !TOOLS_REQUIRED && spawnSync('python3', ['--version']).status !== 0;
    if (noPython) console.warn('SKIPPED the docs\' python3 bot commands in the walk: python3 is not on PATH; to run them: install python3 (apt-get install python3)');
    const failures: string[] = [];
    const seconds: [number, string][] = [];
    const scratch = join(clone, 'results', 'tmp');
    const inScratch = () => new Set(existsSync(scratch) ? readdirSync(scratch) : []);
    for (const { file, command, refusal } of WALK) {
      const c = asRun(command);
      if (noPython && /\bpython3\b/.test(c)) continue;
      const before = inScratch();
      const budget = FINISH.find((f) => c.includes(f.has))?.seconds ?? BUDGET;
      const t0 = performance.now();
      const r = await run(c, budget);
      seconds.push([(performance.now() - t0) / 1000, c]);
      // What a stopped command left in the scratch directory goes with it: the next command writing there starts
      // afresh, as after a user's Ctrl-C and a clean-up (its --resume is tested where resuming is).
      if (r.stopped) for (const e of inScratch()) if (!before.has(e)) rmSync(join(scratch, e), { recursive: true, force: true, maxRetries: 5 });
      // Stopped at the budget: it was running, not refused (a refusal is one line and exit 2, at once).
      if (r.stopped && budget > BUDGET) failures.push(`${file}: ${c}: did not finish in ${budget} s`);
      else if (refusal !== undefined) {
        if (r.status !== 2 || r.err.trim() !== refusal) failures.push(`${file}: ${c}: prints ${r.err.trim()} (exit ${r.status}), the page quotes ${refusal}`);
      } else if (!r.stopped && r.status !== 0) failures.push(`${file}: ${c}: exit ${r.status ?? r.signal}: ${r.err.trim().split('\n').slice(-2).join(' | ')}`);
      const status = execFileSync('git', ['status', '--porcelain'], { cwd: clone, encoding: 'utf8' });
      if (status !== '') failures.push(`${file}: ${c}: git status after it:\n${status}`);
      if (status !== '') execFileSync('sh', ['-c', 'git reset --hard -q && git clean -fdq'], { cwd: clone });
    }
    seconds.sort((a, b) => b[0] - a[0]);
    process.stdout.write(`walk: ${WALK.length} commands in ${seconds.reduce((a, [t]) => a + t, 0).toFixed(0)} s; longest: ${seconds.slice(0, 6).map(([t, c]) => `${t.toFixed(1)} s ${c.slice(0, 60)}`).join('; ')}\n`);
    expect(failures).toEqual([]);
  });
});
