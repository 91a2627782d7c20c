/**
 * Folders import downward only (docs/architecture.md, "Layers"): among the folders of the whole repository (each
 * first-level folder of src/, strategies/, experiments/ and test/, each of their root files on its own, and bin/), no
 * folder imports one that imports it back, directly or around a loop; and no import runs back up the house: the
 * library (src/) and the strategies import nothing of the lab (experiments/), the tests or the program (bin/), and
 * the lab nothing of the tests or the program.
 */
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, fileGraph, grouped } from './graph.js';

/** "src/engine", "src/errors.ts", "strategies/shared", "experiments/tuned-plans", "test/runner" or "bin". */
function folderOf(file: string): string {
  const parts = file.split(sep);
  if (parts[0] === 'bin') return 'bin';
  return `${parts[0]}/${parts[1]}`;
}

/** What each top folder may import: what lies below it. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  src: ['src', 'strategies'],
  strategies: ['src', 'strategies'],
  experiments: ['src', 'strategies', 'experiments'],
  test: ['src', 'strategies', 'experiments', 'test'],
  bin: ['src', 'experiments'],
};

/** Every import of `g` from a top folder to one it may not import, as "from → to". */
function upward(g: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const out: string[] = [];
  for (const [file, tos] of g) {
    const top = file.split(sep)[0]!;
    for (const t of tos) if (!MAY_IMPORT[top]?.includes(t.split(sep)[0]!)) out.push(`${file} → ${t}`);
  }
  return out.sort();
}

describe('layering', () => {
  const files = fileGraph();

  it('no folder imports one that imports it back', () => {
    const g = grouped(files, folderOf);
    expect(g.size).toBeGreaterThan(40); // the scan saw the tree
    for (const top of ['src/engine', 'strategies/harr.ts', 'experiments/tuned-plans', 'test/runner', 'bin']) expect(g.has(top), top).toBe(true);
    expect(circles(g)).toEqual([]);
  });

  it('no import runs back up: src/ and strategies/ import no experiment, test or program, experiments/ no test', () => {
    expect(upward(files)).toEqual([]);
  });

  it('would see a loop and an import back up (the checks themselves)', () => {
    const g = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]);
    expect(circles(g).length).toBeGreaterThan(0);
    const up = new Map([[['src', 'experiments', 'run.ts'].join(sep), new Set([['experiments', 'index.ts'].join(sep)])]]);
    expect(upward(up)).toHaveLength(1);
  });
});
