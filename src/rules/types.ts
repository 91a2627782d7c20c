/**
 * A rule set: its procedure (what the engine needs to play a hand) and its scoring table (tables/<ruleset>.ts),
 * one registry entry each (procedure.ts, index.ts). Each field cites docs/rules.md.
 */
import type { ScoreTable } from './tables/types.js';

export type RuleSetId = 'harr' | 'harr-limit' | 'babcock' | 'code500';

export interface RuleSet {
  readonly id: RuleSetId;
  readonly title: string;
  /** Players at the table when `--players` is not given (every book: 4; Harr II describes 3 and 2 too). */
  readonly players: 2 | 3 | 4;
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
  /**
   * Who may take a discard for a chow: 'next' (every book: only the player next in turn after the discarder, Harr I
   * "E. To Chow") or 'any' (a house rule: any player, who then takes the turn as a pung's claimant does).
   */
  readonly chowFrom: 'next' | 'any';
  /**
   * How claims on one discard rank: 'mahjong-pung-chow' (every book: Mah-Jongg beats pung and kong, which beat chow)
   * or 'mahjong-nearest' (a house rule: Mah-Jongg beats any set; between sets the nearest claimant in turn wins).
   * Ties go to the claimant nearest in turn after the discarder either way (Harr I "F. To Pung" rule 6).
   */
  readonly claimPriority: 'mahjong-pung-chow' | 'mahjong-nearest';
  /** code500: the last discard may be taken only for Mah-Jongg. */
  readonly lastDiscardMahjongOnly: boolean;
  /** harr-limit: washing the tiles with 9+ different heads. */
  readonly washing: boolean;
  /** What a washer collects from each other player with 9, 10, 11, 12, 13 different heads (Harr II). */
  readonly washPayments: readonly number[];
  /** East pays and receives a wash `eastFactor` times (Harr II: he "neither pays nor receives double for it"). */
  readonly washEastDouble: boolean;
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
  /** Each pair of losers settles the difference of their scores (every book; docs/rules.md "Settling"). */
  readonly losersSettle: boolean;
  /** What East pays and receives, as a multiple of a payment between two others (every book: 2). */
  readonly eastFactor: number;
  /** The scoring table: every value the scorer reads (tables/<ruleset>.ts). */
  readonly table: ScoreTable;
  /**
   * A variant file's rule set (src/rules/variant.ts; docs/rules.md "Variants"): the `--rules` value that names it,
   * its canonical form and that form's SHA-256; `id` is then the base rule set. Absent for the four books.
   */
  readonly variant?: RuleVariant;
}

export interface RuleVariant {
  /** The file as given to `--rules`. */
  readonly file: string;
  /** The canonical form (sorted keys, no spaces): the base, the title if given, every override. */
  readonly canonical: string;
  readonly sha256: string;
  /** The keys the file overrides, in canonical order. */
  readonly overrides: readonly string[];
}

/** The `--rules` value that names a rule set: a book's name, or a variant's file. */
export function rulesName(r: RuleSet): string {
  return r.variant?.file ?? r.id;
}
