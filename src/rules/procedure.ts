/**
 * The four rule sets, one entry each: the procedure parameters, each citing the docs/rules.md passage it
 * implements, and the scoring table (tables/<ruleset>.ts). The registry is index.ts.
 */
import { BABCOCK_TABLE, CODE500_TABLE, HARR_LIMIT_TABLE, HARR_TABLE } from './tables/index.js';
import type { RuleSet } from './types.js';

export const HARR: RuleSet = {
  id: 'harr',
  title: 'Harr 1922, Part I: playing without a limit',
  players: 4, // Players: "Four by default" (Harr II "Two and three-handed games": 3 and 2 by --players)
  limit: null, // docs/rules.md table: "none (`--limit N` caps)"
  flowers: false, // "optional (`--flowers`)"
  flowersOptional: true,
  prevailingWind: false, // "prevailing wind: no"
  deadWall: 0, // "Hand drawn when the live wall is exhausted (no dead wall beyond the loose tiles)"
  outOfTurnMahjong: 'pung-or-pair', // Claims, Reading: "in harr and harr-limit ... only where it completes a pung or the pair"
  chowFrom: 'next', // Claims: "Chow: only the next player may take the discard" (Harr I "E. To Chow")
  claimPriority: 'mahjong-pung-chow', // Claims: "Mah-Jongg beats pung and chow, and a pung beats a chow" (Harr I "F. To Pung" 4, 5)
  lastDiscardMahjongOnly: false,
  washing: false,
  washPayments: [50, 70, 100, 150, 200], // harr-limit "Washing the tiles": "9 → 50, 10 → 70, 11 → 100, 12 → 150, 13 → 200"
  washEastDouble: false, // "East neither pays nor receives double for it"
  eastKeepsDealOnDraw: true, // Drawn hand: "East deals again (except code500)"
  startingScore: 0,
  noKongAfterClaim: false,
  scoreDrawnHand: false, // "nobody scores (except code500)"
  firstTurnUntilOwnTurn: false, // Part II: "Winning on East's first discard"
  discarderPaysAll: false,
  losersSettle: true, // Settling: "every two losers settle the difference of their scores" (Harr I "Settling the scores")
  eastFactor: 2, // "East pays and collects double in each of these payments"
  table: HARR_TABLE,
};

export const HARR_LIMIT: RuleSet = {
  ...HARR,
  id: 'harr-limit',
  title: 'Harr 1922, Part II: playing with a limit',
  limit: 300, // "300 (400 when Mah-Jongg is 20; 600 also common)"
  prevailingWind: true, // "wind rounds"
  deadWall: 14, // "the last 14 tiles (loose tiles included) are never drawn"
  washing: true, // "Washing the tiles"
  discarderPaysAll: true, // "Penalties: the discarder who lets a player win must pay all the losses"
  table: HARR_LIMIT_TABLE,
};

export const BABCOCK: RuleSet = {
  id: 'babcock',
  title: 'Babcock, Rules for Mah-Jongg (the Red Book), 2nd ed. 1923',
  players: 4, // "The Set": four players
  chowFrom: 'next', // Claims: "only the next player" (Babcock "Play")
  claimPriority: 'mahjong-pung-chow', // Claims: "Mah-Jongg beats pung and chow" (Babcock "Play")
  washPayments: [50, 70, 100, 150, 200], // no washing: Harr II's table, unused
  washEastDouble: false,
  limit: 300, // "Limit 300 for any hand"
  flowers: false, // "no (not recommended)"
  flowersOptional: false,
  prevailingWind: false,
  deadWall: 14, // "Dead wall: the last 14 tiles (loose tiles included) are never drawn"
  outOfTurnMahjong: 'any', // Claims, Reading: "in babcock and code500 any player may take it to complete any combination"
  lastDiscardMahjongOnly: false,
  washing: false,
  eastKeepsDealOnDraw: true, // "nobody scores, East deals again"
  startingScore: 2000, // "Each player starts with 2,000 points"
  noKongAfterClaim: true, // Own-turn kongs: "Not straight after a pung or chow (Babcock)"
  scoreDrawnHand: false,
  firstTurnUntilOwnTurn: false, // "Hand from Earth (another player winning on East's first discard ...)"
  discarderPaysAll: false,
  losersSettle: true, // "Settling as `harr`" (Babcock "Settling")
  eastFactor: 2,
  table: BABCOCK_TABLE,
};

export const CODE500: RuleSet = {
  id: 'code500',
  title: 'Codification of tile gaming principles (500 limit, flowers and seasons)',
  players: 4, // four players
  chowFrom: 'next', // as Babcock (Code "Extra notes")
  claimPriority: 'mahjong-pung-chow',
  washPayments: [50, 70, 100, 150, 200], // no washing: Harr II's table, unused
  washEastDouble: false,
  limit: 500, // "Limit 500"
  flowers: true, // "Flowers and seasons in play (144 tiles)"
  flowersOptional: false,
  prevailingWind: true,
  deadWall: 8, // End of play, Reading: "play ends when 8 tiles remain"
  outOfTurnMahjong: 'any',
  lastDiscardMahjongOnly: true, // "the last discard may be taken only for Mah-Jongg"
  washing: false,
  eastKeepsDealOnDraw: false, // dead round: "East passes the deal"
  startingScore: 0,
  noKongAfterClaim: false,
  scoreDrawnHand: true, // "A dead round (no Mah-Jongg): every hand scores and all settle differences"
  firstTurnUntilOwnTurn: true, // "Gift from Earth (any other player going Mah-Jongg before his first turn is over)"
  discarderPaysAll: false,
  losersSettle: true, // settling as harr's (Code "End of game")
  eastFactor: 2,
  table: CODE500_TABLE,
};

