/**
 * Shared decision helpers for the built-in strategies: reading one's own hand from the AgentView, choosing a
 * discard that keeps the hand nearest to complete (shanten, src/hand/shanten.ts) under a strategy-specific cost,
 * and valuing claims. Everything works on count arrays with one reusable HandAnalyser per agent, so a decision
 * costs a few dozen table lookups (issue 4: "fast enough for millions of hands").
 */
import type { Action, AgentView, SeatPublic } from '../src/agent/types.js';
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
  readonly proj = new Uint8Array(KINDS);
  readonly cand = new Uint8Array(KINDS);
  readonly danger = new Float64Array(KINDS);
  readonly recent = new Uint8Array(KINDS);
  /** Each seat's public record as last read, and what it showed (tableSeen per seat), to skip unchanged seats. */
  readonly seatRef: (SeatPublic | null)[] = [null, null, null, null];
  readonly seatSeen = new Uint8Array(4 * KINDS);
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

/** Kinds with live copies that touch `c`, into `out`; returns how many. */
export function drawCandidates(c: Counts, live: Counts, out: Uint8Array): number {
  let n = 0;
  for (let u = 0; u < KINDS; u++) if (live[u]! > 0 && touches(c, u)) out[n++] = u;
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
  let ncand = -1;
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0) continue;
    const sh = c[t]! > 0 ? a.shantenWith(t, -1) : a.shanten();
    let score = sh * 1000 + cost(t);
    if (sh === 0 && live && scratch) {
      // Waits after discarding t: the live tiles that would complete the ready hand left.
      if (ncand < 0) ncand = drawCandidates(c, live, scratch.cand);
      const n = c[t]! > 0 ? drawsAfter(a, c, t, live, 0, scratch.cand, ncand) : waitsNow(a, c, live);
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
  for (const seat of view.table) addSeat(seat, out, 0);
  return out;
}

function addSeat(seat: SeatPublic, out: Counts, at: number): void {
  for (const d of seat.discards) if (!d.claimed && d.tile < KINDS) out[at + d.tile]!++;
  for (const m of seat.melds) {
    if (m.type === 'chow') {
      out[at + m.tile]!++;
      out[at + m.tile + 1]!++;
      out[at + m.tile + 2]!++;
    } else out[at + m.tile]! += m.type === 'pung' ? 3 : 4;
  }
}

/**
 * tableSeen into `s.tmp`, recounting only the seats whose public record changed since this agent last looked (the
 * records are immutable, so an identical one shows the same tiles).
 */
export function seenTable(view: AgentView, s: Scratch): Counts {
  const out = s.tmp;
  out.fill(0);
  const table = view.table;
  const per = s.seatSeen;
  for (let p = 0; p < table.length; p++) {
    const sp = table[p]!;
    const at = p * KINDS;
    if (s.seatRef[p] !== sp) {
      per.fill(0, at, at + KINDS);
      addSeat(sp, per, at);
      s.seatRef[p] = sp;
    }
    for (let t = 0; t < KINDS; t++) out[t]! += per[at + t]!;
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
