/**
 * The scorer's contract (docs/notation.md "Scoring on the command line").
 * score(ruleset, hand, context) → lines, points, doubles, score — pure.
 */
import type { Wind } from '../core/seat.js';

export type WinBy = 'discard' | 'self-draw' | 'loose-tile' | 'robbing-kong';

export interface ScoreContext {
  /** The player's own wind (0 E .. 3 N). East (wind 0) is the dealer. */
  readonly seatWind: Wind;
  /** Prevailing wind where the rule set has one; null otherwise. */
  readonly prevailingWind: Wind | null;
  /** How the winning tile came; null scores the hand as a loser's (or a drawn hand's). */
  readonly win: WinBy | null;
  /** Won on the last drawable tile. */
  readonly lastTile: boolean;
  /** Won on the original hand (East) or on East's first discard / before one's first turn is over. */
  readonly firstTurn: boolean;
  /** Hand limit in force; null = none. */
  readonly limit: number | null;
  /**
   * code500 "Mah-Jongg on the last possible tile": the other three of the winning tile were already visible.
   * Optional (the CLI has no flag for it); the scorer adds that the tile must be the only one completing the hand.
   */
  readonly lastOfKind?: boolean;
}

export interface ScoreLine {
  readonly label: string;
  readonly points?: number;
  readonly doubles?: number;
  /**
   * Where the line sits in Harr's score table: winner's bonus items, combinations, doublings, or a limit line
   * (a limit hand, or the cap; neither carries points nor doubles).
   */
  readonly group?: 'bonus' | 'set' | 'double' | 'limit';
  /** The rule that gave the line: its key in the rule-set description (src/rules/keys.ts; `score --explain`). */
  readonly rule?: string;
}

/** Shape of a winning hand, for statistics (docs/outputs.md, games.csv `winner_pattern`). */
export type HandPattern = 'pure' | 'one-suit-honours' | 'all-honours' | 'limit' | 'mixed';

export interface ScoreResult {
  /** Book-style breakdown: points lines, then doubling lines. */
  readonly lines: readonly ScoreLine[];
  /** Points before doubling. */
  readonly points: number;
  /** Number of doublings. */
  readonly doubles: number;
  /** Final score after doubling and any limit. */
  readonly score: number;
  /** True when the limit applied (capped, or a limit hand). */
  readonly limit: boolean;
  /** Winning hand's pattern; null for a losing hand. */
  readonly pattern: HandPattern | null;
}

export interface SettleInput {
  /** Physical seat of the winner, or null for a drawn hand. */
  readonly winner: number | null;
  /** Each seat's hand score, indexed by physical seat. */
  readonly scores: readonly number[];
  /** Physical seat of East (the dealer), who pays and receives double. */
  readonly east: number;
  /** Limit on what changes hands per pair; null = none. */
  readonly limit: number | null;
  /** harr-limit penalty: this seat pays all the losses of all other players. */
  readonly payer?: number | null;
}
