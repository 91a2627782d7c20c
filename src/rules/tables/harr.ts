/**
 * harr: Harr 1922, Part I, playing without a limit. Source: docs/rules.md "harr — Part I, no limit"
 * (from the score card, Harr I's score card).
 */
import type { ScoreTable, SetValues } from './types.js';

/** "Combinations (every hand): exposed / concealed". */
export const HARR_SETS: SetValues = {
  pungSimple: [2, 4], // "three of a kind, 2–8 | 2 | 4"
  pungHead: [4, 8], // "three of a kind, 1, 9, winds, dragons | 4 | 8"
  kongSimple: [8, 16], // "four of a kind, 2–8 | 8 | 16"
  kongHead: [16, 32], // "four of a kind, 1, 9, winds, dragons | 16 | 32"
};

export const HARR_TABLE: ScoreTable = {
  sets: HARR_SETS,
  winnerSets: HARR_SETS, // "every hand": the winner uses the same table
  pairsScoreFor: 'all', // combinations table, "every hand"
  pairDragon: 2, // "pair of dragons or of the player's own wind | 2 | 2"
  pairOwnWind: 2, // same row
  pairRoundWind: 0, // no prevailing wind
  pairOwnWindOwnRound: null,
  finalPair: null,
  fillRun: null,
  flowerPoints: 0, // flowers only double (mandarins)
  mahjong: 20, // "Mah-Jongg | 20"
  noSequences: 10, // "no sequences in hand or on table | 10"
  noSequencesNotForFourKongs: false,
  allChows: 0,
  noOtherScore: 10, // "no other score than Mah-Jongg ... | 10"
  drawn: 2, // "drawing the winning piece (from the wall or the loose tiles) | 2"
  drawnIncludesLoose: true, // "(from the wall or the loose tiles)"; example 10 scores both 10 and 2
  looseTile: 10, // "winning on a draw from the loose tiles | 10"
  onlyPlace: 2, // "filling the only place to win | 2"
  robbingKong: 0,
  lastTile: 0,
  lastOfKind: 0,
  dDragonSet: 1, // "a set (three or four) of red, of green, of white dragons ... once"
  dOwnWindSet: 1, // "... of own wind" once
  dOwnWindSetOwnRound: 1, // no wind rounds: same as own wind
  dRoundWindSet: 0,
  dOwnBonus: 1, // "each flower or season of the player's own wind: once"
  dBouquet: 0,
  suitDoublesFor: 'all', // "Doubling honours (every hand ...)"
  dOneSuitHonours: 1, // "all one suit except honours (one suit plus honours): once"
  dPureSuit: 3, // "all one suit: three times"
  dAllHonours: 3, // "all honours: three times"
  dNoSequences: 0,
  dLastTile: 0,
  dLooseTile: 0,
  dRobbingKong: 0,
  dTotallyConcealed: 0,
  dTerminalsHonours: 0,
  dAllKongs: 0,
  dOriginalHand: 3, // "winning on the original hand (East's dealt fourteen): three times"
  limitHands: [],
  firstDiscard: null,
};
