/**
 * Replay viewer tile faces (docs/replay.md): one SVG <symbol> per tile code of docs/notation.md (1m..9m,
 * 1p..9p, 1s..9s, 1z..7z, 1f..8f) plus a tile back, drawn by the project so the page needs no font beyond a
 * serif: no CJK font can be assumed on the reader's machine (Debian's headless chromium has none), so characters
 * carry an Arabic numeral and the 1920s Western name "CRAK", winds their letter, as the American sets of Babcock's
 * day were indexed. The page places them with <use href="#t-CODE">; the tile code shows on hover (title).
 */

const W = 30;
const H = 40;
const INK = '#1c3461';
const RED = '#b3261e';
const GREEN = '#2e6b30';
const SERIF = "'Liberation Serif','Times New Roman',Georgia,serif";

function face(inner: string): string {
  return `<rect x="0.6" y="0.6" width="${W - 1.2}" height="${H - 1.2}" rx="3.2" fill="#fbf7ea" stroke="#a39a80" stroke-width="1.2"/>${inner}`;
}

function text(x: number, y: number, size: number, fill: string, s: string, weight = 'bold'): string {
  return `<text x="${x}" y="${y}" font-family="${SERIF}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${s}</text>`;
}

function index(s: string, fill = INK): string {
  return `<text x="3" y="7.6" font-family="${SERIF}" font-size="7" font-weight="bold" fill="${fill}">${s}</text>`;
}

/** Dot centres per rank (classic layouts) and radius. */
const DOTS: Readonly<Record<number, { r: number; at: readonly (readonly [number, number])[] }>> = {
  1: { r: 9, at: [[15, 21]] },
  2: { r: 5.2, at: [[15, 12.5], [15, 29.5]] },
  3: { r: 4.6, at: [[8.5, 11], [15, 21], [21.5, 31]] },
  4: { r: 5, at: [[9, 13.5], [21, 13.5], [9, 28.5], [21, 28.5]] },
  5: { r: 4.2, at: [[8.5, 11.5], [21.5, 11.5], [15, 21], [8.5, 30.5], [21.5, 30.5]] },
  6: { r: 4.1, at: [[9.5, 10], [20.5, 10], [9.5, 21], [20.5, 21], [9.5, 32], [20.5, 32]] },
  7: { r: 3.4, at: [[7.5, 9], [15, 12.5], [22.5, 16], [9.5, 24.5], [20.5, 24.5], [9.5, 32.5], [20.5, 32.5]] },
  8: { r: 3.5, at: [[9.5, 8.8], [20.5, 8.8], [9.5, 16.8], [20.5, 16.8], [9.5, 24.8], [20.5, 24.8], [9.5, 32.8], [20.5, 32.8]] },
  9: { r: 3.4, at: [[7.6, 10], [15, 10], [22.4, 10], [7.6, 21], [15, 21], [22.4, 21], [7.6, 32], [15, 32], [22.4, 32]] },
};
const DOT_COLOURS = [INK, GREEN, RED];

function dots(rank: number): string {
  const d = DOTS[rank]!;
  if (rank === 1) {
    return (
      `<circle cx="15" cy="21" r="9.5" fill="${GREEN}"/><circle cx="15" cy="21" r="7" fill="#fbf7ea"/>` +
      `<circle cx="15" cy="21" r="5.2" fill="${RED}"/><circle cx="15" cy="21" r="2.2" fill="#fbf7ea"/>`
    );
  }
  return d.at
    .map(([x, y], i) => {
      const c = DOT_COLOURS[(rank === 7 && i < 3 ? 2 : rank + Math.floor(i / 2)) % 3]!;
      return `<circle cx="${x}" cy="${y}" r="${d.r}" fill="${c}"/><circle cx="${x}" cy="${y}" r="${(d.r * 0.42).toFixed(2)}" fill="#fbf7ea"/>`;
    })
    .join('');
}

/** Bamboo stick centres per rank; the red ones are listed in BAMBOO_RED. */
const BAMBOO: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  2: [[15, 13], [15, 29]],
  3: [[15, 13], [9, 29], [21, 29]],
  4: [[9.5, 13], [20.5, 13], [9.5, 29], [20.5, 29]],
  5: [[8, 13], [22, 13], [15, 21], [8, 29], [22, 29]],
  6: [[8, 13], [15, 13], [22, 13], [8, 29], [15, 29], [22, 29]],
  7: [[15, 9], [8, 21], [15, 21], [22, 21], [8, 32.5], [15, 32.5], [22, 32.5]],
  8: [[6.5, 13], [12.2, 13], [17.8, 13], [23.5, 13], [6.5, 29], [12.2, 29], [17.8, 29], [23.5, 29]],
  9: [[8, 10], [15, 10], [22, 10], [8, 21], [15, 21], [22, 21], [8, 32], [15, 32], [22, 32]],
};
const BAMBOO_RED: Readonly<Record<number, readonly number[]>> = { 5: [2], 7: [0], 9: [1, 4, 7] };

function stick(x: number, y: number, h: number, colour: string): string {
  const w = 3.8;
  return (
    `<rect x="${(x - w / 2).toFixed(2)}" y="${(y - h / 2).toFixed(2)}" width="${w}" height="${h}" rx="1.9" fill="${colour}"/>` +
    `<line x1="${(x - w / 2).toFixed(2)}" y1="${y}" x2="${(x + w / 2).toFixed(2)}" y2="${y}" stroke="#fbf7ea" stroke-width="0.8"/>`
  );
}

function bamboo(rank: number): string {
  if (rank === 1) {
    // The one of bamboo is traditionally a bird: a stick with a red-crested head.
    return (
      stick(15, 24, 20, GREEN) +
      `<circle cx="15" cy="10" r="4.2" fill="${RED}"/><circle cx="16.2" cy="9.2" r="1" fill="#fbf7ea"/>` +
      `<path d="M18.5 10 L22.5 11 L18.5 12 Z" fill="${INK}"/>`
    );
  }
  const h = rank >= 7 ? 8.5 : 11;
  const red = BAMBOO_RED[rank] ?? [];
  return BAMBOO[rank]!.map(([x, y], i) => stick(x, y, h, red.includes(i) ? RED : GREEN)).join('');
}

function characters(rank: number): string {
  return text(15, 22, 19, INK, String(rank)) + text(15, 34.5, 7.2, RED, 'CRAK');
}

const WIND_NAMES = ['EAST', 'SOUTH', 'WEST', 'NORTH'];

function honour(rank: number): string {
  if (rank <= 4) return text(15, 25, 21, INK, 'ESWN'[rank - 1]!) + text(15, 35, 5.8, INK, WIND_NAMES[rank - 1]!, 'normal');
  if (rank === 5) {
    // White dragon: the blue frame of the old sets.
    return (
      `<rect x="6" y="7" width="18" height="26" rx="1.5" fill="none" stroke="${INK}" stroke-width="2"/>` +
      `<rect x="9" y="10" width="12" height="20" fill="none" stroke="${INK}" stroke-width="0.9"/>`
    );
  }
  if (rank === 6) return text(15, 26, 22, GREEN, 'G') + text(15, 35, 5.8, GREEN, 'GREEN', 'normal');
  // Red dragon: 中 is a box struck through, simple enough to draw without a font.
  return (
    `<rect x="8" y="12" width="14" height="11" fill="none" stroke="${RED}" stroke-width="2.4"/>` +
    `<line x1="15" y1="6.5" x2="15" y2="31" stroke="${RED}" stroke-width="2.6" stroke-linecap="round"/>` +
    text(15, 37, 5.8, RED, 'RED', 'normal')
  );
}

function bonus(rank: number): string {
  const n = ((rank - 1) % 4) + 1;
  if (rank <= 4) {
    const petals = [0, 72, 144, 216, 288]
      .map((a) => {
        const r = (a * Math.PI) / 180;
        return `<circle cx="${(15 + 5 * Math.sin(r)).toFixed(2)}" cy="${(19 - 5 * Math.cos(r)).toFixed(2)}" r="3.6" fill="#c2185b"/>`;
      })
      .join('');
    return index(String(n), '#c2185b') + `<line x1="15" y1="23" x2="15" y2="33" stroke="${GREEN}" stroke-width="1.6"/>` + petals +
      `<circle cx="15" cy="19" r="2.4" fill="#f2b705"/>` + text(15, 37.5, 5.4, '#c2185b', 'FLOWER', 'normal');
  }
  const rays = [0, 45, 90, 135, 180, 225, 270, 315]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      return `<line x1="${(15 + 6.5 * Math.sin(r)).toFixed(2)}" y1="${(19 - 6.5 * Math.cos(r)).toFixed(2)}" x2="${(15 + 9.5 * Math.sin(r)).toFixed(2)}" y2="${(19 - 9.5 * Math.cos(r)).toFixed(2)}" stroke="#e07b00" stroke-width="1.6" stroke-linecap="round"/>`;
    })
    .join('');
  return index(String(n), '#e07b00') + rays + `<circle cx="15" cy="19" r="5" fill="#f2a900"/>` + text(15, 37.5, 5.4, '#e07b00', 'SEASON', 'normal');
}

/** The face drawing of one tile code (`3m`, `7z`, `5f`). */
export function tileFace(code: string): string {
  const rank = Number(code.slice(0, -1));
  const suit = code.slice(-1);
  switch (suit) {
    case 'm':
      return face(characters(rank));
    case 'p':
      return face(index(String(rank)) + dots(rank));
    case 's':
      return face(index(String(rank), GREEN) + bamboo(rank));
    case 'z':
      return face(honour(rank));
    case 'f':
      return face(bonus(rank));
    default:
      throw new Error(`no tile face for "${code}"`);
  }
}

/** Every tile code of the notation, in the order of src/tiles (ids 0..41). */
export const ALL_CODES: readonly string[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}m`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}p`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}s`),
  ...[1, 2, 3, 4, 5, 6, 7].map((r) => `${r}z`),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${r}f`),
];

const BACK =
  `<rect x="0.6" y="0.6" width="${W - 1.2}" height="${H - 1.2}" rx="3.2" fill="#2f6f4f" stroke="#1f4a35" stroke-width="1.2"/>` +
  `<rect x="3.5" y="3.5" width="${W - 7}" height="${H - 7}" rx="2" fill="none" stroke="#6fa487" stroke-width="0.8"/>`;

/** The hidden <svg> holding one <symbol id="t-CODE"> per tile and <symbol id="t-back">. */
export function tileSymbols(): string {
  const symbols = ALL_CODES.map((c) => `<symbol id="t-${c}" viewBox="0 0 ${W} ${H}">${tileFace(c)}</symbol>`);
  symbols.push(`<symbol id="t-back" viewBox="0 0 ${W} ${H}">${BACK}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true"><defs>${symbols.join('')}</defs></svg>`;
}
