/** The leaderboard after simulate and merge (README.md, "Quick start"): ranked by mean net, the sentence, --quiet. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatBoard, makeBoard, type BoardRow } from '../../src/report/leaderboard.js';
import { csvRecords } from '../../src/report/csv-read.js';
import { runCli } from '../helpers/cli.js';

const row = (strategy: string, meanNet: number, low: number, high: number): BoardRow => ({
  strategy, hands: 100, meanNet, meanNetLow: low, meanNetHigh: high, winRate: 0.25, dealInRate: 0.125,
});

describe('leaderboard (pure)', () => {
  it('ranks by mean net, best first, and compares the top two by their intervals without a paired test', () => {
    const b = makeBoard('t', [row('a', 1, -1, 3), row('b', 5, 4, 6), row('c', 2, 1.5, 2.5)], null);
    expect(b.rows.map((r) => r.strategy)).toEqual(['b', 'c', 'a']);
    expect(b.verdict).toMatch(/^b is ahead of c: their 95% intervals do not overlap/);
    expect(b.verdict).toContain('--duplicate');
    const overlap = makeBoard('t', [row('a', 1, -1, 3), row('b', 2, 0, 4)], null);
    expect(overlap.verdict).toMatch(/^b is not separated from a: their 95% intervals overlap.*--duplicate/);
  });

  it('quotes the paired test when there is one, in either order of the pair', () => {
    const rows = [row('a', 1, -1, 3), row('b', 2, 0, 4)];
    const sep = makeBoard('t', rows, [{ a: 'a', b: 'b', diff: -1, low: -1.5, high: -0.5, pHolm: 0.001 }]);
    expect(sep.verdict).toMatch(/^b is ahead of a: the paired test on the same walls separates them, \+1\.0 a hand \(95% CI \+0\.5 to \+1\.5/);
    expect(sep.verdict).not.toContain('--duplicate');
    const not = makeBoard('t', rows, [{ a: 'b', b: 'a', diff: 1, low: -0.5, high: 2.5, pHolm: 0.3 }]);
    expect(not.verdict).toMatch(/^b is not separated from a: the paired test/);
    expect(formatBoard(not)).toMatch(/#\s+strategy\s+mean net\s+95% interval\s+win\s+deal-in/);
  });

  it('nets that never differ: no hint to play more games', () => {
    const flat = [row('a', 0, 0, 0), row('b', 0, 0, 0)];
    expect(makeBoard('t', flat, null).verdict).toBe('a and b scored the same on every hand: no number of games will separate them.');
    expect(makeBoard('t', flat, [{ a: 'a', b: 'b', diff: 0, low: 0, high: 0, pHolm: 1 }]).verdict).toBe(
      'a and b scored the same on every wall set: no number of games will separate them.',
    );
    // Equal means with spread, or a paired difference of zero with spread: still a call for more games.
    expect(makeBoard('t', [row('a', 0, -1, 1), row('b', 0, -1, 1)], null).verdict).toMatch(/^a is not separated from b: their 95% intervals overlap/);
    expect(makeBoard('t', flat, [{ a: 'a', b: 'b', diff: 0, low: -0.5, high: 0.5, pHolm: 1 }]).verdict).toMatch(/play more games/);
  });

  it('one strategy: nothing to rank against', () => {
    expect(makeBoard('t', [row('harr', 0, -1, 1)], null).verdict).toContain('only strategy');
  });

  it('reads quoted CSV fields back', () => {
    expect(csvRecords('a,b\n"x,""y""",2\n')).toEqual([['a', 'b'], ['x,"y"', '2']]);
  });
});

describe('leaderboard on the command line', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'mjlab-board-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('simulate prints it after its line, merge too (with "1 directory"), and --quiet leaves it out', async () => {
    const out = join(tmp, 'dup');
    const r = await runCli(['simulate', '--games', '40', '--duplicate', '--workers', '1', '--out', out, '--no-progress']);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^40 hands \(40 games\)/);
    expect(r.out).toMatch(/Leaderboard \(harr, 40 hands, seed 1, duplicate seating\)/);
    const ranks = lines.filter((l) => /^[1-4] {2}/.test(l));
    expect(ranks).toHaveLength(4);
    const nets = ranks.map((l) => Number(l.split(/\s+/)[2]!.replace('−', '-')));
    expect([...nets].sort((x, y) => y - x)).toEqual(nets);
    expect(r.out).toMatch(/the paired test on the same walls/);

    const plain = await runCli(['simulate', '--games', '8', '--workers', '1', '--out', join(tmp, 'plain'), '--no-progress']);
    expect(plain.out).toMatch(/run with --duplicate for a paired test/);

    const quiet = await runCli(['simulate', '--games', '8', '--workers', '1', '--out', join(tmp, 'q'), '--no-progress', '--quiet']);
    expect(quiet.code, quiet.err).toBe(0);
    expect(quiet.out.trimEnd().split('\n')).toHaveLength(1);

    const m = await runCli(['merge', '--out', join(tmp, 'merged'), out]);
    expect(m.code, m.err).toBe(0);
    expect(m.out).toMatch(/^merged 1 directory: 40 hands/);
    expect(m.out).toMatch(/the paired test on the same walls/);
  });
});

describe("README's quick start", () => {
  it('shows the leaderboard exactly as the main job prints it', async () => {
    const { markedBlock } = await import('../support/doc.js');
    const block = markedBlock('README.md', 'leaderboard');
    const [first, blank, ...board] = block.trimEnd().split('\n');
    expect(first).toMatch(/^100000 hands \(100000 games\) in [\d.]+s, \d+ hands\/s → results\/latest$/);
    expect(blank).toBe('');
    expect(board[0]).toBe('Leaderboard (harr, 100,000 hands, seed 1): mean net points per hand');
    const num = (s: string) => Number(s.replace('−', '-'));
    const rows = board.slice(2, 6).map((l) => {
      const [, strategy, net, lo, hi, win, dealIn, hands] = /^\d\s+(\S+)\s+(\S+)\s+(\S+) to (\S+)\s+(\S+)%\s+(\S+)%\s+(\d+)$/.exec(l)!;
      return { strategy: strategy!, meanNet: num(net!), meanNetLow: num(lo!), meanNetHigh: num(hi!), winRate: num(win!) / 100, dealInRate: num(dealIn!) / 100, hands: Number(hands) };
    });
    expect(rows.map((r) => r.strategy).sort()).toEqual(['chow-mixer', 'defender', 'harr', 'suit-hunter']);
    expect(formatBoard(makeBoard(board[0]!, rows, null), 100).trimEnd()).toBe(board.join('\n'));
  });
});
