/**
 * Choosing a discard (strategies/shared/): the one that keeps the hand nearest to complete (shanten,
 * src/hand/shanten.ts) under a strategy's cost, ties broken by the draws that would help and, when ready, by the
 * live winning tiles. Everything works on count arrays with one reusable HandAnalyser per agent, so a decision
 * costs a few dozen table lookups (docs/performance.md).
 */
import type { AgentView } from '../../src/agent/types.js';
import { HandAnalyser } from '../../src/hand/shanten.js';
import { KINDS } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { Scratch } from './scratch.js';
import { liveOf } from './view.js';
import { drawCandidates, drawsAfter, drawsHelping, prepareDraws, touches } from './draws.js';

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
  a.discardShantens(c, held, S, sh);
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0) continue;
    const x = sh[t]!;
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
  // Only the entries the previous call set are cleared (their kinds' bits in s.helpLo, s.helpHi).
  for (let m = s.helpLo; m !== 0; m &= m - 1) helps[31 - Math.clz32(m & -m)] = 0;
  for (let m = s.helpHi; m !== 0; m &= m - 1) helps[58 - Math.clz32(m & -m)] = 0;
  s.helpLo = 0;
  s.helpHi = 0;
  s.boundSh = -9;
  if (a.shanten() < baseSh) return Infinity;
  const cand = s.cand;
  const dec = s.dec;
  const from = s.candFrom;
  const cost = baseSh + 1;
  let bound = 0;
  let suits = 0;
  let lo = 0;
  let hi = 0;
  for (let su = 0; su < 4; su++) {
    if (from[su] === from[su + 1]) continue;
    const m = a.criticalLoaded(su, cost);
    if (m === 0) continue;
    for (let i = from[su]!; i < from[su + 1]!; i++) {
      if ((dec[i]! & m) === 0) continue;
      const u = cand[i]!;
      bound += live[u]!;
      helps[u] = live[u]!;
      if (u < 27) lo |= 1 << u;
      else hi |= 1 << (u - 27);
      suits |= 1 << su;
    }
  }
  s.helpLo = lo;
  s.helpHi = hi;
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

/** Live winning tiles of the ready 3n+1 hand `c` held in `a` (a discard of a kind outside `c`). */
function waitsNow(a: HandAnalyser, c: Counts, live: Counts): number {
  let n = 0;
  for (let u = 0; u < KINDS; u++) {
    if (c[u]! >= 4 || live[u] === 0 || !touches(c, u)) continue;
    if (a.shantenWith(u, 1) < 0) n += live[u]!;
  }
  return n;
}

export { shapeValue } from '../../src/hand/shape-value.js';
