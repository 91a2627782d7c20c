/**
 * How deep the house is (docs/architecture.md, "Layers"): a room is a first-level folder or file of src/,
 * strategies/ or experiments/, and the longest chain of rooms each importing the next is at most 16 rooms. A
 * longer chain means a room leans on one it should sit beside: a newcomer reading a command down to the tiles
 * passes through every room of it.
 */
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, fileGraph, grouped, longestChain } from './graph.js';

const MAX_CHAIN = 16;

/** "src/engine", "src/errors", "strategies/harr", "strategies/shared", "experiments/index"; null outside the three. */
function roomOf(file: string): string | null {
  const parts = file.split(sep);
  if (!['src', 'strategies', 'experiments'].includes(parts[0]!)) return null;
  return `${parts[0]}/${parts[1]!.replace(/\.(ts|js)$/, '')}`;
}

describe('rooms', () => {
  it(`the longest chain of rooms importing one another is at most ${MAX_CHAIN}`, () => {
    const g = grouped(fileGraph(['src', 'strategies', 'experiments']), roomOf);
    expect(g.size).toBeGreaterThan(50); // the scan saw the tree
    expect(circles(g)).toEqual([]);
    const chain = longestChain(g);
    expect(chain.length, chain.join(' → ')).toBeLessThanOrEqual(MAX_CHAIN);
    expect(chain.length).toBeGreaterThan(5);
  });

  it('finds the longest chain, not the first (the check itself)', () => {
    const g = new Map([
      ['a', new Set(['b', 'x'])],
      ['b', new Set(['c'])],
      ['c', new Set(['d'])],
      ['x', new Set(['d'])],
      ['d', new Set<string>()],
    ]);
    expect(longestChain(g)).toEqual(['a', 'b', 'c', 'd']);
  });
});
