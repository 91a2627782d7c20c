/**
 * The engine's public contract: what a caller (CLI replay, runner, experiments) gives to play one game, and what
 * comes back. A "game" is one hand by default, or a whole match (`--unit match`).
 */
import type { StrategyInstance } from '../agent/registry.js';
import type { Seat, Wind } from '../agent/types.js';
import type { RuleSet } from '../rules/index.js';
import type { HandPattern, ScoreLine, WinBy } from '../scoring/types.js';

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

export type WinKind = WinBy | 'none';

export interface WashResult {
  readonly seat: Seat;
  readonly heads: number;
  /** Collected from each other player. */
  readonly payment: number;
}

/** Outcome of one hand: what the runner aggregates. Nets and scores are indexed by physical seat. */
export interface HandResult {
  readonly hand: number;
  readonly dealer: Seat;
  readonly prevailingWind: Wind | null;
  readonly winner: Seat | null;
  readonly winBy: WinKind;
  /** Seat whose discard (or added kong tile) gave the win; null for self-draw or a drawn hand. */
  readonly discarder: Seat | null;
  /** Discard turns taken in the hand, in all and by each seat. */
  readonly turns: number;
  readonly turnsBySeat: readonly number[];
  /** Each seat's hand score (after doubling and limit). */
  readonly scores: readonly number[];
  /** Each seat's net settlement for this hand, washing payments included; sums to zero. */
  readonly nets: readonly number[];
  readonly winnerScore: number | null;
  readonly winnerPattern: HandPattern | null;
  /** The winner's score was capped by (or was) the limit. */
  readonly limitHit: boolean;
  /** harr-limit penalty: the discarder who paid for all. */
  readonly penaltyPayer: Seat | null;
  /** Washes called before this hand was played out (harr-limit). */
  readonly washes: readonly WashResult[];
  /** Book-style score lines per seat; present only when recording. */
  readonly lines?: readonly (readonly ScoreLine[])[];
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
