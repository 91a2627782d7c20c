/**
 * No import circles between files: among the .ts files of src/ and strategies/, no file
 * imports one that imports it back, directly (two files) or around a longer loop. Type-only imports count: a type
 * two files share belongs in the lower one, or in a types.ts of their folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** File → the files it imports (relative imports, type-only and re-exports included), as paths from the root. */
function fileGraph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const file of [...tsFiles(join(ROOT, 'src')), ...tsFiles(join(ROOT, 'strategies'))]) {
    const to = new Set<string>();
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = normalize(join(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
      if (existsSync(target)) to.add(relative(ROOT, target));
    }
    g.set(relative(ROOT, file), to);
  }
  return g;
}

/** The strongly connected components of more than one file (Tarjan): each is at least one import circle. */
function circles(g: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      scc.push(w);
      if (w === v) break;
    }
    if (scc.length > 1) found.push(scc.sort());
  };
  for (const v of [...g.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('layering of files', () => {
  it('no file imports one that imports it back, directly or around a loop', () => {
    const g = fileGraph();
    expect(g.size).toBeGreaterThan(100); // the scan saw the tree
    expect(circles(g)).toEqual([]);
  });

  it('would see a circle of two files and of three (the check itself)', () => {
    const two = new Map([['a', new Set(['b'])], ['b', new Set(['a'])], ['c', new Set(['a'])]]);
    expect(circles(two)).toEqual([['a', 'b']]);
    const three = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]);
    expect(circles(three)).toEqual([['a', 'b', 'c']]);
  });
});
