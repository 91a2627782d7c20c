/**
 * Distance to a complete standard hand (docs/rules.md "Complete hand": four combinations — pung, kong or run of three
 * in one suit — and a pair), on 34-kind count arrays.
 *
 * shanten = (fewest tiles that must be drawn to hold a complete form) - 1: -1 complete, 0 ready (waiting), ...
 * The declared/exposed sets are already complete, so the concealed tiles need `4 - meldsDeclared` sets and a pair.
 *
 * Table-driven (the method of tomohxx's "shanten number" tables): each suit contributes a vector of 10 costs —
 * index j (0..4) = fewest tiles to add so the suit holds j sets, index 5 + j = j sets and a pair — keyed by the
 * suit's 9-digit base-5 count. The table (every suit key of at most 11 tiles, and the 5^7 honour keys) is built
 * on the first query by one depth-first DP walk that shares each key prefix's work (measured in
 * src/bench/hand.ts); a hand's answer is then a min-plus combination of four vectors.
 */
import { KINDS, type Tile } from '../tiles/tile.js';
import type { Counts } from '../tiles/counts.js';
import { readTableSections, type TableSections } from './table-file.js';

/** Vector layout: [j sets without pair] for j=0..4, then [j sets with pair] at 5+j. */
const VEC = 10;
const INF = 99;
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125] as const;
/**
 * Suit keys of at most this many tiles are built up front (123,200 keys); the rarer 12 to 14 tiles of one suit
 * (a one-suit hand well on its way) are filled on demand. Measured: half the build time of all 405,350 keys of
 * at most 14 tiles, and the same speed over thousands of hands.
 */
const MAX_SUIT_TILES = 11;
/**
 * Where a suit vector says whether it is in the table yet: its last entry (four sets and the pair), which is 0 only
 * when the suit alone is a complete hand of 14 tiles or more. A table is made as zeros, which the system gives as
 * untouched pages: only the pages of keys a thread asks for are ever written (writing all 20 MB, as marking every
 * key "not yet" did, cost 50 ms of each thread's start on this machine). The rare complete one-suit key is
 * looked up again at each ask, with the same answer.
 */
const READY_AT = 9;
/** Offset of the honour vectors in the one table (after the 5^9 suit keys). */
const HONOURS = POW5[9] * VEC;

/**
 * One table of cost vectors: suit keys at key*VEC, honour keys at HONOURS + key*VEC. Made once per thread on
 * the first query (not at import: the engine imports src/hand for decomposition only). With the build's file
 * (table-file.ts) the honours are copied in and each suit key is copied from the file's list when first asked;
 * without it every prebuilt key is built up front. Suit keys above MAX_SUIT_TILES are computed when first asked. A
 * pure cache: no answer depends on what was asked before. 20 MB of address space.
 */
let table: Uint8Array | null = null;
/** The file's prebuilt suit keys (ascending) and their vectors, for the keys not yet copied into the table. */
let prebuilt: Pick<TableSections, 'suitKeys' | 'suitVectors'> | null = null;
/** The DP's transitions per rank, kept with the table for the keys filled on demand. */
let ranks: Int32Array[] = [];

const TABLE_BYTES = HONOURS + POW5[7] * VEC;

/** The prebuilt keys (every honour key, every suit key of at most MAX_SUIT_TILES tiles) written into `t`. */
function build(t: Uint8Array, tr: readonly Int32Array[]): void {
  buildSuits(t, tr);
  buildHonours(t);
}

function getTable(): Uint8Array {
  if (table === null) {
    ranks = rankTransitions();
    const t = new Uint8Array(TABLE_BYTES);
    if (shared !== null) t.set(new Uint8Array(shared));
    else if ((prebuilt = tableFromFile(t)) === null) build(t, ranks);
    table = t;
  }
  return table;
}

/** A table built here, without the file (the build's writer, and the test that the file holds the same). */
export function buildHandTable(): Uint8Array {
  const t = new Uint8Array(TABLE_BYTES);
  build(t, rankTransitions());
  return t;
}

/** The prebuilt part of a table as the file stores it: the suit keys built up front, their vectors, the honours. */
export function prebuiltSections(t: Uint8Array): Pick<TableSections, 'suitKeys' | 'suitVectors' | 'honourVectors'> {
  const keys: number[] = [];
  for (let key = 0; key < POW5[9]; key++) if (t[key * VEC + READY_AT] !== 0) keys.push(key);
  const suitVectors = new Uint8Array(keys.length * VEC);
  keys.forEach((key, i) => suitVectors.set(t.subarray(key * VEC, key * VEC + VEC), i * VEC));
  return { suitKeys: Int32Array.from(keys), suitVectors, honourVectors: t.slice(HONOURS) };
}

/**
 * The build's dist/hand-tables.bin (or `path`, for tests), when it was written from this code (table-file.ts): its
 * honour vectors read into their place in `t`, its prebuilt suit keys and vectors returned for fillSuit; null when
 * there is no such file, and `t` then holds nothing to keep. The keys ascend, as prebuiltSections writes them (the
 * file is this code's own, by its identity): a key out of order would only be missed by the binary search, and
 * computed instead.
 */
export function tableFromFile(t: Uint8Array, path?: string): Pick<TableSections, 'suitKeys' | 'suitVectors'> | null {
  if (t.length !== TABLE_BYTES) return null;
  const f = readTableSections(['suitKeys', 'suitVectors', 'honourVectors'], path, { honourVectors: t.subarray(HONOURS) });
  if (f === null || f.suitVectors.length !== f.suitKeys.length * VEC) return null;
  const keys = f.suitKeys;
  if (keys.length > 0 && !(keys[0]! >= 0 && keys[keys.length - 1]! < POW5[9])) return null;
  return { suitKeys: keys, suitVectors: f.suitVectors };
}

/** Every prebuilt key of `f` (from tableFromFile) written into `t`: a whole table as build() makes it (for tests). */
export function fillPrebuilt(t: Uint8Array, f: Pick<TableSections, 'suitKeys' | 'suitVectors'>): void {
  f.suitKeys.forEach((key, i) => t.set(f.suitVectors.subarray(i * VEC, i * VEC + VEC), key * VEC));
}

/** The size of a whole table (suit and honour vectors), for tableFromFile's caller. */
export const HAND_TABLE_BYTES = TABLE_BYTES;

/**
 * The prebuilt table in shared memory, built on the first call and never written again: a pool hands it to its
 * worker threads (handTableFrom), which copy it, about 10 ms, instead of each building its own, about 150 ms of
 * every worker's start (a CPU profile of `simulate --games 4`). Each copy's keys filled on demand stay its own, so
 * no thread writes memory another reads.
 */
let shared: SharedArrayBuffer | null = null;

export function sharedHandTable(): SharedArrayBuffer {
  if (shared === null) {
    const sab = new SharedArrayBuffer(TABLE_BYTES);
    build(new Uint8Array(sab), rankTransitions());
    shared = sab;
  }
  return shared;
}

/** Whether this process has built the shared table already. */
export function hasSharedHandTable(): boolean {
  return shared !== null;
}

/** In a worker thread: build its table, when first asked, by copying the one its pool shared (workerData.handTable). */
export function handTableFrom(workerData: unknown): void {
  const sab = (workerData as { handTable?: unknown } | null)?.handTable;
  if (sab instanceof SharedArrayBuffer && sab.byteLength === TABLE_BYTES && shared === null && table === null) shared = sab;
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
function rankTransitions(): Int32Array[] {
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

/** A suit key asked for the first time: copied from the file's list (binary search), or computed when not there. */
function fillSuit(t: Uint8Array, key: number): void {
  const p = prebuilt;
  if (p !== null) {
    const keys = p.suitKeys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid]!;
      if (k === key) {
        for (let j = 0; j < VEC; j++) t[key * VEC + j] = p.suitVectors[mid * VEC + j]!;
        return;
      }
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  computeSuit(t, key);
}

/** One suit key beyond the prebuilt ones (more than MAX_SUIT_TILES tiles of one suit). */
function computeSuit(table: Uint8Array, key: number): void {
  const tr = ranks;
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

/** Base-5 key of suit `s` (0 m, 1 p, 2 s) or of the honours (s = 3). */
export function suitKey(c: Counts, s: number): number {
  const b = s * 9;
  // Written out (Horner's rule): the loop cost twice as much, and every load of an analyser computes four keys.
  const low = c[b]! + 5 * (c[b + 1]! + 5 * (c[b + 2]! + 5 * (c[b + 3]! + 5 * (c[b + 4]! + 5 * (c[b + 5]! + 5 * c[b + 6]!)))));
  return s === 3 ? low : low + 78125 * (c[b + 7]! + 5 * c[b + 8]!);
}

/** Offset in `table` of the cost vector of suit `s` with key `key` (computed first if it is a rare one). */
function vectorAt(t: Uint8Array, s: number, key: number): number {
  if (s === 3) return HONOURS + key * VEC;
  const b = key * VEC;
  if (t[b + READY_AT] === 0) fillSuit(t, key);
  return b;
}

/** Copy a table vector into `out` at `at`. */
function loadVector(t: Uint8Array, s: number, key: number, out: Int32Array, at: number): void {
  const b = vectorAt(t, s, key);
  for (let i = 0; i < VEC; i++) out[at + i] = t[b + i]!;
}

/**
 * Min-plus combination of two cost vectors (sets add, at most one pair): out[k] = min a[i] + b[k - i]; with the
 * pair, out[5 + k] = min a[i] + b[5 + k - i], a[5 + i] + b[k - i]. Written out on locals (the hot step of every
 * analysis: a loop with stores into `out` cost twice as much).
 */
function combine(a: Int32Array, ai: number, b: Int32Array, bi: number, out: Int32Array, oi: number): void {
  const a0 = a[ai]!, a1 = a[ai + 1]!, a2 = a[ai + 2]!, a3 = a[ai + 3]!, a4 = a[ai + 4]!;
  const p0 = a[ai + 5]!, p1 = a[ai + 6]!, p2 = a[ai + 7]!, p3 = a[ai + 8]!, p4 = a[ai + 9]!;
  const b0 = b[bi]!, b1 = b[bi + 1]!, b2 = b[bi + 2]!, b3 = b[bi + 3]!, b4 = b[bi + 4]!;
  const q0 = b[bi + 5]!, q1 = b[bi + 6]!, q2 = b[bi + 7]!, q3 = b[bi + 8]!, q4 = b[bi + 9]!;
  out[oi] = a0 + b0;
  out[oi + 1] = min2(a0 + b1, a1 + b0);
  out[oi + 2] = min3(a0 + b2, a1 + b1, a2 + b0);
  out[oi + 3] = min2(min2(a0 + b3, a1 + b2), min2(a2 + b1, a3 + b0));
  out[oi + 4] = min3(min2(a0 + b4, a1 + b3), min2(a2 + b2, a3 + b1), a4 + b0);
  out[oi + 5] = min2(a0 + q0, p0 + b0);
  out[oi + 6] = min2(min2(a0 + q1, p0 + b1), min2(a1 + q0, p1 + b0));
  out[oi + 7] = min3(min2(a0 + q2, p0 + b2), min2(a1 + q1, p1 + b1), min2(a2 + q0, p2 + b0));
  out[oi + 8] = min2(min3(min2(a0 + q3, p0 + b3), min2(a1 + q2, p1 + b2), min2(a2 + q1, p2 + b1)), min2(a3 + q0, p3 + b0));
  out[oi + 9] = min3(
    min3(min2(a0 + q4, p0 + b4), min2(a1 + q3, p1 + b3), min2(a2 + q2, p2 + b2)),
    min2(a3 + q1, p3 + b1),
    min2(a4 + q0, p4 + b0),
  );
}

/**
 * combine with the second vector read straight from the table. A copy rather than one function over both array
 * types: each stays monomorphic in its element kind, which the hot loops depend on.
 */
function combineT(a: Int32Array, ai: number, b: Uint8Array, bi: number, out: Int32Array, oi: number): void {
  const a0 = a[ai]!, a1 = a[ai + 1]!, a2 = a[ai + 2]!, a3 = a[ai + 3]!, a4 = a[ai + 4]!;
  const p0 = a[ai + 5]!, p1 = a[ai + 6]!, p2 = a[ai + 7]!, p3 = a[ai + 8]!, p4 = a[ai + 9]!;
  const b0 = b[bi]!, b1 = b[bi + 1]!, b2 = b[bi + 2]!, b3 = b[bi + 3]!, b4 = b[bi + 4]!;
  const q0 = b[bi + 5]!, q1 = b[bi + 6]!, q2 = b[bi + 7]!, q3 = b[bi + 8]!, q4 = b[bi + 9]!;
  out[oi] = a0 + b0;
  out[oi + 1] = min2(a0 + b1, a1 + b0);
  out[oi + 2] = min3(a0 + b2, a1 + b1, a2 + b0);
  out[oi + 3] = min2(min2(a0 + b3, a1 + b2), min2(a2 + b1, a3 + b0));
  out[oi + 4] = min3(min2(a0 + b4, a1 + b3), min2(a2 + b2, a3 + b1), a4 + b0);
  out[oi + 5] = min2(a0 + q0, p0 + b0);
  out[oi + 6] = min2(min2(a0 + q1, p0 + b1), min2(a1 + q0, p1 + b0));
  out[oi + 7] = min3(min2(a0 + q2, p0 + b2), min2(a1 + q1, p1 + b1), min2(a2 + q0, p2 + b0));
  out[oi + 8] = min2(min3(min2(a0 + q3, p0 + b3), min2(a1 + q2, p1 + b2), min2(a2 + q1, p2 + b1)), min2(a3 + q0, p3 + b0));
  out[oi + 9] = min3(
    min3(min2(a0 + q4, p0 + b4), min2(a1 + q3, p1 + b3), min2(a2 + q2, p2 + b2)),
    min2(a3 + q1, p3 + b1),
    min2(a4 + q0, p4 + b0),
  );
}

const min2 = (x: number, y: number): number => (x < y ? x : y);
const min3 = (x: number, y: number, z: number): number => (x < y ? (x < z ? x : z) : y < z ? y : z);

/** Only the `need` sets + pair entry of combine(a, b): the last step of every query. */
function finalPair(a: Int32Array, ai: number, b: Int32Array, bi: number, need: number): number {
  let best = INF;
  for (let ja = 0; ja <= need; ja++) {
    const x = a[ai + ja]! + b[bi + need - ja + 5]!;
    if (x < best) best = x;
    const y = a[ai + ja + 5]! + b[bi + need - ja]!;
    if (y < best) best = y;
  }
  return best;
}

/** finalPair with the second vector read straight from the table (no copy). */
function finalPairT(a: Int32Array, ai: number, t: Uint8Array, bi: number, need: number): number {
  let best = INF;
  for (let ja = 0; ja <= need; ja++) {
    const x = a[ai + ja]! + t[bi + need - ja + 5]!;
    if (x < best) best = x;
    const y = a[ai + ja + 5]! + t[bi + need - ja]!;
    if (y < best) best = y;
  }
  return best;
}

/**
 * Shanten number of the concealed tiles `counts` when `meldsDeclared` sets are already exposed or declared:
 * -1 complete, 0 waiting, n = n more useful draws needed after the next. Works for 3n+1 and 3n+2 tiles.
 */
export function shanten(counts: Counts, meldsDeclared: number): number {
  const t = getTable();
  const v = new Int32Array(60);
  for (let s = 0; s < 4; s++) loadVector(t, s, suitKey(counts, s), v, s * 10);
  combine(v, 0, v, 10, v, 40);
  combine(v, 40, v, 20, v, 50);
  return finalPair(v, 50, v, 30, 4 - meldsDeclared) - 1;
}

const suitOf = (t: Tile): number => (t < 27 ? (t / 9) | 0 : 3);

/**
 * Offset in HandAnalyser.v of the combination of the two suits other than a and b (a != b): the six two-suit
 * combinations sit at 80 (m+p), 90 (m+s), 100 (m+z), 110 (p+s), 120 (p+z), 130 (s+z).
 */
const REST_AT = [
  [-1, 130, 120, 110],
  [130, -1, 100, 90],
  [120, 100, -1, 80],
  [110, 90, 80, -1],
] as const;
/** The two suits of each two-suit combination, by (offset - 80) / 10. */
const PAIR_A = [0, 0, 0, 1, 1, 2] as const;
const PAIR_B = [1, 2, 3, 2, 3, 3] as const;
/** "All suits but s" = suit ONE_OF[s] + the combination OTHER_PAIR[s] of the remaining two. */
const ONE_OF = [1, 0, 3, 2] as const;
const OTHER_PAIR = [130, 130, 80, 80] as const;

/**
 * Reusable analyser for hot paths: holds the four suit vectors of one hand and, built when first needed, the
 * two-suit combinations and for each suit the combination of the other three, so "shanten with one kind changed"
 * costs one table read and one final min over <= 10 pairs, with no allocation. `selectDiscard(t)` then prepares
 * "the hand less one t" so that each "and then draw u" (the tiles that would help after a discard, Harr's "tiles
 * that help") is again one table read and one final min. Min-plus combination is associative and commutative, so
 * the order in which the lazily built combinations are formed does not change any answer.
 */
export class HandAnalyser {
  /**
   * Suit vectors at 0, 10, 20, 30; "all suits but s" at 40 + 10 s; two-suit combinations at 80..139 (REST_AT);
   * for the selected discard, "all suits but s" of the reduced hand at 140 + 10 s; scratch at 180.
   */
  private readonly v: Int32Array;
  /** Keys of the loaded hand; -1 before the first load. */
  private readonly keys: Int32Array;
  private need = 4;
  private readonly t = getTable();
  /** Selected discard: its suit and the reduced key of that suit. */
  private selSuit = 0;
  private selKey = 0;
  /** Bit i: two-suit combination at 80 + 10 i built. Bit 6 + s: "all but s" built. */
  private ready = 0;

  /**
   * drawMasks' answers by kind: the mask of `u` for its suit's key and the sets needed (maskKey[u] = key * 8 + need
   * + 1; 0: none yet). A pure function of those two, so an answer stays right for as long as the analyser lives:
   * a seat's next decision finds those of the suits it did not change (issue 24).
   */
  private readonly maskKey: Int32Array;
  private readonly maskVal: Uint16Array;

  /** Bytes an analyser's arrays take in a buffer given to the constructor (4-byte aligned offset). */
  static readonly BYTES = 4 * (200 + 4 + KINDS) + 2 * KINDS;

  /**
   * With `buffer`, the arrays are views into it at `byteOffset` (HandAnalyser.BYTES, zeroed): an owner making
   * several arrays per game (a strategy's scratch) makes one backing store for all of them, not one each.
   */
  constructor(buffer?: ArrayBuffer, byteOffset = 0) {
    const b = buffer ?? new ArrayBuffer(HandAnalyser.BYTES);
    this.v = new Int32Array(b, byteOffset, 200);
    this.keys = new Int32Array(b, byteOffset + 4 * 200, 4).fill(-1);
    this.maskKey = new Int32Array(b, byteOffset + 4 * 204, KINDS);
    this.maskVal = new Uint16Array(b, byteOffset + 4 * (204 + KINDS), KINDS);
  }

  /**
   * Load a hand: concealed counts and the number of sets already declared. Reloading the hand already loaded
   * (the same four suit keys and sets) costs only the keys: strategies load the same hand several times a decision.
   */
  load(counts: Counts, meldsDeclared: number): this {
    const need = 4 - meldsDeclared;
    const k0 = suitKey(counts, 0);
    const k1 = suitKey(counts, 1);
    const k2 = suitKey(counts, 2);
    const k3 = suitKey(counts, 3);
    const keys = this.keys;
    if (need === this.need && k0 === keys[0] && k1 === keys[1] && k2 === keys[2] && k3 === keys[3]) return this;
    this.need = need;
    const v = this.v;
    const t = this.t;
    // A suit whose key is unchanged keeps its vector; only combinations that involve no changed suit survive.
    let changed = 0;
    if (k0 !== keys[0]) {
      keys[0] = k0;
      loadVector(t, 0, k0, v, 0);
      changed |= 1;
    }
    if (k1 !== keys[1]) {
      keys[1] = k1;
      loadVector(t, 1, k1, v, 10);
      changed |= 2;
    }
    if (k2 !== keys[2]) {
      keys[2] = k2;
      loadVector(t, 2, k2, v, 20);
      changed |= 4;
    }
    if (k3 !== keys[3]) {
      keys[3] = k3;
      loadVector(t, 3, k3, v, 30);
      changed |= 8;
    }
    let ready = this.ready & KEEP_PAIRS[changed]!;
    // "All but s" involves every suit except s: it survives only when nothing but s changed.
    for (let s = 0; s < 4; s++) if ((changed & ~(1 << s)) === 0 && (this.ready & (64 << s)) !== 0) ready |= 64 << s;
    this.ready = ready;
    return this;
  }

  /** Offset of the two-suit combination at `at` (80..130), built if needed. */
  private pair(at: number): number {
    const i = (at - 80) / 10;
    if ((this.ready & (1 << i)) === 0) {
      combine(this.v, PAIR_A[i]! * 10, this.v, PAIR_B[i]! * 10, this.v, at);
      this.ready |= 1 << i;
    }
    return at;
  }

  /** Offset of "all suits but s", built if needed. */
  private allBut(s: number): number {
    const at = 40 + s * 10;
    if ((this.ready & (64 << s)) === 0) {
      combine(this.v, ONE_OF[s]! * 10, this.v, this.pair(OTHER_PAIR[s]!), this.v, at);
      this.ready |= 64 << s;
    }
    return at;
  }

  /** The loaded hand's key of suit `s` (suitKey; -1 before the first load) and the sets it needs. */
  keyOf(s: number): number {
    return this.keys[s]!;
  }
  get setsNeeded(): number {
    return this.need;
  }
  /** The key of t's suit in the loaded hand with one t taken out. */
  reducedKey(t: Tile): number {
    const st = suitOf(t);
    return this.keys[st]! - POW5[t - st * 9]!;
  }

  /** Shanten of the loaded hand. */
  shanten(): number {
    return finalPair(this.v, this.pair(80), this.v, this.pair(130), this.need) - 1;
  }

  /**
   * Shanten of the loaded hand with `delta` copies of kind `t` added (negative: removed), optionally with
   * `extraMelds` more sets declared. The loaded hand is left unchanged.
   */
  shantenWith(t: Tile, delta: number, extraMelds = 0): number {
    const s = suitOf(t);
    const at = vectorAt(this.t, s, this.keys[s]! + delta * POW5[t - s * 9]!);
    return finalPairT(this.v, this.allBut(s), this.t, at, this.need - extraMelds) - 1;
  }

  /** Shanten after changing two kinds at once (e.g. discard one, draw another), with extra melds. */
  shantenWith2(t1: Tile, d1: number, t2: Tile, d2: number, extraMelds = 0): number {
    const s1 = suitOf(t1);
    const s2 = suitOf(t2);
    const v = this.v;
    const k1 = this.keys[s1]! + d1 * POW5[t1 - s1 * 9]!;
    const need = this.need - extraMelds;
    if (s1 === s2) {
      const at = vectorAt(this.t, s1, k1 + d2 * POW5[t2 - s2 * 9]!);
      return finalPairT(v, this.allBut(s1), this.t, at, need) - 1;
    }
    // The two untouched suits (one precomputed combination), then the changed ones.
    const rest = this.pair(REST_AT[s1]![s2]!);
    loadVector(this.t, s1, k1, v, 180);
    combine(v, rest, v, 180, v, 190);
    const at = vectorAt(this.t, s2, this.keys[s2]! + d2 * POW5[t2 - s2 * 9]!);
    return finalPairT(v, 190, this.t, at, need) - 1;
  }

  /**
   * Select "the loaded hand less one `t`" for `afterDiscard` / `afterDraw`: three combinations, after which each
   * query is one table read. The loaded hand is unchanged. `suits` (a bit per suit) limits the draws of other
   * suits that will be asked about (afterDraw, critical) to those suits.
   */
  selectDiscard(t: Tile, suits = 15): this {
    this.selectKey(t);
    const st = this.selSuit;
    const v = this.v;
    const b = vectorAt(this.t, st, this.selKey);
    // For each other suit s: the two suits other than s and st, combined with the reduced st.
    for (let s = 0; s < 4; s++) if (s !== st && (suits & (1 << s)) !== 0) combineT(v, this.pair(REST_AT[s]![st]!), this.t, b, v, 140 + s * 10);
    return this;
  }

  /**
   * selectDiscard without the combinations: enough for afterDiscard and for afterDraw of a tile of t's own suit
   * (afterDraw of another suit needs the full selectDiscard).
   */
  selectKey(t: Tile): this {
    const st = suitOf(t);
    this.selSuit = st;
    this.selKey = this.keys[st]! - POW5[t - st * 9]!;
    return this;
  }

  /**
   * Where the vector of t's suit with one t taken out lies (a table offset). Two discards of one suit whose
   * reduced vectors are equal (sameVector) leave the other suits' answers equal: e.g. two lone honours.
   */
  reducedAt(t: Tile): number {
    const st = suitOf(t);
    return vectorAt(this.t, st, this.keys[st]! - POW5[t - st * 9]!);
  }

  /** The vectors at two table offsets (from reducedAt) are equal. */
  sameVector(b1: number, b2: number): boolean {
    if (b1 === b2) return true;
    const t = this.t;
    for (let i = 0; i < VEC; i++) if (t[b1 + i] !== t[b2 + i]) return false;
    return true;
  }

  /** Shanten of the selected reduced hand (loaded hand less the selected discard). */
  afterDiscard(): number {
    const st = this.selSuit;
    return finalPairT(this.v, this.allBut(st), this.t, vectorAt(this.t, st, this.selKey), this.need) - 1;
  }

  /**
   * For each kind u in `kinds[0..n)`, the entries of its suit's vector that one more u lowers (bit i: the vector of
   * the suit with u added is below the loaded one at i; entries of more sets than the hand needs are left out),
   * into `out`. A drawn tile lowers a cost by at most one (the
   * completion with u, less u, needs one tile more), so with `critical` this decides "does u help" without a table
   * read per discard.
   */
  drawMasks(kinds: Uint8Array, n: number, out: Uint16Array): void {
    const v = this.v;
    const t = this.t;
    const need = this.need;
    const memoKey = this.maskKey;
    const memo = this.maskVal;
    for (let i = 0; i < n; i++) {
      const u = kinds[i]!;
      const s = suitOf(u);
      const mk = this.keys[s]! * 8 + need + 1;
      if (memoKey[u] === mk) {
        out[i] = memo[u]!;
        continue;
      }
      const b = vectorAt(t, s, this.keys[s]! + POW5[u - s * 9]!);
      const o = s * 10;
      let m = 0;
      // Only entries of at most `need` sets are ever critical.
      for (let j = 0; j <= need; j++) {
        if (t[b + j]! < v[o + j]!) m |= 1 << j;
        if (t[b + j + 5]! < v[o + j + 5]!) m |= 1 << (j + 5);
      }
      memoKey[u] = mk;
      memo[u] = m;
      out[i] = m;
    }
  }

  /**
   * After selectDiscard(t): the entries of suit `s`'s vector (s not t's suit) through which the reduced hand
   * reaches `cost` (its cost: shanten + 1), as a mask. A draw u of suit s brings the reduced hand below `cost`
   * exactly when drawMasks(u) meets this mask (costs fall by at most one per tile).
   */
  critical(s: number, cost: number): number {
    const v = this.v;
    const w = 140 + s * 10;
    const b = s * 10;
    const need = this.need;
    let m = 0;
    for (let i = 0; i <= need; i++) {
      if (v[w + need - i + 5]! + v[b + i]! === cost) m |= 1 << i;
      if (v[w + need - i]! + v[b + i + 5]! === cost) m |= 1 << (i + 5);
    }
    return m;
  }

  /**
   * The entries of suit `s`'s vector through which the loaded hand costs at most `cost` (shanten + 1), as a mask
   * like `critical`'s. A draw u of suit s can bring the loaded hand, or the loaded hand less any one tile, to
   * `cost - 1` or less only through such an entry that drawMasks(u) lowers, when the loaded hand costs no less than
   * `cost`: costs never fall when a tile is taken away, and fall by at most one per tile drawn.
   */
  criticalLoaded(s: number, cost: number): number {
    const v = this.v;
    const w = this.allBut(s);
    const b = s * 10;
    const need = this.need;
    let m = 0;
    for (let i = 0; i <= need; i++) {
      if (v[w + need - i + 5]! + v[b + i]! <= cost) m |= 1 << i;
      if (v[w + need - i]! + v[b + i + 5]! <= cost) m |= 1 << (i + 5);
    }
    return m;
  }

  /** Shanten of the selected reduced hand with one `u` drawn. */
  afterDraw(u: Tile): number {
    const s = suitOf(u);
    if (s === this.selSuit) {
      return finalPairT(this.v, this.allBut(s), this.t, vectorAt(this.t, s, this.selKey + POW5[u - s * 9]!), this.need) - 1;
    }
    return finalPairT(this.v, 140 + s * 10, this.t, vectorAt(this.t, s, this.keys[s]! + POW5[u - s * 9]!), this.need) - 1;
  }
}

/** For a mask of changed suits, the two-suit combinations (bits 0..5) that involve none of them. */
const KEEP_PAIRS: readonly number[] = (() => {
  const out: number[] = [];
  for (let m = 0; m < 16; m++) {
    let keep = 0;
    for (let i = 0; i < 6; i++) if ((m & (1 << PAIR_A[i]!)) === 0 && (m & (1 << PAIR_B[i]!)) === 0) keep |= 1 << i;
    out.push(keep);
  }
  return out;
})();

/**
 * Kinds that would complete a ready hand of 3n+1 concealed tiles (empty when not ready). Kinds of which all four
 * are already in the hand are not waits: there is none left to draw.
 */
export function waits(counts: Counts, meldsDeclared: number): Tile[] {
  const a = new HandAnalyser().load(counts, meldsDeclared);
  const out: Tile[] = [];
  if (a.shanten() !== 0) return out;
  for (let t = 0; t < KINDS; t++) {
    if (counts[t]! >= 4) continue;
    if (a.shantenWith(t, 1) === -1) out.push(t);
  }
  return out;
}
