// `replay` and the review hold plug-ins to simulate's contract (docs/strategies.md, "Writing your own strategy"): before, they ran them on the
// main thread with no decision limit and no guard, so the replay command simulate prints for a timed-out plug-in
// hung for ever, a Math.random plug-in replayed differently on every run, and process.exit(0) ended the command as
// a success. Now: one line naming the strategy, exit 2.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURES, ROOT, tempDir } from '../runner/helpers.js';

const tmp = tempDir('plugin-replay');
const fixture = (f: string): string => join(FIXTURES, f);

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL', env: { ...process.env, ...env } });
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function oneLine(r: ReturnType<typeof run>): string {
  expect(r.signal, 'the command hung and was killed by the test').toBeNull();
  expect(r.status, r.stderr + r.stdout.slice(0, 300)).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}

/** A record to review: a seeded game of built-ins. */
function record(): string {
  const r = run(['replay', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '2', '--game', '0', '--json']);
  expect(r.status).toBe(0);
  const file = join(tmp, 'game.json');
  writeFileSync(file, r.stdout);
  return file;
}

describe('replay holds a plug-in to the contract', () => {
  it('the replay command simulate prints for a timed-out plug-in ends with one line, exit 2', () => {
    const loop = fixture('loop.mjs');
    const sim = run([
      'simulate', '--strategies', `random,${loop},random,random`, '--games', '2000', '--seed', '4', '--workers', '1', '--no-progress',
      '--decision-timeout', '0.5', '--out', join(tmp, 'loop'),
    ]);
    const cmd = /replay: node bin\/mjlab\.js (replay [^;]*);/.exec(oneLine(sim))?.[1];
    expect(cmd).toMatch(/--decision-timeout 0\.5$/);
    const line = oneLine(run(cmd!.split(' ')));
    expect(line).toMatch(new RegExp(`^mjlab: strategy "${loop}" at seat \\d took longer than 0.5 s over one decision \\(seed 4, game \\d+\\); it was stopped`));
  });

  it('a plug-in calling Math.random is refused as simulate refuses it', () => {
    const bot = fixture('math-random.mjs');
    const line = oneLine(run(['replay', '--rules', 'harr', '--strategies', `${bot},random,random,random`, '--seed', '1', '--game', '0']));
    expect(line).toMatch(/math-random\.mjs" at seat \d threw: Math\.random is not allowed in a strategy: use init\.rng/);
  });

  it('a plug-in calling process.exit(0) ends the replay with one line, exit 2', () => {
    const bot = fixture('exit-first.mjs');
    const line = oneLine(run(['replay', '--rules', 'harr', '--strategies', `${bot},random,random,random`, '--seed', '1', '--game', '0']));
    expect(line).toMatch(new RegExp(`^mjlab: strategy "${bot}" at seat \\d called process\\.exit\\(0\\) during one decision \\(seed 1, game 0\\); it was stopped$`));
  });

  it('a plug-in that runs its thread out of memory ends the replay with one line, exit 2', () => {
    const bot = fixture('hog.mjs');
    // The main thread's heap is capped too: before, the plug-in ran there, and died with it.
    const env = { MJLAB_WORKER_MEMORY_MB: '64', NODE_OPTIONS: '--max-old-space-size=256' };
    // A generous limit: on a loaded machine the allocation may take longer than the default 5 s to fail.
    const line = oneLine(run(['replay', '--rules', 'harr', '--strategies', `${bot},random,random,random`, '--seed', '1', '--game', '0', '--decision-timeout', '60'], env));
    expect(line).toMatch(new RegExp(`^mjlab: strategy "${bot}" at seat \\d ran out of memory during one decision \\(seed 1, game 0\\); it was stopped$`));
  });
});

describe('the review (replay --record F --seat S --strategy X) holds a plug-in to the contract', () => {
  it('a looping plug-in is stopped at the limit: one line, exit 2', () => {
    const bot = fixture('loop-first.mjs');
    const line = oneLine(run(['replay', '--record', record(), '--seat', '1', '--strategy', bot, '--decision-timeout', '0.5']));
    expect(line).toMatch(new RegExp(`^mjlab: strategy "${bot}" at seat 1 took longer than 0.5 s over one decision \\(.*game\\.json\\); it was stopped`));
  });

  it('a plug-in calling Math.random is refused', () => {
    const line = oneLine(run(['replay', '--record', record(), '--seat', '1', '--strategy', fixture('math-random.mjs')]));
    expect(line).toMatch(/at seat 1 threw: Math\.random is not allowed in a strategy/);
  });
});
