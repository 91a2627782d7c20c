/**
 * Where a compiled worker script lies (e.g. "runner/worker.js"): Node 20 cannot start a .ts worker, so from the .ts
 * sources (vitest) dist/'s copy is used (vitest's globalSetup builds it).
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { needsModules } from './strategy-file.js';

/**
 * dist/src/, found from this module's place: dist/src/ itself when compiled, src/ when the source runs in-process
 * (then the project's dist/src/), or a folder below dist/src/ when this module is part of a bundle there.
 */
function compiledSrc(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return join(resolve(dirname(here), '..'), 'dist', 'src');
  let dir = dirname(here);
  while (!(basename(dir) === 'src' && basename(dirname(dir)) === 'dist') && dirname(dir) !== dir) dir = dirname(dir);
  return dirname(dir) === dir ? dirname(here) : dir;
}

export function workerScript(underSrc: string): URL {
  return pathToFileURL(join(compiledSrc(), ...underSrc.split('/')));
}

/** worker.bundle.json's format (src/runner/write-bundle.ts). */
export const BUNDLE_FORMAT = 2;

/**
 * What a bundle was made from, each compiled file (relative to dist/) with its size and modification time (for a
 * package it holds, the package's package.json stands for its files), and the files it is, each with its size and
 * every file it holds.
 */
export interface BundleInputs {
  readonly format: number;
  readonly entry: string;
  readonly inputs: readonly { readonly path: string; readonly size: number; readonly mtimeMs: number }[];
  readonly outputs: readonly { readonly path: string; readonly size: number; readonly inputs: readonly string[] }[];
}

/** The bundle of `entry` (e.g. "runner/worker.js") under dist/src/ `srcDir`, and the list of its inputs beside it. */
export function bundleFiles(srcDir: string, entry: string): { script: string; inputs: string } {
  const base = join(srcDir, ...entry.replace(/\.js$/, '').split('/'));
  return { script: `${base}.bundle.js`, inputs: `${base}.bundle.json` };
}

/**
 * The worker script for `underSrc`: its one-file bundle when the build made one (src/runner/write-bundle.ts) and
 * every file it was made from is as it was then, else the compiled modules. `modules` true: always the modules,
 * for a lineup that loads a user's strategy file, as with MJLAB_MODULES=1 in the environment (a stack trace then
 * names the compiled files and their lines). Such a file may import the built library (dist/), and those
 * imports must reach the very modules the worker runs: the bundle holds copies, whose objects the library's own
 * checks (a world made by sampleWorld, for one) would not know.
 */
export function workerScriptFor(underSrc: string, modules: boolean): URL {
  if (!modules && process.env.MJLAB_MODULES !== '1') {
    const srcDir = compiledSrc();
    const { script, inputs } = bundleFiles(srcDir, underSrc);
    if (bundleFresh(dirname(srcDir), underSrc, inputs)) return pathToFileURL(script);
  }
  return workerScript(underSrc);
}

/**
 * The CLI's entry for the command line `argv` (bin/mjlab.js): its bundle, or the compiled modules when a word of the
 * command line names a file that may be a strategy module or a preset (which may name one): the main thread imports
 * such a file, and what it imports of dist/ must be the CLI's own modules, as in a worker. A strategy file that
 * imports only `node:` modules cannot reach them (src/strategy-file.ts), and keeps the bundle.
 */
export function cliScript(argv: readonly string[]): URL {
  // `--version` alone is answered by the modules' main.js, which reaches three small modules for it: the bundle
  // would first have its freshness checked, a stat of each of the some 350 files it was made from (docs/performance.md, "A command's start").
  if (argv.length === 1 && argv[0] === '--version') return workerScript('cli/main.js');
  // `experiment` runs the lab's modules (dist/experiments/, which bin/mjlab.js loads): they import the library's
  // compiled modules, so the CLI must be those modules too, not the bundle's copies (a UserError of theirs would
  // not be the bundle's UserError).
  return workerScriptFor('cli/main.js', argv.includes('experiment') || argv.some(namesModule));
}

const MODULE_FILE = /\.(m?js|cjs|json)\b/i;

/** A command-line word that names a file the main thread may import and that may import the library. */
function namesModule(word: string): boolean {
  if (!MODULE_FILE.test(word)) return false;
  // `--strategies=a.mjs,random` as `a.mjs,random`; then each lineup entry.
  return word.replace(/^--[\w-]+=/, '').split(',').some((part) => MODULE_FILE.test(part) && needsModules(part));
}

/**
 * Whether the list `inputsFile` is of `entry`, every file it was made from (under `dist`) has its listed size and
 * time, and every file it wrote, the entry's bundle among them, its size.
 */
export function bundleFresh(dist: string, entry: string, inputsFile: string): boolean {
  let list: BundleInputs;
  try {
    list = JSON.parse(readFileSync(inputsFile, 'utf8')) as BundleInputs;
  } catch {
    return false;
  }
  if (list.format !== BUNDLE_FORMAT || list.entry !== entry || !Array.isArray(list.inputs) || list.inputs.length === 0 || !Array.isArray(list.outputs)) return false;
  for (const f of list.inputs) {
    const st = statSync(join(dist, f.path), { throwIfNoEntry: false });
    if (!st || st.size !== f.size || st.mtimeMs !== f.mtimeMs) return false;
  }
  const { script } = bundleFiles(join(dist, 'src'), entry);
  if (!list.outputs.some((o) => join(dist, o.path) === script)) return false;
  for (const o of list.outputs) if (statSync(join(dist, o.path), { throwIfNoEntry: false })?.size !== o.size) return false;
  return true;
}

/**
 * Memory a worker thread running strategies may use: V8's default old generation, or MJLAB_WORKER_MEMORY_MB
 * megabytes (a plug-in that allocates until it dies then stops its thread sooner, and its command ends with one
 * line). The young generation is the caller's (the runner caps it for speed).
 */
export function workerMemoryLimit(): { maxOldGenerationSizeMb?: number } {
  const mb = Number(process.env.MJLAB_WORKER_MEMORY_MB);
  return Number.isFinite(mb) && mb > 0 ? { maxOldGenerationSizeMb: mb } : {};
}
