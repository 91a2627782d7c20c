/**
 * `mjlab score` and `mjlab settle` as docs/notation.md specifies: Harr's example 4 breakdown ending in 88,
 * the --json shape, and each error (one line naming the problem, exit status 2, no score).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';

const run = runCli;

afterEach(() => {
  process.exitCode = 0;
});

const EX4 = '66p 77m [222s] [777z] [333m] +6p';

describe('mjlab score', () => {
  it("prints Harr's example 4 breakdown ending in 88", async () => {
    const r = await run(['score', '--rules', 'harr', '--seat', 'N', '--win', 'self-draw', EX4]);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    for (const item of ['Mah-Jongg', 'No sequence', 'Drawing winning piece', '3 sixes (concealed)', '3 dragons (exposed)']) {
      expect(r.out).toContain(item);
    }
    expect(lines.find((l) => l.startsWith('Total score'))).toMatch(/44$/);
    expect(lines.find((l) => l.startsWith('Double once for red dragons'))).toMatch(/88$/);
    expect(lines.at(-1)).toMatch(/^Final score\s+88$/);
  });

  it('--json prints one object with score, points, doubles, limit and lines', async () => {
    const r = await run(['score', '--rules', 'harr', '--seat', 'N', '--win', 'self-draw', '--json', EX4]);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ score: 88, points: 44, doubles: 1, limit: false });
    expect(j.lines).toContainEqual({ label: 'Mah-Jongg', points: 20 });
    expect(j.lines).toContainEqual({ label: 'Double once for red dragons', doubles: 1 });
    for (const l of j.lines) expect(typeof (l.points ?? l.doubles)).toBe('number');
  });

  it('--limit caps and says so', async () => {
    const r = await run(['score', '--rules', 'harr', '--limit', '50', '--seat', 'N', '--win', 'self-draw', '--json', EX4]);
    expect(JSON.parse(r.out)).toMatchObject({ score: 50, limit: true });
  });

  it('--round sets the prevailing wind where the rule set has one', async () => {
    const r = await run(['score', '--rules', 'harr-limit', '--seat', 'S', '--round', 'S', '--win', 'self-draw', '--json', '555z 13p 22z [444p] [999p] +2p']);
    expect(JSON.parse(r.out).score).toBe(136);
  });

  const errors: [string, string[], RegExp][] = [
    ['unreadable tile', ['score', '--rules', 'harr', '66x 77m'], /unknown character "x"/],
    ['wrong tile count', ['score', '--rules', 'harr', '66p 77m [222s] +6p'], /wrong tile count/],
    ['more than four of a tile', ['score', '--rules', 'harr', '6666p 6p 77m [222s] [333m] +7m'], /more than 4 of tile 6p/],
    ['not a complete hand', ['score', '--rules', 'harr', '66p 78m [222s] [777z] [333m] +6p'], /not a complete hand/],
    ['unknown rule set', ['score', '--rules', 'mccoy', EX4], /unknown rule set "mccoy"/],
  ];
  for (const [name, args, msg] of errors) {
    it(`error: ${name} → one line, exit 2, no score`, async () => {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(msg);
    });
  }
});

describe('mjlab settle', () => {
  it("Harr's first layout (errata): --json nets summing to zero", async () => {
    const r = await run(['settle', '--rules', 'harr', '--winner', 'E', '--scores', 'E=480,S=64,W=272,N=16', '--json']);
    expect(JSON.parse(r.out)).toEqual({ E: 2880, S: -1120, W: -496, N: -1264 });
  });
  it('a drawn hand: code500 settles differences; harr nothing', async () => {
    const c = await run(['settle', '--rules', 'code500', '--winner', 'none', '--scores', 'E=10,S=20,W=0,N=0', '--json']);
    expect(JSON.parse(c.out)).toEqual({ E: -20 + 20 + 20, S: 20 + 20 + 20, W: -20 - 20, N: -20 - 20 });
    const h = await run(['settle', '--rules', 'harr', '--winner', 'none', '--scores', 'E=10,S=20,W=0,N=0', '--json']);
    expect(JSON.parse(h.out)).toEqual({ E: 0, S: 0, W: 0, N: 0 });
  });
  it('text output and a 3-player table', async () => {
    const r = await run(['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'E=4,S=22,W=10']);
    expect(r.out.trim().split('\n')).toEqual(['E -56', 'S +66', 'W -10']);
  });
  it('bad --scores is one line, exit 2', async () => {
    const r = await run(['settle', '--rules', 'harr', '--winner', 'E', '--scores', 'E=x']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--scores/);
  });
});
