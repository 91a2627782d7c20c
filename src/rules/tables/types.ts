/**
 * Shape of one rule set's scoring table (docs/rules.md). Every value of a rule set lives in its own file
 * (harr.ts, harr-limit.ts, babcock.ts, code500.ts), one row per value, each citing its source; the shared
 * predicates in ../evaluate.ts read them. A zero means "the rule set has no such item".
 */

/** [exposed (or claimed / by chow), concealed (or drawn / by draw)]. */
export type Pair2 = readonly [number, number];

export interface SetValues {
  readonly pungSimple: Pair2;
  readonly pungHead: Pair2;
  readonly kongSimple: Pair2;
  readonly kongHead: Pair2;
}

export type LimitHandId =
  | 'heaven' // East's dealt fourteen complete
  | 'earth' // another player going Mah-Jongg before his first turn is over (code500)
  | 'thirteen-heads' // one of each head, one paired
  | 'heads-only' // sets of heads only, pair of heads
  | 'four-winds' // four sets of winds and any pair
  | 'three-winds-pair' // three sets of winds, pair of the fourth
  | 'four-kongs'
  | 'three-dragons' // three sets of dragons with any set and pair
  | 'heavenly-twins' // two of each wind and dragon
  | 'nine-sons' // 1112345678999 + one, one suit, concealed
  | 'all-honours'
  | 'all-terminals';

export interface ScoreTable {
  // --- combinations ---
  /** Every hand's pungs and kongs: [exposed, concealed]. */
  readonly sets: SetValues;
  /** The winning hand's pungs and kongs (harr-limit has its own winner's table). */
  readonly winnerSets: SetValues;
  /** Which hands score pairs. */
  readonly pairsScoreFor: 'all' | 'winner';
  readonly pairDragon: number;
  readonly pairOwnWind: number;
  readonly pairRoundWind: number;
  /** Own wind in own wind round, instead of own + round (harr-limit); null: own and round both score. */
  readonly pairOwnWindOwnRound: number | null;
  /** harr-limit: the final pair completing the winning hand, [punged, drawn]. */
  readonly finalPair: { readonly simple: Pair2; readonly head: Pair2; readonly ownWindOwnRound: Pair2 } | null;
  /** harr-limit: the run completing the winning hand, [by chow, by draw]. */
  readonly fillRun: { readonly closed: Pair2; readonly open: Pair2 } | null;
  /** Points per flower or season (code500). */
  readonly flowerPoints: number;

  // --- winner's bonus points ---
  readonly mahjong: number;
  readonly noSequences: number;
  /** code500: a hand of four kongs takes the all-kongs double instead of the no-sequence points. */
  readonly noSequencesNotForFourKongs: boolean;
  readonly allChows: number;
  readonly noOtherScore: number;
  /** Drawing the winning tile. */
  readonly drawn: number;
  /** Whether a loose-tile win also takes `drawn`. */
  readonly drawnIncludesLoose: boolean;
  /** Winning on a loose tile (on top of `drawn` where that applies). */
  readonly looseTile: number;
  readonly onlyPlace: number;
  readonly robbingKong: number;
  /** Mah-Jongg on the last tile drawn. */
  readonly lastTile: number;
  /** code500: the only tile that completes the hand, the other three already visible. */
  readonly lastOfKind: number;

  // --- doubles (every hand) ---
  readonly dDragonSet: number;
  readonly dOwnWindSet: number;
  /** Set of own wind in own wind round (replaces dOwnWindSet); harr-limit 2. */
  readonly dOwnWindSetOwnRound: number;
  readonly dRoundWindSet: number;
  /** Each flower or season of the player's own wind. */
  readonly dOwnBonus: number;
  /** All four flowers or all four seasons, own-bonus double included. */
  readonly dBouquet: number;
  // --- suit doubles: whose hands ---
  readonly suitDoublesFor: 'all' | 'winner';
  readonly dOneSuitHonours: number;
  readonly dPureSuit: number;
  readonly dAllHonours: number;
  // --- winner's doubles ---
  readonly dNoSequences: number;
  readonly dLastTile: number;
  readonly dLooseTile: number;
  readonly dRobbingKong: number;
  readonly dTotallyConcealed: number;
  readonly dTerminalsHonours: number;
  readonly dAllKongs: number;
  /** East winning on his dealt fourteen (harr: three doubles). */
  readonly dOriginalHand: number;

  // --- limit hands ---
  readonly limitHands: readonly LimitHandId[];
  /**
   * Non-East winning on East's first discard: 'half-limit-or-own' (harr-limit: half the limit or its own score,
   * whichever is higher; babcock's Hand from Earth, same reading); null: nothing special.
   */
  readonly firstDiscard: 'half-limit-or-own' | null;
}
