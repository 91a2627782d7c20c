/**
 * The repository's import graph, as the layering tests read it (docs/architecture.md, "Layers"): every .ts file of
 * src/, strategies/, experiments/ and test/, and bin/'s .js files, with the files each imports by a relative path
 * (static, dynamic, type-only and re-exports alike).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** The top folders the graph covers: the library, the strategies, the lab, the tests and the program. */
export const TOP = ['src', 'strategies', 'experiments', 'test', 'bin'] as const;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') || (p.endsWith('.js') && relative(ROOT, p).startsWith(`bin${sep}`)) ? [p] : [];
  });
}

/** A relative import's target as a path from the root: `x.js` is the source `x.ts` where that exists. */
function target(file: string, spec: string): string | null {
  const at = normalize(join(dirname(file), spec));
  // The compiled tree stands for its source: dist/src/x.js for src/x.ts, dist/experiments/x.js for experiments/x.ts.
  const rel = relative(ROOT, at).split(sep);
  const source = rel[0] === 'dist' ? join(ROOT, ...rel.slice(1)) : at;
  for (const p of [source.replace(/\.js$/, '.ts'), source]) if (existsSync(p) && statSync(p).isFile()) return relative(ROOT, p);
  return null;
}

/** File → the files it imports, as paths from the root. */
export function fileGraph(tops: readonly string[] = TOP): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const file of tops.flatMap((t) => sourceFiles(join(ROOT, t)))) {
    const to = new Set<string>();
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const t = target(file, m[1]!);
      if (t !== null) to.add(t);
    }
    g.set(relative(ROOT, file), to);
  }
  return g;
}

/** The graph of `g`'s files grouped by `group` (files it maps to null are left out), without self-loops. */
export function grouped(g: ReadonlyMap<string, ReadonlySet<string>>, group: (file: string) => string | null): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [file, tos] of g) {
    const from = group(file);
    if (from === null) continue;
    if (!out.has(from)) out.set(from, new Set());
    for (const t of tos) {
      const to = group(t);
      if (to !== null && to !== from) out.get(from)!.add(to);
    }
  }
  return out;
}

/** The strongly connected components of more than one node (Tarjan): each is at least one import circle. */
export function circles(g: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
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

/** The longest chain of nodes each importing the next, in a graph without circles (nodes, first the importer). */
export function longestChain(g: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const memo = new Map<string, string[]>();
  const from = (n: string): string[] => {
    const known = memo.get(n);
    if (known) return known;
    let best: string[] = [];
    for (const m of [...(g.get(n) ?? [])].sort()) {
      const p = from(m);
      if (p.length > best.length) best = p;
    }
    const chain = [n, ...best];
    memo.set(n, chain);
    return chain;
  };
  let best: string[] = [];
  for (const n of [...g.keys()].sort()) {
    const p = from(n);
    if (p.length > best.length) best = p;
  }
  return best;
}
