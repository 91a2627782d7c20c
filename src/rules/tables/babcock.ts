/**
 * babcock: the Red Book, 2nd ed. 1923. Source: docs/rules.md "babcock — the Red Book"
 * (Babcock, "Scoring").
 */
import type { ScoreTable } from './types.js';
import { HARR_SETS } from './harr.js';

export const BABCOCK_TABLE: ScoreTable = {
  sets: HARR_SETS, // "Combinations (every hand): as harr's table"
  winnerSets: HARR_SETS,
  pairsScoreFor: 'all',
  pairDragon: 2, // "A pair of dragons or of the player's own wind | 2 | 2"
  pairOwnWind: 2,
  pairRoundWind: 0,
  pairOwnWindOwnRound: null,
  finalPair: null,
  fillRun: null,
  flowerPoints: 0, // no flowers
  mahjong: 20, // "Mah-Jongg 20"
  noSequences: 10, // "no runs 10"
  noSequencesNotForFourKongs: false,
  allChows: 0,
  noOtherScore: 10, // "no score at all other than Mah-Jongg 10"
  drawn: 2, // "winning tile drawn 2"
  drawnIncludesLoose: true,
  looseTile: 8, // "winning on a loose tile after a kong 10 in all (8 more than the 2)"
  onlyPlace: 2, // "filling the only possible place 2"
  robbingKong: 10, // "stealing the fourth (robbing a kong) to win 10"
  lastTile: 10, // "Mah-Jongg on the last tile drawn 10"
  lastOfKind: 0,
  dDragonSet: 1, // "once for each set of dragons"
  dOwnWindSet: 1, // "once for a set of own wind"
  dOwnWindSetOwnRound: 1,
  dRoundWindSet: 0,
  dOwnBonus: 0,
  dBouquet: 0,
  suitDoublesFor: 'all', // "Doubles (every hand)"
  dOneSuitHonours: 1, // "once for one suit with honours"
  dPureSuit: 3, // "three times for one suit only ..."
  dAllHonours: 3, // "... or honours only"
  dNoSequences: 0,
  dLastTile: 0,
  dLooseTile: 0,
  dRobbingKong: 0,
  dTotallyConcealed: 0,
  dTerminalsHonours: 0,
  dAllKongs: 0,
  dOriginalHand: 0,
  limitHands: ['heaven'], // "Hand from Heaven (East's first fourteen complete): the limit"
  // "Hand from Earth ...: half the limit". Reading: or its own score when higher, as harr-limit's first-discard win.
  firstDiscard: 'half-limit-or-own',
};
