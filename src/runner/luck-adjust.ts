/**
 * The luck adjustment (issue 27, point 3): a control variate fixed before the run. For a label over one wall set,
 * its luck of the draw (luck.bin, src/game/luck.ts) times the rule set's fixed coefficients is the part of its net
 * the draws explain; subtracting it leaves the mean unchanged in expectation (the luck has mean zero whatever the
 * strategies do) and, as far as the draws explain the nets, a narrower interval. Kept in exact integers: the net
 * in points times LUCK_SCALE minus the integer coefficients times luck.bin's integers.
 */
import { LUCK_CHANNELS, LUCK_SCALE } from '../game/luck.js';
import type { WallSums } from './wall-sets.js';

/** The luck part of a label's net over one wall set, times LUCK_SCALE (an exact integer). */
export function luckPart(luck: WallSums, label: number, beta: readonly number[]): number {
  let x = 0;
  for (let c = 0; c < LUCK_CHANNELS; c++) x += beta[c]! * luck[label * LUCK_CHANNELS + c]!;
  return x;
}

/** A label's luck part summed over the cells that seat it (labelWall's counterpart). */
export function labelLuck(cells: readonly { readonly labels: readonly string[] }[], luck: readonly WallSums[], label: string, beta: readonly number[]): number {
  let x = 0;
  for (let c = 0; c < cells.length; c++) {
    const l = cells[c]!.labels.indexOf(label);
    if (l >= 0) x += luckPart(luck[c]!, l, beta);
  }
  return x;
}

export { LUCK_SCALE };
