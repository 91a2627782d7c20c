/**
 * The draws that would bring a hand nearer to complete: the candidates a discard leaves, and how many live tiles
 * of them there are, memoised per suit in the agent's Scratch (the tie-breaks of pickDiscard and of the modes).
 */
import { HandAnalyser } from '../../src/hand/shanten.js';
import { KINDS, type Tile } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { KEPT, KEPT_INTS, MEMO, Scratch } from './scratch.js';

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

/**
 * The draw candidates of `c` (live kinds touching it) into `s.cand` and, for each, the suit-vector entries it
 * lowers into `s.dec` (`s.a` must hold `c`). Returns how many candidates. Starts a group of drawsHelping calls on
 * this hand and these live counts.
 */
export function prepareDraws(s: Scratch, c: Counts, live: Counts): number {
  // drawCandidates, with each suit's first candidate and the two bit sets found in the same pass.
  const cand = s.cand;
  const from = s.candFrom;
  let n = 0;
  let lo = 0;
  for (let su = 0; su < 3; su++) {
    const b = su * 9;
    from[su] = n;
    let m = 0;
    for (let r = 0; r < 9; r++) if (c[b + r]! > 0) m |= 1 << r;
    for (let near = (m | (m << 1) | (m >> 1) | (m << 2) | (m >> 2)) & 511; near !== 0; near &= near - 1) {
      const u = b + 31 - Math.clz32(near & -near);
      if (live[u]! > 0) {
        cand[n++] = u;
        lo |= 1 << u;
      }
    }
  }
  from[3] = n;
  let hi = 0;
  for (let u = 27; u < KINDS; u++) {
    if (c[u]! > 0 && live[u]! > 0) {
      cand[n++] = u;
      hi |= 1 << (u - 27);
    }
  }
  from[4] = n;
  s.a.drawMasks(cand, n, s.dec);
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

/** A kind that shares a set with some held tile (a candidate wait); others can never complete the hand. */
export function touches(c: Counts, u: Tile): boolean {
  if (c[u]! > 0) return true;
  if (u >= 27) return false;
  const r = u % 9;
  return (r >= 1 && c[u - 1]! > 0) || (r <= 7 && c[u + 1]! > 0) || (r >= 2 && c[u - 2]! > 0) || (r <= 6 && c[u + 2]! > 0);
}
