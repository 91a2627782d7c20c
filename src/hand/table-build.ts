/**
 * The cost-vector table's build (src/hand/shanten.ts says what the vectors hold): the constants of its layout, the
 * depth-first DP over every suit key of at most MAX_SUIT_TILES tiles (sharing each key prefix's work), the honour
 * vectors, and one suit key computed alone. Pure functions of their arguments; where the table lives is table.ts.
 */

/** Vector layout: [j sets without pair] for j=0..4, then [j sets with pair] at 5+j. */
export const VEC = 10;
export const INF = 99;
export const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125] as const;
/**
 * Suit keys of at most this many tiles are built up front (123,200 keys); the rarer 12 to 14 tiles of one suit
 * (a one-suit hand well on its way) are filled on demand. Measured: half the build time of all 405,350 keys of
 * at most 14 tiles, and the same speed over thousands of hands.
 */
export const MAX_SUIT_TILES = 11;
/**
 * Where a suit vector says whether it is in the table yet: its last entry (four sets and the pair), which is 0 only
 * when the suit alone is a complete hand of 14 tiles or more. A table is made as zeros, which the system gives as
 * untouched pages: only the pages of keys a thread asks for are ever written (writing all 20 MB, as marking every
 * key "not yet" did, cost 50 ms of each thread's start on this machine). The rare complete one-suit key is
 * looked up again at each ask, with the same answer.
 */
export const READY_AT = 9;
/** Offset of the honour vectors in the one table (after the 5^9 suit keys). */
export const HONOURS = POW5[9] * VEC;

export const TABLE_BYTES = HONOURS + POW5[7] * VEC;

/** The prebuilt keys (every honour key, every suit key of at most MAX_SUIT_TILES tiles) written into `t`. */
export function build(t: Uint8Array, tr: readonly Int32Array[]): void {
  buildSuits(t, tr);
  buildHonours(t);
}

/**
 * The honour vectors. Honours form no runs, so a key's vector depends only on how many kinds hold 0, 1, 2, 3 or 4
 * tiles, not on which: the DP runs once per such profile (330 of them) and the 78,125 keys copy its answer, where a
 * DP per key cost 64 ms of every worker's start (a CPU profile of `simulate --games 4`).
 */
const PROFILE_DIGIT = [1, 8, 64, 512, 4096] as const;

function buildHonours(table: Uint8Array): void {
  const byProfile = new Map<number, Uint8Array>();
  for (let key = 0; key < POW5[7]; key++) {
    // The profile: for each count 0..4, how many of the seven kinds hold it, as a base-8 digit (at most 7).
    let profile = 0;
    for (let k = key, t = 0; t < 7; t++, k = (k / 5) | 0) profile += PROFILE_DIGIT[k % 5]!;
    const vec = byProfile.get(profile) ?? honourVector(key);
    byProfile.set(profile, vec);
    table.set(vec, HONOURS + key * VEC);
  }
}

/** The DP over one honour key's seven kinds: each supplies nothing, a pung (3 alike) or the pair (2 alike). */
function honourVector(key: number): Uint8Array {
  const cur = new Int32Array(VEC).fill(INF);
  const next = new Int32Array(VEC);
  cur[0] = 0;
  let k = key;
  for (let t = 0; t < 7; t++) {
    const h = k % 5;
    k = (k / 5) | 0;
    next.fill(INF);
    const pung = h >= 3 ? 0 : 3 - h;
    const pair = h >= 2 ? 0 : 2 - h;
    for (let i = 0; i < VEC; i++) {
      const c = cur[i]!;
      if (c >= INF) continue;
      if (c < next[i]!) next[i] = c;
      const j = i % 5;
      if (j < 4 && c + pung < next[i + 1]!) next[i + 1] = c + pung;
      if (i < 5 && c + pair < next[i + 5]!) next[i + 5] = c + pair;
    }
    cur.set(next);
  }
  return Uint8Array.from(cur, (c) => Math.min(c, INF));
}

/*
 * The suit DP runs over the nine ranks. State after a rank: runs started one and two ranks back still needing
 * tiles (c1, c2), sets committed (j), pair taken (p); index ((c1*5 + c2)*5 + j)*2 + p. At rank r choose a pung x,
 * the pair y and s new runs; the rank then needs c1+c2+s+3x+2y <= 4 tiles, and each one missing costs a draw.
 * The transitions do not depend on the tiles held, so they are listed once, packed as from | to<<8 | need<<16.
 * At the last rank only states with no run left open lead anywhere, and the "to" index is the output j*2+p.
 */
const STATES = 250;

function transitions(maxRuns: number, last: boolean): Int32Array {
  const out: number[] = [];
  for (let c1 = 0; c1 <= 4; c1++) {
    for (let c2 = 0; c1 + c2 <= 4; c2++) {
      if (last && c2 > 0) continue;
      for (let j = c1 + c2; j <= 4; j++) {
        for (let p = 0; p <= 1; p++) {
          const from = ((c1 * 5 + c2) * 5 + j) * 2 + p;
          for (let x = 0; x <= 1; x++) {
            for (let y = 0; y <= 1 - p; y++) {
              for (let s = 0; s <= maxRuns; s++) {
                const need = c1 + c2 + s + 3 * x + 2 * y;
                if (need > 4) break;
                const nj = j + x + s;
                if (nj > 4) break;
                const to = last ? nj * 2 + p + y : ((c2 * 5 + s) * 5 + nj) * 2 + p + y;
                out.push(from | (to << 8) | (need << 16));
              }
            }
          }
        }
      }
    }
  }
  return Int32Array.from(out);
}

/** Transitions for each rank: runs may start at ranks 0..6 only. */
export function rankTransitions(): Int32Array[] {
  const tr: Int32Array[] = [];
  for (let r = 0; r < 9; r++) tr.push(transitions(r <= 6 ? 4 : 0, r === 8));
  return tr;
}

/**
 * Every suit key of at most MAX_SUIT_TILES tiles, by a depth-first walk over the digits that shares each prefix's
 * DP state among all keys extending it (a few transition steps per key instead of ~1,600 for one key alone).
 */
function buildSuits(table: Uint8Array, tr: readonly Int32Array[]): void {
  const dp = new Uint8Array(STATES * 10);
  dp.fill(INF, 0, STATES);
  dp[0] = 0;
  const walk = (r: number, key: number, left: number): void => {
    const base = r * STATES;
    const nb = base + STATES;
    const t = tr[r]!;
    const n = t.length;
    const w = POW5[r]!;
    const size = r === 8 ? VEC : STATES;
    for (let h = 0; h <= 4 && h <= left; h++) {
      dp.fill(INF, nb, nb + size);
      for (let i = 0; i < n; i++) {
        const e = t[i]!;
        const need = e >>> 16;
        const c = dp[base + (e & 255)]! + (need > h ? need - h : 0);
        const k = nb + ((e >>> 8) & 255);
        if (c < dp[k]!) dp[k] = c;
      }
      const k2 = key + h * w;
      if (r === 8) {
        const b = k2 * VEC;
        for (let j = 0; j <= 4; j++) {
          table[b + j] = Math.min(dp[nb + j * 2]!, INF);
          table[b + 5 + j] = Math.min(dp[nb + j * 2 + 1]!, INF);
        }
      } else walk(r + 1, k2, left - h);
    }
  };
  walk(0, 0, MAX_SUIT_TILES);
}

/** One suit key beyond the prebuilt ones (more than MAX_SUIT_TILES tiles of one suit). */
export function computeSuit(table: Uint8Array, key: number, tr: readonly Int32Array[]): void {
  let dp = new Uint8Array(STATES).fill(INF);
  let nd = new Uint8Array(STATES);
  dp[0] = 0;
  let k = key;
  for (let r = 0; r < 9; r++) {
    const h = k % 5;
    k = (k / 5) | 0;
    nd.fill(INF);
    const t = tr[r]!;
    for (let i = 0; i < t.length; i++) {
      const e = t[i]!;
      const need = e >>> 16;
      const c = dp[e & 255]! + (need > h ? need - h : 0);
      const to = (e >>> 8) & 255;
      if (c < nd[to]!) nd[to] = c;
    }
    const tmp = dp;
    dp = nd;
    nd = tmp;
  }
  const b = key * VEC;
  for (let j = 0; j <= 4; j++) {
    table[b + j] = Math.min(dp[j * 2]!, INF);
    table[b + 5 + j] = Math.min(dp[j * 2 + 1]!, INF);
  }
}
