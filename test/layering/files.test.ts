/**
 * No import circles between files (docs/architecture.md, "Layers"): among the files of src/, strategies/,
 * experiments/, test/ and bin/, no file imports one that imports it back, directly (two files) or around a longer
 * loop. Type-only imports count: a type two files share belongs in the lower one, or in a types.ts of their folder.
 */
import { describe, expect, it } from 'vitest';
import { circles, fileGraph } from './graph.js';

describe('layering of files', () => {
  it('no file imports one that imports it back, directly or around a loop', () => {
    const g = fileGraph();
    expect(g.size).toBeGreaterThan(100); // the scan saw the tree
    expect([...g.keys()].some((f) => f.startsWith('experiments/'))).toBe(true);
    expect(circles(g)).toEqual([]);
  });

  it('would see a circle of two files and of three (the check itself)', () => {
    const two = new Map([['a', new Set(['b'])], ['b', new Set(['a'])], ['c', new Set(['a'])]]);
    expect(circles(two)).toEqual([['a', 'b']]);
    const three = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]);
    expect(circles(three)).toEqual([['a', 'b', 'c']]);
  });
});
