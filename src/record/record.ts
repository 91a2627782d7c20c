/**
 * The game record (docs/notation.md, "Game records"): seed, game, rule set, seats' strategies, and per hand every
 * event in order, each deal's wall order, every decision (passes included) and the result, in tile notation
 * (docs/notation.md "Game records"). `mjlab replay --json` prints it, render.ts prints it for a player, and
 * `mjlab replay --record FILE` re-executes it through the engine (src/game/replay.ts): the walls and decisions alone
 * determine the game.
 */
import { windLetter } from '../core/seat.js';
import type { HandResult } from '../engine/types.js';
import type { WashEast } from '../scoring/wash.js';
import type { HandEvent } from './events.js';

export const RECORD_FORMAT = 'mjlab-record/2';

export interface HandRecord {
  readonly hand: number;
  readonly dealer: number;
  readonly prevailing: string | null;
  /** Each deal's wall order, head first (tile codes separated by spaces); more than one after a wash. */
  readonly walls: readonly string[];
  /** Every decision applied, in order: "SEAT TYPE [TILE]" (recorder.ts, actions.ts). */
  readonly actions: readonly string[];
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
  readonly washes: readonly { seat: number; heads: number; payment: number; east?: WashEast }[];
}

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly rules: string;
  /** A variant file's SHA-256 (docs/rules.md "Variants"); absent for a book. */
  readonly rules_sha256?: string;
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

export function recordResult(r: HandResult, strategies: readonly string[], seatWinds: readonly number[]): RecordResult {
  return {
    winner_seat: r.winner,
    winner_wind: r.winner === null ? null : windLetter(seatWinds[r.winner]!),
    winner_strategy: r.winner === null ? null : strategies[r.winner]!,
    win_by: r.winBy,
    winner_score: r.winnerScore,
    winner_pattern: r.winnerPattern,
    discarder: r.discarder,
    limit_hit: r.limitHit,
    penalty_payer: r.penaltyPayer,
    scores: r.scores.slice(),
    nets: r.nets.slice(),
    washes: r.washes.map((w) => ({ seat: w.seat, heads: w.heads, payment: w.payment, ...(w.east ? { east: { seat: w.east.seat, payment: w.east.payment } } : {}) })),
  };
}

/** The record of hand `h` of a game, from its recorder and result. */
export function handRecord(
  h: number,
  start: { readonly dealer: number; readonly prevailing: number | null },
  rules: { readonly prevailingWind: boolean },
  rec: { readonly walls: readonly string[]; readonly actions: readonly string[]; readonly events: readonly HandEvent[] },
  result: HandResult,
  strategies: readonly string[],
  seatWinds: readonly number[],
): HandRecord {
  return {
    hand: h,
    dealer: start.dealer,
    prevailing: rules.prevailingWind ? windLetter(start.prevailing) : null,
    walls: rec.walls,
    actions: rec.actions,
    events: rec.events,
    result: recordResult(result, strategies, seatWinds),
  };
}

/** What a game record says of its table (the rest of TableConfig is the lineup, which a record names by label). */
export interface RecordTable {
  /** A variant file's rule set (docs/rules.md "Variants") is recorded by its file and SHA-256. */
  readonly rules: { readonly id: string; readonly startingScore: number; readonly variant?: { readonly file: string; readonly sha256: string } };
  readonly seed: number;
  readonly players: number;
  readonly unit: 'hand' | 'match';
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly duplicate: boolean;
}

/** The whole game's record. A match's result names the seat with the highest final score. */
export function gameRecord(
  table: RecordTable,
  setup: { readonly game: number; readonly streamGame: number },
  strategies: readonly string[],
  hands: readonly HandRecord[],
  cumulative: readonly number[],
): GameRecord {
  const first = hands[0]!;
  let result = first.result;
  if (table.unit === 'match') {
    let best = 0;
    for (let seat = 1; seat < table.players; seat++) if (cumulative[seat]! > cumulative[best]!) best = seat;
    result = {
      ...first.result,
      winner_seat: best,
      winner_wind: null,
      winner_strategy: strategies[best]!,
      win_by: 'match',
      winner_score: cumulative[best]!,
      winner_pattern: null,
      discarder: null,
      limit_hit: false,
      penalty_payer: null,
      scores: cumulative.slice(),
      nets: cumulative.map((x) => x - table.rules.startingScore),
      washes: [],
    };
  }
  return {
    format: RECORD_FORMAT,
    rules: table.rules.variant?.file ?? table.rules.id,
    ...(table.rules.variant ? { rules_sha256: table.rules.variant.sha256 } : {}),
    seed: table.seed,
    game: setup.game,
    stream_game: setup.streamGame,
    players: table.players,
    unit: table.unit,
    limit: table.limit,
    flowers: table.flowers,
    duplicate: table.duplicate,
    strategies,
    hands,
    result: { ...result, final_scores: cumulative.slice() },
  };
}
