// A plug-in cannot end a command as a success, nor flood its message (docs/strategies.md, "Writing your own strategy"): one that calls
// process.exit(0) (its worker thread ends; before, simulate exited 0 with nothing printed, tune without best.json),
// that allocates until its thread runs out of memory (before, an ERR_WORKER_OUT_OF_MEMORY stack trace), or that
// answers an illegal action carrying 8 MB (before, echoed whole) ends the command with one line naming it, exit 2,
// the finished batches kept and the resume command printed.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BIN, FIXTURES, lineCount, oneLine, read, ROOT, tempDir } from './helpers.js';

const tmp = tempDir('plugin-ends');

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL', env: { ...process.env, ...env } });
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}


describe('a plug-in that ends its worker thread', () => {
  it('process.exit(0) in simulate: one line naming it, exit 2, the batches before kept, the resume command', () => {
    const bot = join(FIXTURES, 'exit.mjs');
    const dir = join(tmp, 'exit');
    const line = oneLine(run(['simulate', '--strategies', `random,${bot},random,random`, '--games', '2000', '--seed', '4', '--workers', '1', '--no-progress', '--out', dir]));
    expect(line).toMatch(new RegExp(`^mjlab: strategy "${bot}" at seat \\d called process\\.exit\\(0\\) during one decision \\(seed 4, game 100\\)`));
    expect(line).toContain(`replay: node bin/mjlab.js replay --rules harr --strategies random,${bot},random,random --seed 4 --game 100`);
    // Batches of 32 games: the three before game 100 are in.
    expect(line).toContain(`96 of 2000 games kept in ${dir}`);
    expect(lineCount(join(dir, 'checkpoint.jsonl'))).toBe(1 + 3);
    expect(JSON.parse(read(dir, 'manifest.json'))).toMatchObject({ complete: false, ranges: [[0, 96]] });
    expect(line).toMatch(/go on with: node bin\/mjlab\.js simulate .* --resume --accept-changed-plugin; or start afresh with: node bin\/mjlab\.js simulate .* --out \S+-2$/);
  });

  it('process.exit(0) in tune --against: one line, exit 2, the resume command', () => {
    const bot = join(FIXTURES, 'exit.mjs');
    const dir = join(tmp, 'tune-exit');
    const line = oneLine(run([
      'tune', '--rules', 'harr', '--strategy', 'harr', '--params', 'minPairs', '--generations', '2', '--games', '200', '--seed', '3', '--workers', '1',
      '--no-progress', '--against', `random,${bot},random`, '--out', dir,
    ]));
    expect(line).toMatch(/^mjlab: the field's strategy at lineup place 2 \(seat \d\) called process\.exit\(0\) during one decision \(game \d+\)/);
    expect(line).toMatch(/completed steps are kept in .*resume with: node bin\/mjlab\.js tune .* --resume$/);
  });

  it('process.exit(0) while the file is imported: one line naming the file, in simulate and replay alike', () => {
    const bot = join(FIXTURES, 'exit-at-import.mjs');
    for (const args of [
      ['simulate', '--strategies', `random,${bot},random,random`, '--games', '8', '--no-progress', '--out', join(tmp, 'exit-at-import')],
      ['replay', '--rules', 'harr', '--strategies', `random,${bot},random,random`, '--seed', '1', '--game', '0'],
    ]) {
      expect(oneLine(run(args))).toBe(`mjlab: strategy file ${bot} called process.exit(0) while loading; a strategy may not end the command`);
    }
  });

  it('out of memory: one line naming it, exit 2', () => {
    const bot = join(FIXTURES, 'hog.mjs');
    const line = oneLine(run(
      // A generous limit: on a loaded machine the allocation may take longer than the default 5 s to fail.
      ['simulate', '--strategies', `random,${bot},random,random`, '--games', '200', '--seed', '4', '--workers', '1', '--no-progress', '--decision-timeout', '60', '--out', join(tmp, 'hog')],
      { MJLAB_WORKER_MEMORY_MB: '64' },
    ));
    expect(line).toMatch(new RegExp(`^mjlab: strategy "${bot}" at seat \\d ran out of memory during one decision \\(seed 4, game 0\\)`));
    expect(line).toMatch(/0 of 200 games kept in .*go on with: .* --resume --accept-changed-plugin; or start afresh with: .* --out \S+-2$/);
  });
});

describe("a plug-in's answer in a message", () => {
  it('an illegal action carrying 8 MB is quoted in a few hundred characters', () => {
    const bot = join(FIXTURES, 'huge-illegal.mjs');
    const line = oneLine(run(['simulate', '--strategies', `random,${bot},random,random`, '--games', '8', '--seed', '4', '--workers', '1', '--no-progress', '--out', join(tmp, 'huge')]));
    expect(line).toMatch(/returned an illegal action \{"type":"discard","tile":"x{100,}… \(\d+ more characters\)/);
    expect(line.length).toBeLessThan(1500);
  });
});
