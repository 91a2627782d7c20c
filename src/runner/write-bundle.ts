/**
 * Writes dist/src/runner/worker.bundle.js, the runner's worker thread as one file, run by the build after tsc
 * (`npm run build`, `npm ci`'s prepare, the tests' build step). A worker thread that loads the 120 modules of
 * runner/worker.js one by one spends about 64 ms of CPU resolving, reading and linking them before its first game;
 * the same code as one file, about 27 ms (docs/performance.md, "npm test's time, fifth session"). The bundle is the
 * compiled modules themselves (esbuild only concatenates and renames; the files' code is tsc's), so a run plays the
 * same games either way (test/runner/worker-bundle.test.ts).
 *
 * Beside it, worker.bundle.json lists every compiled file it was made from with its size and modification time:
 * a build that recompiles them (tsc writes every file) without making the bundle again leaves it stale, and
 * src/worker-script.ts then starts the modules instead. Written to temporary names and renamed, the list last, so a
 * reader never takes a half-written bundle for a fresh one.
 */
import { renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_FORMAT, bundleFiles, type BundleInputs } from '../worker-script.js';

/** The worker entries built as one file each, under dist/src/. */
const ENTRIES = ['runner/worker.js'];

export async function writeBundles(): Promise<string[]> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    // Without the dev dependency (an install that omits it) the workers start from the modules, as they can.
    console.error('mjlab build: esbuild is not installed; worker threads will load the compiled modules one by one');
    return [];
  }
  const srcDir = dirname(dirname(fileURLToPath(import.meta.url)));
  const dist = dirname(srcDir);
  const root = dirname(dist);
  const written: string[] = [];
  for (const entry of ENTRIES) {
    const { script, inputs } = bundleFiles(srcDir, entry);
    const options = {
      entryPoints: [join(srcDir, entry)] as string[],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      absWorkingDir: root,
      // The packages' CommonJS (seedrandom) calls require(), which an ES module does not have: give it Node's.
      banner: { js: "import { createRequire as __mjlabRequire } from 'node:module'; const require = __mjlabRequire(import.meta.url);" },
    } satisfies import('esbuild').BuildOptions;
    let result: import('esbuild').BuildResult<typeof options>;
    try {
      result = await esbuild.build(options);
    } catch (e) {
      // esbuild without its binary for this platform, say: the build goes on, and the workers load the modules
      // (a bundle left from an earlier build lists files tsc has just rewritten, so it is not used).
      console.error(`mjlab build: ${entry} not bundled (${(e as Error).message.split('\n')[0]}); its worker threads will load the compiled modules`);
      continue;
    }
    const files = Object.keys(result.metafile.inputs).map((p) => resolve(root, p)).sort();
    const list: BundleInputs = {
      format: BUNDLE_FORMAT,
      entry,
      inputs: files.map((f) => {
        const st = statSync(f);
        return { path: relative(dist, f), size: st.size, mtimeMs: st.mtimeMs };
      }),
    };
    writeFileSync(`${script}.tmp`, result.outputFiles[0]!.contents);
    renameSync(`${script}.tmp`, script);
    writeFileSync(`${inputs}.tmp`, `${JSON.stringify(list, null, 1)}\n`);
    renameSync(`${inputs}.tmp`, inputs);
    written.push(script);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeBundles();
