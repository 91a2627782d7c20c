/**
 * Writes the bundles the build makes after tsc (`npm run build`, `npm ci`'s prepare, the tests' build step):
 * dist/src/runner/worker.bundle.js, the runner's worker thread as one file (and tune/ and learn/'s workers alike),
 * and dist/src/cli/main.bundle.js with its chunks (main.chunk-*.js), the CLI. A worker thread that loads the 120 modules of runner/worker.js one by one
 * spends about 64 ms of CPU resolving, reading and linking them before its first game; the same code as one file,
 * about 27 ms; the CLI's 190 modules cost `simulate --games 4` about 55 ms of its 0.39 s (docs/performance.md, "A
 * command's start"). A bundle is the compiled modules themselves (esbuild only concatenates and renames;
 * the code is tsc's), so a command does the same either way (test/runner/worker-bundle.test.ts). The CLI's bundle is
 * split where the CLI imports on demand (a command's options, then what it runs), so a command still loads only the
 * modules it reaches; its packages stay in node_modules (vega only when a chart is drawn), but for yargs, which
 * every command but --version parses with (cliPackages below).
 *
 * Beside each, a list (*.bundle.json) of every compiled file it was made from with its size and modification time
 * (and the package.json of each package it holds: freshnessInputs), and of the files it wrote: a build that
 * recompiles the sources (tsc writes every file) without bundling again leaves the bundle stale, and
 * src/worker-script.ts then starts the modules instead. Written to temporary names and renamed, the list last, so a
 * reader never takes a half-written bundle for a fresh one.
 */
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, BuildResult, Plugin } from 'esbuild';
import { BUNDLE_FORMAT, bundleFiles, type BundleInputs } from '../worker-script.js';

interface Entry {
  /** Under dist/src/. */
  readonly entry: string;
  /** Split at its dynamic imports into chunks beside it, its packages left in node_modules (the CLI). */
  readonly split: boolean;
}

const ENTRIES: readonly Entry[] = [
  { entry: 'runner/worker.js', split: false },
  { entry: 'tune/worker.js', split: false },
  { entry: 'learn/worker.js', split: false },
  { entry: 'cli/main.js', split: true },
];

/** The packages' CommonJS (seedrandom) calls require(), which an ES module does not have: give it Node's. */
const REQUIRE = "import { createRequire as __mjlabRequire } from 'node:module'; const require = __mjlabRequire(import.meta.url);";

/**
 * The CLI's packages: yargs, and all it imports, bundled; every other package left in node_modules. yargs loaded
 * from there resolves, reads and compiles some 30 files at every command's start, about 60 ms of CPU, and the three
 * copies of `string-width` among them (its own, cliui's, wrap-ansi's) build Unicode sets and segmenters as they load,
 * about 30 ms more, for the help's layout alone: they are replaced by src/cli/text-width.ts, which builds them on
 * first use (docs/performance.md, "A command's start"). yargs' platform shim finds its
 * locale files and the project from its own file's URL; in the bundle that URL is the chunk's, so the shim is given
 * its file's URL as it lies in node_modules, as a path from the chunk: the bundle behaves as the package does.
 */
function cliPackages(root: string, outdir: string): Plugin {
  const nodeModules = join(root, 'node_modules') + sep;
  const textWidth = join(root, 'dist', 'src', 'cli', 'text-width.js');
  const BUNDLED = new Set(['yargs', 'get-east-asian-width']);
  return {
    name: 'mjlab-cli-packages',
    setup(build) {
      // Bare specifiers only: relative and absolute paths are the CLI's own modules or a package's own files.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path === 'string-width') return { path: textWidth };
        const inPackage = args.importer.startsWith(nodeModules);
        if (inPackage || BUNDLED.has(args.path.split('/')[0]!)) return undefined;
        return { path: args.path, external: true };
      });
      build.onLoad({ filter: /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) throw new Error(`${args.path} no longer reads import.meta.url: check cliPackages`);
        const fromChunk = relative(outdir, args.path).split(sep).join('/');
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromChunk)}, import.meta.url).href`), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * The files whose size and modification time say whether a bundle is still fresh: each compiled file it holds, and
 * for a package's files (yargs' in the CLI's) the package's package.json alone, which an install of another version
 * rewrites. A command stats each listed file before it loads the bundle: yargs' 160-odd files cost about 9 ms.
 */
function freshnessInputs(files: readonly string[], root: string): string[] {
  const nodeModules = join(root, 'node_modules') + sep;
  const marker = `${sep}node_modules${sep}`;
  const out = new Set<string>();
  for (const f of files) {
    if (!f.startsWith(nodeModules)) {
      out.add(f);
      continue;
    }
    // The package's directory: after the last node_modules/, its name (two parts for a @scope).
    const at = f.lastIndexOf(marker) + marker.length;
    const parts = f.slice(at).split(sep);
    out.add(join(f.slice(0, at), ...parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1), 'package.json'));
  }
  return [...out].sort();
}

export async function writeBundles(): Promise<void> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    // Without the dev dependency (an install that omits it) the workers start from the modules, as they can.
    console.error('mjlab build: esbuild is not installed; the CLI and its worker threads will load the compiled modules one by one');
    return;
  }
  const srcDir = dirname(dirname(fileURLToPath(import.meta.url)));
  const dist = dirname(srcDir);
  const root = dirname(dist);
  for (const { entry, split } of ENTRIES) {
    const { script, inputs } = bundleFiles(srcDir, entry);
    const stem = basename(script, '.bundle.js');
    const options = {
      entryPoints: { [`${stem}.bundle`]: join(srcDir, entry) },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      absWorkingDir: root,
      outdir: dirname(script),
      ...(split ? { splitting: true, chunkNames: `${stem}.chunk-[hash]`, plugins: [cliPackages(root, dirname(script))] } : { banner: { js: REQUIRE } }),
    } satisfies BuildOptions;
    let result: BuildResult<typeof options>;
    try {
      result = await esbuild.build(options);
    } catch (e) {
      // esbuild without its binary for this platform, say: the build goes on, and the modules are loaded instead
      // (a bundle left from an earlier build lists files tsc has just rewritten, so it is not used).
      console.error(`mjlab build: ${entry} not bundled (${(e as Error).message.split('\n')[0]}); it will load the compiled modules`);
      continue;
    }
    const files = freshnessInputs(Object.keys(result.metafile.inputs).map((p) => resolve(root, p)), root);
    const outputs = result.outputFiles.map((f) => ({
      path: relative(dist, f.path),
      size: f.contents.length,
      inputs: Object.keys(result.metafile.outputs[relative(root, f.path)]?.inputs ?? {}).map((p) => relative(dist, resolve(root, p))).sort(),
    }));
    // Chunks first, the entry last: until the list is renamed into place, the old one (if any) no longer matches.
    for (const f of [...result.outputFiles].sort((a, b) => Number(a.path === script) - Number(b.path === script))) {
      writeFileSync(`${f.path}.tmp`, f.contents);
      renameSync(`${f.path}.tmp`, f.path);
    }
    const list: BundleInputs = {
      format: BUNDLE_FORMAT,
      entry,
      inputs: files.map((f) => {
        const st = statSync(f);
        return { path: relative(dist, f), size: st.size, mtimeMs: st.mtimeMs };
      }),
      outputs,
    };
    writeFileSync(`${inputs}.tmp`, `${JSON.stringify(list, null, 1)}\n`);
    renameSync(`${inputs}.tmp`, inputs);
    // Chunks of earlier builds, which nothing imports now.
    const mine = new Set(outputs.map((o) => basename(o.path)));
    for (const f of readdirSync(dirname(script))) if (f.startsWith(`${stem}.chunk-`) && !mine.has(f)) rmSync(join(dirname(script), f));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeBundles();
