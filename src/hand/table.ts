/**
 * This thread's cost-vector table (src/hand/shanten.ts reads it): made on the first query from the build's file
 * (table-file.ts), from the table a pool shared with its worker threads, or built here (table-build.ts); suit keys
 * the file does not hold are filled in when first asked. The shared table for a pool's workers is made here too.
 */
import type { TableSections } from './table-file.js';
import { readTableSections } from './table-file.js';
import { build, computeSuit, HONOURS, POW5, rankTransitions, READY_AT, TABLE_BYTES, VEC } from './table-build.js';

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


export function getTable(): Uint8Array {
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
  computeSuit(t, key, ranks);
}

/** Offset in `table` of the cost vector of suit `s` with key `key` (computed first if it is a rare one). */
export function vectorAt(t: Uint8Array, s: number, key: number): number {
  if (s === 3) return HONOURS + key * VEC;
  const b = key * VEC;
  if (t[b + READY_AT] === 0) fillSuit(t, key);
  return b;
}

/** Copy a table vector into `out` at `at`. */
export function loadVector(t: Uint8Array, s: number, key: number, out: Int32Array, at: number): void {
  const b = vectorAt(t, s, key);
  for (let i = 0; i < VEC; i++) out[at + i] = t[b + i]!;
}
