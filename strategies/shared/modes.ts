/**
 * The three ways of playing a hand that Harr's "suggestions for careful playing of hands" describe (docs/rules.md,
 * "Playing advice"; Harr, Pung-Chow 1922), as building blocks for the strategies:
 *  - fast: "run for cover" — stop improving, form sequences, mix suits, take every claim that helps;
 *  - hunt: play a strong suit (all one suit, with honours for the doubles) regardless of others;
 *  - defend: "hold the tiles others need and discard only tiles they cannot pung", in defend.ts.
 */
import type { Action, AgentView } from '../../src/agent/types.js';
import { KINDS, isDragon, type Tile } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import type { HandAnalyser } from '../../src/hand/shanten.js';
import { PASS_ACTION, legalOf, liveOf } from './view.js';
import { Scratch } from './scratch.js';
import { drawsHelping, prepareDraws } from './draws.js';
import { helpBound, pickDiscard, shapeValue } from './discard.js';
import { shantenAfterClaim } from './claim.js';

/**
 * Fast play: the discard keeping shanten lowest; among equals the one leaving the most live improving tiles
 * (when `ukeire`), then the least shape value with honours shed first (they make no runs).
 */
export function fastTurn(view: AgentView, s: Scratch, melds: number, ukeire: boolean, honourBias: number): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const c = s.counts;
  const a = s.a.load(c, melds);
  const cost = s.cost;
  for (let t = 0; t < KINDS; t++) if (c[t] !== 0) cost[t] = shapeValue(c, t) - (t >= 27 && c[t] === 1 ? honourBias : 0);
  let tile = pickDiscard(a, c, c, s, view, ukeire);
  const sh = s.sh;
  const baseSh = sh[tile]!;
  // With one discard at the least shanten there is nothing to break.
  let ties = 0;
  if (ukeire && baseSh > 0) for (let t = 0; t < KINDS && ties < 2; t++) if (c[t]! > 0 && sh[t] === baseSh) ties++;
  if (ties > 1) tile = helpTieBreak(s, a, liveOf(view, s, c), baseSh, honourBias, tile);
  return kongOr(view, a, baseSh, true, tile);
}

/**
 * Of the discards at `baseSh` (s.sh, from pickDiscard with every shanten) of the hand s.counts held in `a` (= s.a),
 * with `live` counts, the one with the most `4 * tiles that help + bonus`, the lowest tile id among
 * equals. Branch and bound: a draw that helps after some discard would lower the whole hand (14 tiles) to `baseSh`
 * cost or less, and so lowers an entry of its suit's vector through which the whole hand costs `baseSh + 1`
 * (HandAnalyser.criticalLoaded; a hand that costs no less than that). The live copies of those draws, less those
 * of the discarded kind itself, bound every discard's count; discards are tried from the highest bound, and one
 * whose bound cannot beat the best found so far (by score, then tile id) is never counted: the choice is the one
 * the full scan makes. That scan starts from `first` (pickDiscard's choice) at score -1, so it stays when no score
 * exceeds -1.
 */
export function helpTieBreak(s: Scratch, a: HandAnalyser, live: Counts, baseSh: number, honourBias: number, first: Tile): Tile {
  const c = s.counts;
  const sh = s.sh;
  const ncand = prepareDraws(s, c, live);
  const bound = 4 * helpBound(s, a, live, baseSh);
  const helps = s.helps;
  const order = s.order;
  const bonusOf = s.tmpF;
  let n = 0;
  for (let t = 0; t < KINDS; t++) {
    if (c[t] === 0 || sh[t] !== baseSh) continue;
    // Shape value and the lone-honour bonus are of the hand before the discard.
    const bonus = -shapeValue(c, t) + (t >= 27 && c[t] === 1 ? honourBias : 0);
    bonusOf[t] = bonus;
    const key = bonus - 4 * helps[t]!;
    // Insertion by bound, highest first; equal bounds keep tile order.
    let i = n++;
    while (i > 0 && bonusOf[order[i - 1]!]! - 4 * helps[order[i - 1]!]! < key) {
      order[i] = order[i - 1]!;
      i--;
    }
    order[i] = t;
  }
  let best = -1;
  let tile = -1;
  for (let i = 0; i < n; i++) {
    const t = order[i]!;
    // Drawing back the discarded kind restores the whole hand, which is no nearer: those copies never help t.
    const ub = bound - 4 * helps[t]! + bonusOf[t]!;
    if (ub < best) break;
    if (ub === best && (tile < 0 || t > tile)) continue;
    const v = drawsHelping(s, c, t, baseSh, live, baseSh, ncand) * 4 + bonusOf[t]!;
    if (v > best || (v === best && t < tile)) {
      best = v;
      tile = t;
    }
  }
  return tile < 0 ? first : tile;
}

/**
 * A kong the hand can declare without setting it back (concealed: not worse than `baseSh` with a set more; added:
 * the added tile's discard not worse), else the discard of `tile`.
 */
export function kongOr(view: AgentView, a: HandAnalyser, baseSh: number, addKongs: boolean, tile: Tile): Action {
  for (const act of view.legal) {
    if (act.type === 'concealed-kong' && a.shantenWith(act.tile, -4, 1) <= baseSh) return act;
    if (addKongs && act.type === 'add-kong' && a.shantenWith(act.tile, -1) <= baseSh) return act;
  }
  return legalOf(view, 'discard', tile)!;
}

/** Claims that bring the hand nearer to complete (kongs when not worse); `allow` filters by action type. */
export function fastClaim(view: AgentView, s: Scratch, melds: number, allow: (a: Action) => boolean): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const tile = view.lastDiscard!.tile;
  const now = s.a.load(s.counts, melds).shanten();
  let best: Action | null = null;
  let bestSh = now;
  // A claim gains one tile: no claim leaves the hand below now - 1, so the first to reach it is final.
  for (const act of view.legal) {
    if ((act.type !== 'pung' && act.type !== 'kong' && act.type !== 'chow') || !allow(act)) continue;
    const sh = shantenAfterClaim(s, s.counts, melds, act, tile, now - 1, s.a);
    // A kong keeps the distance but brings a loose tile: taken when not worse.
    if (sh < bestSh || (act.type === 'kong' && sh <= bestSh && best === null)) {
      best = act;
      bestSh = sh;
      if (bestSh < now) break;
    }
  }
  return best ?? PASS_ACTION;
}

/**
 * greedy's claim, also the defender's when it is not defending: every claim that brings the hand nearer to complete
 * (kongs when not worse), fastClaim with no filter.
 */
export function greedyClaim(view: AgentView, s: Scratch, melds: number): Action {
  return fastClaim(view, s, melds, anyClaim);
}

const anyClaim = (): boolean => true;

// ---------- hunting one suit ----------

/** Honours that double for this player: dragons, own wind, the prevailing wind. */
export function doublingHonour(view: AgentView, t: Tile): boolean {
  return isDragon(t) || t === 27 + view.seatWind || (view.prevailingWind !== null && t === 27 + view.prevailingWind);
}

/**
 * The suit to hunt from the tiles held: the one with most tiles (pairs counted twice), provided it has at least
 * `minPairs` pairs counting honour pairs and `minTiles` tiles with honours (Harr: "Do not chase a suit ... without
 * enough pairs from the start"). -1 when none qualifies.
 */
export function pickSuit(c: Counts, minPairs: number, minTiles: number): number {
  let honourTiles = 0;
  let honourPairs = 0;
  for (let t = 27; t < KINDS; t++) {
    honourTiles += c[t]!;
    if (c[t]! >= 2) honourPairs++;
  }
  let best = -1;
  let bestScore = -1;
  for (let su = 0; su < 3; su++) {
    let tiles = 0;
    let pairs = 0;
    for (let t = su * 9; t < su * 9 + 9; t++) {
      tiles += c[t]!;
      if (c[t]! >= 2) pairs++;
    }
    if (pairs + honourPairs < minPairs || tiles + honourTiles < minTiles) continue;
    const score = tiles + pairs + honourTiles;
    if (score > bestScore) {
      bestScore = score;
      best = su;
    }
  }
  return best;
}

/** Copy of `c` keeping only suit `suit` and the honours: the tiles a one-suit hand can use. */
export function project(c: Counts, suit: number, out: Counts): Counts {
  const lo = suit * 9;
  for (let t = 0; t < 27; t++) out[t] = t >= lo && t < lo + 9 ? c[t]! : 0;
  for (let t = 27; t < KINDS; t++) out[t] = c[t]!;
  return out;
}

/** Exposed melds all in `suit` or honours (a hunt is still possible). */
export function meldsFit(view: AgentView, suit: number): boolean {
  // No set declared: no table to read.
  if (view.meldCount(view.seat) === 0) return true;
  for (const m of view.meldsOf(view.seat)) if (m.tile < 27 && ((m.tile / 9) | 0) !== suit) return false;
  return true;
}

/** Another seat visibly collecting `suit`: `rivalTiles` or more of its exposed tiles are of that suit. */
export function rivalOnSuit(view: AgentView, suit: number, rivalTiles: number): boolean {
  // Melds are read only for a seat with sets enough to reach `rivalTiles` (a kong, the most, shows four).
  const seat = view.seat;
  const players = view.players;
  for (let p = 0; p < players; p++) {
    if (p === seat || view.meldCount(p) * 4 < rivalTiles) continue;
    let n = 0;
    for (const m of view.meldsOf(p)) if (m.tile < 27 && ((m.tile / 9) | 0) === suit) n += m.type === 'kong' ? 4 : 3;
    if (n >= rivalTiles) return true;
  }
  return false;
}

/** Projected shanten of the hand for a hunt of `suit` (uses s.b and s.tmp2). */
export function huntShanten(s: Scratch, melds: number, suit: number): number {
  return s.b.load(project(s.counts, suit, s.tmp2), melds).shanten();
}

/** Hunting turn: distance measured on the suit and honours only; off-suit tiles go first, lone honours kept. */
export function huntTurn(view: AgentView, s: Scratch, melds: number, suit: number): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const c = s.counts;
  const p = project(c, suit, s.proj);
  // The projection goes to the second analyser: s.a keeps the whole hand, which the next decision loads again
  // (a reload costs only the suits that changed) and whose draw masks prepareDraws reads.
  const a = s.b.load(p, melds);
  const cost = s.cost;
  for (let t = 0; t < KINDS; t++) {
    if (c[t] === 0) continue;
    if (t < 27 && ((t / 9) | 0) !== suit) cost[t] = -200 + shapeValue(c, t);
    else if (t >= 27) cost[t] = shapeValue(c, t) + (doublingHonour(view, t) ? 8 : 3);
    else cost[t] = shapeValue(c, t);
  }
  const tile = pickDiscard(a, p, c, s, null);
  for (const act of view.legal) {
    if (act.type === 'concealed-kong' && (act.tile >= 27 || ((act.tile / 9) | 0) === suit)) return act;
    if (act.type === 'add-kong') return act;
  }
  return legalOf(view, 'discard', tile)!;
}

/** Hunting claims: only tiles of the suit or honours; honour pungs always (doubles), others when they help. */
export function huntClaim(view: AgentView, s: Scratch, melds: number, suit: number): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const tile = view.lastDiscard!.tile;
  if (tile < 27 && ((tile / 9) | 0) !== suit) return PASS_ACTION;
  const p = project(s.counts, suit, s.proj);
  // s.b, as in huntTurn: s.a keeps the whole hand.
  const now = s.b.load(p, melds).shanten();
  let best: Action | null = null;
  let bestSh = now;
  for (const act of view.legal) {
    if (act.type !== 'pung' && act.type !== 'kong' && act.type !== 'chow') continue;
    const sh = shantenAfterClaim(s, p, melds, act, tile, now - 1);
    const honour = tile >= 27 && act.type !== 'chow';
    if (sh < bestSh || (honour && sh <= now && best === null)) {
      best = act;
      bestSh = sh;
      // now - 1 is the least a claim can reach (fastClaim): nothing later replaces it.
      if (bestSh < now) break;
    }
  }
  return best ?? PASS_ACTION;
}

// ---------- defending ----------

/** Normal play that keeps doubling honours (dragons, own and prevailing wind) worth `bias` shape points more. */
export function honoursTurn(view: AgentView, s: Scratch, melds: number, bias: number): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const c = s.counts;
  const a = s.a.load(c, melds);
  const cost = s.cost;
  for (let t = 0; t < KINDS; t++) if (c[t] !== 0) cost[t] = shapeValue(c, t) + (t >= 27 && doublingHonour(view, t) ? bias : 0);
  // Live counts matter only between ready discards (a discard leaves the hand ready only if it is ready now):
  // pickDiscard computes them from the view only then.
  const tile = pickDiscard(a, c, c, s, view);
  return kongOr(view, a, s.sh[tile]!, true, tile);
}

/** Claims that help, plus any pung or kong of a doubling honour that does not set the hand back. */
export function honoursClaim(view: AgentView, s: Scratch, melds: number): Action {
  const tile = view.lastDiscard!.tile;
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  if (tile >= 27 && doublingHonour(view, tile)) {
    const now = s.a.load(s.counts, melds).shanten();
    for (const act of view.legal) {
      if ((act.type === 'pung' || act.type === 'kong') && shantenAfterClaim(s, s.counts, melds, act, tile, -2, s.a) <= now) return act;
    }
  }
  return fastClaim(view, s, melds, () => true);
}

/**
 * A cheap estimate of what the hand would score if completed now in its planned shape (Harr Part I tables: ~30
 * points for Mah-Jongg and a few sets; each doubling honour set, one suit with honours once, all one suit three
 * times). Used only to compare with the limit, so it errs low.
 */
export function estimateValue(view: AgentView, c: Counts, suit: number): number {
  let doubles = 0;
  let points = 30;
  for (let t = 27; t < KINDS; t++) {
    if (!doublingHonour(view, t)) continue;
    if (c[t]! >= 3) {
      doubles++;
      points += 8;
    }
  }
  for (const m of view.meldsOf(view.seat)) {
    if (m.tile >= 27 && m.type !== 'chow' && doublingHonour(view, m.tile)) {
      doubles++;
      points += 4;
    }
  }
  if (suit >= 0) {
    let honours = false;
    for (let t = 27; t < KINDS; t++) if (c[t]! > 0) honours = true;
    for (const m of view.meldsOf(view.seat)) if (m.tile >= 27) honours = true;
    doubles += honours ? 1 : 3;
  }
  return points * 2 ** doubles;
}
