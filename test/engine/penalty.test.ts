/**
 * harr-limit's discarder-pays-all penalty as the book has it (docs/rules.md harr-limit "Penalties"; Harr Part II,
 * "Penalties" 2): condition 4 and example 4 (only the discard of the fourth wind is penalised, not one to the other
 * pair), and the second excuse with example 1's hand (the discarder "was waiting for the winning tile which would
 * give him more than two doubling honors"). Constructed walls, scripted seats; West (seat 2) wins on East's discard.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/agent/types.js';
import { parseTile } from '../../src/tiles/index.js';
import { buildWall, type Decision, lineupOf, playScripted, scripted, table } from './helpers.js';

const T = parseTile;
const discard = (t: string): Action => ({ type: 'discard', tile: T(t) });
const pung: Action = { type: 'pung' };
const mahjong: Action = { type: 'mahjong' };

function play(rules: string, hands: string[], draws: string, plans: Record<number, Action[]>) {
  const log: Decision[] = [];
  const config = table(rules, lineupOf(scripted(plans, log), 4));
  return playScripted(config, [buildWall({ hands, draws })]).outcome.hands[0]!;
}

describe('condition 4 (Harr II "Penalties" 2.4 and example 4): three sets of winds exposed, the discard of the other wind', () => {
  // West pungs East's South, West and North winds (discarding 9p, 9s, 9m), then waits on East wind or 3s, both
  // pairs (example 4: "a player discarding an East Wind would allow this player to win and would be penalized ...
  // a discard to the other pair, i.e., a three of bamboo, would not be penalized").
  const hands = [
    '1z 2z 3z 4z 3s 2m 4m 8m 1p 3p 8p 2s 5s 7s',
    '1m 3m 5m 7m 2p 4p 6p 1s 4s 6s 8s 5z 6z',
    '2z2z 3z3z 4z4z 1z1z 3s3s 9p 9s 9m',
    '2m 4m 6m 8m 1p 3p 5p 7p 2s 5s 7s 9s 7z',
  ];
  const west = [pung, discard('9p'), pung, discard('9s'), pung, discard('9m'), mahjong];
  const win = (last: string) =>
    play('harr-limit', hands, '5m 6m 7m 5p 6p 7p', { 0: [discard('2z'), discard('3z'), discard('4z'), discard(last)], 2: west });

  it('the discard of the fourth wind (East) is penalised, East paying for all; a discard to the other pair (3s) is not', () => {
    const wind = win('1z');
    expect(wind).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: 0 });
    expect(wind.nets[1]).toBe(0);
    expect(wind.nets[3]).toBe(0);
    const pair = win('3s');
    expect(pair).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: null });
    expect(pair.nets[1]).toBeLessThan(0);
    expect(pair.nets[3]).toBeLessThan(0);
  });
});

describe('the second excuse (Harr II "Penalties" 2 and example 1): waiting for a tile that would give more than two doubling honours', () => {
  // West pungs East's 7p, 8p and 9p (nine dots exposed) and waits on 1p or 4p, both pairs (out of turn, harr-limit
  // lets him take a discard only to complete a pung or the pair), for a hand all of dots (example 1: "any player
  // discarding a one or a four of dot would complete this hand"). East then discards the 1p.
  const west = [pung, discard('9s'), pung, discard('9m'), pung, discard('1s'), mahjong];
  const east = [discard('7p'), discard('8p'), discard('9p'), discard('1p')];
  const westHand = '7p7p 8p8p 9p9p 1p1p 4p4p 9s 9m 1s';
  const south = '1m 5m 7m 2s 3s 4s 4p 6p 6s 7z 2z 3z 4z';
  const north = '1m 5m 7m 2s 3s 4s 4p 6p 9s 7z 2z 3z 4z';

  it('East, with one set of dragons, waits on his own wind, which in the East round doubles twice: excused', () => {
    // East keeps 5z5z5z 1z1z 8m8m 234m and draws 6s 7s 8s: waiting on 1z (three doubles: white dragons once, own
    // wind in own wind round twice) or 8m; he has only one complete doubling honour, so the first excuse fails.
    const h = play('harr-limit', ['7p 8p 9p 1p 5z5z5z 1z1z 8m8m 2m3m4m', south, westHand, north], '2p 6s 2p 7s 3p 8s', { 0: east, 2: west });
    expect(h).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: null });
    expect(h.nets[1]).toBeLessThan(0);
    // The same hand waiting on West wind instead (two doubles at most) is penalised.
    const west3 = play('harr-limit', ['7p 8p 9p 1p 5z5z5z 3z3z 8m8m 2m3m4m', south.replace('3z', '1z'), westHand, north.replace('3z', '1z')], '2p 6s 2p 7s 3p 8s', { 0: east, 2: west });
    expect(west3).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: 0 });
    expect(west3.nets[1]).toBe(0);
  });
});
