/**
 * Shared decision helpers for the built-in strategies: reading one's own hand from the AgentView, choosing a
 * discard that keeps the hand nearest to complete (shanten, src/hand/shanten.ts) under a strategy-specific cost,
 * and valuing claims. Everything works on count arrays with one reusable HandAnalyser per agent, so a decision
 * costs a few dozen table lookups (issue 4: "fast enough for millions of hands").
 */
import type { Action, AgentView } from '../src/agent/types.js';
import { HandAnalyser } from '../src/hand/shanten.js';
import { KINDS, type Tile } from '../src/tiles/tile.js';
import type { Counts } from '../src/tiles/counts.js';

/** Per-agent scratch space (agents are created per game; nothing here outlives a game). */
export class Scratch {
  readonly a = new HandAnalyser();
  readonly b = new HandAnalyser();
  readonly counts = new Uint8Array(KINDS);
  readonly tmp = new Uint8Array(KINDS);
  readonly tmp2 = new Uint8Array(KINDS);
  readonly live = new Uint8Array(KINDS);
}

/**
 * Own concealed tiles as counts (into `out`), and the number of sets already declared. Every declared set, kong
 * included, takes three places of the 13 (14 on one's turn), so the count follows from the concealed tiles alone
 * without building the table part of the view.
 */
export function readHand(view: AgentView, out: Counts): number {
  out.fill(0);
  const own = view.concealed;
  for (let i = 0; i < own.length; i++) {
    const t = own[i]!;
    if (t < KINDS) out[t]!++;
  }
  return Math.floor((14 - own.length) / 3);
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
 * How much a held tile helps the hand's shape beyond the shanten number: pairs and near neighbours (a tile with
 * partners forms sets sooner), middle ranks over terminals, lone honours least. Used to break shanten ties.
 */
export function shapeValue(c: Counts, t: Tile): number {
  const n = c[t]!;
  if (t >= 27) return n >= 3 ? 30 : n === 2 ? 12 : 0;
  let v = n >= 3 ? 30 : n === 2 ? 12 : 0;
  const r = t % 9;
  if (r >= 1 && c[t - 1]! > 0) v += 5;
  if (r <= 7 && c[t + 1]! > 0) v += 5;
  if (r >= 2 && c[t - 2]! > 0) v += 2;
  if (r <= 6 && c[t + 2]! > 0) v += 2;
  v += r === 0 || r === 8 ? 0 : r === 1 || r === 7 ? 1 : 2;
  return v;
}

/** A kind that shares a set with some held tile (a candidate wait); others can never complete the hand. */
export function touches(c: Counts, u: Tile): boolean {
  if (c[u]! > 0) return true;
  if (u >= 27) return false;
  const r = u % 9;
  return (r >= 1 && c[u - 1]! > 0) || (r <= 7 && c[u + 1]! > 0) || (r >= 2 && c[u - 2]! > 0) || (r <= 6 && c[u + 2]! > 0);
}

export interface DiscardChoice {
  readonly tile: Tile;
  /** Shanten after the discard (of the analysed hand, which may be a projection). */
  readonly shanten: number;
}

/**
 * The discard with the least `shanten after * 1000 + cost(t)`; among ready results (shanten 0) the one leaving
 * the most live winning tiles is preferred when `live` and `scratch` are given (`scratch.b` is used). Ties go to the lowest tile id. `a` must hold the
 * hand `c` (what the shanten is measured on); `held` is the real hand (what may be discarded), usually `c` itself.
 */
export function chooseDiscard(
  a: HandAnalyser,
  c: Counts,
  held: Counts,
  cost: (t: Tile) => number,
  live: Counts | null,
  scratch: Scratch | null = null,
  melds = 0,
): DiscardChoice {
  let best = -1;
  let bestScore = Infinity;
  let bestSh = 99;
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0) continue;
    const sh = c[t]! > 0 ? a.shantenWith(t, -1) : a.shanten();
    let score = sh * 1000 + cost(t);
    if (sh === 0 && live && scratch) {
      // Waits after discarding t: load the 3n+1 hand once, then one cheap query per candidate wait.
      const h = scratch.tmp2;
      h.set(c);
      if (h[t]! > 0) h[t]!--;
      scratch.b.load(h, melds);
      let n = 0;
      for (let u = 0; u < KINDS; u++) {
        if (h[u]! >= 4 || !touches(h, u)) continue;
        if (scratch.b.shantenWith(u, 1) === -1) n += live[u]!;
      }
      score -= Math.min(n, 40) * 5;
    }
    if (score < bestScore) {
      bestScore = score;
      best = t;
      bestSh = sh;
    }
  }
  return { tile: best, shanten: bestSh };
}

/**
 * Shanten after taking `tile` from `by` with `action` and making the best following discard (for a kong: after
 * the loose tile, i.e. the 3n+1 state). Uses `s.b`; `c` is the hand before the claim.
 */
export function shantenAfterClaim(s: Scratch, c: Counts, melds: number, action: Action, tile: Tile): number {
  const t = s.tmp;
  t.set(c);
  if (action.type === 'pung') t[tile]! -= 2;
  else if (action.type === 'kong') t[tile]! -= 3;
  else if (action.type === 'chow') {
    for (let k = action.tile; k < action.tile + 3; k++) if (k !== tile) t[k]!--;
  } else return 99;
  s.b.load(t, melds + 1);
  if (action.type === 'kong') return s.b.shanten();
  let best = 99;
  for (let k = 0; k < KINDS; k++) {
    if (t[k] === 0) continue;
    const sh = s.b.shantenWith(k, -1);
    if (sh < best) best = sh;
  }
  return best;
}

/** Visible count of each kind on the table (discards in the pool and melds), not counting one's own hand. */
export function tableSeen(view: AgentView, out: Counts): Counts {
  out.fill(0);
  for (const seat of view.table) {
    for (const d of seat.discards) if (!d.claimed && d.tile < KINDS) out[d.tile]!++;
    for (const m of seat.melds) {
      if (m.type === 'chow') {
        out[m.tile]!++;
        out[m.tile + 1]!++;
        out[m.tile + 2]!++;
      } else out[m.tile]! += m.type === 'pung' ? 3 : 4;
    }
  }
  return out;
}

/** Live counts from the player's view: 4 minus own concealed minus seen on the table. */
export function liveFrom(seen: Counts, own: Counts, out: Counts): Counts {
  for (let t = 0; t < KINDS; t++) {
    const v = 4 - seen[t]! - own[t]!;
    out[t] = v > 0 ? v : 0;
  }
  return out;
}

export const PASS_ACTION: Action = Object.freeze({ type: 'pass' });
