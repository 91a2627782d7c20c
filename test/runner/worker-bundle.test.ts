// The runner's worker as one file (src/runner/write-bundle.ts, src/worker-script.ts): the build makes it, a lineup of
// built-ins starts it, a lineup that loads a user's module starts the compiled modules (the module may import the
// built library, which must be the worker's own), a bundle whose inputs changed is not used, and a run plays the same
// games on either, byte for byte in every file it writes.
import { describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate, type SimulateOptions } from '../../src/runner/run.js';
import { workerUrl } from '../../src/runner/pool.js';
import { bundleFiles, bundleFresh, type BundleInputs } from '../../src/worker-script.js';
import { EXACT_FILES, FIXTURES, ROOT, tempDir } from './helpers.js';

const DIST = join(ROOT, 'dist');
const BUNDLE = bundleFiles(join(DIST, 'src'), 'runner/worker.js');
const script = (strategies: string): string => fileURLToPath(workerUrl(strategies));

describe("the runner's worker bundle", () => {
  it('is made by the build from files that are as they were, and started for a lineup of built-ins', () => {
    expect(bundleFresh(DIST, 'runner/worker.js', BUNDLE.inputs)).toBe(true);
    const list = JSON.parse(readFileSync(BUNDLE.inputs, 'utf8')) as BundleInputs;
    expect(list.inputs.map((f) => f.path)).toContain('src/runner/worker.js');
    expect(script('harr,search:budget=16,suit-hunter:minPairs=3,random')).toBe(BUNDLE.script);
    expect(script('harr,harr,harr,harr')).toBe(BUNDLE.script);
    // Forced to the modules: by the option (the comparison below), and by MJLAB_WORKER_MODULES=1.
    const modules = join(DIST, 'src', 'runner', 'worker.js');
    expect(fileURLToPath(workerUrl('harr,harr,harr,harr', true))).toBe(modules);
    const before = process.env.MJLAB_WORKER_MODULES;
    try {
      process.env.MJLAB_WORKER_MODULES = '1';
      expect(script('harr,harr,harr,harr')).toBe(modules);
      process.env.MJLAB_WORKER_MODULES = '0';
      expect(script('harr,harr,harr,harr')).toBe(BUNDLE.script);
    } finally {
      if (before === undefined) delete process.env.MJLAB_WORKER_MODULES;
      else process.env.MJLAB_WORKER_MODULES = before;
    }
  });

  it('is not started for a lineup that loads a strategy file, directly or through a preset', () => {
    const dir = tempDir('bundle-lineup');
    const modules = join(DIST, 'src', 'runner', 'worker.js');
    expect(script(`harr,${join(FIXTURES, 'gate.mjs')},harr,harr`)).toBe(modules);
    expect(script(`harr,./my-bot.js:depth=2,harr,harr`)).toBe(modules);
    const filePreset = join(dir, 'file.json');
    writeFileSync(filePreset, JSON.stringify({ strategy: './bot.mjs', params: {} }));
    expect(script(`${filePreset},harr,harr,harr`)).toBe(modules);
    const unreadable = join(dir, 'missing.json');
    expect(script(`${unreadable},harr,harr,harr`)).toBe(modules);
    // A preset of a built-in, and a policy preset, load no module.
    const builtin = join(dir, 'best.json');
    writeFileSync(builtin, JSON.stringify({ strategy: 'harr', params: { minPairs: 3 } }));
    expect(script(`${builtin},harr,search:policy=${builtin},harr`)).toBe(BUNDLE.script);
  });

  it('is not used when a file it was made from changed since', () => {
    const dir = tempDir('bundle-stale');
    const list = JSON.parse(readFileSync(BUNDLE.inputs, 'utf8')) as BundleInputs;
    const check = (inputs: BundleInputs['inputs']): boolean => {
      const f = join(dir, 'list.json');
      writeFileSync(f, JSON.stringify({ ...list, inputs }));
      return bundleFresh(DIST, 'runner/worker.js', f);
    };
    expect(check(list.inputs)).toBe(true);
    const [first, ...rest] = list.inputs;
    expect(check([{ ...first!, size: first!.size + 1 }, ...rest])).toBe(false);
    expect(check([{ ...first!, mtimeMs: first!.mtimeMs - 1 }, ...rest])).toBe(false);
    expect(check([...list.inputs, { path: 'src/no-such-module.js', size: 1, mtimeMs: 1 }])).toBe(false);
    expect(check([])).toBe(false);
    copyFileSync(BUNDLE.inputs, join(dir, 'other.json'));
    expect(bundleFresh(DIST, 'tune/worker.js', join(dir, 'other.json'))).toBe(false);
    expect(bundleFresh(DIST, 'runner/worker.js', join(dir, 'none.json'))).toBe(false);
  });

  it('plays the games of the modules, byte for byte (code500 with flowers, duplicate seating, luck, games.csv, two workers)', async () => {
    const dir = tempDir('bundle-same');
    const run = (out: string, workerModules: boolean): SimulateOptions => ({
      rules: 'code500', strategies: 'harr,defender,chow-mixer,random', games: 32, seed: 11, workers: 2,
      out, outExplicit: true, gamesCsv: true, players: 4, unit: 'hand', duplicate: true, flowers: true, shard: null,
      resume: false, force: false, progress: 'none', nets: true, luck: true, command: 'test', workerModules,
    });
    await simulate(run(join(dir, 'bundle'), false));
    await simulate(run(join(dir, 'modules'), true));
    for (const f of [...EXACT_FILES, 'nets.bin', 'luck.bin']) {
      expect(readFileSync(join(dir, 'bundle', f)), f).toEqual(readFileSync(join(dir, 'modules', f)));
    }
  }, 120_000);
});
