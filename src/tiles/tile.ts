/**
 * Tile identities, per docs/notation.md.
 *
 * A tile is a small integer so that hot paths index typed count arrays directly:
 *   0..8   1m..9m  characters
 *   9..17  1p..9p  dots
 *   18..26 1s..9s  bamboo
 *   27..30 1z..4z  winds East, South, West, North
 *   31..33 5z..7z  dragons white, green, red
 *   34..37 1f..4f  flowers of East, South, West, North
 *   38..41 5f..8f  seasons of East, South, West, North
 * Kinds 0..33 are the 34 playing kinds (four copies each); 34..41 are the eight bonus tiles (one copy each).
 */
export type Tile = number;

/** Number of playing tile kinds (four copies of each). */
export const KINDS = 34;
/** First bonus tile id. */
export const FIRST_BONUS = 34;
/** Total tile ids including bonus tiles. */
export const TILE_IDS = 42;

export const SUIT_LETTERS = ['m', 'p', 's', 'z', 'f'] as const;
export type SuitLetter = (typeof SUIT_LETTERS)[number];

export const EAST = 27;
export const SOUTH = 28;
export const WEST = 29;
export const NORTH = 30;
export const WHITE = 31;
export const GREEN = 32;
export const RED = 33;

/** Suit index: 0 characters, 1 dots, 2 bamboo, 3 honours, 4 bonus. */
export function suitOf(t: Tile): number {
  return t < 27 ? (t / 9) | 0 : t < KINDS ? 3 : 4;
}
/** Rank within the suit, 1-based (1..9 for suits, 1..7 for honours, 1..8 for bonus). */
export function rankOf(t: Tile): number {
  return t < 27 ? (t % 9) + 1 : t < KINDS ? t - 26 : t - 33;
}
export function isSuited(t: Tile): boolean {
  return t < 27;
}
export function isHonour(t: Tile): boolean {
  return t >= 27 && t < KINDS;
}
export function isWind(t: Tile): boolean {
  return t >= EAST && t <= NORTH;
}
export function isDragon(t: Tile): boolean {
  return t >= WHITE && t <= RED;
}
export function isBonus(t: Tile): boolean {
  return t >= FIRST_BONUS && t < TILE_IDS;
}
export function isTerminal(t: Tile): boolean {
  return t < 27 && (t % 9 === 0 || t % 9 === 8);
}
/** Harr's "head": a terminal (suit 1 or 9) or an honour. */
export function isHead(t: Tile): boolean {
  return isTerminal(t) || isHonour(t);
}
/** Simples: suit tiles 2..8. */
export function isSimple(t: Tile): boolean {
  return t < 27 && !isTerminal(t);
}
/** Wind index 0..3 (E, S, W, N) of a wind tile. */
export function windIndexOf(t: Tile): number {
  return t - EAST;
}
/** The wind tile for wind index 0..3. */
export function windTile(w: number): Tile {
  return EAST + w;
}
/** Wind index 0..3 a bonus tile belongs to (flowers 1f..4f and seasons 5f..8f). */
export function bonusWind(t: Tile): number {
  return (t - FIRST_BONUS) % 4;
}
export function isFlower(t: Tile): boolean {
  return t >= FIRST_BONUS && t < FIRST_BONUS + 4;
}
export function isSeason(t: Tile): boolean {
  return t >= FIRST_BONUS + 4 && t < TILE_IDS;
}
/** Notation code of one tile, e.g. "5m", "7z", "2f". */
export function tileCode(t: Tile): string {
  return `${rankOf(t)}${SUIT_LETTERS[suitOf(t)]}`;
}
