/**
 * Luck channel 6's value function (docs/statistics.md, "The luck adjustment (control variates)"; src/luck/meter.ts): a
 * fixed estimate of a seat's final net for the hand from its state just after a draw, so that a draw is valued by what
 * the hand is becoming, not only by whether it completes it. The estimate is a table, E[net | cell], the cell being
 *
 *   shanten of the 14 tiles (0, 1, 2, 3, 4 or more)          what the hand still needs
 *   tiles left in the wall (64+, 48-63, 32-47, under 32)     the time it has to get there
 *   the hand's score as a loser's (octaves, under 4 to 256+) the sets and doubles it holds (docs/rules.md "Scoring")
 *   its best suit's tiles plus its honours (≤9, 10-11, 12+)  how near it is to a one-suit hand's doubles
 *   East or not                                              East pays and receives double (docs/rules.md "Settling")
 *
 * fitted on pilot games that no committed result plays (experiments/fits/luck-value-fit.ts, seed 9002) and fixed before
 * any run it adjusts: it is data, never refitted on the walls it measures. A completed hand is valued exactly
 * (what the win collects, luck.ts winValue), not by the table. Any fixed function keeps the luck terms at mean
 * zero; a table that predicts the net well is what makes them explain it.
 */
import { LUCK_VALUE_TABLES } from './value-table.js';

export const SHANTEN_BANDS = 5;
export const WALL_BANDS = 4;
export const SCORE_BANDS = 8;
export const SUIT_BANDS = 3;
export const VALUE_CELLS = SHANTEN_BANDS * WALL_BANDS * SCORE_BANDS * SUIT_BANDS * 2;

/** A loser's score in points → band: under 4, 4-7, 8-15, ..., 128-255, 256 and more (octaves). */
function scoreBand(score: number): number {
  let b = 0;
  for (let v = 4; b < SCORE_BANDS - 1 && score >= v; v *= 2) b++;
  return b;
}

function wallBand(left: number): number {
  return left >= 64 ? 0 : left >= 48 ? 1 : left >= 32 ? 2 : 3;
}

function suitBand(tiles: number): number {
  return tiles <= 9 ? 0 : tiles <= 11 ? 1 : 2;
}

/** The table cell of a 14-tile state (shanten ≥ 0; a complete hand is valued exactly instead). */
export function valueCell(shanten: number, wallLeft: number, loserScore: number, suitTiles: number, east: boolean): number {
  const sh = Math.min(Math.max(shanten, 0), SHANTEN_BANDS - 1);
  return ((((sh * WALL_BANDS + wallBand(wallLeft)) * SCORE_BANDS + scoreBand(loserScore)) * SUIT_BANDS + suitBand(suitTiles)) * 2) + (east ? 1 : 0);
}

/** A rule set's table (points of net by cell), or null when none was fitted for it (channel 6 then stays zero). */
export function valueTable(rules: string): readonly number[] | null {
  const t = LUCK_VALUE_TABLES[rules];
  return t && t.length === VALUE_CELLS ? t : null;
}
