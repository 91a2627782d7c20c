/**
 * harr-limit: Harr 1922, Part II, playing with a limit. Source: docs/rules.md "harr-limit — Part II, with a
 * limit" (Harr's "Scoring values", "Bonus scores", "Doubling honor scores", "Limit hands").
 */
import type { ScoreTable } from './types.js';

export const HARR_LIMIT_TABLE: ScoreTable = {
  sets: {
    // "Every other hand, and the winner's pairs that did not complete the hand"
    pungSimple: [2, 4], // "three of a kind 2–8 | 2 | 4"
    pungHead: [4, 8], // "three of a kind, heads | 4 | 8"
    kongSimple: [8, 16], // "four of a kind 2–8 | 8 | 16"
    kongHead: [16, 32], // "four of a kind, heads | 16 | 32"
  },
  winnerSets: {
    // "Winner's table (count for the winning hand only)"
    pungSimple: [2, 6], // "three of a kind 2–8 | 2 | 6"
    pungHead: [4, 10], // "three of a kind, heads | 4 | 10"
    kongSimple: [8, 16], // "four of a kind 2–8 | 8 | 16"
    kongHead: [16, 32], // "four of a kind, heads | 16 | 32"
  },
  pairsScoreFor: 'all',
  pairDragon: 2, // "pair of any dragon | | 2"
  pairOwnWind: 2, // "pair of own wind | | 2"
  pairRoundWind: 2, // "pair of the round's wind | | 2"
  pairOwnWindOwnRound: 4, // "pair of own wind in own wind round (instead of the two above) | | 4"
  finalPair: {
    simple: [2, 4], // "final pair 2–8 completing the hand | 2 | 4"
    head: [4, 6], // "final pair of heads completing the hand | 4 | 6"
    ownWindOwnRound: [6, 8], // "final pair of own wind in own wind round completing the hand | 6 | 8"
  },
  fillRun: {
    closed: [2, 4], // "filling a run in the middle or at its only open end, completing the hand | 2 | 4"
    open: [0, 4], // "filling a run open at both ends, completing the hand | 0 | 4" (Reading, example 8)
  },
  flowerPoints: 0,
  mahjong: 10, // "Mah-Jongg | 10"
  noSequences: 0,
  noSequencesNotForFourKongs: false,
  allChows: 0,
  noOtherScore: 10, // "no other score than Mah-Jongg | 10"
  drawn: 0,
  drawnIncludesLoose: false,
  looseTile: 0,
  onlyPlace: 0,
  robbingKong: 0,
  lastTile: 0,
  lastOfKind: 0,
  dDragonSet: 1, // "a set of each dragon once"
  dOwnWindSet: 1, // "a set of own wind once"
  dOwnWindSetOwnRound: 2, // "(twice in own wind round)"
  dRoundWindSet: 0,
  dOwnBonus: 1, // flowers optional (docs/rules.md table); Harr's mandarins: own one doubles once
  dBouquet: 0,
  suitDoublesFor: 'winner', // "winner only: all one suit with honours once, no sequences once, all one suit three times"
  dOneSuitHonours: 1,
  dPureSuit: 3,
  dAllHonours: 0, // all honours is a limit hand here ("sets of heads only")
  dNoSequences: 1,
  dLastTile: 1, // "winning tile the last drawable tile of the wall once"
  dLooseTile: 1, // "winning on a loose tile once"
  dRobbingKong: 1, // "robbing the kong once (Reading of bonus 6)"
  dTotallyConcealed: 0,
  dTerminalsHonours: 0,
  dAllKongs: 0,
  dOriginalHand: 0,
  limitHands: [
    'thirteen-heads', // "thirteen different heads with a pair of one of them"
    'heads-only', // "sets of heads only"
    'four-winds', // "four sets of winds and any pair"
    'three-winds-pair', // "three sets of winds with a pair of the fourth"
    'four-kongs', // "four kongs"
    'heaven', // "East winning on the original draw"
    'three-dragons', // "three sets of dragons with any set and pair"
  ],
  firstDiscard: 'half-limit-or-own', // "the hand scores half the limit or its own score, whichever is higher"
};
