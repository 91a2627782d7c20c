/**
 * Folders import downward only (README.md, "Layout"): among src/'s folders (and strategies/,
 * src/'s root files counted as one), no folder imports one that imports it back, directly or around a loop.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** "src/engine", "src/(root)" or "strategies". */
function folderOf(file: string): string {
  const parts = relative(ROOT, file).split(sep);
  if (parts[0] !== 'src') return parts[0]!;
  return parts.length > 2 ? `src/${parts[1]}` : 'src/(root)';
}

/** Folder → the folders its files import (relative imports, type-only ones included). */
function folderGraph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const file of [...tsFiles(join(ROOT, 'src')), ...tsFiles(join(ROOT, 'strategies'))]) {
    const from = folderOf(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = normalize(join(dirname(file), m[1]!));
      const to = folderOf(target);
      if (to !== from && (to.startsWith('src') || to === 'strategies')) {
        if (!g.has(from)) g.set(from, new Set());
        g.get(from)!.add(to);
      }
    }
  }
  return g;
}

/** Every loop of the graph, each as the path that closes it. */
function loops(g: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (n: string, path: string[]): void => {
    const at = path.indexOf(n);
    if (at >= 0) {
      found.add([...path.slice(at), n].join(' → '));
      return;
    }
    if (path.length > g.size) return;
    for (const m of g.get(n) ?? []) visit(m, [...path, n]);
  };
  for (const n of g.keys()) visit(n, []);
  return [...found].sort();
}

describe('layering', () => {
  it('no folder imports one that imports it back', () => {
    const g = folderGraph();
    expect(g.size).toBeGreaterThan(10); // the scan saw the tree
    expect(loops(g)).toEqual([]);
  });

  it('would see a loop (the check itself)', () => {
    const g = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]);
    expect(loops(g).length).toBeGreaterThan(0);
  });
});
