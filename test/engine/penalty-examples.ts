// Harr Part II "Penalties" examples as constructed walls and scripts (West, seat 2, wins on East's discard), played
// by the engine: test/engine/penalty.test.ts checks who pays; test/cli/settle-penalty.test.ts settles them again
// from the command line.
import type { Action } from '../../src/agent/types.js';
import type { HandResult } from '../../src/engine/types.js';
import { parseTile } from '../../src/tiles/index.js';
import { buildWall, type Decision, lineupOf, playScripted, scripted, table } from './helpers.js';

const discard = (t: string): Action => ({ type: 'discard', tile: parseTile(t) });
const pung: Action = { type: 'pung' };
const mahjong: Action = { type: 'mahjong' };

function play(hands: string[], draws: string, plans: Record<number, Action[]>): HandResult {
  const log: Decision[] = [];
  const config = table('harr-limit', lineupOf(scripted(plans, log), 4));
  return playScripted(config, [buildWall({ hands, draws })]).outcome.hands[0]!;
}

/**
 * Example 4: West pungs East's South, West and North winds (discarding 9p, 9s, 9m), then waits on East wind or 3s,
 * both pairs ("a player discarding an East Wind would allow this player to win and would be penalized ... a discard
 * to the other pair, i.e., a three of bamboo, would not be penalized"). East's last discard is `last`.
 */
export function example4(last: '1z' | '3s'): HandResult {
  const hands = [
    '1z 2z 3z 4z 3s 2m 4m 8m 1p 3p 8p 2s 5s 7s',
    '1m 3m 5m 7m 2p 4p 6p 1s 4s 6s 8s 5z 6z',
    '2z2z 3z3z 4z4z 1z1z 3s3s 9p 9s 9m',
    '2m 4m 6m 8m 1p 3p 5p 7p 2s 5s 7s 9s 7z',
  ];
  const west = [pung, discard('9p'), pung, discard('9s'), pung, discard('9m'), mahjong];
  return play(hands, '5m 6m 7m 5p 6p 7p', { 0: [discard('2z'), discard('3z'), discard('4z'), discard(last)], 2: west });
}

/**
 * Example 1: West pungs East's 7p, 8p and 9p (nine dots exposed) and waits on 1p or 4p, both pairs (out of turn,
 * harr-limit lets him take a discard only to complete a pung or the pair), for a hand all of dots ("any player
 * discarding a one or a four of dot would complete this hand"); East then discards the 1p. East keeps a set of
 * white dragons, a pair of `windPair` and 8m8m 234m, and draws 6s 7s 8s: waiting on `windPair` or 8m.
 */
export function example1(windPair: '1z' | '3z'): HandResult {
  const west = [pung, discard('9s'), pung, discard('9m'), pung, discard('1s'), mahjong];
  const east = [discard('7p'), discard('8p'), discard('9p'), discard('1p')];
  const other = windPair === '1z' ? '3z' : '1z';
  const south = `1m 5m 7m 2s 3s 4s 4p 6p 6s 7z 2z ${other} 4z`;
  const north = `1m 5m 7m 2s 3s 4s 4p 6p 9s 7z 2z ${other} 4z`;
  const hands = [`7p 8p 9p 1p 5z5z5z ${windPair}${windPair} 8m8m 2m3m4m`, south, '7p7p 8p8p 9p9p 1p1p 4p4p 9s 9m 1s', north];
  return play(hands, '2p 6s 2p 7s 3p 8s', { 0: east, 2: west });
}
