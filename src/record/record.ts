/**
 * The game record (issue 2, point 7): seed, game, rule set, seats' strategies, every event in order and the result,
 * in tile notation. `mjlab replay --json` prints it; render.ts prints it for a player.
 */
import type { HandResult } from '../engine/types.js';
import type { HandEvent } from './events.js';

export interface HandRecord {
  readonly hand: number;
  readonly dealer: number;
  readonly prevailing: string | null;
  readonly events: readonly HandEvent[];
  readonly result: RecordResult;
}

export interface RecordResult {
  readonly winner_seat: number | null;
  readonly winner_wind: string | null;
  readonly winner_strategy: string | null;
  readonly win_by: string;
  readonly winner_score: number | null;
  readonly winner_pattern: string | null;
  readonly discarder: number | null;
  readonly limit_hit: boolean;
  readonly penalty_payer: number | null;
  /** Per physical seat. */
  readonly scores: readonly number[];
  readonly nets: readonly number[];
  readonly washes: readonly { seat: number; heads: number; payment: number }[];
}

export interface GameRecord {
  readonly format: 'mjlab-record/1';
  readonly rules: string;
  readonly seed: number;
  readonly game: number;
  readonly stream_game: number;
  readonly players: number;
  readonly unit: 'hand' | 'match';
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly duplicate: boolean;
  /** Strategy label at each physical seat. */
  readonly strategies: readonly string[];
  readonly hands: readonly HandRecord[];
  /**
   * unit 'hand': the hand's result. unit 'match': winner_* name the seat with the highest final score, win_by is
   * "match", and `final_scores` holds the cumulative scores.
   */
  readonly result: RecordResult & { readonly final_scores: readonly number[] };
}

const WINDS = 'ESWN';

export function recordResult(r: HandResult, strategies: readonly string[], seatWinds: readonly number[]): RecordResult {
  return {
    winner_seat: r.winner,
    winner_wind: r.winner === null ? null : WINDS[seatWinds[r.winner]!]!,
    winner_strategy: r.winner === null ? null : strategies[r.winner]!,
    win_by: r.winBy,
    winner_score: r.winnerScore,
    winner_pattern: r.winnerPattern,
    discarder: r.discarder,
    limit_hit: r.limitHit,
    penalty_payer: r.penaltyPayer,
    scores: r.scores.slice(),
    nets: r.nets.slice(),
    washes: r.washes.map((w) => ({ seat: w.seat, heads: w.heads, payment: w.payment })),
  };
}

export function windLetter(w: number | null): string | null {
  return w === null ? null : WINDS[w]!;
}
