// "Fix it and go on" after a plug-in's fault runs as printed (README.md, "Running at scale"): the line names the
// choice about the games already played. Its first command keeps them (--resume --accept-changed-plugin) and the
// manifest says which games each version of the file played (both SHA-256s, each version's game range); its second
// starts afresh in a new directory beside the first, which it leaves as it was. A plain --resume after the fix is
// refused in one line that names the option.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, mjlab, oneLine, read, ROOT, tempDir } from './helpers.js';

const tmp = tempDir('plugin-fix');

// Throws in its 101st game (counted per thread: with one worker, after some batches are in); the fix drops the throw.
// The file is the one an earlier mjlab's checkpoint was made with (test/runner/before-names.test.ts).
const FAULTY = readFileSync(join(FIXTURES, 'before-names', 'flaky.mjs'), 'utf8');
const FIXED = FAULTY.replace('if (bad) throw', 'if (bad && false) throw');

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A printed command run as printed, by the shell, from the repository root (where mjlab prints them to run). */
function runPrinted(line: string) {
  expect(line.startsWith('node bin/mjlab.js ')).toBe(true);
  const r = spawnSync('bash', ['-c', line], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, killSignal: 'SIGKILL' });
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

interface Manifest {
  complete: boolean;
  ranges: [number, number][];
  gamesPlayed: number;
  identity: { plugins: Record<string, string> };
  pluginHistory?: { games: [number, number]; plugins: Record<string, string> }[];
}

describe('a plug-in fault, fixed: the printed line runs as printed, with an explicit choice about the games played', () => {
  it('simulate: keep the games played (recorded in the manifest), or start afresh beside them', () => {
    const bot = join(tmp, 'bot.mjs');
    writeFileSync(bot, FAULTY);
    const out = join(tmp, 'run');
    const line = oneLine(mjlab(['simulate', '--strategies', `random,${bot},random,random`, '--games', '400', '--seed', '4', '--workers', '1', '--no-progress', '--quiet', '--out', out]));
    const kept = /; (\d+) of 400 games kept in /.exec(line);
    expect(kept, line).not.toBeNull();
    const k = Number(kept![1]);
    expect(k).toBeGreaterThan(0);
    const m = /fix it, then either keep them .* and go on with: (.*?); or start afresh with: (.*)$/.exec(line);
    expect(m, line).not.toBeNull();
    const [keep, afresh] = [m![1]!, m![2]!];
    expect(keep).toMatch(/ --out \S+\/run --resume --accept-changed-plugin$/);
    expect(afresh).toMatch(/ --out \S+\/run-2$/);

    writeFileSync(bot, FIXED);
    // A plain --resume is refused: the file changed, and the refusal names the choice.
    expect(oneLine(mjlab(['simulate', '--strategies', `random,${bot},random,random`, '--games', '400', '--seed', '4', '--workers', '1', '--no-progress', '--out', out, '--resume'])))
      .toMatch(/plug-in .*bot\.mjs changed since .* add --accept-changed-plugin to keep the games played so far/);
    const before = Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(join(out, f), 'utf8')]));

    // Start afresh: a new directory, the old one untouched.
    const fresh = runPrinted(afresh);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(join(out, f), 'utf8')]))).toEqual(before);
    const f = JSON.parse(read(`${out}-2`, 'manifest.json')) as Manifest;
    expect(f).toMatchObject({ complete: true, ranges: [[0, 400]], gamesPlayed: 400 });
    expect(f.identity.plugins).toEqual({ [bot]: sha(FIXED) });
    expect(f.pluginHistory).toBeUndefined();

    // Keep the games played: the run goes on with the fixed file, and the manifest says which games each played.
    const resumed = runPrinted(keep);
    expect(resumed.status, resumed.stderr).toBe(0);
    const r = JSON.parse(read(out, 'manifest.json')) as Manifest;
    expect(r).toMatchObject({ complete: true, ranges: [[0, 400]], gamesPlayed: 400 });
    expect(r.identity.plugins).toEqual({ [bot]: sha(FIXED) });
    expect(r.pluginHistory).toEqual([
      { games: [0, k], plugins: { [bot]: sha(FAULTY) } },
      { games: [k, 400], plugins: { [bot]: sha(FIXED) } },
    ]);
    // The two versions play alike until the fault: kept and fresh, the same games.
    expect(read(out, 'summary.csv')).toBe(read(`${out}-2`, 'summary.csv'));

    // The run, now the fixed file's, resumes plainly (nothing left: its manifest and history stay).
    const again = mjlab(['simulate', '--strategies', `random,${bot},random,random`, '--games', '400', '--seed', '4', '--workers', '1', '--no-progress', '--quiet', '--out', out, '--resume']);
    expect(again.status, again.stderr).toBe(0);
    expect((JSON.parse(read(out, 'manifest.json')) as Manifest).pluginHistory).toEqual(r.pluginHistory);
  });

  it('merge: the shards\' histories are carried over the merged games', () => {
    const bot = join(tmp, 'shard-bot.mjs');
    writeFileSync(bot, FAULTY);
    const args = (shard: string) => ['simulate', '--strategies', `random,${bot},random,random`, '--games', '400', '--seed', '4', '--shard', shard, '--workers', '1', '--no-progress', '--quiet', '--out', join(tmp, `shard-${shard[0]}`)];
    // Shard 1 faults in its 101st game, is fixed and goes on keeping its games; shard 2 is played by the fixed file.
    const line = oneLine(mjlab(args('1/2')));
    const k = Number(/; (\d+) of 200 games kept in /.exec(line)![1]);
    expect(k).toBeGreaterThan(0);
    writeFileSync(bot, FIXED);
    const keep = /go on with: (.*?); or start afresh with: /.exec(line)![1]!;
    expect(runPrinted(keep).status).toBe(0);
    expect(mjlab(args('2/2')).status).toBe(0);
    const merged = join(tmp, 'merged');
    const r = mjlab(['merge', '--out', merged, join(tmp, 'shard-2'), join(tmp, 'shard-1')]);
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(read(merged, 'manifest.json')) as Manifest;
    expect(m).toMatchObject({ complete: true, ranges: [[0, 400]], identity: { plugins: { [bot]: sha(FIXED) } } });
    expect(m.pluginHistory).toEqual([
      { games: [0, k], plugins: { [bot]: sha(FAULTY) } },
      { games: [k, 400], plugins: { [bot]: sha(FIXED) } },
    ]);
    // Merged again with a shard of its own files alone: one history still, and none where one file played all.
    const again = join(tmp, 'merged-2');
    expect(mjlab(['merge', '--out', again, merged]).status).toBe(0);
    expect((JSON.parse(read(again, 'manifest.json')) as Manifest).pluginHistory).toEqual(m.pluginHistory);
    const plain = join(tmp, 'merged-plain');
    expect(mjlab(['merge', '--allow-partial', '--out', plain, join(tmp, 'shard-2')]).status).toBe(0);
    expect((JSON.parse(read(plain, 'manifest.json')) as Manifest).pluginHistory).toBeUndefined();
  });

  it('--accept-changed-plugin without --resume is refused in one line', () => {
    expect(oneLine(mjlab(['simulate', '--games', '8', '--out', join(tmp, 'x'), '--accept-changed-plugin'])))
      .toBe('mjlab: --accept-changed-plugin goes with --resume (it keeps the games a checkpoint holds); add --resume, or drop it');
  });
});
