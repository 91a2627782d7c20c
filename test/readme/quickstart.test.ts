/**
 * The README's quick start on a fresh clone: its two commands, read from the README itself,
 * run in a clone of the committed tree with an environment holding only PATH and HOME, as on a machine that has
 * only Node. `npm ci` (from npm's cache where it can) and the main job, small; then the test command on the one
 * test file that needs a browser, on a machine without chromium: it passes, saying the browser test was skipped
 * and how to enable it, and it fails when MJLAB_E2E=1 requires the browser.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../support/doc.js';
import { describeWithTool } from '../support/optional.js';
import { parseCsv, read, tempDir } from '../runner/helpers.js';

const GAMES = 400;

/** The quick start's commands: the first sh block after "## Quick start" of a README, comments dropped. */
function quickStart(readme: string): string[] {
  const md = readFileSync(readme, 'utf8');
  const section = md.slice(md.indexOf('## Quick start'));
  const block = /```sh\n([^]*?)```/.exec(section)![1]!;
  return block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);
}

/** A command of the quick start made small for the test: the same command with options that only save time. */
function small(cmd: string): string {
  if (cmd === 'npm ci') return 'npm ci --prefer-offline --no-audit --no-fund';
  if (cmd === 'node bin/mjlab.js simulate') return `node bin/mjlab.js simulate --games ${GAMES} --no-progress`;
  if (cmd === 'npm test') return 'npm test -- test/viewer/browser.test.ts';
  throw new Error(`the README's quick start has a command this test does not know: ${cmd}`);
}

const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
const MISSING = git.status === 0 ? null : 'the project is not a git checkout';

describeWithTool("the README's quick start on a fresh clone", MISSING, 'run the tests in a git clone of the project', () => {
  let tmp: string;
  let clone: string;
  const head = git.stdout.trim();
  /** Only Node and npm: no CI, no MJLAB_E2E, no npm_* of the outer `npm test`. */
  const bare = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...(process.env.HOME ? { HOME: process.env.HOME } : {}) };
  function sh(cmd: string, env: NodeJS.ProcessEnv = {}) {
    const r = spawnSync('sh', ['-c', cmd], { cwd: clone, env: { ...bare, ...env }, encoding: 'utf8', timeout: 540_000 });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  }

  beforeAll(() => {
    tmp = tempDir('quickstart');
    clone = join(tmp, 'mahjong-lab');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
    execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone });
  });

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('npm ci, the main job (small), and the test command without chromium', { timeout: 600_000 }, () => {
    const [install, test, ...more] = quickStart(join(clone, 'README.md'));
    expect(more).toEqual([]);
    expect(install!.split(' && ')).toEqual(['npm ci', 'node bin/mjlab.js simulate']);

    const outs: string[] = [];
    let built = 0;
    for (const cmd of install!.split(' && ')) {
      const r = sh(small(cmd));
      expect(r.status, `${cmd}:\n${r.out}`).toBe(0);
      outs.push(r.out);
      // The first run uses the build npm ci made: nothing compiled again (npx did a whole tsc).
      const main = join(clone, 'dist', 'src', 'cli', 'main.js');
      if (cmd === 'npm ci') built = statSync(main).mtimeMs;
      else expect(statSync(main).mtimeMs, 'dist/ was rebuilt by the first run').toBe(built);
    }
    // The main job prints the leaderboard (README.md, "Quick start").
    expect(outs[1]).toMatch(/^400 hands \(400 games\) in .* → results\/latest\n\nLeaderboard \(harr, 400 hands, seed 1\)/);
    // The main job: the four Harr strategies, seed 1, in results/latest, from this very commit.
    const latest = join(clone, 'results', 'latest');
    const rows = parseCsv(read(latest, 'summary.csv'));
    expect(rows.map((r) => r.strategy)).toEqual(['chow-mixer', 'suit-hunter', 'defender', 'harr']);
    for (const r of rows) expect(Number(r.hands)).toBe(GAMES);
    const manifest = JSON.parse(read(latest, 'manifest.json')) as { commit: string; complete: boolean; identity: { rules: string; seed: number } };
    expect(manifest).toMatchObject({ commit: head, complete: true, identity: { rules: 'harr', seed: 1 } });
    expect(existsSync(join(clone, 'dist', 'src', 'cli', 'main.js'))).toBe(true);

    // The test command on a machine without chromium: the browser test is skipped, visibly, and the run passes.
    const noBrowser = { MJLAB_CHROMIUM: join(tmp, 'no-chromium') };
    const skipped = sh(small(test!), noBrowser);
    expect(skipped.status, skipped.out).toBe(0);
    expect(skipped.out).toMatch(/SKIPPED replay viewer in headless Chromium: .*no-chromium is missing; to run it: apt-get install chromium.*MJLAB_E2E=1 makes it required/);
    // ... and required, so failing, with MJLAB_E2E=1 (or CI) set.
    const required = sh(small(test!), { ...noBrowser, MJLAB_E2E: '1' });
    expect(required.status).not.toBe(0);
    expect(required.out).toMatch(/no-chromium is missing; .*\(required because MJLAB_E2E=1 is set\)/);
  });
});
