/**
 * code500: the codification of tile gaming principles. Source: docs/rules.md "code500 — the codification"
 * (the Code).
 */
import type { ScoreTable } from './types.js';
import { HARR_SETS } from './harr.js';

export const CODE500_TABLE: ScoreTable = {
  sets: HARR_SETS, // "the pungs and kongs of harr's table"
  winnerSets: HARR_SETS,
  pairsScoreFor: 'winner', // "pairs score only in the Mah-Jongg hand"
  pairDragon: 2, // "of dragons 2"
  pairOwnWind: 2, // "pair of own wind 2"
  pairRoundWind: 2, // "of prevailing wind 2 (both may score)"
  pairOwnWindOwnRound: null, // both may score
  finalPair: null,
  fillRun: null,
  flowerPoints: 4, // "each flower or season 4"
  mahjong: 20, // "Mah-Jongg 20"
  noSequences: 10, // "all pungs (some kongs allowed) 10"
  noSequencesNotForFourKongs: true, // "Reading: a hand of four kongs takes the all-kongs double instead"
  allChows: 10, // "all chows 10"
  noOtherScore: 0,
  drawn: 2, // "Mah-Jongg tile from the wall 2"
  drawnIncludesLoose: false,
  looseTile: 10, // "from the tail (loose tile) 10"
  onlyPlace: 0,
  robbingKong: 10, // "robbing a kong 10"
  lastTile: 0,
  lastOfKind: 10, // "on the last possible tile (the only tile that completes the hand, the other three already visible) 10"
  dDragonSet: 1, // "set of dragons"
  dOwnWindSet: 1, // "set of own wind"
  dOwnWindSetOwnRound: 1, // own and prevailing are separate rows ("one set may score both wind doubles")
  dRoundWindSet: 1, // "set of the prevailing wind"
  dOwnBonus: 1, // "own flower; own season"
  dBouquet: 4, // "a bouquet (all four flowers, or all four seasons) 4 doubles, the own-flower double included"
  suitDoublesFor: 'winner', // "Doubles: pure with honours one; pure without honours three" under "Mah-Jongg hand only"
  dOneSuitHonours: 1,
  dPureSuit: 3,
  dAllHonours: 0, // a limit hand
  dNoSequences: 0,
  dLastTile: 0,
  dLooseTile: 0,
  dRobbingKong: 0,
  dTotallyConcealed: 1, // "totally concealed (no tile from discards; grounded kongs allowed) one double"
  dTerminalsHonours: 1, // "all terminals and honours one"
  dAllKongs: 1, // "all kongs one"
  dOriginalHand: 0,
  limitHands: [
    'heaven', // "Gift from Heaven (East dealt Mah-Jongg)"
    'earth', // "Gift from Earth (any other player going Mah-Jongg before his first turn is over)"
    'thirteen-heads', // "Thirteen Noble Scholars"
    'heavenly-twins', // "Heavenly Twins"
    'nine-sons', // "Nine United Sons"
    'all-honours', // "all honours"
    'all-terminals', // "all terminals (without honours)"
  ],
  firstDiscard: null,
};
