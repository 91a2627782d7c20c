/**
 * A game's contract: what a caller (CLI replay, runner, experiments) gives to play one game, and what comes back. A
 * "game" is one hand by default, or a whole match (`--unit match`).
 */
import type { StrategyInstance } from '../agent/types.js';
import type { Seat, Wind } from '../core/seat.js';
import type { HandResult } from '../engine/types.js';
import type { RuleSet } from '../rules/index.js';

export interface TableConfig {
  readonly rules: RuleSet;
  /** Hand limit in force: the rule set's default, or `--limit N`. null = none. */
  readonly limit: number | null;
  /** Flowers and seasons in play. */
  readonly flowers: boolean;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly seed: number;
  /** The lineup, in the order given on the command line. */
  readonly lineup: readonly StrategyInstance[];
  /**
   * `--duplicate`: every wall is played `players` times with the lineup rotated. Game g then uses the wall and seat
   * streams of wall index floor(g / players) and rotation g % players.
   */
  readonly duplicate: boolean;
}

/** Who sits where for game `g`, and which streams it uses. Computed by `gameSetup` (engine/setup.ts). */
export interface GameSetup {
  readonly game: number;
  /** Game index from which the wall and seat streams are derived (g, or floor(g / players) with --duplicate). */
  readonly streamGame: number;
  /** Lineup index seated at each physical seat. */
  readonly seating: readonly number[];
  /** Physical seat of the first hand's East. */
  readonly firstDealer: Seat;
  /** Prevailing wind of the first hand (0 where the rule set has none). */
  readonly firstPrevailing: Wind;
}

export interface GameOutcome {
  readonly seed: number;
  readonly game: number;
  readonly setup: GameSetup;
  /** Lineup label at each physical seat. */
  readonly strategies: readonly string[];
  readonly hands: readonly HandResult[];
  /** Cumulative scores at the end (starting score included). */
  readonly finalScores: readonly number[];
  /** The full record; present only when asked for (replay), absent on the runner's fast path. */
  readonly record?: unknown;
}
