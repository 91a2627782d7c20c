/**
 * The net's action space (docs/learning.md): every action a decision can offer (src/core/action.ts) as one index, so that
 * a policy head has one output per possible action and a decision's legal list picks the outputs that compete.
 * Tiled actions take one index per kind (34 each); the rest one each.
 */
import type { Action } from '../../src/agent/types.js';
import { KINDS } from '../../src/tiles/tile.js';

const TILED = ['discard', 'concealed-kong', 'add-kong', 'chow'] as const;
const PLAIN = ['mahjong', 'wash', 'pass', 'pung', 'kong', 'rob'] as const;

/** Outputs of the policy head. */
export const ACTIONS = TILED.length * KINDS + PLAIN.length;

export function actionIndex(a: Action): number {
  const t = TILED.indexOf(a.type as (typeof TILED)[number]);
  if (t >= 0) return t * KINDS + (a as { tile: number }).tile;
  const p = PLAIN.indexOf(a.type as (typeof PLAIN)[number]);
  if (p < 0) throw new Error(`no net index for action ${a.type}`);
  return TILED.length * KINDS + p;
}

/** A short name of index i, for messages and tests ("discard 5", "pung"). */
export function actionName(i: number): string {
  if (i < TILED.length * KINDS) return `${TILED[Math.floor(i / KINDS)]} ${i % KINDS}`;
  return PLAIN[i - TILED.length * KINDS] ?? `?${i}`;
}
