/**
 * A run checkpointed by an mjlab from before plug-ins and bots were shown by their own name (docs/strategies.md,
 * "Writing your own strategy"), resumed by this one. fixtures/before-names/ was written by that mjlab: its
 * flaky.mjs (which throws in its 101st game, so 99 of 192 games are kept) in the lineup
 * `random,./flaky.mjs,random,random`, without (plain/) and with (csv/) --games-csv; its checkpoint and aggregate
 * label the plug-in by its path, and its manifest has none of the newer fields (pluginHistory). The plain run
 * resumes under the plug-in's name and ends with the files an uninterrupted run makes; the run whose games.csv
 * rows carry the old labels is refused in one line, untouched, and the way on it prints runs as printed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tree } from '../support/tree.js';
import { BIN, FIXTURES, oneLine, read, ROOT, tempDir } from './helpers.js';

const tmp = tempDir('before-names');
cpSync(join(FIXTURES, 'before-names'), tmp, { recursive: true });
symlinkSync(join(ROOT, 'bin'), join(tmp, 'bin'));

const LINEUP = 'random,./flaky.mjs,random,random';
const run = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: tmp, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
};
const again = (out: string, extra: readonly string[] = []) =>
  ['simulate', '--strategies', LINEUP, '--games', '192', '--seed', '4', '--workers', '1', '--no-progress', '--quiet', ...extra, '--out', out, '--resume'];

describe('a checkpoint from before labels were names', () => {
  it('is what that mjlab wrote: the plug-in labelled by its path, no newer manifest fields', () => {
    expect(JSON.parse(read(join(tmp, 'plain'), 'aggregate.json')).labels).toEqual(['random', './flaky.mjs']);
    expect(JSON.parse(read(join(tmp, 'plain'), 'manifest.json'))).not.toHaveProperty('pluginHistory');
    expect(read(join(tmp, 'csv'), 'games.csv').split('\n')[1]).toContain(',random,0,./flaky.mjs,0,');
  });

  it('resumes under the plug-in\'s name, to the files of an uninterrupted run', () => {
    const r = run(again('plain'));
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(read(join(tmp, 'plain'), 'manifest.json'));
    expect(m).toMatchObject({ complete: true, ranges: [[0, 192]], gamesPlayed: 192 });
    expect(m).not.toHaveProperty('pluginHistory');
    expect(read(join(tmp, 'plain'), 'summary.csv').split('\n').map((l) => l.split(',')[0])).toEqual(['strategy', 'random', 'flaky', '']);
    // The same games, uninterrupted: the file fixed (its 101st game plays on), at another path with the same name.
    mkdirSync(join(tmp, 'fixed'));
    writeFileSync(join(tmp, 'fixed', 'flaky.mjs'), readFileSync(join(tmp, 'flaky.mjs'), 'utf8').replace('if (bad) throw', 'if (bad && false) throw'));
    const whole = run(['simulate', '--strategies', 'random,./fixed/flaky.mjs,random,random', '--games', '192', '--seed', '4', '--workers', '1', '--no-progress', '--quiet', '--out', 'whole']);
    expect(whole.status, whole.stderr).toBe(0);
    for (const f of ['summary.csv', 'aggregate.json', 'score-distribution.csv', 'totals.csv']) expect(read(join(tmp, 'plain'), f), f).toBe(read(join(tmp, 'whole'), f));
  });

  it('with games.csv, whose rows carry the old labels: one line, the directory untouched, the way on runs as printed', () => {
    const before = tree(join(tmp, 'csv'));
    const line = oneLine(run(again('csv', ['--games-csv'])));
    expect(line).toMatch(/^mjlab: csv\/checkpoint\.jsonl was written by an earlier mjlab, which labelled the lineup by its entries \(random,\.\/flaky\.mjs\); its games\.csv cannot go on under their names \(random,flaky\): finish it with that mjlab, or start afresh with: /);
    expect(tree(join(tmp, 'csv'))).toEqual(before);
    const afresh = / start afresh with: (node bin\/mjlab\.js .*)$/.exec(line)![1]!;
    expect(afresh).toMatch(/ --out csv-2$/);
    // The file as it is still throws in its 101st game: the fresh run ends with its fault, in a directory of its own.
    const r = spawnSync('bash', ['-c', afresh], { cwd: tmp, encoding: 'utf8' });
    expect(r.stderr).toMatch(/^mjlab: strategy "\.\/flaky\.mjs" at seat 1 threw: flaky went off .* 99 of 192 games kept in csv-2;/);
    expect(read(join(tmp, 'csv-2'), 'games.csv').split('\n')[1]).toContain(',random,0,flaky,0,');
    expect(tree(join(tmp, 'csv'))).toEqual(before);
  });
});
