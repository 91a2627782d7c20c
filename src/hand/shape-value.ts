/**
 * The shape value of a held tile (the strategies' discard ties; the inference's policy model of the other seats, docs/strategies.md): one function
 * shared by the strategies (strategies/shared/ re-exports it) and the inference over worlds (src/infer), which
 * may not import a strategy.
 */
import type { Counts } from '../tiles/counts.js';
import type { Tile } from '../tiles/tile.js';

/**
 * How much a held tile helps the hand's shape beyond the shanten number: pairs and near neighbours (a tile with
 * partners forms sets sooner), middle ranks over terminals, lone honours least. Used to break shanten ties.
 */
export function shapeValue(c: Counts, t: Tile): number {
  const n = c[t]!;
  if (t >= 27) return n >= 3 ? 30 : n === 2 ? 12 : 0;
  let v = n >= 3 ? 30 : n === 2 ? 12 : 0;
  const r = t % 9;
  if (r >= 1 && c[t - 1]! > 0) v += 5;
  if (r <= 7 && c[t + 1]! > 0) v += 5;
  if (r >= 2 && c[t - 2]! > 0) v += 2;
  if (r <= 6 && c[t + 2]! > 0) v += 2;
  v += r === 0 || r === 8 ? 0 : r === 1 || r === 7 ? 1 : 2;
  return v;
}
