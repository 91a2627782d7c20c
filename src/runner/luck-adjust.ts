/**
 * The luck adjustment (docs/statistics.md, "The luck adjustment"): a control variate fixed before the run. A label's luck of the draw over
 * one wall set (luck.bin, src/luck/meter.ts), taken relative to the table (its own less its seats' share of the
 * whole table's luck, game by game: nets are zero-sum, so what counts is being luckier than the others), times the
 * rule set's fixed coefficients, is the part of its net the draws explain. Subtracting it leaves the mean
 * unchanged in expectation (every luck term has mean zero whatever the strategies do) and, as far as the draws
 * explain the nets, narrows the interval; a strategy against itself comes out at zero (over a wall set's rotations
 * each seat's relative luck sums to nothing; luck.bin's rounding leaves at most a few 1/LUCK_SCALE of a draw). Kept in exact integers: values are in units of
 * 1/(players · LUCK_SCALE) of a point.
 */
import { LUCK_SCALE } from '../luck/format.js';
import type { WallSums } from './wall-sets.js';

/** How many adjusted units make a point at a table of `players`. */
export function luckUnit(players: number): number {
  return players * LUCK_SCALE;
}

/**
 * A cell's relative luck part of a label over one wall set, in adjusted units (an exact integer). `beta` has one
 * coefficient per channel of the luck.bin's format (src/luck/beta.ts luckBeta), in adjusted units per stored unit.
 */
function relativeLuck(luck: WallSums, label: number, seats: number, labels: number, players: number, beta: readonly number[]): number {
  const channels = beta.length;
  let x = 0;
  for (let c = 0; c < channels; c++) {
    let table = 0;
    for (let l = 0; l < labels; l++) table += luck[l * channels + c]!;
    x += beta[c]! * (players * luck[label * channels + c]! - seats * table);
  }
  return x;
}

/** A label's luck part summed over the cells that seat it (labelWall's counterpart), in adjusted units. */
export function labelLuck(
  cells: readonly { readonly labels: readonly string[]; readonly seats: readonly number[] }[], luck: readonly WallSums[], label: string, beta: readonly number[], players: number,
): number {
  let x = 0;
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    const l = cell.labels.indexOf(label);
    if (l >= 0) x += relativeLuck(luck[c]!, l, cell.seats[l]!, cell.labels.length, players, beta);
  }
  return x;
}
