// `mjlab replay` (docs/notation.md, "Game records"): prints a complete hand in tile notation; --json prints the
// record with result.winner_strategy, result.win_by, result.winner_score; bad input is one line, exit 2.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { GameRecord } from '../../src/record/record.js';
import { parseHand } from '../../src/tiles/index.js';

const run = runCli;

const base = ['replay', '--rules', 'harr', '--strategies', 'greedy,greedy,random,random', '--seed', '1', '--game', '0'];

describe('mjlab replay', () => {
  afterEach(() => {
    process.exitCode = 0;
  });

  it('prints a complete hand: the deal, draws and discards, the end, scores and settlement', async () => {
    const { out, code } = await run(base);
    expect(code).toBe(0);
    expect(out).toMatch(/Deal \(83 tiles left to draw\)/);
    expect(out).toMatch(/E \(greedy\)\s+\S+/);
    expect(out).toMatch(/ draws \d[mpsz]/);
    expect(out).toMatch(/^ *\d+ {2}[ESWN] discards \d[mpsz]/m);
    expect(out).toMatch(/Mah-Jongg!|Drawn hand/);
    expect(out).toMatch(/Settlement: E [-+]?\d+, S [-+]?\d+, W [-+]?\d+, N [-+]?\d+/);
    expect(out).toMatch(/Result: /);
  });

  it('--json prints the record: every event in notation and the result fields', async () => {
    const { out } = await run([...base, '--json']);
    const rec = JSON.parse(out) as GameRecord;
    expect(rec).toMatchObject({ rules: 'harr', seed: 1, game: 0, players: 4, strategies: ['greedy', 'greedy', 'random', 'random'] });
    const r = rec.result;
    expect(r).toHaveProperty('winner_strategy');
    expect(r).toHaveProperty('win_by');
    expect(r).toHaveProperty('winner_score');
    expect(r.nets.reduce((a, b) => a + b, 0)).toBe(0);
    if (r.winner_seat !== null) {
      expect(r.winner_strategy).toBe(rec.strategies[r.winner_seat]);
      expect(r.winner_score).toBe(r.scores[r.winner_seat]);
    }
    const ev = rec.hands[0]!.events;
    expect(ev[0]!.e).toBe('deal');
    for (const h of (ev[0] as unknown as { hands: string[] }).hands) expect(() => parseHand(h)).not.toThrow();
    expect(ev.some((e) => e.e === 'settle')).toBe(true);
    // the same arguments give the same record
    expect((await run([...base, '--json'])).out).toBe(out);
  });

  it('plays 2- and 3-player tables and whole matches', async () => {
    const three = await run(['replay', '--rules', 'babcock', '--strategies', 'random,random,random', '--players', '3', '--seed', '4', '--game', '2', '--json']);
    expect((JSON.parse(three.out) as GameRecord).players).toBe(3);
    const match = await run(['replay', '--rules', 'code500', '--strategies', 'greedy,greedy,greedy,greedy', '--unit', 'match', '--seed', '1', '--game', '0']);
    expect(match.out).toMatch(/Hand 2:/);
    expect(match.out).toMatch(/Final scores \(seats by their wind in the first hand\): E /);
  });

  for (const [what, args, msg] of [
    ['an unknown rule set', ['--rules', 'mahjong'], /unknown rule set "mahjong"/],
    ['an unknown strategy', ['--strategies', 'greedy,nobody,random,random'], /unknown strategy "nobody"/],
    ['5 players', ['--players', '5'], /--players must be 2, 3 or 4/],
    ['a negative seed', ['--seed', '-3'], /--seed must be a non-negative integer/],
    ['a fractional game', ['--game', '1.5'], /--game must be a non-negative integer/],
    ['a lineup of the wrong size', ['--strategies', 'greedy,random'], /2 strategies given for 4 players/],
  ] as const) {
    it(`rejects ${what} with one line and exit 2`, async () => {
      const res = await run(withOverrides(base, args));
      expect(res.code).toBe(2);
      expect(res.err).toMatch(msg);
      expect(res.err.trim().split('\n')).toHaveLength(1);
      expect(res.out).toBe('');
    });
  }
});

function withOverrides(argv: readonly string[], over: readonly string[]): string[] {
  const out = [...argv];
  for (let i = 0; i < over.length; i += 2) {
    const k = out.indexOf(over[i]!);
    if (k >= 0) out[k + 1] = over[i + 1]!;
    else out.push(over[i]!, over[i + 1]!);
  }
  return out;
}
