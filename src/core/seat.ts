/**
 * Seats and winds, the table's two small numbers (docs/rules.md "Seats"). A seat is physical (0 .. players-1);
 * its wind rotates with the deal. Bottom of the import order: everything may use these, they use nothing.
 */

/** Physical seat at the table, 0..players-1. Seat winds rotate over seats as the deal passes. */
export type Seat = number;
/** Wind index: 0 East, 1 South, 2 West, 3 North. */
export type Wind = number;

const WINDS = 'ESWN';

/** E, S, W or N for a wind index; null stays null. */
export function windLetter(w: Wind | null): string | null {
  return w === null ? null : WINDS[w]!;
}
