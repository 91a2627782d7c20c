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
import { INF, POW5, VEC } from './table-build.js';
import { getTable, loadVector, vectorAt } from './table.js';

/** Base-5 key of suit `s` (0 m, 1 p, 2 s) or of the honours (s = 3). */
export function suitKey(c: Counts, s: number): number {
  const b = s * 9;
  // Written out (Horner's rule): the loop cost twice as much, and every load of an analyser computes four keys.
  const low = c[b]! + 5 * (c[b + 1]! + 5 * (c[b + 2]! + 5 * (c[b + 3]! + 5 * (c[b + 4]! + 5 * (c[b + 5]! + 5 * c[b + 6]!)))));
  return s === 3 ? low : low + 78125 * (c[b + 7]! + 5 * c[b + 8]!);
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
   * a seat's next decision finds those of the suits it did not change (docs/performance.md).
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

  /**
   * The shanten after discarding each kind `held` holds, into out[t] (other entries untouched): shantenWith(t, -1)
   * for a kind the loaded hand `c` holds, `own` (the loaded hand's shanten) for one it does not. The same answers as
   * asking each kind, with each suit's "all suits but s" vector read once into locals rather than at every kind.
   */
  discardShantens(c: Counts, held: Counts, own: number, out: Int8Array): void {
    const v = this.v;
    const T = this.t;
    const need = this.need;
    for (let s = 0; s < 4; s++) {
      const lo = s * 9;
      const hi = s === 3 ? KINDS : lo + 9;
      let ab = -1;
      let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0;
      const key = this.keys[s]!;
      for (let t = lo; t < hi; t++) {
        if (held[t] === 0) continue;
        if (c[t] === 0) {
          out[t] = own;
          continue;
        }
        if (ab < 0) {
          ab = this.allBut(s);
          a0 = v[ab]!; a1 = v[ab + 1]!; a2 = v[ab + 2]!; a3 = v[ab + 3]!; a4 = v[ab + 4]!;
          a5 = v[ab + 5]!; a6 = v[ab + 6]!; a7 = v[ab + 7]!; a8 = v[ab + 8]!; a9 = v[ab + 9]!;
        }
        // finalPairT(v, ab, T, b, need) on the locals: min over j <= need of a[j] + b[5 + need - j], a[5 + j] + b[need - j].
        const b = vectorAt(T, s, key - POW5[t - lo]!) + need;
        let best = min2(a0 + T[b + 5]!, a5 + T[b]!);
        if (need >= 1) best = min3(best, a1 + T[b + 4]!, a6 + T[b - 1]!);
        if (need >= 2) best = min3(best, a2 + T[b + 3]!, a7 + T[b - 2]!);
        if (need >= 3) best = min3(best, a3 + T[b + 2]!, a8 + T[b - 3]!);
        if (need >= 4) best = min3(best, a4 + T[b + 1]!, a9 + T[b - 4]!);
        out[t] = best - 1;
      }
    }
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
    // The loaded vector of the suit in hand, read once per suit (the kinds come grouped by suit), into locals.
    let vs = -1;
    let key = 0;
    let v0 = 0, v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0, v6 = 0, v7 = 0, v8 = 0, v9 = 0;
    for (let i = 0; i < n; i++) {
      const u = kinds[i]!;
      const s = suitOf(u);
      if (s !== vs) {
        vs = s;
        key = this.keys[s]!;
        const o = s * 10;
        v0 = v[o]!; v1 = v[o + 1]!; v2 = v[o + 2]!; v3 = v[o + 3]!; v4 = v[o + 4]!;
        v5 = v[o + 5]!; v6 = v[o + 6]!; v7 = v[o + 7]!; v8 = v[o + 8]!; v9 = v[o + 9]!;
      }
      const mk = key * 8 + need + 1;
      if (memoKey[u] === mk) {
        out[i] = memo[u]!;
        continue;
      }
      const b = vectorAt(t, s, key + POW5[u - s * 9]!);
      // Only entries of at most `need` sets are ever critical.
      let m = (t[b]! < v0 ? 1 : 0) | (t[b + 5]! < v5 ? 32 : 0);
      if (need >= 1) m |= (t[b + 1]! < v1 ? 2 : 0) | (t[b + 6]! < v6 ? 64 : 0);
      if (need >= 2) m |= (t[b + 2]! < v2 ? 4 : 0) | (t[b + 7]! < v7 ? 128 : 0);
      if (need >= 3) m |= (t[b + 3]! < v3 ? 8 : 0) | (t[b + 8]! < v8 ? 256 : 0);
      if (need >= 4) m |= (t[b + 4]! < v4 ? 16 : 0) | (t[b + 9]! < v9 ? 512 : 0);
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
