/**
 * Harr 1922, Part II "Examples of winning hands" 1–10 (errata: example 3 "26 and 52 should read 16 and 32";
 * example 4 "Player is East Wind instead of North Wind"), limit hands, first-discard win, washing
 * (Harr II; docs/rules.md "harr-limit").
 */
import { describe, expect, it } from 'vitest';
import { score, summary, E, S, W, N, type Opts } from './helpers.js';
import { washPayment, settleWash } from '../../src/scoring/index.js';
import { ruleSet } from '../../src/rules/index.js';

function check(hand: string, o: Opts, lines: string[], points: number, doubles: number, final: number) {
  const r = score('harr-limit', hand, o);
  expect([...summary(r)].sort()).toEqual([...lines].sort());
  expect([r.points, r.doubles, r.score]).toEqual([points, doubles, final]);
  return r;
}

describe('harr-limit Part II examples', () => {
  it('No. 1: East, South round; 40, no sequences = 80 (East collects 160)', () => {
    check(
      '888m 333s 111p 1m [555m] +1m',
      { seat: E, round: S, win: 'self-draw' },
      [
        'Mah-Jongg=10',
        '3 eights (concealed)=6',
        '3 threes (concealed)=6',
        '3 ones (concealed)=10',
        '3 fives (exposed)=2',
        'Pair of heads drawn to complete hand=6',
        'Double once for no sequences x1',
      ],
      40,
      1,
      80,
    );
  });

  it('No. 2: North in North round; 40 doubled four times = 640, over the limit: 300', () => {
    const lines = [
      'Mah-Jongg=10',
      '3 nines (concealed)=10',
      '3 winds (concealed)=10',
      '3 twos (concealed)=6',
      '3 dragons (exposed)=4',
      'Double once for red dragons x1',
      'Double twice for own wind in own wind round x2',
      'Double once for no sequences x1',
    ];
    const hand = '999m 44z 222s 55p [777z] +4z';
    const capped = score('harr-limit', hand, { seat: N, round: N, win: 'self-draw' });
    expect([capped.score, capped.limit]).toEqual([300, true]);
    // "If his score 640 were over the limit he would collect double the limit from East and only the limit ..."
    const r = check(hand, { seat: N, round: N, win: 'self-draw', limit: 1000 }, lines, 40, 4, 640);
    expect(r.limit).toBe(false);
  });

  it('No. 3 (errata: 16 and 32): North, East round; 16, red dragons = 32', () => {
    // Won by chowing the 4 dot into 2-3 (open at both ends, by chow: 0).
    check(
      '23p 678s 55s [777z] [777m] +4p',
      { seat: N, round: E },
      ['Mah-Jongg=10', '3 dragons (exposed)=4', '3 sevens (exposed)=2', 'Double once for red dragons x1'],
      16,
      1,
      32,
    );
  });

  it('No. 4 (errata: player is East): East in East round; 48, three doubles = 384, limit 300', () => {
    // Nearest realisable hand: the book's nine bamboo and three bamboo with honours would also double for one suit
    // with honours, which the book does not list; the threes are characters here so that the breakdown is the book's.
    const hand = '666z 999s 333m 1z [777z] +1z';
    const lines = [
      'Mah-Jongg=10',
      '3 dragons (exposed)=4',
      '3 dragons (concealed)=10',
      '3 nines (concealed)=10',
      '3 threes (concealed)=6',
      'Pair of own wind in own wind round drawn to complete hand=8',
      'Double once for no sequences x1',
      'Double once for red dragons x1',
      'Double once for green dragons x1',
    ];
    check(hand, { seat: E, round: E, win: 'self-draw', limit: 1000 }, lines, 48, 3, 384);
    expect(score('harr-limit', hand, { seat: E, round: E, win: 'self-draw' }).score).toBe(300);
  });

  it('No. 5: single heads, one of each with a pair: limit hand', () => {
    const r = score('harr-limit', '19m 19p 19s 1234567z +9s', { seat: S, round: E });
    expect([r.score, r.limit, r.pattern]).toEqual([300, true, 'limit']);
    expect(r.lines[0]!.label).toMatch(/thirteen different heads/i);
  });

  it('No. 6: sets of heads only: limit hand', () => {
    const r = score('harr-limit', '111m 999p 22z 55z [777z] +2z', { seat: S, round: E });
    expect([r.score, r.limit, r.pattern]).toEqual([300, true, 'limit']);
    expect(r.lines[0]!.label).toMatch(/heads only/i);
  });

  it('No. 7: three sets of dragons with any set and pair: limit hand', () => {
    const r = score('harr-limit', '555z 666z 123m 9s [777z] +9s', { seat: S, round: E });
    expect([r.score, r.limit]).toEqual([300, true]);
    expect(r.lines[0]!.label).toMatch(/three sets of dragons/i);
  });

  it('No. 8: South in South round; 34, white dragons and one suit with honours = 136', () => {
    check(
      '555z 13p 22z [444p] [999p] +2p',
      { seat: S, round: S, win: 'self-draw' },
      [
        'Mah-Jongg=10',
        '3 dragons (concealed)=10',
        '3 fours (exposed)=2',
        '3 nines (exposed)=4',
        'Filling a sequence in the middle by draw to win=4',
        '2 own wind in own wind round=4',
        'Double once for white dragons x1',
        'Double once for all one suit except winds or dragons x1',
      ],
      34,
      2,
      136,
    );
  });

  it('No. 9: East in South round; 20, all one suit three times = 160 (East collects 320)', () => {
    check(
      '123s 789s 9s [444s] [666s] +9s',
      { seat: E, round: S, win: 'self-draw' },
      ['Mah-Jongg=10', '3 fours (exposed)=2', '3 sixes (exposed)=2', 'Pair of heads drawn to complete hand=6', 'Double three times for all one suit x3'],
      20,
      3,
      160,
    );
  });

  it('No. 10: West, East round; 32, four red dragons = 64', () => {
    check(
      '12m 456p 99p [7777z] [444m] +3m',
      { seat: W, round: E, win: 'self-draw' },
      [
        'Mah-Jongg=10',
        '4 dragons (exposed)=16',
        '3 fours (exposed)=2',
        'Filling a sequence on the only open end by draw to win=4',
        'Double once for red dragons x1',
      ],
      32,
      1,
      64,
    );
  });
});

describe('harr-limit limit hands, bonuses and washing (docs/rules.md "harr-limit")', () => {
  it('four sets of winds and any pair', () => {
    expect(score('harr-limit', '111z 222z 333z 5m [444z] +5m', { seat: S }).lines[0]!.label).toMatch(/four sets of winds/i);
  });
  it('three sets of winds with a pair of the fourth (not with any other pair)', () => {
    expect(score('harr-limit', '111z 222z 4z 123m [333z] +4z', { seat: S }).limit).toBe(true);
    const r = score('harr-limit', '111z 222z 5m 123m [333z] +5m', { seat: S });
    expect(r.lines.some((l) => /winds/i.test(l.label) && l.group === 'limit')).toBe(false);
  });
  it('four kongs', () => {
    expect(score('harr-limit', '(2222m) (3333p) [4444s] [5555s] 6m +6m', { seat: S }).lines[0]!.label).toMatch(/four kongs/i);
  });
  it('East winning on the original draw', () => {
    const r = score('harr-limit', '123m 456m 789p 2s 345s +2s', { seat: E, win: 'self-draw', firstTurn: true });
    expect([r.score, r.limit]).toEqual([300, true]);
  });
  it("winning on East's first discard: half the limit, or the hand's own score when higher", () => {
    const low = score('harr-limit', '23m 456s 789s 123p 55m +1m', { seat: S, firstTurn: true });
    expect(low.score).toBe(150);
    const plain = score('harr-limit', '23m 456s 789s 123p 55m +1m', { seat: S });
    expect(plain.score).toBe(20); // Mah-Jongg 10 + no other score 10
    const high = score('harr-limit', '999m 44z 222s 55p [777z] +4z', { seat: N, round: N, firstTurn: true, limit: 1000 });
    // Won on a discard, the North pung is exposed (4, not 10): 34 x 16 = 544, above half the limit.
    expect(high.score).toBe(544);
  });
  it('doubles for the last tile, a loose tile and robbing the kong', () => {
    const base = score('harr-limit', '23p 678s 55s [777z] [777m] +4p', { seat: N }).doubles;
    expect(score('harr-limit', '23p 678s 55s [777z] [777m] +4p', { seat: N, win: 'self-draw', lastTile: true }).doubles).toBe(base + 1);
    expect(score('harr-limit', '23p 678s 55s [777z] [777m] +4p', { seat: N, win: 'loose-tile' }).doubles).toBe(base + 1);
    expect(score('harr-limit', '23p 678s 55s [777z] [777m] +4p', { seat: N, win: 'robbing-kong' }).doubles).toBe(base + 1);
  });
  it('losing hands: pairs of dragons, own wind, round wind; no suit doubles for losers', () => {
    // West in West round holding a pair of West (4), a pair of red (2), a concealed pung of 9m (8).
    const r = score('harr-limit', '999m 33z 77z 12p 45s 6s', { seat: W, round: W });
    expect([...summary(r)].sort()).toEqual(['2 dragons=2', '2 own wind in own wind round=4', '3 nines (concealed)=8'].sort());
    expect([r.points, r.doubles, r.score, r.pattern]).toEqual([14, 0, 14, null]);
    const pure = score('harr-limit', '111m 234m 567m 89m 5m', { seat: S });
    expect(pure.doubles).toBe(0);
  });
  it('washing the tiles: 9 → 50, 10 → 70, 11 → 100, 12 → 150, 13 → 200; East not double', () => {
    const hl = ruleSet('harr-limit');
    expect([8, 9, 10, 11, 12, 13, 14].map((h) => washPayment(hl, h))).toEqual([0, 50, 70, 100, 150, 200, 200]);
    // East (seat 0 here) washing, then paying a washer: no double either way.
    expect(settleWash(hl, 4, 0, washPayment(hl, 11), 0)).toEqual([300, -100, -100, -100]);
    expect(settleWash(hl, 4, 2, washPayment(hl, 9), 0)).toEqual([-50, -50, 150, -50]);
  });
});
