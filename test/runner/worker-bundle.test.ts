// The bundles (src/runner/write-bundle.ts, src/worker-script.ts): the runner's worker as one file, and the CLI. The
// build makes them; a lineup of built-ins starts the worker's, a lineup that loads a user's module the compiled
// modules (the module may import the built library, which must be the worker's own); the CLI runs from its bundle
// unless its command line names a file; a bundle whose inputs or files changed is not used; and a run plays the same
// games either way, byte for byte in every file it writes, and prints the same.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate, type SimulateOptions } from '../../src/runner/run.js';
import { workerUrl } from '../../src/runner/pool.js';
import { Evaluator } from '../../src/tune/evaluate.js';
import { bundleFiles, bundleFresh, cliScript, type BundleInputs } from '../../src/worker-script.js';
import { BIN, EXACT_FILES, GATE, ROOT, tempDir } from './helpers.js';

const DIST = join(ROOT, 'dist');
const BUNDLE = bundleFiles(join(DIST, 'src'), 'runner/worker.js');
/** The runner's worker as compiled modules. */
const MODULES = join(DIST, 'src', 'runner', 'worker.js');
const script = (strategies: string): string => fileURLToPath(workerUrl(strategies));
/** A strategy file that imports the built library (test/infer/fixtures/wary.mjs). */
const WARY = join(ROOT, 'test', 'infer', 'fixtures', 'wary.mjs');

describe("the runner's worker bundle", () => {
  it('is made by the build from files that are as they were, and started for a lineup of built-ins', () => {
    expect(bundleFresh(DIST, 'runner/worker.js', BUNDLE.inputs)).toBe(true);
    const list = JSON.parse(readFileSync(BUNDLE.inputs, 'utf8')) as BundleInputs;
    expect(list.inputs.map((f) => f.path)).toContain('src/runner/worker.js');
    expect(script('harr,search:budget=16,suit-hunter:minPairs=3,random')).toBe(BUNDLE.script);
    expect(script('harr,harr,harr,harr')).toBe(BUNDLE.script);
    // Forced to the modules: by the option (the comparison below), and by MJLAB_MODULES=1.
    expect(fileURLToPath(workerUrl('harr,harr,harr,harr', true))).toBe(MODULES);
    const before = process.env.MJLAB_MODULES;
    try {
      process.env.MJLAB_MODULES = '1';
      expect(script('harr,harr,harr,harr')).toBe(MODULES);
      process.env.MJLAB_MODULES = '0';
      expect(script('harr,harr,harr,harr')).toBe(BUNDLE.script);
    } finally {
      if (before === undefined) delete process.env.MJLAB_MODULES;
      else process.env.MJLAB_MODULES = before;
    }
  });

  it('is not started for a lineup that loads a strategy file that may import the library, directly or through a preset', () => {
    const dir = tempDir('bundle-lineup');
    expect(script(`harr,${WARY},harr,harr`)).toBe(MODULES);
    expect(script(`harr,./my-bot.js:depth=2,harr,harr`)).toBe(MODULES);
    const filePreset = join(dir, 'file.json');
    writeFileSync(filePreset, JSON.stringify({ strategy: './bot.mjs', params: {} }));
    expect(script(`${filePreset},harr,harr,harr`)).toBe(MODULES);
    // A file that imports only node: modules cannot reach the library: the bundle, directly and through a preset.
    expect(script(`harr,${GATE}:x=1,harr,harr`)).toBe(BUNDLE.script);
    const gatePreset = join(dir, 'gate.json');
    writeFileSync(gatePreset, JSON.stringify({ strategy: GATE, params: {} }));
    expect(script(`${gatePreset},harr,harr,harr`)).toBe(BUNDLE.script);
    const waryPreset = join(dir, 'wary.json');
    writeFileSync(waryPreset, JSON.stringify({ strategy: WARY, params: {} }));
    expect(script(`${waryPreset},harr,harr,harr`)).toBe(MODULES);
    const unreadable = join(dir, 'missing.json');
    expect(script(`${unreadable},harr,harr,harr`)).toBe(MODULES);
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
    const f = join(dir, 'outputs.json');
    writeFileSync(f, JSON.stringify({ ...list, outputs: list.outputs.map((o) => ({ ...o, size: o.size + 1 })) }));
    expect(bundleFresh(DIST, 'runner/worker.js', f)).toBe(false);
    copyFileSync(BUNDLE.inputs, join(dir, 'other.json'));
    expect(bundleFresh(DIST, 'tune/worker.js', join(dir, 'other.json'))).toBe(false);
    expect(bundleFresh(DIST, 'runner/worker.js', join(dir, 'none.json'))).toBe(false);
  });

  it("the CLI's bundle is used unless the command line names a .js, .mjs, .cjs or .json file", () => {
    const cli = bundleFiles(join(DIST, 'src'), 'cli/main.js');
    expect(bundleFresh(DIST, 'cli/main.js', cli.inputs)).toBe(true);
    expect(fileURLToPath(cliScript(['simulate', '--games', '8']))).toBe(cli.script);
    const modules = join(DIST, 'src', 'cli', 'main.js');
    for (const argv of [['simulate', '--strategies', 'harr,./bot.mjs,harr,harr'], ['simulate', '--strategies', 'best.json,harr,harr,harr'], ['replay', '--record', 'x.JSON'], ['simulate', '--strategies', '/a/b.cjs:x=1,harr,harr,harr'], ['simulate', `--strategies=${GATE},${WARY},harr,harr`], ['simulate', '--strategies', `search:policy=${GATE},harr,harr,harr`]]) {
      expect(fileURLToPath(cliScript(argv)), argv.join(' ')).toBe(modules);
    }
    // A strategy file that imports only node: modules keeps the bundle.
    for (const argv of [['simulate', '--strategies', `${GATE},harr,harr,harr`], ['simulate', `--strategies=harr,${GATE}:x=1,harr,harr`]]) {
      expect(fileURLToPath(cliScript(argv)), argv.join(' ')).toBe(cli.script);
    }
  });

  it('the CLI prints and writes the same from its bundle as from the modules', () => {
    const dir = tempDir('bundle-cli');
    const run = (modules: string, args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, MJLAB_MODULES: modules, LANG: 'de_DE.UTF-8' } });
    // The bundle holds yargs, with src/cli/text-width.ts for its string-width: the help (tune's has a ×, simulate's
    // an …) and yargs' messages, under a locale whose translations it ships too, must not change.
    for (const args of [['score', '--rules', 'harr', '66p 77m [222s] [777z] [333m] +6p'], ['simulate', '--rules', 'nope'], ['simulate', '--help'], ['tune', '--help'], ['--help'], ['simulate', '--bogus'], []]) {
      const [a, b] = [run('0', args), run('1', args)];
      expect([a.status, a.stdout, a.stderr], args.join(' ')).toEqual([b.status, b.stdout, b.stderr]);
    }
    const sim = (modules: string) => run(modules, ['simulate', '--rules', 'babcock', '--games', '16', '--duplicate', '--games-csv', '--workers', '2', '--no-progress', '--out', modules]);
    const [a, b] = [sim('0'), sim('1')];
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(a.stdout.replace(/ in [\d.]+s, \d+ hands\/s/, '').replace(/→ \S+/, '')).toBe(b.stdout.replace(/ in [\d.]+s, \d+ hands\/s/, '').replace(/→ \S+/, ''));
    for (const f of [...EXACT_FILES, 'nets.bin', 'luck.bin']) expect(readFileSync(join(dir, '0', f)), f).toEqual(readFileSync(join(dir, '1', f)));
  }, 120_000);

  it("the tune's workers play the same walls from their bundle as from the modules", async () => {
    const bundle = bundleFiles(join(DIST, 'src'), 'tune/worker.js');
    expect(bundleFresh(DIST, 'tune/worker.js', bundle.inputs)).toBe(true);
    const table = { rules: 'harr-limit', players: 4 as const, flowers: false, limit: 300 };
    const jobs = [
      { lineup: 'harr:minPairs=3,harr,defender,chow-mixer', seed: 3, start: 0, end: 24 },
      { lineup: `${GATE},random,harr,harr`, seed: 4, start: 8, end: 16 },
    ];
    const walls: Float64Array[][] = [];
    for (const modules of [false, true]) {
      const ev = new Evaluator(table, 2, 60_000, undefined, undefined, modules);
      try {
        const r = await ev.run(jobs);
        expect(r.status).toBe('done');
        if (r.status === 'done') walls.push(r.walls);
      } finally {
        await ev.close();
      }
    }
    expect(walls[0]).toEqual(walls[1]);
    // A lineup whose file may import the library is refused on the bundle's workers.
    const ev = new Evaluator(table, 1, 60_000, undefined, undefined, false);
    try {
      expect(() => ev.run([{ lineup: `${WARY},harr,harr,harr`, seed: 1, start: 0, end: 4 }])).toThrow(/loads a strategy file/);
    } finally {
      await ev.close();
    }
  }, 120_000);

  /** The same run from the bundle's workers and from the modules' writes the same bytes in every file. */
  async function sameBothWays(name: string, run: Pick<SimulateOptions, 'rules' | 'strategies' | 'games' | 'seed' | 'flowers'>): Promise<void> {
    const dir = tempDir(name);
    const options = (out: string, workerModules: boolean): SimulateOptions => ({
      ...run, workers: 2, out, outExplicit: true, gamesCsv: true, players: 4, unit: 'hand', duplicate: true, shard: null,
      resume: false, force: false, progress: 'none', nets: true, luck: true, command: 'test', workerModules,
    });
    await simulate(options(join(dir, 'bundle'), false));
    await simulate(options(join(dir, 'modules'), true));
    for (const f of [...EXACT_FILES, 'nets.bin', 'luck.bin']) {
      expect(readFileSync(join(dir, 'bundle', f)), f).toEqual(readFileSync(join(dir, 'modules', f)));
    }
  }

  it('plays the games of the modules, byte for byte, with a strategy file too', async () => {
    await sameBothWays('bundle-plugin', { rules: 'harr', strategies: `${GATE},harr,random,defender`, games: 16, seed: 5, flowers: false });
  }, 120_000);

  it('plays the games of the modules, byte for byte (code500 with flowers, duplicate seating, luck, games.csv, two workers)', async () => {
    await sameBothWays('bundle-same', { rules: 'code500', strategies: 'harr,defender,chow-mixer,random', games: 32, seed: 11, flowers: true });
  }, 120_000);
});
