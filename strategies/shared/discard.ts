/**
 * Shared decision helpers for the built-in strategies: reading one's own hand from the AgentView, choosing a
 * discard that keeps the hand nearest to complete (shanten, src/hand/shanten.ts) under a strategy-specific cost,
 * and valuing claims. Everything works on count arrays with one reusable HandAnalyser per agent, so a decision
 * costs a few dozen table lookups (issue 4: "fast enough for millions of hands"). Arrays of 34 are cleared and
 * copied by loops, not `fill` / `set`: those are calls into the runtime that cost thousands of instructions each
 * (measured, issue 24), against a few dozen for the loop.
 */
import type { Action, AgentView } from '../src/agent/types.js';
import { HandAnalyser } from '../src/hand/shanten.js';
import { KINDS, type Tile } from '../src/tiles/tile.js';
import type { Counts } from '../src/tiles/counts.js';

/** Ints per entry of drawsHelping's memo: [suit, table offset, below, count, members 0..26, members 27..33]. */
const MEMO = 6;
/**
 * Entries of the kept hands' helping draws (Scratch.kept), a power of two: a seat's tie-breaks store one or two a
 * turn, and the one its next turn asks for (the hand it kept, should it discard the tile it drew) is rarely
 * overwritten in between.
 */
const KEPT = 64;
/** [key m, key p, key s, key z, sets needed * 16 + below + 2, members 0..26, members 27..33, known 0..26, known 27..33] */
const KEPT_INTS = 9;

/**
 * Where each of a Scratch's arrays lies in its one buffer, in bytes: 8-byte kinds first, then 4-, 2- and 1-byte
 * ones, so every offset is aligned for its kind.
 */
const LAYOUT = (() => {
  let at = 0;
  const take = (bytes: number): number => {
    const o = at;
    at += bytes;
    return o;
  };
  const f64 = 8 * KINDS;
  return Object.freeze({
    cost: take(f64),
    danger: take(f64),
    score: take(f64),
    tmpF: take(f64),
    a: take(HandAnalyser.BYTES),
    b: take(HandAnalyser.BYTES),
    candFrom: take(4 * 5),
    memo: take(4 * MEMO * KINDS),
    kept: take(4 * KEPT_INTS * KEPT),
    dec: take(2 * KINDS),
    counts: take(KINDS),
    tmp: take(KINDS),
    live: take(KINDS),
    cand: take(KINDS),
    sh: take(KINDS),
    tmp2: take(KINDS),
    proj: take(KINDS),
    recent: take(KINDS),
    seen: take(KINDS),
    order: take(KINDS),
    helps: take(KINDS),
    bytes: at,
  });
})();

/**
 * Per-agent scratch space (agents are created per game; nothing here outlives a game). Its arrays are views into
 * one zeroed buffer: an agent is created for every game, and a typed array of more than 64 bytes has a backing
 * store of its own (allocated, tracked and freed by the collector; 1-4 µs each here). Creating the mix's four
 * agents took 21 µs when each array had its own, 15 µs with one buffer. The views only some strategies need are
 * made on first use.
 */
export class Scratch {
  readonly #mem = new ArrayBuffer(LAYOUT.bytes);
  readonly a = new HandAnalyser(this.#mem, LAYOUT.a);
  readonly counts = new Uint8Array(this.#mem, LAYOUT.counts, KINDS);
  readonly tmp = new Uint8Array(this.#mem, LAYOUT.tmp, KINDS);
  readonly live = new Uint8Array(this.#mem, LAYOUT.live, KINDS);
  readonly cand = new Uint8Array(this.#mem, LAYOUT.cand, KINDS);
  /** Shanten after discarding each held kind, for the hand last passed to pickDiscard. */
  readonly sh = new Int8Array(this.#mem, LAYOUT.sh, KINDS);
  /** Per-kind discard cost (the strategy's tie-break), filled before pickDiscard. */
  readonly cost = new Float64Array(this.#mem, LAYOUT.cost, KINDS);
  #b: HandAnalyser | null = null;
  #tmp2: Uint8Array | null = null;
  #proj: Uint8Array | null = null;
  #danger: Float64Array | null = null;
  #recent: Uint8Array | null = null;
  #score: Float64Array | null = null;
  #dec: Uint16Array | null = null;
  #memo: Int32Array | null = null;
  #order: Uint8Array | null = null;
  #tmpF: Float64Array | null = null;
  #helps: Uint8Array | null = null;
  #seen: Uint8Array | null = null;
  #kept: Int32Array | null = null;
  /** First candidate of each suit in `cand` (prepareDraws): suit s spans candFrom[s] .. candFrom[s + 1]. */
  readonly candFrom = new Int32Array(this.#mem, LAYOUT.candFrom, 5);
  /** Entries in `memo` (drawsHelping); reset by prepareDraws. */
  memoN = 0;
  /**
   * The shanten whose helping draws `helps` bounds (helpBound, within the group prepareDraws started; -9: none), and
   * the suits (a bit each) holding such a draw: drawsHelping at that shanten skips every other draw.
   */
  boundSh = -9;
  helpSuits = 0;
  /** The kinds in `cand` as two bit sets (kinds 0..26, 27..33): prepareDraws. */
  candLo = 0;
  candHi = 0;
  /** drawsHelping's counts read from `kept` (tests). */
  keptHits = 0;

  /** A second analyser (claims, projections). */
  get b(): HandAnalyser {
    return (this.#b ??= new HandAnalyser(this.#mem, LAYOUT.b));
  }
  get tmp2(): Uint8Array {
    return (this.#tmp2 ??= new Uint8Array(this.#mem, LAYOUT.tmp2, KINDS));
  }
  get proj(): Uint8Array {
    return (this.#proj ??= new Uint8Array(this.#mem, LAYOUT.proj, KINDS));
  }
  get danger(): Float64Array {
    return (this.#danger ??= new Float64Array(this.#mem, LAYOUT.danger, KINDS));
  }
  get recent(): Uint8Array {
    return (this.#recent ??= new Uint8Array(this.#mem, LAYOUT.recent, KINDS));
  }
  /** Least discard scores (pickDiscard's bound). */
  get score(): Float64Array {
    return (this.#score ??= new Float64Array(this.#mem, LAYOUT.score, KINDS));
  }
  /** Per candidate draw (cand), the suit-vector entries it lowers (HandAnalyser.drawMasks). */
  get dec(): Uint16Array {
    return (this.#dec ??= new Uint16Array(this.#mem, LAYOUT.dec, KINDS));
  }
  /** Kinds in a working order (the branch and bound of pickDiscard and fastTurn's tie-break). */
  get order(): Uint8Array {
    return (this.#order ??= new Uint8Array(this.#mem, LAYOUT.order, KINDS));
  }
  /** Per-kind numbers beside `score` (fastTurn's tie-break bonuses). */
  get tmpF(): Float64Array {
    return (this.#tmpF ??= new Float64Array(this.#mem, LAYOUT.tmpF, KINDS));
  }
  /** Per kind, live copies counted in the bound of helpBound. */
  get helps(): Uint8Array {
    return (this.#helps ??= new Uint8Array(this.#mem, LAYOUT.helps, KINDS));
  }
  /** Copies of each kind the table shows (view.seenCounts), for the strategies that read them. */
  get seen(): Uint8Array {
    return (this.#seen ??= new Uint8Array(this.#mem, LAYOUT.seen, KINDS));
  }
  /** drawsHelping's other-suit counts and members by reduced vector (MEMO ints per entry). */
  get memo(): Int32Array {
    return (this.#memo ??= new Int32Array(this.#mem, LAYOUT.memo, MEMO * KINDS));
  }
  /**
   * The helping draws of hands a tie-break counted, kept across decisions and rollouts (issue 24's incremental
   * analysis; keptHelping): KEPT entries of KEPT_INTS, found by the hand's suit keys.
   */
  get kept(): Int32Array {
    return (this.#kept ??= new Int32Array(this.#mem, LAYOUT.kept, KEPT_INTS * KEPT));
  }
}

/**
 * Own concealed tiles as counts (into `out`), and the number of sets already declared. Every declared set, kong
 * included, takes three places of the 13 (14 on one's turn), so the count follows from the concealed tiles alone
 * without building the table part of the view. Read as counts straight into `out` (view.concealedCounts): building
 * and freezing the `concealed` list at every decision cost more than the rest of this.
 */
export function readHand(view: AgentView, out: Counts): number {
  return Math.floor((14 - view.concealedCounts(out)) / 3);
}

/** The legal action of this type (and tile), if offered. */
export function legalOf(view: AgentView, type: Action['type'], tile?: Tile): Action | undefined {
  for (const a of view.legal) {
    if (a.type !== type) continue;
    if (tile === undefined || (a as { tile?: Tile }).tile === tile) return a;
  }
  return undefined;
}

/** Number of live copies of the kinds that would complete a ready hand held in `a` (3n+1 tiles). */
export function liveWaits(a: HandAnalyser, counts: Counts, live: Counts | null): number {
  let n = 0;
  for (let t = 0; t < KINDS; t++) {
    if (counts[t]! >= 4 || !touches(counts, t)) continue;
    if (a.shantenWith(t, 1) === -1) n += live ? live[t]! : 4 - counts[t]!;
  }
  return n;
}

/**
 * Live copies of the kinds that, drawn after discarding `t`, would bring the shanten below `below` (below 0: the
 * winning tiles of a ready hand; below the current shanten: Harr's "tiles that help"). `a` holds the hand `c`,
 * with at least one `t`; `c` is changed during the call and restored. `cand` (from `drawCandidates`) lists the
 * kinds worth trying: live and touching `c` (a kind touching the hand less t touches `c`).
 */
export function drawsAfter(a: HandAnalyser, c: Counts, t: Tile, live: Counts, below: number, cand: Uint8Array, ncand: number): number {
  a.selectDiscard(t);
  c[t]!--;
  let n = 0;
  for (let i = 0; i < ncand; i++) {
    const u = cand[i]!;
    if (c[u]! >= 4 || !touches(c, u)) continue;
    if (a.afterDraw(u) < below) n += live[u]!;
  }
  c[t]!++;
  return n;
}

/**
 * Kinds with live copies that touch `c`, into `out` in kind order; returns how many. A suit's touched ranks are its
 * held ranks' mask spread two ranks either way (touches, nine times over, read up to five counts per kind).
 */
export function drawCandidates(c: Counts, live: Counts, out: Uint8Array): number {
  let n = 0;
  for (let b = 0; b < 27; b += 9) {
    let m = 0;
    for (let r = 0; r < 9; r++) if (c[b + r]! > 0) m |= 1 << r;
    if (m === 0) continue;
    const near = (m | (m << 1) | (m >> 1) | (m << 2) | (m >> 2)) & 511;
    for (let r = 0; r < 9; r++) if ((near & (1 << r)) !== 0 && live[b + r]! > 0) out[n++] = b + r;
  }
  for (let u = 27; u < KINDS; u++) if (c[u]! > 0 && live[u]! > 0) out[n++] = u;
  return n;
}

export { shapeValue } from '../src/hand/shape-value.js';

/** A kind that shares a set with some held tile (a candidate wait); others can never complete the hand. */
export function touches(c: Counts, u: Tile): boolean {
  if (c[u]! > 0) return true;
  if (u >= 27) return false;
  const r = u % 9;
  return (r >= 1 && c[u - 1]! > 0) || (r <= 7 && c[u + 1]! > 0) || (r >= 2 && c[u - 2]! > 0) || (r <= 6 && c[u + 2]! > 0);
}

/**
 * The discard, on costs already in `s.cost` (no closure per decision): the held kind with the least
 * `shanten after * 1000 + cost`, less five points per live winning tile (at most 40) for a discard that leaves
 * the hand ready, when `live` is given. Ties go to the lowest tile id. Leaves each held kind's shanten after the
 * discard in `s.sh`, so callers need not ask again. The winning tiles of a ready discard are counted only when
 * they can change the choice (a lone ready discard already ahead of every other needs no count), with the live
 * counts given in `waitsOf` or, when it is the view, computed from the view only then (liveOf; `c` the own hand).
 * `s.sh` holds the shanten after every held kind's discard when `allSh` or
 * when waits may count; otherwise at least after the chosen one's.
 */
export function pickDiscard(
  a: HandAnalyser,
  c: Counts,
  held: Counts,
  s: Scratch,
  waitsOf: AgentView | Counts | null,
  allSh = false,
): number {
  const sh = s.sh;
  const cost = s.cost;
  // The shanten after a discard is the analysed hand's (S) or one more (S for a kind outside it). Unless every
  // kind's shanten is wanted or a discard may leave the hand ready (waits then count), only the kinds whose score
  // with S can reach the least score with S + 1 are asked.
  const S = a.shanten();
  if (!allSh && (waitsOf === null || S > 0)) return pickBounded(a, c, held, s, S);
  let best = -1;
  let bestScore = Infinity;
  let ready = 0;
  let firstReady = -1;
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0) continue;
    const x = c[t]! > 0 ? a.shantenWith(t, -1) : a.shanten();
    sh[t] = x;
    if (x === 0 && waitsOf !== null) {
      if (ready++ === 0) firstReady = t;
      continue;
    }
    const score = x * 1000 + cost[t]!;
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  }
  if (ready === 0) return best;
  // A ready discard scores at most its cost (the waits only lower it): alone and already below, it wins.
  if (ready === 1 && cost[firstReady]! < bestScore) return firstReady;
  // Live counts: given, or from the view (the own hand `c`), only now that they can matter.
  const live = waitsOf instanceof Uint8Array ? waitsOf : liveOf(waitsOf as AgentView, s, c);
  // The mask test needs the draw masks of the analysed hand, in s.a; another analyser takes the plain scan.
  const own = a === s.a;
  const ncand = own ? prepareDraws(s, c, live) : drawCandidates(c, live, s.cand);
  // Branch and bound over the ready discards, from the least score they could reach (helpBound; a kind outside
  // the analysed hand and another analyser have no bound): one that cannot beat the best so far (by score, then
  // tile id; at first the best of the others) is never counted. The choice is the first least score in tile
  // order, as one pass over all held kinds would find it.
  const bound = own ? helpBound(s, a, live, 0) : Infinity;
  const helps = s.helps;
  const lb = s.score;
  const order = s.order;
  let n = 0;
  for (let t = firstReady; t < KINDS; t++) {
    if (held[t] === 0 || sh[t] !== 0) continue;
    const l = cost[t]! - Math.min(c[t]! === 0 || !own ? Infinity : bound - helps[t]!, 40) * 5;
    lb[t] = l;
    let i = n++;
    while (i > 0 && lb[order[i - 1]!]! > l) {
      order[i] = order[i - 1]!;
      i--;
    }
    order[i] = t;
  }
  for (let i = 0; i < n; i++) {
    const t = order[i]!;
    if (lb[t]! > bestScore) break;
    if (lb[t] === bestScore && t > best) continue;
    const w = c[t]! === 0 ? waitsNow(a, c, live) : own ? drawsHelping(s, c, t, 0, live, 0, ncand) : drawsAfter(a, c, t, live, 0, s.cand, ncand);
    const v = cost[t]! - Math.min(w, 40) * 5;
    if (v < bestScore || (v === bestScore && t < best)) {
      bestScore = v;
      best = t;
    }
  }
  return best;
}

/**
 * After prepareDraws on the hand `c` held in `a` (= s.a): a bound on the live draws that help (bring the shanten
 * below `baseSh`) after any discard that leaves `baseSh`. Such a draw would bring the whole hand to `baseSh` cost
 * or less, so it lowers an entry of its suit's vector through which the whole hand costs `baseSh + 1`
 * (HandAnalyser.criticalLoaded, for a whole hand that costs no less: otherwise no bound, Infinity). Each such
 * draw's live copies are left in `s.helps` (0 for the others): drawing back the discarded kind restores the
 * whole hand, no nearer, so a discard of t is bounded by the result less `s.helps[t]`.
 */
export function helpBound(s: Scratch, a: HandAnalyser, live: Counts, baseSh: number): number {
  const helps = s.helps;
  for (let t = 0; t < KINDS; t++) helps[t] = 0;
  s.boundSh = -9;
  if (a.shanten() < baseSh) return Infinity;
  const cand = s.cand;
  const dec = s.dec;
  const from = s.candFrom;
  const cost = baseSh + 1;
  let bound = 0;
  let suits = 0;
  for (let su = 0; su < 4; su++) {
    if (from[su] === from[su + 1]) continue;
    const m = a.criticalLoaded(su, cost);
    if (m === 0) continue;
    for (let i = from[su]!; i < from[su + 1]!; i++) {
      if ((dec[i]! & m) === 0) continue;
      const u = cand[i]!;
      bound += live[u]!;
      helps[u] = live[u]!;
      suits |= 1 << su;
    }
  }
  s.boundSh = baseSh;
  s.helpSuits = suits;
  return bound;
}

/** pickDiscard without waits, asking the shanten only of kinds that can still win (s.sh is set for those). */
function pickBounded(a: HandAnalyser, c: Counts, held: Counts, s: Scratch, S: number): number {
  const sh = s.sh;
  const cost = s.cost;
  let bound = Infinity;
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0) continue;
    const ub = (c[t]! > 0 ? S + 1 : S) * 1000 + cost[t]!;
    if (ub < bound) bound = ub;
  }
  let best = -1;
  let bestScore = Infinity;
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0 || S * 1000 + cost[t]! > bound) continue;
    const x = c[t]! > 0 ? a.shantenWith(t, -1) : S;
    sh[t] = x;
    const score = x * 1000 + cost[t]!;
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

/**
 * The draw candidates of `c` (live kinds touching it) into `s.cand` and, for each, the suit-vector entries it
 * lowers into `s.dec` (`s.a` must hold `c`). Returns how many candidates. Starts a group of drawsHelping calls on
 * this hand and these live counts.
 */
export function prepareDraws(s: Scratch, c: Counts, live: Counts): number {
  const n = drawCandidates(c, live, s.cand);
  s.a.drawMasks(s.cand, n, s.dec);
  const cand = s.cand;
  const from = s.candFrom;
  let i = 0;
  for (let su = 0; su < 4; su++) {
    from[su] = i;
    const end = su === 3 ? KINDS : su * 9 + 9;
    while (i < n && cand[i]! < end) i++;
  }
  from[4] = n;
  let lo = 0;
  let hi = 0;
  for (let k = 0; k < from[3]!; k++) lo |= 1 << cand[k]!;
  for (let k = from[3]!; k < n; k++) hi |= 1 << (cand[k]! - 27);
  s.candLo = lo;
  s.candHi = hi;
  s.memoN = 0;
  s.boundSh = -9;
  return n;
}

/**
 * drawsAfter for a discard `t` whose shanten after (`shT`) is known, within a group started by prepareDraws: the
 * same count, but a draw in another suit than t's is decided by one mask test (HandAnalyser.critical) instead of a
 * table read, and that part is shared by the discards of one suit that leave the suit's vector the same (two lone
 * honours, say). `s.a` holds `c`; `c` is changed during the call and restored.
 *
 * At `below === shT` the count is the live copies of the kept hand's helping draws (those touching `c` less t, held
 * fewer than four times, that bring it below its own shanten): a set that is a function of that hand alone, so it
 * is kept (Scratch.kept) and the next decision that keeps the same hand (the seat discards the tile it drew, which
 * its last tie-break counted) or the next rollout reads it back, and sums the live counts of the moment over it.
 */
export function drawsHelping(s: Scratch, c: Counts, t: Tile, shT: number, live: Counts, below: number, ncand: number): number {
  const a = s.a;
  const cand = s.cand;
  if (shT !== below) return drawsAfter(a, c, t, live, below, cand, ncand);
  const st = t < 27 ? (t / 9) | 0 : 3;
  const k0 = st === 0 ? a.reducedKey(t) : a.keyOf(0);
  const k1 = st === 1 ? a.reducedKey(t) : a.keyOf(1);
  const k2 = st === 2 ? a.reducedKey(t) : a.keyOf(2);
  const k3 = st === 3 ? a.reducedKey(t) : a.keyOf(3);
  const tag = a.setsNeeded * 16 + below + 2;
  const kept = s.kept;
  const e = ((k0 * 7 + k1 * 5 + k2 * 3 + k3 + tag) & (KEPT - 1)) * KEPT_INTS;
  if (kept[e] === k0 && kept[e + 1] === k1 && kept[e + 2] === k2 && kept[e + 3] === k3 && kept[e + 4] === tag) {
    const n = keptHelping(kept, e, c, t, live, s);
    if (n >= 0) {
      s.keptHits++;
      return n;
    }
  }
  // At the shanten helpBound bounded, only its helping draws can help (HandAnalyser.criticalLoaded: a draw that
  // helps after a discard at that shanten lowers a critical entry of the whole hand): the others, and the suits
  // without one, are not looked at. They would add nothing, and are not helping draws of the kept hand.
  const pruned = below === s.boundSh;
  const helps = s.helps;
  const helpSuits = pruned ? s.helpSuits : 15;
  const from = s.candFrom;
  const rb = a.reducedAt(t);
  const memo = s.memo;
  let other = -1;
  let lo = 0;
  let hi = 0;
  for (let k = 0; k < s.memoN; k++) {
    const m = k * MEMO;
    if (memo[m] === st && memo[m + 2] === below && a.sameVector(memo[m + 1]!, rb)) {
      other = memo[m + 3]!;
      lo = memo[m + 4]!;
      hi = memo[m + 5]!;
      break;
    }
  }
  if (other < 0) {
    let suits = 0;
    for (let su = 0; su < 4; su++) if (su !== st && from[su] !== from[su + 1] && (helpSuits & (1 << su)) !== 0) suits |= 1 << su;
    a.selectDiscard(t, suits);
    const cost = below + 1;
    const dec = s.dec;
    other = 0;
    for (let su = 0; su < 4; su++) {
      if ((suits & (1 << su)) === 0) continue;
      const crit = a.critical(su, cost);
      if (crit === 0) continue;
      // t is of another suit: each u still touches the hand less t, and holds fewer than four (it is live).
      for (let i = from[su]!; i < from[su + 1]!; i++) {
        const u = cand[i]!;
        if ((dec[i]! & crit) !== 0 && c[u]! < 4) {
          other += live[u]!;
          if (u < 27) lo |= 1 << u;
          else hi |= 1 << (u - 27);
        }
      }
    }
    if (s.memoN < KINDS) {
      const m = s.memoN++ * MEMO;
      memo[m] = st;
      memo[m + 1] = rb;
      memo[m + 2] = below;
      memo[m + 3] = other;
      memo[m + 4] = lo;
      memo[m + 5] = hi;
    }
  } else a.selectKey(t);
  c[t]!--;
  let n = other;
  for (let i = from[st]!; i < from[st + 1]!; i++) {
    const u = cand[i]!;
    if ((pruned && helps[u] === 0) || c[u]! >= 4 || !touches(c, u)) continue;
    if (a.afterDraw(u) < below) {
      n += live[u]!;
      if (u < 27) lo |= 1 << u;
      else hi |= 1 << (u - 27);
    }
  }
  c[t]!++;
  // Every candidate's membership is now known: the rest (not live, or not touching) cannot be counted.
  kept[e] = k0;
  kept[e + 1] = k1;
  kept[e + 2] = k2;
  kept[e + 3] = k3;
  kept[e + 4] = tag;
  kept[e + 5] = lo;
  kept[e + 6] = hi;
  kept[e + 7] = s.candLo;
  kept[e + 8] = s.candHi;
  return n;
}

/**
 * The live copies of the helping draws kept at `e` for the hand `c` less one `t`, or -1 when a draw that may count
 * now (a candidate of this group that touches that hand and is held fewer than four times) was not a candidate
 * when they were counted, so its membership is unknown.
 */
function keptHelping(kept: Int32Array, e: number, c: Counts, t: Tile, live: Counts, s: Scratch): number {
  const knownLo = kept[e + 7]!;
  const knownHi = kept[e + 8]!;
  let newLo = s.candLo & ~knownLo;
  let newHi = s.candHi & ~knownHi;
  if ((newLo | newHi) !== 0) {
    c[t]!--;
    let unknown = false;
    while (newLo !== 0 && !unknown) {
      const u = 31 - Math.clz32(newLo & -newLo);
      newLo &= newLo - 1;
      if (c[u]! < 4 && touches(c, u)) unknown = true;
    }
    while (newHi !== 0 && !unknown) {
      const u = 27 + 31 - Math.clz32(newHi & -newHi);
      newHi &= newHi - 1;
      if (c[u]! < 4 && touches(c, u)) unknown = true;
    }
    c[t]!++;
    if (unknown) return -1;
  }
  let n = 0;
  let lo = kept[e + 5]!;
  let hi = kept[e + 6]!;
  while (lo !== 0) {
    n += live[31 - Math.clz32(lo & -lo)]!;
    lo &= lo - 1;
  }
  while (hi !== 0) {
    n += live[58 - Math.clz32(hi & -hi)]!;
    hi &= hi - 1;
  }
  return n;
}

/** Live winning tiles of the ready 3n+1 hand `c` held in `a` (a discard of a kind outside `c`). */
function waitsNow(a: HandAnalyser, c: Counts, live: Counts): number {
  let n = 0;
  for (let u = 0; u < KINDS; u++) {
    if (c[u]! >= 4 || live[u] === 0 || !touches(c, u)) continue;
    if (a.shantenWith(u, 1) < 0) n += live[u]!;
  }
  return n;
}

/**
 * Shanten after taking `tile` from `by` with `action` and making the best following discard (for a kong: after
 * the loose tile, i.e. the 3n+1 state). Uses `s.b`; `c` is the hand before the claim. The scan over discards
 * stops once it reaches `floor` (a caller that knows no lower answer can matter: a claim gains one tile, so the
 * result is never below the hand's shanten less one). `loaded`: an analyser already holding `c` with `melds` (the
 * claims of one decision ask it for each of their claims), which answers a whole hand without loading `s.b`.
 */
export function shantenAfterClaim(s: Scratch, c: Counts, melds: number, action: Action, tile: Tile, floor = -2, loaded: HandAnalyser | null = null): number {
  if (loaded !== null) {
    // `loaded` holds `c` with `melds`: the claimed hand is one or two kinds changed and a set more, one table read
    // (min-plus combination is associative: the answer of the hand loaded afresh, below).
    let held = 0;
    for (let k = 0; k < KINDS; k++) held += c[k]!;
    if (held === 3 * (4 - melds) + 1) {
      if (action.type === 'kong') return loaded.shantenWith(tile, -3, 1);
      let x = 99;
      if (action.type === 'pung') x = loaded.shantenWith(tile, -2, 1);
      else if (action.type === 'chow') {
        const k1 = action.tile === tile ? tile + 1 : action.tile;
        const k2 = action.tile + 2 === tile ? tile - 1 : action.tile + 2;
        x = loaded.shantenWith2(k1, -1, k2, -1, 1);
      } else return 99;
      return x < 0 ? 0 : x;
    }
  }
  const t = s.tmp;
  for (let k = 0; k < KINDS; k++) t[k] = c[k]!;
  if (action.type === 'pung') t[tile]! -= 2;
  else if (action.type === 'kong') t[tile]! -= 3;
  else if (action.type === 'chow') {
    for (let k = action.tile; k < action.tile + 3; k++) if (k !== tile) t[k]!--;
  } else return 99;
  s.b.load(t, melds + 1);
  if (action.type === 'kong') return s.b.shanten();
  // A whole hand (3n + 2 tiles) that is not complete has a tile its nearest completion does not use: discarding
  // it keeps the distance, and no discard lowers it, so the best discard leaves the hand's own shanten (a complete
  // one: 0). A hand short of tiles (a projection) may use every tile: scanned.
  let n = 0;
  for (let k = 0; k < KINDS; k++) n += t[k]!;
  if (n === 3 * (3 - melds) + 2) {
    const x = s.b.shanten();
    return x < 0 ? 0 : x;
  }
  let best = 99;
  for (let k = 0; k < KINDS; k++) {
    if (t[k] === 0) continue;
    const sh = s.b.shantenWith(k, -1);
    if (sh < best) {
      best = sh;
      if (best <= floor) break;
    }
  }
  return best;
}

/**
 * Live counts of the own hand `c` (`view.seen` and `c`), into `s.live`: asked for only when a choice between
 * discards turns on them. The seen counts are read into `s.live` itself (view.seenCounts: no fresh array).
 */
export function liveOf(view: AgentView, s: Scratch, c: Counts): Counts {
  const live = s.live;
  view.seenCounts(live);
  for (let t = 0; t < KINDS; t++) {
    const v = 4 - live[t]! - c[t]!;
    live[t] = v > 0 ? v : 0;
  }
  return live;
}

export const PASS_ACTION: Action = Object.freeze({ type: 'pass' });
