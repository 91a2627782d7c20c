/**
 * A rule set: its procedure (what the engine needs to play a hand) and its scoring table (tables/<ruleset>.ts),
 * one registry entry each (procedure.ts, index.ts). Each field cites docs/rules.md.
 */
import type { ScoreTable } from './tables/types.js';

export type RuleSetId = 'harr' | 'harr-limit' | 'babcock' | 'code500';

export interface RuleSet {
  readonly id: RuleSetId;
  readonly title: string;
  /** Default hand limit; null = no limit (harr; `--limit N` caps). */
  readonly limit: number | null;
  /** Flowers and seasons in play by default; `flowersOptional` says whether `--flowers` may switch them on/off. */
  readonly flowers: boolean;
  readonly flowersOptional: boolean;
  /** Prevailing (round) wind exists. */
  readonly prevailingWind: boolean;
  /** Tiles at the tail never drawn: play ends when only this many remain (loose tiles come from them). */
  readonly deadWall: number;
  /**
   * Out-of-turn Mah-Jongg on a discard: 'pung-or-pair' (harr, harr-limit: only where the tile completes a pung or
   * the pair) or 'any' (babcock, code500: any combination, a run too).
   */
  readonly outOfTurnMahjong: 'pung-or-pair' | 'any';
  /** code500: the last discard may be taken only for Mah-Jongg. */
  readonly lastDiscardMahjongOnly: boolean;
  /** harr-limit: washing the tiles with 9+ different heads. */
  readonly washing: boolean;
  /** East keeps the deal on a drawn hand (all but code500). */
  readonly eastKeepsDealOnDraw: boolean;
  /** Scores each player starts a match with (babcock 2,000). */
  readonly startingScore: number;
  /** Own-turn kongs are not allowed straight after a pung or chow (Babcock). */
  readonly noKongAfterClaim: boolean;
  /** A drawn hand is scored and settled (code500's dead round). */
  readonly scoreDrawnHand: boolean;
  /**
   * A non-East player's "first turn" win lasts until his own first turn is over (code500 "Gift from Earth");
   * otherwise it is only a win on East's first discard (Babcock's Hand from Earth; Harr Part II).
   */
  readonly firstTurnUntilOwnTurn: boolean;
  /** harr-limit's discarder-pays-all penalty (docs/rules.md harr-limit "Penalties"). */
  readonly discarderPaysAll: boolean;
  /** The scoring table: every value the scorer reads (tables/<ruleset>.ts). */
  readonly table: ScoreTable;
}
