/**
 * babcock: the Red Book (Babcock "Scoring"; docs/rules.md "babcock").
 * Each table row, each bonus, each double, the limit, the Hands from Heaven and Earth, and losing hands.
 */
import { describe, expect, it } from 'vitest';
import { score, summary, E, S } from './helpers.js';

const b = (hand: string, o = {}) => score('babcock', hand, o);

describe('babcock combinations (every hand)', () => {
  it('three of a kind 2–8: 2 exposed, 4 concealed; ones, nines, winds, dragons: 4 / 8', () => {
    expect(b('[222m] [999p] 444s 111z 5p', { seat: S }).points).toBe(2 + 4 + 4 + 8);
  });
  it('four of a kind 2–8: 8 / 16; ones, nines, winds, dragons: 16 / 32', () => {
    expect(b('[2222m] (3333p) [9999s] (1111m) 5p', { seat: S }).points).toBe(8 + 16 + 16 + 32);
  });
  it('a pair of dragons or of own wind: 2; other pairs nothing', () => {
    expect(b('55z 22z 33z 11m 123p 456s 7p', { seat: S }).points).toBe(2 + 2);
  });
  it('losing hand: four alike in hand count as a concealed three (four only when declared)', () => {
    const r = b('2222m 456p 789s 12s', { seat: S });
    expect(summary(r)).toEqual(['3 twos (concealed)=4']);
    expect(r.pattern).toBeNull();
  });
});

describe('babcock winner bonuses', () => {
  const runs = '23m 456s 789s 123p 55m +1m';
  it('Mah-Jongg 20 and no score at all other than Mah-Jongg 10', () => {
    expect(summary(b(runs, { seat: S }))).toEqual(['Mah-Jongg=20', 'No other score than Mah-Jongg=10']);
  });
  it('winning tile drawn 2 (forfeits "no other score")', () => {
    expect(b(runs, { seat: S, win: 'self-draw' }).points).toBe(22);
  });
  it('winning on a loose tile after a kong: 10 in all', () => {
    const r = b('23m 456s 789s 55m [2222p] +1m', { seat: S, win: 'loose-tile' });
    expect(r.points).toBe(20 + 8 + 10);
  });
  it('filling the only possible place 2', () => {
    expect(b('13m 456s 789s 123p 55m +2m', { seat: S }).points).toBe(22);
  });
  it('no runs 10', () => {
    expect(summary(b('111m 222p 333s 44m 55p +4m', { seat: S }))).toContain('No sequence=10');
  });
  it('stealing the fourth to win 10', () => {
    expect(b('13m 456s 789s 123p 55m +2m', { seat: S, win: 'robbing-kong' }).points).toBe(20 + 2 + 10);
  });
  it('Mah-Jongg on the last tile drawn 10', () => {
    expect(b(runs, { seat: S, win: 'self-draw', lastTile: true }).points).toBe(20 + 2 + 10);
  });
});

describe('babcock doubles (every hand), limit', () => {
  it('once for each set of dragons and for a set of own wind', () => {
    expect(b('555z 666z 222z 12m 45p', { seat: S }).doubles).toBe(3);
    expect(b('555z 666z 222z 12m 45p', { seat: E }).doubles).toBe(2);
  });
  it('once for one suit with honours; three times for one suit only or honours only — losers too', () => {
    expect(b('111m 234m 567m 11z 9m', { seat: S }).doubles).toBe(1);
    expect(b('111m 234m 567m 99m 8m', { seat: S }).doubles).toBe(3);
    expect(b('111z 333z 444z 22z 5z', { seat: S }).doubles).toBe(3);
  });
  it('the limit is 300 for any hand, winner or loser', () => {
    const win = b('(5555z) (6666z) (7777z) (1111z) 2z +2z', { seat: E, win: 'loose-tile' });
    expect([win.score, win.limit]).toEqual([300, true]);
    const lose = b('(5555z) (6666z) (7777z) 1z', { seat: S });
    expect([lose.score, lose.limit]).toEqual([300, true]);
  });
  it('Hand from Heaven: the limit; Hand from Earth: half the limit', () => {
    expect(b('23m 456s 789s 123p 55m +1m', { seat: E, win: 'self-draw', firstTurn: true }).score).toBe(300);
    expect(b('23m 456s 789s 123p 55m +1m', { seat: S, firstTurn: true }).score).toBe(150);
  });
});
