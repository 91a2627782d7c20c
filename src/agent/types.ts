/**
 * The agent interface: what a strategy sees and what it may answer (issue 2, point 5; developers' guide habit 2).
 * An agent sees only what a player at the table sees. The engine builds an AgentView for every decision and
 * validates the returned action against `view.legal`.
 */
import type { Meld, Tile } from '../tiles/index.js';
import type { RuleSet } from '../rules/index.js';
import type { Rng } from '../rng/streams.js';

/** Physical seat at the table, 0..players-1. Seat winds rotate over seats as the deal passes. */
export type Seat = number;
/** Wind index: 0 East, 1 South, 2 West, 3 North. */
export type Wind = number;

export type Action =
  /** Own turn: discard this tile. */
  | { readonly type: 'discard'; readonly tile: Tile }
  /** Own turn: declare a concealed kong of four held tiles, then draw a loose tile. */
  | { readonly type: 'concealed-kong'; readonly tile: Tile }
  /** Own turn: add the fourth tile to one's own exposed pung, then draw a loose tile (may be robbed). */
  | { readonly type: 'add-kong'; readonly tile: Tile }
  /** Own turn: declare Mah-Jongg on the tiles held. Claim phase: take the discard to win. */
  | { readonly type: 'mahjong' }
  /** Wash phase (harr-limit): call "no play" and collect for the different heads held. */
  | { readonly type: 'wash' }
  /** Claim, rob or wash phase: do nothing. */
  | { readonly type: 'pass' }
  /** Claim phase (next player only): take the discard into a run whose lowest tile is `tile`. */
  | { readonly type: 'chow'; readonly tile: Tile }
  /** Claim phase: take the discard to a concealed pair and expose the pung. */
  | { readonly type: 'pung' }
  /** Claim phase: take the discard to three concealed alike and expose the kong. */
  | { readonly type: 'kong' }
  /** Rob phase: take the tile another player is adding to his pung, to win. */
  | { readonly type: 'rob' };

export type ActionType = Action['type'];

/**
 * Decision phases:
 * - 'turn': after drawing (or claiming), the seat to move chooses discard / kongs / Mah-Jongg;
 * - 'claim': another player discarded `lastDiscard`; pass or claim it;
 * - 'rob': another player is adding `lastDiscard.tile` to an exposed pung; pass or rob;
 * - 'wash': harr-limit, before the first draw, a seat holding 9+ different heads may wash.
 */
export type Phase = 'turn' | 'claim' | 'rob' | 'wash';

export interface SeatPublic {
  readonly seatWind: Wind;
  /** Discards in order. A discard that was claimed stays listed, with `claimed` true. */
  readonly discards: readonly { readonly tile: Tile; readonly claimed: boolean }[];
  /** Exposed melds and declared concealed kongs, in the order laid down. */
  readonly melds: readonly Meld[];
  /** Exposed flowers and seasons. */
  readonly flowers: readonly Tile[];
  /** Number of concealed tiles held (a player at the table can count them). */
  readonly concealedCount: number;
}

export interface AgentView {
  readonly rules: RuleSet;
  /** Hand limit in force (the rule set's, or `--limit`); null = none. */
  readonly limit: number | null;
  readonly players: number;
  readonly seat: Seat;
  readonly seatWind: Wind;
  readonly dealer: Seat;
  /** Prevailing wind, where the rule set has one; otherwise null. */
  readonly prevailingWind: Wind | null;
  readonly phase: Phase;
  /** Own concealed tiles (including the drawn tile on one's turn), sorted. */
  readonly concealed: readonly Tile[];
  /** The tile just drawn on this turn (also contained in `concealed`); null otherwise. */
  readonly drawn: Tile | null;
  /** Every seat's public information, indexed by physical seat. */
  readonly table: readonly SeatPublic[];
  /**
   * Copies of each kind (0-33) the table shows, counted from `table`: discards still lying (a claimed one is counted
   * in its meld) and every meld, a chow one of each of its tiles, a pung three, a kong four (declared concealed
   * kongs included). A fresh array on every read, the reader's to keep or change.
   */
  readonly seen: Uint8Array;
  /** Tiles left to draw before play ends (the live wall, excluding the dead wall). */
  readonly wallCount: number;
  /** Cumulative scores so far (match unit); zeros (or the starting score) in a one-hand game. */
  readonly scores: readonly number[];
  /** The last discard and who made it (in 'rob': the tile being added to a pung, and who adds it). */
  readonly lastDiscard: { readonly tile: Tile; readonly by: Seat } | null;
  /** Number of discards made so far in this hand (0 before East's first discard). */
  readonly discardCount: number;
  /** The legal actions; the agent must return one of them (structurally equal). */
  readonly legal: readonly Action[];
}

export interface Agent {
  act(view: AgentView): Action;
}

export type ParamValue = number | string | boolean;

export interface ParamSpec {
  readonly name: string;
  readonly default: ParamValue;
  readonly description: string;
}

export interface AgentInit {
  readonly seat: Seat;
  readonly players: number;
  readonly rules: RuleSet;
  /** The agent's own stream, derived from (seed, game, "seat:S"): its only randomness. */
  readonly rng: Rng;
  /** Parameters after defaults are applied. */
  readonly params: Readonly<Record<string, ParamValue>>;
}

/**
 * A strategy: named, with documented parameters, creating one agent per seat per game.
 * User strategy files default-export (or export `strategy`) an object of this shape.
 */
export interface Strategy {
  readonly name: string;
  readonly description: string;
  readonly params: readonly ParamSpec[];
  create(init: AgentInit): Agent;
}

export function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  const ta = (a as { tile?: Tile }).tile;
  const tb = (b as { tile?: Tile }).tile;
  return ta === tb;
}
