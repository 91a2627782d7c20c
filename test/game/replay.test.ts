/**
 * Records are replayable scenarios (README.md, "The engine as a state machine"): a game record's wall orders and decisions alone play the game
 * again through the engine, byte for byte, for every rule set and table shape; a record cut short or edited so that
 * a move is not legal where it stands is refused with one line naming the move (exit status 2); hand-written
 * scenarios (test/scenarios/) check book procedure rules of each rule set (docs/rules.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLineup } from '../../src/lineup/registry.js';
import { playGame } from '../../src/game/play.js';
import { executeScenario, parseScenario, replayRecordFile } from '../../src/game/replay.js';
import { gameSetup } from '../../src/game/setup.js';
import type { TableConfig } from '../../src/game/types.js';
import type { GameRecord } from '../../src/record/record.js';
import { ruleSet } from '../../src/rules/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../runner/helpers.js';

const SCENARIOS = join(import.meta.dirname, '..', 'scenarios');

async function recorded(rules: string, strategies: string, game: number, over: Partial<TableConfig> = {}): Promise<GameRecord> {
  const r = ruleSet(rules);
  const players = (over.players ?? 4) as 2 | 3 | 4;
  const config: TableConfig = {
    rules: r,
    limit: r.limit,
    flowers: r.flowers,
    players,
    unit: 'hand',
    seed: 5,
    lineup: await resolveLineup(strategies.split(',').slice(0, players).join(','), players),
    duplicate: false,
    ...over,
  };
  return playGame(config, gameSetup(config, game), { record: true }).record as GameRecord;
}

const again = (rec: GameRecord): string => JSON.stringify(executeScenario(parseScenario(JSON.parse(JSON.stringify(rec)), 'rec.json'), 'rec.json'), null, 2);

describe('a record re-executed through the engine is the same record', () => {
  const MIX = 'harr,chow-mixer,random,greedy';
  const shapes: [string, string, Partial<TableConfig>][] = [
    ['harr', MIX, {}],
    ['harr-limit', MIX, {}],
    ['babcock', MIX, {}],
    ['code500', MIX, {}],
    ['harr', 'suit-hunter,defender,random', { players: 3 }],
    ['babcock', 'greedy,random', { players: 2 }],
    ['harr', MIX, { flowers: true }],
    ['harr-limit', MIX, { unit: 'match' }],
    ['code500', MIX, { unit: 'match' }],
    ['babcock', MIX, { duplicate: true }],
    ['harr', MIX, { limit: 300 }],
  ];
  for (const [rules, lineup, over] of shapes) {
    it(`${rules} ${JSON.stringify(over)}`, async () => {
      for (let g = 0; g < 6; g++) {
        const rec = await recorded(rules, lineup, g, over);
        expect(again(rec)).toBe(JSON.stringify(rec, null, 2));
      }
    });
  }

  it('a hand with washes: every deal\'s wall is in the record', async () => {
    let washed = 0;
    for (let g = 0; g < 400 && washed < 3; g++) {
      const rec = await recorded('harr-limit', 'harr:washMin=9,harr:washMin=9,harr:washMin=9,harr:washMin=9', g);
      const h = rec.hands[0]!;
      if (h.result.washes.length === 0) continue;
      washed++;
      expect(h.walls.length).toBe(h.result.washes.length + 1);
      expect(again(rec)).toBe(JSON.stringify(rec, null, 2));
    }
    expect(washed).toBe(3);
  });

  it('from the command line: --json, the text and the HTML page agree with the seeded replay', async () => {
    const dir = tempDir('record');
    const seeded = ['replay', '--rules', 'harr-limit', '--strategies', 'harr,greedy,random,chow-mixer', '--seed', '3', '--game', '5'];
    const json = await runCli([...seeded, '--json']);
    expect(json.code).toBe(0);
    const file = join(dir, 'game.json');
    writeFileSync(file, json.out);
    const viaRecord = await runCli(['replay', '--record', file, '--json']);
    expect(viaRecord).toEqual(json);
    expect((await runCli(['replay', '--record', file])).out).toBe((await runCli(seeded)).out);
    const html = await runCli(['replay', '--record', file, '--html', join(dir, 'a.html')]);
    expect(html.code).toBe(0);
    await runCli([...seeded, '--html', join(dir, 'b.html')]);
    expect(readFileSync(join(dir, 'a.html'), 'utf8')).toBe(readFileSync(join(dir, 'b.html'), 'utf8'));
  });
});

describe('a record that is cut short or edited is refused, naming the move', () => {
  async function refused(edit: (r: { hands: { actions: string[]; walls: string[] }[] } & Record<string, unknown>) => void): Promise<string> {
    const rec = JSON.parse(JSON.stringify(await recorded('babcock', 'harr,chow-mixer,random,greedy', 2))) as Parameters<typeof edit>[0];
    edit(rec);
    const dir = tempDir('record');
    const file = join(dir, 'edited.json');
    writeFileSync(file, JSON.stringify(rec));
    const r = await runCli(['replay', '--record', file]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    return r.err;
  }

  it('cut short: the last move removed', async () => {
    expect(await refused((r) => r.hands[0]!.actions.pop())).toMatch(/hand 1: the record is cut short after move \d+: seat \d is to decide \(phase \w+\)/);
  });
  it('a move that is not legal where it stands', async () => {
    const err = await refused((r) => {
      const a = r.hands[0]!.actions;
      const i = a.findIndex((x) => / discard /.test(x));
      a[i] = a[i]!.replace(/discard \S+/, 'discard 8f');
    });
    expect(err).toMatch(/hand 1, move 1 "\d discard 8f": not legal here \(phase turn; legal: discard /);
  });
  it('a move by a seat that is not to decide', async () => {
    expect(await refused((r) => (r.hands[0]!.actions[0] = r.hands[0]!.actions[0]!.replace(/^\d/, '3')))).toMatch(/move 1 "3 discard \S+": seat 2 is to decide \(phase turn\), not seat 3/);
  });
  it('moves left after the hand ended', async () => {
    expect(await refused((r) => r.hands[0]!.actions.push('1 pass'))).toMatch(/the hand ended at move \d+, but the record has 1 more \("1 pass" next\)/);
  });
  it('a wall that is not the full set', async () => {
    expect(await refused((r) => (r.hands[0]!.walls[0] = r.hands[0]!.walls[0]!.replace(/^\S+ \S+/, '1m 1m')))).toMatch(/hand 1, wall 1: \S+ appears \d times, not 4/);
  });
  it('an unreadable move, and a record of the old format', async () => {
    expect(await refused((r) => (r.hands[0]!.actions[0] = 'zero discard 1m'))).toMatch(/move 1: "zero discard 1m" is not "SEAT TYPE \[TILE\]"/);
    expect(await refused((r) => (r.format = 'mjlab-record/1'))).toMatch(/record format "mjlab-record\/1" cannot be re-executed/);
  });
  it('--record with the options of a seeded game', async () => {
    const r = await runCli(['replay', '--record', 'x.json', '--rules', 'harr']);
    expect(r).toMatchObject({ code: 2, err: 'mjlab: --record FILE defines the game itself; drop --rules\n' });
  });
});

describe('book procedure as hand-written scenarios (test/scenarios/)', () => {
  const play = (name: string): GameRecord => replayRecordFile(join(SCENARIOS, name));

  it('harr: two players could win on one discard; the one nearest in turn after the discarder is asked first', () => {
    const r = play('harr-two-claimants.json').hands[0]!.result;
    expect(r).toMatchObject({ winner_seat: 2, win_by: 'discard', discarder: 0 });
    // South, the nearer, may not be passed over: a record in which West claims first is refused.
    const text = readFileSync(join(SCENARIOS, 'harr-two-claimants.json'), 'utf8').replace('"1 pass", "2 mahjong"', '"2 mahjong"');
    expect(() => executeScenario(parseScenario(JSON.parse(text), 's.json'), 's.json')).toThrow(/move 2 "2 mahjong": seat 1 is to decide \(phase claim\), not seat 2/);
    // ...and when South takes it, he wins.
    const south = readFileSync(join(SCENARIOS, 'harr-two-claimants.json'), 'utf8').replace('"1 pass", "2 mahjong"', '"1 mahjong"');
    expect(executeScenario(parseScenario(JSON.parse(south), 's.json'), 's.json').hands[0]!.result.winner_seat).toBe(1);
  });

  it('babcock: stealing the fourth (robbing the kong) to win scores its 10', () => {
    const rec = play('babcock-stealing-the-fourth.json');
    const h = rec.hands[0]!;
    expect(h.result).toMatchObject({ winner_seat: 2, win_by: 'robbing-kong', discarder: 1 });
    const score = h.events.find((e) => e.e === 'score' && e.seat === 2);
    expect(score).toMatchObject({ lines: expect.arrayContaining([expect.objectContaining({ label: 'Robbing the kong', points: 10 })]) });
  });

  it('harr-limit: a wash collects 50 from each and deals again; East\'s heavenly hand then takes precedence over washing', () => {
    const h = play('harr-limit-washing.json').hands[0]!;
    expect(h.walls).toHaveLength(2);
    expect(h.result.washes).toEqual([{ seat: 1, heads: 9, payment: 50 }]);
    expect(h.result).toMatchObject({ winner_seat: 0, win_by: 'self-draw', winner_score: 300, limit_hit: true });
    expect(h.actions).toEqual(['1 wash', '0 mahjong']); // nobody was asked to wash the second deal
  });

  it('code500: a dealt flower is replaced from the loose end; a win before one\'s first turn is over is Gift from Earth', () => {
    const h = play('code500-gift-from-earth.json').hands[0]!;
    expect(h.events.slice(0, 3).map((e) => e.e)).toEqual(['deal', 'flower', 'loose']);
    expect(h.events[2]).toMatchObject({ e: 'loose', seat: 0, tile: '5z' });
    expect(h.result).toMatchObject({ winner_seat: 1, win_by: 'discard', winner_score: 500, limit_hit: true });
  });
});
