/**
 * Canonical action objects (src/agent/types.ts Action), frozen and shared, so building a legal-action list costs one
 * array and no objects. The order of a legal list is fixed (pass, then by type, then by tile): a uniform agent's
 * choice depends only on its stream.
 */
import type { Action } from '../agent/types.js';

function perTile<T extends Action>(make: (tile: number) => T): readonly T[] {
  // The outer array is module-private (agents only ever receive its frozen elements), so it is left unfrozen:
  // frozen-elements arrays are slower to index on the hot path.
  return Array.from({ length: 34 }, (_, t) => Object.freeze(make(t)));
}

export const DISCARD = perTile((tile) => ({ type: 'discard', tile }) as const);
export const CONCEALED_KONG = perTile((tile) => ({ type: 'concealed-kong', tile }) as const);
export const ADD_KONG = perTile((tile) => ({ type: 'add-kong', tile }) as const);
export const CHOW_FROM = perTile((tile) => ({ type: 'chow', tile }) as const);
export const PASS: Action = Object.freeze({ type: 'pass' });
export const MAHJONG: Action = Object.freeze({ type: 'mahjong' });
export const PUNG_ACTION: Action = Object.freeze({ type: 'pung' });
export const KONG_ACTION: Action = Object.freeze({ type: 'kong' });
export const ROB: Action = Object.freeze({ type: 'rob' });
export const WASH: Action = Object.freeze({ type: 'wash' });
