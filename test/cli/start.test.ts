/**
 * Fast start (docs/performance.md, "A command's start"): a command loads only what it uses. Every module the built CLI resolves is logged by
 * a resolve hook (node:module register), and `--version`, `score` and `simulate --help` must not reach the parts
 * they do not run: yargs for --version; the runner, the engine's suit-shape table, the experiments, vega, the play
 * server and the viewer for score. Checked on the CLI's bundle (a file of it stands for the compiled modules it holds,
 * from the list beside it: src/runner/write-bundle.ts) and on the modules (MJLAB_MODULES=1). The timing itself is in
 * `npm run bench` (src/bench/start.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFiles, bundleFresh, type BundleInputs } from '../../src/worker-script.js';
import { ROOT } from '../support/doc.js';

const tmp = mkdtempSync(join(tmpdir(), 'mjlab-start-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const hooks = join(tmp, 'hooks.mjs');
// The hooks run on their own thread, whose process.stderr reaches the process's through the main thread: a command
// that exits at once (--version) could end before those lines arrived, so each is written to fd 2 directly.
writeFileSync(hooks, `import { writeSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); writeSync(2, 'LOADED ' + r.url + '\\n'); return r; }\n`);
const boot = join(tmp, 'boot.mjs');
writeFileSync(boot, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

const DIST = join(ROOT, 'dist');
const CLI = bundleFiles(join(DIST, 'src'), 'cli/main.js');
/** Each file of the CLI's bundle → the URLs of the compiled modules it holds. */
const HOLDS = new Map(
  (JSON.parse(readFileSync(CLI.inputs, 'utf8')) as BundleInputs).outputs.map((o) => [
    pathToFileURL(join(DIST, o.path)).href,
    o.inputs.map((i) => pathToFileURL(join(DIST, i)).href),
  ]),
);

/** The modules a command reached: every URL resolved, a file of the bundle standing for the modules it holds. */
function loadedBy(env: NodeJS.ProcessEnv, args: string[]): { urls: string[]; bundled: boolean; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(boot).href, join(ROOT, 'bin', 'mjlab.js'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
  expect(r.status, r.stderr).toBe(0);
  const raw = r.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice(7));
  return { urls: raw.flatMap((u) => HOLDS.get(u) ?? [u]), bundled: raw.some((u) => HOLDS.has(u)), stderr: r.stderr };
}

for (const [way, env] of [['the bundle', { MJLAB_MODULES: '0' }], ['the modules', { MJLAB_MODULES: '1' }]] as const) {
  describe(`from ${way}`, () => {
    function loaded(args: string[]): string[] {
      const { urls, bundled, stderr } = loadedBy(env, args);
      // The modules resolved, and whether the bundle was fresh (src/worker-script.ts), say why when it fails.
      const fresh = bundleFresh(DIST, 'cli/main.js', CLI.inputs);
      expect(bundled, `bundle fresh: ${fresh}\n${stderr}`).toBe(way === 'the bundle');
      return urls;
    }

    it('--version loads neither yargs nor any command: from the modules either way, only main.js and what it imports', () => {
      // Not the bundle, whose freshness check would stat every file it was made from (src/worker-script.ts cliScript).
      const { urls, bundled, stderr } = loadedBy(env, ['--version']);
      expect(bundled, stderr).toBe(false);
      const ours = urls.filter((u) => u.startsWith('file:')).map((u) => u.slice(u.indexOf('/dist/src/') + 1)).filter((u) => u.startsWith('dist/'));
      expect([...new Set(ours)].sort()).toEqual(['dist/src/cli/main.js', 'dist/src/errors.js', 'dist/src/io/manifest.js', 'dist/src/strategy-file.js', 'dist/src/text.js', 'dist/src/worker-script.js']);
      expect(urls.filter((u) => /node_modules|\/cli\/commands\//.test(u))).toEqual([]);
    });

    it('score loads the scorer, not the runner, the engine tables, the experiments, charts, the play server or the viewer', () => {
      const urls = loaded(['score', '--rules', 'harr', '66p 77m [222s] [777z] [333m] +6p']);
      expect(urls.some((u) => u.endsWith('/dist/src/scoring/index.js'))).toBe(true);
      expect(urls.filter((u) => /\/dist\/src\/(runner\/(run|pool|merge)|engine|experiments|play|viewer|tune|charts)\/|suit-shapes|node_modules\/vega/.test(u))).toEqual([]);
    });

    it('simulate --help loads its options, not the runner', () => {
      const urls = loaded(['simulate', '--help']);
      expect(urls.filter((u) => /\/dist\/src\/(runner\/(run|pool)|experiments|engine)\/?|node_modules\/vega/.test(u))).toEqual([]);
    });
  });
}
