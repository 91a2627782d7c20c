/**
 * What may never be replaced, and removing without following a link (docs/outputs.md, "What `--force` may remove"). Every guard compares
 * real paths (realpath), so a symbolic link to a directory is judged as the directory it leads to: `--force`
 * refuses a directory that is or holds the current directory, the home directory, a repository (a .git) or a
 * file-system root (a mount point included), and a removal walks the tree with lstat, unlinking links as links.
 */
import { lstatSync, readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { fsReason, realPathOf } from './files.js';

/** `inner` is `outer` or lies under it (both real paths). */
export function contains(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Refuse (one line, before anything is touched) an output directory that is, holds or lies inside a file or
 * directory the command reads (shards, training data, a model, a plug-in, a preset, a variant file): mjlab never
 * writes over what it reads, --force or not. Judged on real paths, so a link or another spelling is caught too.
 */
export function refuseOverInputs(out: string, inputs: readonly string[], what = 'write the output elsewhere'): void {
  const real = realPathOf(out);
  for (const input of inputs) {
    const r = realPathOf(input);
    if (contains(real, r) || contains(r, real)) throw new UserError(`--out ${out} and input ${input} overlap: mjlab never writes over what it reads; ${what}`);
  }
}

function mountPoint(real: string): boolean {
  const up = dirname(real);
  if (up === real) return true;
  try {
    return statSync(real).dev !== statSync(up).dev;
  } catch {
    return false;
  }
}

/** Links, special files and repositories (.git) under `dir`, as paths relative to `base`, without following links. */
export function unsafeUnder(dir: string, base: string, limit = 3): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      if (found.length >= limit) return;
      const p = join(d, n);
      const st = lstatSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      const rel = relative(base, p);
      if (n === '.git') found.push(`${rel} (a repository)`);
      else if (st.isSymbolicLink()) found.push(`${rel} (a symbolic link)`);
      else if (st.isDirectory()) walk(p);
      else if (!st.isFile()) found.push(`${rel} (not a regular file)`);
    }
  };
  walk(dir);
  return found;
}

/**
 * Refuse (one line) to replace `dir` when its loss could never be meant. `dir` as the user gave it, for the
 * message; the checks are on its real path.
 */
export function refuseToReplace(dir: string): void {
  const real = realPathOf(dir);
  const shown = real === resolve(dir) ? dir : `${dir} (${real})`;
  const no = (why: string): never => {
    throw new UserError(`refusing to replace ${shown}: ${why}; mjlab never removes it, even with --force`);
  };
  if (mountPoint(real)) no(dirname(real) === real ? 'it is the root directory' : 'it is a file-system root (a mount point)');
  const home = realPathOf(homedir());
  if (contains(real, home)) no(real === home ? 'it is your home directory' : 'it holds your home directory');
  const cwd = realPathOf(process.cwd());
  if (contains(real, cwd)) no(real === cwd ? 'it is the current directory' : 'it holds the current directory');
  if (lstatSync(join(real, '.git'), { throwIfNoEntry: false })) no('it is a repository root (it holds .git)');
}

/** Remove `path`: a link is unlinked as a link (never followed), a directory emptied the same way first. */
export function removeTree(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) {
    unlinkSync(path);
    return;
  }
  for (const n of readdirSync(path)) removeTree(join(path, n));
  rmdirSync(path);
}

/** removeTree, naming `dir` and the entry in any file-system error. */
export function removeEntry(dir: string, name: string): void {
  try {
    removeTree(join(dir, name));
  } catch (e) {
    throw new UserError(`cannot replace ${dir}: removing ${name}: ${fsReason(e) ?? (e as Error).message}`);
  }
}
