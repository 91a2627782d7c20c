/**
 * What a hand comes to: how it ended (HandEnd, from the state machine) and its scored, settled result (HandResult,
 * result.ts), which the runner aggregates.
 */
import type { Seat, Wind } from '../core/seat.js';
import type { HandPattern, ScoreLine, WinBy } from '../scoring/types.js';
import type { WashEast } from '../scoring/wash.js';

export type WinKind = WinBy | 'none';

/** How a hand ended: what scoring and settlement need beyond the final state (result.ts). */
export interface HandEnd {
  readonly winner: Seat | null;
  readonly winBy: WinKind;
  readonly discarder: Seat | null;
  /** The winning tile (-1 for a drawn hand). */
  readonly winTile: number;
  readonly lastTile: boolean;
  /** The other three of the winning tile were visible on the table (code500 "on the last possible tile"). */
  readonly lastOfKind: boolean;
  readonly firstTurn: boolean;
  readonly penaltyPayer: Seat | null;
  readonly washes: readonly WashResult[];
}

export interface WashResult {
  readonly seat: Seat;
  readonly heads: number;
  /** Collected from each other player. */
  readonly payment: number;
  /**
   * Where the rule set's `washEastDouble` has East pay and receive a wash `eastFactor` times (a variant): East's seat,
   * and what East pays the washer (or, washing himself, collects from each). Absent otherwise.
   */
  readonly east?: WashEast;
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
  /** Each scored seat's hand in notation (null: not scored); present only when recording. */
  readonly scoredHands?: readonly (string | null)[];
}

