/**
 * Tile and hand notation, per docs/notation.md: digits then a suit letter (`123m 55z`), exposed sets in
 * brackets (`[555p]`), declared concealed kongs in parentheses (`(1111z)`), bonus tiles `1f`..`8f`, and the
 * winning tile `+9p`.
 */
import { UserError } from '../errors.js';
import { FIRST_BONUS, KINDS, SUIT_LETTERS, type Tile, isBonus, rankOf, suitOf, tileCode } from './tile.js';

export type MeldType = 'chow' | 'pung' | 'kong';

/** A declared or exposed combination. `tile` is the lowest tile (chow) or the repeated tile (pung/kong). */
export interface Meld {
  readonly type: MeldType;
  readonly tile: Tile;
  /** True only for a kong declared from four concealed tiles (laid down, scored as concealed). */
  readonly concealed: boolean;
}

/** A hand as written in notation. */
export interface HandSpec {
  /** Concealed tiles in hand, without the winning tile. */
  readonly concealed: Tile[];
  readonly melds: Meld[];
  /** Exposed flowers and seasons. */
  readonly bonus: Tile[];
  /** The winning tile (`+TILE`); null for a losing hand. */
  readonly winning: Tile | null;
}

const SUIT_BASE: Record<string, number> = { m: 0, p: 9, s: 18, z: 27, f: FIRST_BONUS };
const SUIT_MAX: Record<string, number> = { m: 9, p: 9, s: 9, z: 7, f: 8 };

/** Parse a run of tiles such as "123m55z" or "1m 2m 3m". Throws UserError naming the bad part. */
export function parseTiles(text: string): Tile[] {
  const out: Tile[] = [];
  let digits: number[] = [];
  for (const ch of text.replace(/\s+/g, '')) {
    if (ch >= '0' && ch <= '9') {
      digits.push(ch.charCodeAt(0) - 48);
      continue;
    }
    const base = SUIT_BASE[ch];
    if (base === undefined) throw new UserError(`unreadable tile notation "${text}": unknown character "${ch}"`);
    if (digits.length === 0) throw new UserError(`unreadable tile notation "${text}": suit letter "${ch}" without digits`);
    for (const d of digits) {
      if (d < 1 || d > SUIT_MAX[ch]!) throw new UserError(`unreadable tile "${d}${ch}" in "${text}"`);
      out.push(base + d - 1);
    }
    digits = [];
  }
  if (digits.length > 0) throw new UserError(`unreadable tile notation "${text}": digits without a suit letter`);
  return out;
}

/** Parse one tile code such as "5m". */
export function parseTile(text: string): Tile {
  const tiles = parseTiles(text);
  if (tiles.length !== 1) throw new UserError(`expected one tile, got "${text}"`);
  return tiles[0]!;
}

/** Compact notation of tiles, sorted and grouped by suit: [0,1,2,31,31] → "123m55z". */
export function formatTiles(tiles: readonly Tile[], sort = true): string {
  const list = sort ? [...tiles].sort((a, b) => a - b) : [...tiles];
  let out = '';
  let run = '';
  let suit = -1;
  for (const t of list) {
    const s = suitOf(t);
    if (s !== suit && run) {
      out += run + SUIT_LETTERS[suit];
      run = '';
    }
    suit = s;
    run += String(rankOf(t));
  }
  if (run) out += run + SUIT_LETTERS[suit];
  return out;
}

export function meldTiles(m: Meld): Tile[] {
  if (m.type === 'chow') return [m.tile, m.tile + 1, m.tile + 2];
  return new Array<Tile>(m.type === 'pung' ? 3 : 4).fill(m.tile);
}

export function formatMeld(m: Meld): string {
  const body = formatTiles(meldTiles(m));
  return m.concealed ? `(${body})` : `[${body}]`;
}

/** Read the tiles of a bracketed group as a meld, or explain why they are not one. */
function meldFrom(tiles: Tile[], concealed: boolean, group: string): Meld {
  const [a, b, c, d] = tiles;
  if (tiles.some((t) => t >= KINDS)) throw new UserError(`bonus tile inside a set: "${group}"`);
  if (tiles.length === 4 && a === b && b === c && c === d) return { type: 'kong', tile: a!, concealed };
  if (concealed) throw new UserError(`"${group}": only a kong of four alike is written in parentheses`);
  if (tiles.length === 3 && a === b && b === c) return { type: 'pung', tile: a!, concealed: false };
  const sorted = [...tiles].sort((x, y) => x - y);
  const [x, y, z] = sorted;
  if (tiles.length === 3 && x! < 27 && y === x! + 1 && z === x! + 2 && suitOf(x!) === suitOf(z!)) {
    return { type: 'chow', tile: x!, concealed: false };
  }
  throw new UserError(`"${group}" is not a pung, kong or run of three in one suit`);
}

/** Parse a whole hand in notation. Throws UserError naming the problem. */
export function parseHand(text: string): HandSpec {
  const concealed: Tile[] = [];
  const melds: Meld[] = [];
  const bonus: Tile[] = [];
  let winning: Tile | null = null;
  const groups = text.trim().split(/\s+/).filter((g) => g.length > 0);
  if (groups.length === 0) throw new UserError('empty hand');
  for (const g of groups) {
    const open = g[0];
    if (open === '[' || open === '(') {
      const close = open === '[' ? ']' : ')';
      if (!g.endsWith(close)) throw new UserError(`unclosed group "${g}"`);
      melds.push(meldFrom(parseTiles(g.slice(1, -1)), open === '(', g));
    } else if (open === '+') {
      if (winning !== null) throw new UserError(`more than one winning tile ("${g}")`);
      winning = parseTile(g.slice(1));
      if (isBonus(winning)) throw new UserError(`a bonus tile cannot be the winning tile ("${g}")`);
    } else {
      for (const t of parseTiles(g)) (isBonus(t) ? bonus : concealed).push(t);
    }
  }
  const seen = new Uint8Array(FIRST_BONUS + 8);
  const all = [...concealed, ...melds.flatMap(meldTiles), ...bonus, ...(winning === null ? [] : [winning])];
  for (const t of all) {
    seen[t]!++;
    const max = isBonus(t) ? 1 : 4;
    if (seen[t]! > max) throw new UserError(`more than ${max} of tile ${tileCode(t)}`);
  }
  return { concealed, melds, bonus, winning };
}

/** Notation of a hand; inverse of parseHand up to grouping of the concealed tiles. */
export function formatHand(h: HandSpec): string {
  const parts: string[] = [];
  if (h.concealed.length) parts.push(formatTiles(h.concealed));
  for (const m of h.melds) parts.push(formatMeld(m));
  if (h.bonus.length) parts.push(formatTiles(h.bonus));
  if (h.winning !== null) parts.push(`+${tileCode(h.winning)}`);
  return parts.join(' ');
}
