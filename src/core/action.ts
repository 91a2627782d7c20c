/**
 * What a player may do at a decision, and when (docs/rules.md "A turn", "Claims on the last discard", "Own-turn
 * kongs", harr-limit "Washing the tiles"). Shared by the engine, the views, every agent and the game records.
 */
import type { Tile } from '../tiles/tile.js';

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

/** A hand's phase: a decision phase, or 'over' once it is won or drawn. */
export type HandPhase = Phase | 'over';

const TILED: ReadonlySet<string> = new Set(['discard', 'concealed-kong', 'add-kong', 'chow']);

/** Whether actions of this type name a tile. */
export function actionHasTile(type: string): boolean {
  return TILED.has(type);
}

export function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  const ta = (a as { tile?: Tile }).tile;
  const tb = (b as { tile?: Tile }).tile;
  return ta === tb;
}
