/**
 * code500: the codification (the Code; docs/rules.md
 * "code500"). Each special hand, flowers and seasons, bouquets, prevailing wind, totally concealed, the limit.
 */
import { describe, expect, it } from 'vitest';
import { parseHand } from '../../src/tiles/index.js';
import { ruleSet } from '../../src/rules/index.js';
import { isWinningHand } from '../../src/scoring/index.js';
import { score, summary, E, S, W } from './helpers.js';

const c = (hand: string, o = {}) => score('code500', hand, o);

describe('code500 special hands (the limit, 500)', () => {
  const cases: [string, string, object][] = [
    ['Thirteen Noble Scholars', '19m 19p 19s 1234567z +1z', { seat: S }],
    ['Heavenly Twins', '1122334455667z +7z', { seat: S }],
    ['Nine United Sons', '1112345678999m +5m', { seat: S, win: 'self-draw' }],
    ['All honours', '111z 222z 333z 5z [777z] +5z', { seat: S }],
    ['All terminals', '111m 999m 111p 9p [999s] +9p', { seat: S }],
    ['Gift from Heaven', '23m 456s 789s 123p 55m +1m', { seat: E, win: 'self-draw', firstTurn: true }],
    ['Gift from Earth', '23m 456s 789s 123p 55m +1m', { seat: W, firstTurn: true }],
  ];
  for (const [name, hand, o] of cases) {
    it(name, () => {
      const r = c(hand, o);
      expect([r.score, r.limit, r.pattern]).toEqual([500, true, 'limit']);
      expect(r.lines[0]!.label.toLowerCase()).toContain(name.toLowerCase().split(' ')[0]!.replace('gift', 'gift'));
    });
  }
  it('isWinningHand accepts the special shapes in code500 and not in harr', () => {
    const twins = parseHand('1122334455667z +7z');
    expect(isWinningHand(ruleSet('code500'), twins)).toBe(true);
    expect(isWinningHand(ruleSet('harr'), twins)).toBe(false);
    expect(isWinningHand(ruleSet('harr-limit'), parseHand('19m 19p 19s 1234567z +1z'))).toBe(true);
    expect(isWinningHand(ruleSet('babcock'), parseHand('19m 19p 19s 1234567z +1z'))).toBe(false);
  });
});

describe('code500 points and doubles', () => {
  it('flowers and seasons 4 each; own flower and own season double once each (losing hand too)', () => {
    const r = c('123m 456p 789s 55m 1p 2f 6f 3f', { seat: S });
    expect(r.points).toBe(12);
    expect(r.doubles).toBe(2);
  });
  it('a bouquet: 4 doubles, the own-flower double included', () => {
    expect(c('123m 456p 789s 11m 5p 1f 2f 3f 4f', { seat: E }).doubles).toBe(4);
    expect(c('123m 456p 789s 11m 5p 1f 2f 3f 4f 5f', { seat: E }).doubles).toBe(5);
    expect(c('123m 456p 789s 11m 5p 1f 2f 3f 4f 5f 6f 7f 8f', { seat: S }).doubles).toBe(8);
  });
  it('prevailing wind: a set of it doubles; one set may score both own and prevailing', () => {
    expect(c('333z 123m 456p 11m 5p', { seat: S, round: W }).doubles).toBe(1);
    expect(c('333z 123m 456p 11m 5p', { seat: W, round: W }).doubles).toBe(2);
    expect(c('333z 123m 456p 11m 5p', { seat: S, round: E }).doubles).toBe(0);
  });
  it('pairs score only in the Mah-Jongg hand: own wind 2, prevailing 2 (both), dragons 2', () => {
    expect(c('22z 123m 456p 789s 5p', { seat: S, round: S }).points).toBe(0);
    const r = c('22z 123m 456p 789s 45p +6p', { seat: S, round: S });
    expect(summary(r)).toContain('2 own wind in own wind round=4');
  });
  it('totally concealed (grounded kongs allowed): one double, not on a discard', () => {
    const drawn = c('23m 456s 789s 55m (2222p) +1m', { seat: S, win: 'self-draw' });
    expect(summary(drawn)).toContain('Double once for totally concealed hand x1');
    expect(summary(c('23m 456s 789s 55m (2222p) +1m', { seat: S }))).not.toContain('Double once for totally concealed hand x1');
    expect(summary(c('23m 456s 55m [789s] (2222p) +1m', { seat: S, win: 'self-draw' }))).not.toContain(
      'Double once for totally concealed hand x1',
    );
  });
  it('Mah-Jongg 20, all chows 10, from the wall 2, from the tail 10, robbing a kong 10', () => {
    expect(summary(c('23m 456s 789s 123p 55m +1m', { seat: S }))).toEqual(['Mah-Jongg=20', 'All chows=10']);
    expect(c('23m 456s 789s 123p 55m +1m', { seat: S, win: 'self-draw' }).points).toBe(32);
    expect(c('23m 456s 789s 55m [2222p] +1m', { seat: S, win: 'loose-tile' }).points).toBe(20 + 8 + 10);
    expect(c('23m 456s 789s 123p 55m +1m', { seat: S, win: 'robbing-kong' }).points).toBe(40);
  });
  it('the last possible tile: only when it is the only tile completing the hand', () => {
    expect(c('13m 456s 789s 123p 55m +2m', { seat: S, lastOfKind: true }).points).toBe(20 + 10 + 10);
    expect(c('23m 456s 789s 123p 55m +1m', { seat: S, lastOfKind: true }).points).toBe(30);
  });
  it('all pungs 10; four kongs take the all-kongs double instead', () => {
    expect(summary(c('222m 333p 444s 66m 77p +6m', { seat: S }))).toContain('No sequence=10');
    const k = c('(2222m) [3333p] [4444s] [6666m] 7p +7p', { seat: S });
    expect(summary(k)).not.toContain('No sequence=10');
    expect(summary(k)).toContain('Double once for all kongs x1');
  });
  it('pure with honours one double, pure three, all terminals and honours one', () => {
    expect(c('123m 456m 789m 33z 11m +3z', { seat: S }).doubles).toBe(1);
    expect(c('123m 456m 789m 55m 11m +5m', { seat: S }).doubles).toBe(3);
    expect(summary(c('111m 999p 111z 5z [999s] +5z', { seat: S }))).toContain('Double once for all terminals and honours x1');
  });
  it('the limit: 500', () => {
    const r = c('(5555z) (6666z) (7777z) 1z 1f 2f 3f 4f', { seat: S });
    expect([r.score, r.limit]).toEqual([500, true]);
  });
});
