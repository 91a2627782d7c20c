/**
 * A game's contract: what a caller (CLI replay, runner, experiments) gives to play one game, and what comes back. A
 * "game" is one hand by default, or a whole match (`--unit match`).
 */
import type { TableDescription } from '../core/table.js';
import type { StrategyInstance } from '../agent/types.js';
import type { Seat, Wind } from '../core/seat.js';
import type { HandResult } from '../engine/types.js';
import type { RuleSet } from '../rules/index.js';

/**
 * A game's table: the run's table description with the rule set and the lineup resolved. With `duplicate` every wall
 * is played `players` times with the lineup rotated: game g then uses the wall and seat streams of wall index
 * floor(g / players) and rotation g % players.
 */
export interface TableConfig extends Omit<TableDescription, 'rules' | 'strategies'> {
  readonly rules: RuleSet;
  /** The lineup, in the order given on the command line. */
  readonly lineup: readonly StrategyInstance[];
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
