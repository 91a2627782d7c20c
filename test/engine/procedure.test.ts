// One test per procedure rule, each citing docs/rules.md or Harr's book, on constructed walls with
// scripted agents (test/engine/helpers.ts). Seats: 0 East, 1 South, 2 West, 3 North (game 0: seat 0 deals).
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/agent/types.js';
import { AgentError } from '../../src/errors.js';
import { playGame } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import type { HandState } from '../../src/engine/state.js';
import type { HandEvent } from '../../src/record/events.js';
import { settle } from '../../src/scoring/index.js';
import { parseTile } from '../../src/tiles/index.js';
import { remaining } from '../../src/wall/wall.js';
import { random } from '../../strategies/random.js';
import { buildWall, type Decision, lineupOf, playScripted, randomTable, scripted, table } from './helpers.js';

const T = parseTile;
const discard = (t: string): Action => ({ type: 'discard', tile: T(t) });

function setup(rules: string, plans: Record<number, Action[]>, players = 4) {
  const log: Decision[] = [];
  return { log, config: table(rules, lineupOf(scripted(plans, log), players)) };
}
const events = (rec: { hands: readonly { events: readonly HandEvent[] }[] }) => rec.hands[0]!.events;

describe('claims on the last discard (docs/rules.md "Claims on the last discard")', () => {
  // South (next) holds 9p9p and wants the pung; West is complete with 9p (pair) and wants Mah-Jongg.
  const wall = buildWall({
    hands: [
      '9p 1234z 67z 2468s 357p',
      '9p9p 1234z 67z 357s 24p',
      '123m 456m 789m 123s 9p',
      '1m4m7m 2m5m8m 3m6m 58s 16p 9s',
    ],
  });

  it('Mah-Jongg beats a pung (docs/rules.md: "Mah-Jongg: beats pung and chow")', () => {
    const { config } = setup('harr', { 0: [discard('9p')], 1: [{ type: 'pung' }], 2: [{ type: 'mahjong' }] });
    const { outcome } = playScripted(config, [wall]);
    const h = outcome.hands[0]!;
    expect(h.winner).toBe(2);
    expect(h.winBy).toBe('discard');
    expect(h.discarder).toBe(0);
  });

  it('without the Mah-Jongg claim the pung stands', () => {
    const { config } = setup('harr', { 0: [discard('9p')], 1: [{ type: 'pung' }] });
    const { record } = playScripted(config, [wall]);
    expect(events(record).find((e) => e.e === 'claim')).toMatchObject({ seat: 1, type: 'pung', tile: '9p', from: 0 });
  });

  it('several Mah-Jongg claimants: the nearest in turn after the discarder wins (docs/rules.md; Babcock "the one next in turn")', () => {
    // South and West both complete with 5z (each a pair wait); both claim.
    const w = buildWall({
      hands: ['5z 1234z 67z 2468s 357p', '123m 456m 789p 123s 5z', '456p 789s 444s 234m 5z', '1m4m7m 2m5m8m 3m6m 58s 16p 9s'],
    });
    const { config } = setup('harr', { 0: [discard('5z')], 1: [{ type: 'mahjong' }], 2: [{ type: 'mahjong' }] });
    const { outcome, record } = playScripted(config, [w]);
    expect(outcome.hands[0]!.winner).toBe(1);
    // South was asked first and took it; West, farther, loses the tile even though he claimed too.
    expect(events(record).filter((e) => e.e === 'mahjong')).toHaveLength(1);
  });

  it('a pung beats a chow, and the players passed over lose their turn (docs/rules.md "Pung": "players in between lose their turn")', () => {
    // East discards 3p: South (next) could chow 3p4p5p, North holds 3p3p and pungs. After North's discard East draws.
    const w = buildWall({
      hands: ['3p 1234z 67z 2468s 79p 1m', '45p 1234z 67z 357s 89m', '1m2m3m 4m5m6m 7m 1s2s 9s 5z5z 8p', '3p3p 4m 7m 5m8m 6m 9s 58s 16p 4s'],
      draws: '9m',
    });
    const { log, config } = setup('harr', { 0: [discard('3p')], 1: [{ type: 'chow', tile: T('3p') }], 3: [{ type: 'pung' }] });
    const { record } = playScripted(config, [w]);
    const ev = events(record);
    expect(log.some((d) => d.seat === 1 && d.phase === 'claim' && d.legal.some((a) => a.type === 'chow'))).toBe(true);
    const claimAt = ev.findIndex((e) => e.e === 'claim');
    expect(ev[claimAt]).toMatchObject({ seat: 3, type: 'pung' });
    expect(ev[claimAt + 1]).toMatchObject({ e: 'discard', seat: 3 });
    expect(ev[claimAt + 2]).toMatchObject({ e: 'draw', seat: 0 }); // South and West were passed over
  });

  it('chow only by the next player (docs/rules.md "Chow: only the next player")', () => {
    // West also holds 4p5p but is not next after East: he is never offered the chow.
    const w = buildWall({
      hands: ['3p 1234z 67z 2468s 79p 1m', '1234z 67z 357s 89m 2m 1p', '45p 1m2m3m 4m5m6m 7m 1s2s 9s 5z', '4m 7m 5m8m 6m 9s 58s 16p 4s 3s 2p'],
    });
    const { log, config } = setup('harr', { 0: [discard('3p')], 2: [{ type: 'chow', tile: T('3p') }] });
    const { record } = playScripted(config, [w]);
    expect(log.some((d) => d.seat === 2 && d.last === T('3p') && d.legal.some((a) => a.type === 'chow'))).toBe(false);
    expect(events(record).slice(1, 3)).toMatchObject([{ e: 'discard', seat: 0, tile: '3p' }, { e: 'draw', seat: 1 }]);
  });

  it('harr: out of turn, Mah-Jongg only where the discard completes a pung or the pair; babcock: any combination (docs/rules.md Claims, Reading)', () => {
    // West waits on 3p to complete the run 1p2p3p; East discards it; West is not next.
    const hands = ['3p 1234z 67z 2468s 79p 1m', '1234z 67z 357s 89m 2m 5p', '1m2m3m 4m5m6m 7m8m9m 1s1s 1p2p', '4m 7m 5m 6m 9s 58s 6p 4p 3s 5z5z 6s'];
    const w = buildWall({ hands });
    for (const [rules, wins] of [['harr', false], ['harr-limit', false], ['babcock', true], ['code500', true]] as const) {
      const { config } = setup(rules, { 0: [discard('3p')], 2: [{ type: 'mahjong' }] });
      const flowers = config.flowers;
      const wallHere = flowers ? buildWall({ hands, flowers: true }) : w;
      const { outcome } = playScripted(config, [wallHere]);
      const h = outcome.hands[0]!;
      expect({ rules, won: h.winner === 2 && h.discarder === 0 }).toEqual({ rules, won: wins });
    }
  });
});

describe('kongs (docs/rules.md "Own-turn kongs"; Harr "four of a kind")', () => {
  it('a concealed kong is laid down and followed by a loose tile from the tail', () => {
    const w = buildWall({
      hands: ['1s1s1s1s 1234z 67z 2468p', '1234z 67z 357s 89m 2m 5p', '1m2m3m 4m5m6m 7m8m9m 2s2s 1p2p', '4m 7m 5m 6m 9s 58s 6p 4p 3s 5z5z 6s'],
      loose: '9p',
    });
    const { config } = setup('harr', { 0: [{ type: 'concealed-kong', tile: T('1s') }, discard('9p')] });
    const { record, states } = playScripted(config, [w]);
    const ev = events(record);
    const k = ev.findIndex((e) => e.e === 'kong');
    expect(ev[k]).toMatchObject({ seat: 0, type: 'concealed', tile: '1s' });
    expect(ev[k + 1]).toMatchObject({ e: 'loose', seat: 0, tile: '9p' });
    expect(ev[k + 2]).toMatchObject({ e: 'discard', seat: 0, tile: '9p' });
    expect(states[0]).toBeDefined();
  });

  it('a discard may not be claimed onto an exposed pung (Harr, four of a kind)', () => {
    // South pungs East's 9p; later West discards the fourth 9p: South is not even asked.
    const w = buildWall({
      hands: ['9p 1234z 67z 2468s 357p', '9p9p 1234z 67z 357s 24p', '9p 1m2m3m 4m5m6m 7m8m 1s 5z5z 8p', '1m4m7m 2m5m8m 3m6m 58s 16p 9s'],
      draws: '9m',
    });
    const { log, config } = setup('harr', { 0: [discard('9p')], 1: [{ type: 'pung' }], 2: [discard('9p')] });
    const { record } = playScripted(config, [w]);
    const ev = events(record);
    expect(ev.filter((e) => e.e === 'discard' && e.tile === '9p').map((e) => (e as { seat: number }).seat)).toEqual([0, 2]);
    expect(log.filter((d) => d.seat === 1 && d.phase === 'claim' && d.last === T('9p'))).toHaveLength(1); // East's only
    expect(log.some((d) => d.last === T('9p') && d.legal.some((a) => a.type === 'kong'))).toBe(false);
  });

  it('robbing the kong: a player who needs the added tile takes it to win (docs/rules.md "Robbing the kong")', () => {
    // South pungs East's 5p, later draws the fourth and adds it; West waits on 5p (4p6p) and robs it.
    const w = buildWall({
      hands: ['5p 1234z 67z 2468s 37p 9m', '5p5p 1234z 67z 357s 28p', '1m2m3m 4m5m6m 7m8m9m 1s1s 4p6p', '1m4m7m 2m5m8m 3m6m 9s 58s 19p'],
      draws: '2z 3z 4z 5p',
    });
    const { log, config } = setup('harr', {
      0: [discard('5p')],
      1: [{ type: 'pung' }, { type: 'add-kong', tile: T('5p') }],
      2: [{ type: 'rob' }],
    });
    const { outcome, record } = playScripted(config, [w]);
    const h = outcome.hands[0]!;
    expect(log.some((d) => d.seat === 2 && d.phase === 'rob')).toBe(true);
    expect(h.winner).toBe(2);
    expect(h.winBy).toBe('robbing-kong');
    expect(h.discarder).toBe(1);
    expect(events(record).find((e) => e.e === 'mahjong')).toMatchObject({ seat: 2, by: 'robbing-kong', tile: '5p', from: 1 });
  });

  it('babcock: no own-turn kong straight after a pung or chow; harr allows it (docs/rules.md "Own-turn kongs")', () => {
    const w = buildWall({
      hands: ['9p 1234z 67z 4568s 357p', '9p9p 2s2s2s2s 67z 357s 4p 1z', '1m2m3m 4m5m6m 7m8m9m 1s1s 8p 8s', '1m4m7m 2m5m8m 3m6m 58s 16p 9s'],
    });
    for (const [rules, allowed] of [['harr', true], ['babcock', false]] as const) {
      const { log, config } = setup(rules, { 0: [discard('9p')], 1: [{ type: 'pung' }] });
      playScripted(config, [w]);
      const afterPung = log.find((d) => d.seat === 1 && d.phase === 'turn')!;
      expect({ rules, kong: afterPung.legal.some((a) => a.type === 'concealed-kong') }).toEqual({ rules, kong: allowed });
    }
  });
});

describe('end of play and the dead wall (docs/rules.md harr: "no dead wall beyond the loose tiles"; harr-limit/babcock: "the last 14 tiles ... are never drawn"; code500: "play ends when 8 tiles remain")', () => {
  for (const [rules, dead] of [['harr', 0], ['harr-limit', 14], ['babcock', 14], ['code500', 8]] as const) {
    it(`${rules}: a drawn hand ends with exactly ${dead} tiles left in the wall`, () => {
      const config = randomTable(rules);
      let drawn = 0;
      for (let g = 0; g < 40; g++) {
        let state: HandState | null = null;
        const out = playGame(config, gameSetup(config, g), { record: false, check: (s) => (state = s) });
        if (out.hands[0]!.winner !== null) continue;
        drawn++;
        expect(remaining((state as unknown as HandState).hidden.wall)).toBe(dead);
      }
      expect(drawn).toBeGreaterThan(10);
    });
  }

  it('code500: the last discard may be taken only for Mah-Jongg; babcock allows other claims on it (docs/rules.md code500 "End of play")', () => {
    const claimsOnLast = (rules: string) => {
      const log: Decision[] = [];
      const logging = {
        ...random,
        create: (init: Parameters<typeof random.create>[0]) => {
          const a = random.create(init);
          return {
            act: (v: Parameters<ReturnType<typeof random.create>['act']>[0]) => {
              if (v.phase === 'claim' && v.wallCount === 0) {
                log.push({ seat: v.seat, phase: v.phase, legal: v.legal, chosen: v.legal[0]!, wallCount: 0, concealed: [], last: null });
              }
              return a.act(v);
            },
          };
        },
      };
      const config = table(rules, lineupOf(logging, 4));
      for (let g = 0; g < 150; g++) playGame(config, gameSetup(config, g), { record: false });
      return log.flatMap((d) => d.legal.map((a) => a.type));
    };
    const code500 = claimsOnLast('code500');
    const babcock = claimsOnLast('babcock');
    expect(babcock.some((t) => t === 'pung' || t === 'chow')).toBe(true);
    expect(code500.every((t) => t === 'pass' || t === 'mahjong')).toBe(true);
  });
});

describe('washing the tiles (docs/rules.md harr-limit "Washing the tiles")', () => {
  const south9 = '1m9m1p9p1s9s1z2z3z 2m3m4m5m';
  it('a seat with 9 different heads may wash: collects 50 from each, reshuffle, East keeps the deal', () => {
    const w = buildWall({ hands: ['2468s 357p 6m7m8m 2p4p6p 8p', south9, '456s 7s 5z5z6z6z 7z7z 3s 8s 3p', '2s 6m 7m 8m 5p 6p 7p 4p 2p 3s 4s 6s 8s'] });
    const { log, config } = setup('harr-limit', { 1: [{ type: 'wash' }] });
    const { outcome, record } = playScripted(config, [w]);
    const h = outcome.hands[0]!;
    expect(log[0]).toMatchObject({ seat: 1, phase: 'wash' });
    expect(h.washes).toEqual([{ seat: 1, heads: 9, payment: 50 }]);
    expect(h.dealer).toBe(0);
    const ev = events(record);
    expect(ev.filter((e) => e.e === 'deal')).toHaveLength(2);
    expect(ev.findIndex((e) => e.e === 'wash')).toBeLessThan(ev.map((e) => e.e).lastIndexOf('deal'));
    // nets = the replayed hand's settlement + the washing payments, East not doubled
    const hand = h.winner !== null ? settle(config.rules, { winner: h.winner, scores: h.scores, east: 0, limit: 300, payer: h.penaltyPayer }) : [0, 0, 0, 0];
    expect(h.nets.map((n, s) => n - hand[s]!)).toEqual([-50, 150, -50, -50]);
  });

  it('passing keeps the deal; East\'s heavenly hand takes precedence over washing', () => {
    const passWall = buildWall({ hands: ['2468s 357p 6m7m8m 2p4p6p 8p', south9, '456s 7s 5z5z6z6z 7z7z 3s 8s 3p', '2s 6m 7m 8m 5p 6p 7p 4p 2p 3s 4s 6s 8s'] });
    const a = setup('harr-limit', {});
    const r = playScripted(a.config, [passWall]);
    expect(r.outcome.hands[0]!.washes).toEqual([]);
    expect(a.log[0]).toMatchObject({ seat: 1, phase: 'wash' });
    const heavenly = buildWall({ hands: ['123m 456m 789p 234s 5p5p', south9, '456s 7s 5z5z6z6z 7z7z 3s 8s 3p', '2s 6m 7m 8m 6p 7p 4p 2p 3s 4s 6s 8s 9p'] });
    const b = setup('harr-limit', { 0: [{ type: 'mahjong' }], 1: [{ type: 'wash' }] });
    const out = playScripted(b.config, [heavenly]).outcome.hands[0]!;
    expect(b.log.some((d) => d.phase === 'wash')).toBe(false);
    expect(out.winner).toBe(0);
    expect(out.winBy).toBe('self-draw');
  });

  it('other rule sets never wash', () => {
    const w = buildWall({ hands: ['2468s 357p 6m7m8m 2p4p6p 8p', south9, '456s 7s 5z5z6z6z 7z7z 3s 8s 3p', '2s 6m 7m 8m 5p 6p 7p 4p 2p 3s 4s 6s 8s'] });
    const { log, config } = setup('harr', { 1: [{ type: 'wash' }] });
    playScripted(config, [w]);
    expect(log.some((d) => d.phase === 'wash')).toBe(false);
  });
});

describe("2- and 3-player tables (Harr, \"Two and three-handed games\": played \"in exactly the same way\", the dummy's turn omitted)", () => {
  for (const [players, winds] of [[3, ['E', 'S', 'W']], [2, ['E', 'W']]] as const) {
    it(`${players} players: winds ${winds.join(' ')}, turns pass among the players only, East gets 14`, () => {
      const config = randomTable('harr', players);
      for (let g = 0; g < 20; g++) {
        const out = playGame(config, gameSetup(config, g), { record: true });
        const ev = (out.record as { hands: { events: HandEvent[] }[] }).hands[0]!.events;
        const deal = ev[0] as Extract<HandEvent, { e: 'deal' }>;
        const dealer = g % players;
        expect(deal.dealer).toBe(dealer);
        expect(deal.winds[dealer]).toBe('E');
        expect([...deal.winds].sort()).toEqual([...winds].sort());
        expect(deal.wall).toBe(136 - 14 - 13 * (players - 1));
        // between claims, the discarder is followed by the next physical seat (mod players)
        for (let i = 0; i + 2 < ev.length; i++) {
          const a = ev[i]!;
          const b = ev[i + 1]!;
          if (a.e === 'discard' && b.e === 'draw') expect(b.seat).toBe((a.seat + 1) % players);
        }
        expect(out.hands[0]!.nets).toHaveLength(players);
      }
    });
  }
});

describe('agent errors', () => {
  it('an exception names the strategy, seed, game and the replay command; other games are unaffected', () => {
    const bad = { name: 'crasher', description: '', params: [], create: () => ({ act: () => { throw new Error('boom'); } }) };
    const lineup = [...lineupOf(random, 3), { label: 'crasher', strategy: bad, params: {} }];
    const config = table('babcock', lineup, { seed: 5 });
    let err: unknown;
    try {
      playGame(config, gameSetup(config, 3), { record: false });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AgentError);
    expect((err as AgentError).message).toMatch(/strategy "crasher".*boom.*seed 5, game 3.*node bin\/mjlab\.js replay --rules babcock --strategies random,random,random,crasher --seed 5 --game 3/);
    expect((err as AgentError).seed).toBe(5);
    expect((err as AgentError).game).toBe(3);
    const ok = randomTable('babcock', 4, { seed: 5 });
    const a = playGame(ok, gameSetup(ok, 4), { record: true }).record;
    const b = playGame(ok, gameSetup(ok, 4), { record: true }).record;
    expect(a).toEqual(b);
  });

  it('an illegal action is refused', () => {
    const cheat = { name: 'cheat', description: '', params: [], create: () => ({ act: () => ({ type: 'mahjong' }) as Action }) };
    const config = table('harr', [...lineupOf(cheat, 1), ...lineupOf(random, 3)]);
    expect(() => playGame(config, gameSetup(config, 0), { record: false })).toThrow(/strategy "cheat" at seat 0 returned an illegal action \{"type":"mahjong"\}/);
  });

  it('an illegal action carries the real seed and game (the error names the strategy, the seed and the game index)', () => {
    const cheat = { name: 'cheat', description: '', params: [], create: () => ({ act: () => ({ type: 'discard', tile: 99 }) as Action }) };
    const config = table('code500', [...lineupOf(random, 2), ...lineupOf(cheat, 2)], { seed: 9 });
    let err: unknown;
    try {
      playGame(config, gameSetup(config, 6), { record: false });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AgentError);
    expect((err as AgentError).seed).toBe(9);
    expect((err as AgentError).game).toBe(6);
    expect((err as AgentError).strategy).toBe('cheat');
    expect((err as AgentError).message).toMatch(/seed 9, game 6; reproduce with: node bin\/mjlab\.js replay --rules code500 .* --seed 9 --game 6/);
  });

  it('an agent cannot make an action legal by adding it to its copy of the legal list', () => {
    const forger = {
      name: 'forger',
      description: '',
      params: [],
      create: () => ({
        act: (v: { legal: readonly Action[] }) => {
          const mj: Action = { type: 'mahjong' };
          (v.legal as Action[]).push(mj);
          return mj;
        },
      }),
    };
    const config = table('babcock', [...lineupOf(forger, 1), ...lineupOf(random, 3)]);
    expect(() => playGame(config, gameSetup(config, 0), { record: false })).toThrow(/strategy "forger" at seat 0 returned an illegal action/);
  });
});

describe('harr-limit penalty (docs/rules.md harr-limit "Penalties" (3); Harr Part II, Penalties, example 3)', () => {
  // West pungs East's white and green dragons; East then discards the red that gives West the third dragon set.
  const wall = buildWall({
    hands: ['5z6z7z 1z2z 2468s 357p 9m 1m', '3z4z 1z2z 357s 28p 2m3m 5m6m', '5z5z 6z6z 7z7z 123m 44m 9p 9s', '7m8m 1s 9s 4p6p 1p 3z 4z 8m 6s 7s 5p'],
    draws: '9m 1s 2s 3p',
  });
  const plans = {
    0: [discard('5z'), discard('6z'), discard('7z')],
    2: [{ type: 'pung' } as Action, discard('9p'), { type: 'pung' } as Action, discard('9s'), { type: 'mahjong' } as Action],
  };
  it('the discarder of the third dragon pays for all', () => {
    const { config } = setup('harr-limit', plans);
    const { outcome } = playScripted(config, [wall]);
    const h = outcome.hands[0]!;
    expect(h.winner).toBe(2);
    expect(h.discarder).toBe(0);
    expect(h.penaltyPayer).toBe(0);
    expect(h.nets[1]).toBe(0); // South and North pay nothing: East pays all
    expect(h.nets[3]).toBe(0);
  });
  it('harr (no penalty rule) settles normally', () => {
    const { config } = setup('harr', plans);
    const h = playScripted(config, [wall]).outcome.hands[0]!;
    expect(h.winner).toBe(2);
    expect(h.penaltyPayer).toBeNull();
    expect(h.nets[1]).toBeLessThan(0);
  });
});

describe('adding to an exposed pung, and flowers (docs/rules.md "Own-turn kongs", "A turn", "Wall and deal")', () => {
  it('the fourth drawn tile added to an exposed pung makes a kong, followed by a loose tile', () => {
    const w = buildWall({
      hands: ['5p 1234z 67z 2468s 37p 9m', '5p5p 1234z 67z 357s 28p', '1m2m3m 4m5m6m 7m8m9m 1s1s 4p6p', '1m4m7m 2m5m8m 3m6m 9s 58s 19p'],
      draws: '2z 3z 4z 5p',
      loose: '9s',
    });
    const { config } = setup('harr', { 0: [discard('5p')], 1: [{ type: 'pung' }, { type: 'add-kong', tile: T('5p') }] });
    const { record, outcome } = playScripted(config, [w]);
    const ev = events(record);
    const k = ev.findIndex((e) => e.e === 'kong');
    expect(ev[k]).toMatchObject({ seat: 1, type: 'add', tile: '5p' });
    expect(ev[k + 1]).toMatchObject({ e: 'loose', seat: 1, tile: '9s' });
    expect(outcome.hands[0]!.winBy).not.toBe('robbing-kong');
  });

  it('code500: a flower dealt is exposed and replaced from the loose end before East discards', () => {
    const w = buildWall({
      hands: ['1f 1234z 67z 2468s 357p', '1234z 67z 357s 28p 9m 9p', '1m2m3m 4m5m6m 7m8m9m 1s1s 4p6p', '1m4m7m 2m5m8m 3m6m 9s 58s 19p'],
      loose: '5z',
      flowers: true,
    });
    const { config, log } = setup('code500', {});
    const { record } = playScripted(config, [w]);
    const ev = events(record);
    expect(ev.slice(0, 4)).toMatchObject([
      { e: 'deal', hands: [expect.stringMatching(/ 1f$/), expect.anything(), expect.anything(), expect.anything()] },
      { e: 'flower', seat: 0, tile: '1f' },
      { e: 'loose', seat: 0, tile: '5z' },
      { e: 'discard', seat: 0 },
    ]);
    expect(log[0]!.concealed).toHaveLength(14);
    expect(log[0]!.concealed).toContain(T('5z'));
  });
});

describe('code500: Mah-Jongg on the last possible tile (docs/rules.md code500: "the only tile that completes the hand, the other three already visible" 10)', () => {
  // East waits on 7s only (89s). West discards a 7s, South pungs it with 7s7s: three 7s lie exposed. East then draws
  // the last 7s. East passes on the earlier 7s discard, which would also have completed his hand.
  const wall = buildWall({
    flowers: true,
    hands: ['123m 456m 789m 11p 89s 5z', '7s7s 2p4p6p8p 1z2z3z4z6z7z 3s', '7s 1z2z3z4z 3p5p7p9p 6z7z 1s5s', '2m3m5m6m8m9m 4p 1s2s4s 1z2z3z'],
    draws: '9m 8m 1m 5p 7s',
  });
  const plans = (eastClaim: Action) => ({
    0: [discard('5z'), eastClaim, { type: 'mahjong' } as Action],
    1: [{ type: 'pung' } as Action, discard('3s')],
    2: [discard('7s')],
  });
  it('scores 10 when the other three are visible', () => {
    const { config } = setup('code500', plans({ type: 'pass' }));
    const { outcome, record } = playScripted(config, [wall]);
    const h = outcome.hands[0]!;
    expect(h.winner).toBe(0);
    expect(h.winBy).toBe('self-draw');
    const score = events(record).find((e) => e.e === 'score' && e.seat === 0) as unknown as { lines: { label: string; points?: number }[] };
    expect(score.lines).toContainEqual(expect.objectContaining({ label: 'Mah-Jongg on the last possible tile', points: 10 }));
  });
  it('not when a copy is still hidden: East wins on the first 7s discard instead', () => {
    const { config } = setup('code500', plans({ type: 'mahjong' }));
    const { outcome, record } = playScripted(config, [wall]);
    expect(outcome.hands[0]!.winBy).toBe('discard');
    const score = events(record).find((e) => e.e === 'score' && e.seat === 0) as unknown as { lines: { label: string }[] };
    expect(score.lines.map((l) => l.label)).not.toContain('Mah-Jongg on the last possible tile');
  });
});
