/**
 * Distance to a complete standard hand (RULES.md "Complete hand": four combinations — pung, kong or run of three
 * in one suit — and a pair), on 34-kind count arrays.
 *
 * shanten = (fewest tiles that must be drawn to hold a complete form) - 1: -1 complete, 0 ready (waiting), ...
 * The declared/exposed sets are already complete, so the concealed tiles need `4 - meldsDeclared` sets and a pair.
 *
 * Table-driven (the method of tomohxx's "shanten number" tables): each suit contributes a vector of 10 costs —
 * index j (0..4) = fewest tiles to add so the suit holds j sets, index 5 + j = j sets and a pair — keyed by the
 * suit's 9-digit base-5 count. The honours' vectors (5^7 keys, no runs) are precomputed at load; a suit's vector
 * is computed on first use by a small DP over ranks and memoised in a fixed typed array (a pure cache: results
 * never depend on what was asked before). A hand's answer is a min-plus combination of four vectors.
 */
import { KINDS, type Tile } from '../tiles/tile.js';
import type { Counts } from '../tiles/counts.js';

/** Vector layout: [j sets without pair] for j=0..4, then [j sets with pair] at 5+j. */
const VEC = 10;
const INF = 99;
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125] as const;

/** Suited vectors, memoised: entry key*VEC+i holds cost+1 (0 = not yet computed). 19.5 MB per process. */
const suitMemo = new Uint8Array(POW5[9] * VEC);

/** Honour vectors for every 7-digit base-5 key, built at load (78,125 keys, a few ms). */
const honourTable: Uint8Array = buildHonourTable();

function buildHonourTable(): Uint8Array {
  const table = new Uint8Array(POW5[7] * VEC);
  const cur = new Int32Array(VEC);
  const next = new Int32Array(VEC);
  for (let key = 0; key < POW5[7]; key++) {
    cur.fill(INF);
    cur[0] = 0;
    let k = key;
    for (let t = 0; t < 7; t++) {
      const h = k % 5;
      k = (k / 5) | 0;
      next.fill(INF);
      // Each honour kind supplies nothing, a pung (3 alike) or the pair (2 alike); honours form no runs.
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
    for (let i = 0; i < VEC; i++) table[key * VEC + i] = Math.min(cur[i]!, 255);
  }
  return table;
}

/**
 * DP over the nine ranks of one suit. State: runs started at r-2 and r-1 still needing tiles (c1, c2), sets
 * committed so far (j), pair taken (p). At rank r choose a pung x, the pair y and s new runs; the rank then needs
 * c1+c2+s+3x+2y <= 4 tiles, and each one missing costs a draw.
 */
function computeSuit(key: number): void {
  const h = new Int32Array(9);
  let k = key;
  for (let r = 0; r < 9; r++) {
    h[r] = k % 5;
    k = (k / 5) | 0;
  }
  // index = ((c1*5 + c2)*5 + j)*2 + p
  let dp = new Int32Array(250).fill(INF);
  let nd = new Int32Array(250);
  dp[0] = 0;
  for (let r = 0; r < 9; r++) {
    nd.fill(INF);
    const have = h[r]!;
    const maxRuns = r <= 6 ? 4 : 0;
    for (let c1 = 0; c1 <= 4; c1++) {
      for (let c2 = 0; c1 + c2 <= 4; c2++) {
        for (let j = c1 + c2; j <= 4; j++) {
          for (let p = 0; p <= 1; p++) {
            const cost = dp[((c1 * 5 + c2) * 5 + j) * 2 + p]!;
            if (cost >= INF) continue;
            for (let x = 0; x <= 1; x++) {
              for (let y = 0; y <= 1 - p; y++) {
                for (let s = 0; s <= maxRuns; s++) {
                  const need = c1 + c2 + s + 3 * x + 2 * y;
                  if (need > 4) break;
                  const nj = j + x + s;
                  if (nj > 4) break;
                  const nc = cost + (need > have ? need - have : 0);
                  const idx = ((c2 * 5 + s) * 5 + nj) * 2 + p + y;
                  if (nc < nd[idx]!) nd[idx] = nc;
                }
              }
            }
          }
        }
      }
    }
    const tmp = dp;
    dp = nd;
    nd = tmp;
  }
  const base = key * VEC;
  for (let j = 0; j <= 4; j++) {
    suitMemo[base + j] = Math.min(dp[j * 2]!, 254) + 1;
    suitMemo[base + 5 + j] = Math.min(dp[j * 2 + 1]!, 254) + 1;
  }
}

/** Base-5 key of suit `s` (0 m, 1 p, 2 s) or of the honours (s = 3). */
export function suitKey(c: Counts, s: number): number {
  const base = s * 9;
  const n = s === 3 ? 7 : 9;
  let key = 0;
  for (let r = n - 1; r >= 0; r--) key = key * 5 + c[base + r]!;
  return key;
}

/** Copy the cost vector of suit `s` with key `key` into `out` at `at`. */
function loadVector(s: number, key: number, out: Int32Array, at: number): void {
  if (s === 3) {
    const b = key * VEC;
    for (let i = 0; i < VEC; i++) out[at + i] = honourTable[b + i]!;
    return;
  }
  const b = key * VEC;
  if (suitMemo[b] === 0) computeSuit(key);
  for (let i = 0; i < VEC; i++) out[at + i] = suitMemo[b + i]! - 1;
}

/** Min-plus combination of two cost vectors (sets add, at most one pair). */
function combine(a: Int32Array, ai: number, b: Int32Array, bi: number, out: Int32Array, oi: number): void {
  for (let i = 0; i < VEC; i++) out[oi + i] = INF;
  for (let ja = 0; ja <= 4; ja++) {
    const a0 = a[ai + ja]!;
    const a1 = a[ai + ja + 5]!;
    for (let jb = 0; ja + jb <= 4; jb++) {
      const b0 = b[bi + jb]!;
      const b1 = b[bi + jb + 5]!;
      const o = oi + ja + jb;
      const x = a0 + b0;
      if (x < out[o]!) out[o] = x;
      const y = a0 + b1 < a1 + b0 ? a0 + b1 : a1 + b0;
      if (y < out[o + 5]!) out[o + 5] = y;
    }
  }
}

/** Fewest draws to complete, given four suit vectors laid end to end in `v` (0, 10, 20, 30). */
function finish(v: Int32Array, need: number, work: Int32Array): number {
  combine(v, 0, v, 10, work, 0);
  combine(work, 0, v, 20, work, 10);
  // Only one entry of the last combination is wanted: `need` sets and the pair.
  let best = INF;
  for (let pa = 0; pa <= 1; pa++) {
    for (let ja = 0; ja <= need; ja++) {
      const c = work[10 + ja + 5 * pa]! + v[30 + need - ja + 5 * (1 - pa)]!;
      if (c < best) best = c;
    }
  }
  return best;
}

/**
 * Shanten number of the concealed tiles `counts` when `meldsDeclared` sets are already exposed or declared:
 * -1 complete, 0 waiting, n = n more useful draws needed after the next. Works for 3n+1 and 3n+2 tiles.
 */
export function shanten(counts: Counts, meldsDeclared: number): number {
  const v = new Int32Array(40);
  const work = new Int32Array(20);
  for (let s = 0; s < 4; s++) loadVector(s, suitKey(counts, s), v, s * 10);
  return finish(v, 4 - meldsDeclared, work) - 1;
}

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

/**
 * Reusable analyser for hot paths: holds the four suit vectors of one hand and, for each suit, the combination of
 * the other three, so "shanten with one kind changed" costs one vector lookup and one final min over <= 10 pairs,
 * with no allocation.
 */
export class HandAnalyser {
  /** Suit vectors at 0, 10, 20, 30; "all suits but s" at 40 + 10 s; scratch at 80.. */
  private readonly v = new Int32Array(120);
  private readonly keys = new Int32Array(4);
  private need = 4;

  /** Load a hand: concealed counts and the number of sets already declared. */
  load(counts: Counts, meldsDeclared: number): this {
    this.need = 4 - meldsDeclared;
    const v = this.v;
    for (let s = 0; s < 4; s++) {
      const key = suitKey(counts, s);
      this.keys[s] = key;
      loadVector(s, key, v, s * 10);
    }
    combine(v, 0, v, 10, v, 80); // m+p
    combine(v, 20, v, 30, v, 90); // s+z
    combine(v, 10, v, 90, v, 40); // all but m
    combine(v, 0, v, 90, v, 50); // all but p
    combine(v, 80, v, 30, v, 60); // all but s
    combine(v, 80, v, 20, v, 70); // all but z
    return this;
  }

  /** Shanten of the loaded hand. */
  shanten(): number {
    return finalPair(this.v, 40, this.v, 0, this.need) - 1;
  }

  /**
   * Shanten of the loaded hand with `delta` copies of kind `t` added (negative: removed), optionally with
   * `extraMelds` more sets declared. The loaded hand is left unchanged.
   */
  shantenWith(t: Tile, delta: number, extraMelds = 0): number {
    const s = t < 27 ? (t / 9) | 0 : 3;
    loadVector(s, this.keys[s]! + delta * POW5[t - s * 9]!, this.v, 100);
    return finalPair(this.v, 40 + s * 10, this.v, 100, this.need - extraMelds) - 1;
  }

  /** Shanten after changing two kinds at once (e.g. discard one, draw another), with extra melds. */
  shantenWith2(t1: Tile, d1: number, t2: Tile, d2: number, extraMelds = 0): number {
    const s1 = t1 < 27 ? (t1 / 9) | 0 : 3;
    const s2 = t2 < 27 ? (t2 / 9) | 0 : 3;
    const v = this.v;
    const k1 = this.keys[s1]! + d1 * POW5[t1 - s1 * 9]!;
    const need = this.need - extraMelds;
    if (s1 === s2) {
      loadVector(s1, k1 + d2 * POW5[t2 - s2 * 9]!, v, 100);
      return finalPair(v, 40 + s1 * 10, v, 100, need) - 1;
    }
    // The two untouched suits, then the changed ones.
    let o1 = -1;
    let o2 = -1;
    for (let s = 0; s < 4; s++) {
      if (s === s1 || s === s2) continue;
      if (o1 < 0) o1 = s;
      else o2 = s;
    }
    loadVector(s1, k1, v, 100);
    combine(v, o1 * 10, v, o2 * 10, v, 80);
    combine(v, 80, v, 100, v, 90);
    loadVector(s2, this.keys[s2]! + d2 * POW5[t2 - s2 * 9]!, v, 110);
    return finalPair(v, 90, v, 110, need) - 1;
  }
}

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
