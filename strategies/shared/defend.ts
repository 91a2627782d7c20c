/**
 * The defensive way of playing a hand (Harr's "suggestions for careful playing of hands", docs/rules.md "Playing
 * advice"): "hold the tiles others need and discard only tiles they cannot pung (dead in the discards or exposed
 * sets)", aiming for a drawn hand; under harr-limit never give a penalised win (docs/rules.md harr-limit
 * "Penalties"). The fast and hunting ways are in modes.ts.
 */
import type { Action, AgentView } from '../../src/agent/types.js';
import { KINDS, isDragon, isHead, isWind } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { legalOf } from './view.js';
import { Scratch } from './scratch.js';
import { pickDiscard, shapeValue } from './discard.js';
import { kongOr } from './modes.js';

/** Most exposed sets shown by any opponent (Harr: "an opponent's exposed sets show him near completion"). */
export function maxOpponentMelds(view: AgentView): number {
  // Counts only (view.meldCount): building the table for them was a tenth of a rollout.
  let n = 0;
  const seat = view.seat;
  const players = view.players;
  for (let p = 0; p < players; p++) if (p !== seat) n = Math.max(n, view.meldCount(p));
  return n;
}

/**
 * harr-limit penalty conditions (docs/rules.md harr-limit "Penalties") that a discard of `t` could meet against some
 * opponent's exposed sets: (1) 9+ tiles of one suit exposed and t of that suit; (2) 9+ heads exposed and t a head;
 * (3) two dragon sets exposed and t the third dragon; (4) three wind sets exposed and t the fourth wind.
 * Fills `out` with 1 for kinds that risk the penalty.
 */
export function penaltyRisk(view: AgentView, out: Uint8Array): Uint8Array {
  for (let t = 0; t < KINDS; t++) out[t] = 0;
  const seat = view.seat;
  const players = view.players;
  for (let p = 0; p < players; p++) {
    if (p === seat || view.meldCount(p) === 0) continue;
    const melds = view.meldsOf(p);
    if (melds.length === 0) continue;
    // Tiles of each suit exposed (no array per seat: this runs on every turn under harr-limit).
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    let heads = 0;
    let dragons = 0;
    let winds = 0;
    let windMask = 0;
    for (const m of melds) {
      if (m.concealed) continue;
      const n = m.type === 'kong' ? 4 : 3;
      if (m.tile < 9) m0 += n;
      else if (m.tile < 18) m1 += n;
      else if (m.tile < 27) m2 += n;
      if (m.type !== 'chow' && isHead(m.tile)) heads += n;
      if (m.type !== 'chow' && isDragon(m.tile)) dragons++;
      if (m.type !== 'chow' && isWind(m.tile)) {
        winds++;
        windMask |= 1 << (m.tile - 27);
      }
    }
    for (let su = 0; su < 3; su++) if ((su === 0 ? m0 : su === 1 ? m1 : m2) >= 9) for (let t = su * 9; t < su * 9 + 9; t++) out[t] = 1;
    if (heads >= 9) for (let t = 0; t < KINDS; t++) if (isHead(t)) out[t] = 1;
    if (dragons >= 2) for (let t = 31; t <= 33; t++) out[t] = 1;
    if (winds >= 3) for (let t = 27; t <= 30; t++) if ((windMask & (1 << (t - 27))) === 0) out[t] = 1;
  }
  return out;
}

/**
 * Danger of discarding each kind. A discard wins for another player when it completes a pung or the pair (any
 * player) or a run (the next player; any player in babcock / code500): with `live` unseen copies, 0 left means
 * nobody can pung it or pair it; a tile just discarded by the next player, or by the threatening opponent
 * himself, is safer ("just passed by the next player"). Only the kinds held (`own`) are filled: only they can be
 * discarded.
 */
export function dangerOf(
  view: AgentView,
  own: Counts,
  seen: Counts,
  out: Float64Array,
  recent: Uint8Array = new Uint8Array(KINDS),
): Float64Array {
  const seat = view.seat;
  const players = view.players;
  const next = (seat + 1) % players;
  const anyRun = view.rules.outOfTurnMahjong === 'any';
  // The latest discard of every seat was passed by all the others since (none took it for Mah-Jongg), and the
  // next player's most of all: Harr's "just passed by the next player".
  for (let t = 0; t < KINDS; t++) recent[t] = 0;
  for (let p = 0; p < players; p++) {
    const d = view.discardsOf(p);
    const last = d[d.length - 1];
    if (last && !last.claimed && last.tile < KINDS) recent[last.tile] = p === next ? 2 : 1;
  }
  for (let t = 0; t < KINDS; t++) {
    if (own[t] === 0) continue;
    const live = Math.max(0, 4 - seen[t]! - own[t]!);
    let d = live === 0 ? 0 : live === 1 ? 1 : live === 2 ? 3 : 4;
    if (t < 27) {
      // Runs: a middle tile completes more runs than a terminal; only the next player (or any, by the rules).
      const r = t % 9;
      const runRisk = r === 0 || r === 8 ? 1 : r === 1 || r === 7 ? 2 : 3;
      d += anyRun ? runRisk : runRisk / 2;
    }
    if (recent[t]) d *= recent[t] === 2 ? 0.15 : 0.3;
    out[t] = d;
  }
  // Tiles a seat discarded itself are less likely to be what that seat waits for.
  for (let p = 0; p < players; p++) {
    if (p === seat) continue;
    for (const x of view.discardsOf(p)) if (x.tile < KINDS && own[x.tile] !== 0) out[x.tile] = out[x.tile]! * 0.7;
  }
  return out;
}

/** Defensive discard: the safest tile; among equally safe, the one that hurts the own hand least. */
export function defendTurn(view: AgentView, s: Scratch, melds: number, forbid: Uint8Array | null): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const c = s.counts;
  view.seenCounts(s.seen);
  const danger = dangerOf(view, c, s.seen, s.danger, s.recent);
  const a = s.a.load(c, melds);
  // score = safety + shanten after * 10 + shape / 10. The shanten after a discard is the hand's (S) or one more,
  // so a kind whose score with S is above the best score with S + 1 cannot be chosen and needs no shanten.
  const S = a.shanten();
  const base = s.score;
  const shape = s.cost;
  let bound = Infinity;
  for (let t = 0; t < KINDS; t++) {
    if (c[t] === 0) continue;
    const b = (forbid && forbid[t] ? 10_000 : 0) + danger[t]! * 100;
    const v = shapeValue(c, t) / 10;
    base[t] = b;
    shape[t] = v;
    const ub = b + (S + 1) * 10 + v;
    if (ub < bound) bound = ub;
  }
  let best = -1;
  let bestScore = Infinity;
  for (let t = 0; t < KINDS; t++) {
    if (c[t] === 0 || base[t]! + S * 10 + shape[t]! > bound) continue;
    const score = base[t]! + a.shantenWith(t, -1) * 10 + shape[t]!;
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return legalOf(view, 'discard', best)!;
}

/**
 * Normal discard (least shanten) that breaks ties by safety, and avoids `forbid` kinds (harr-limit penalty) when
 * any other choice exists. Kongs are declared when they do not set the hand back.
 */
export function safeNormalTurn(view: AgentView, s: Scratch, melds: number, forbid: Uint8Array | null): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const c = s.counts;
  view.seenCounts(s.seen);
  const danger = dangerOf(view, c, s.seen, s.danger, s.recent);
  const a = s.a.load(c, melds);
  const cost = s.cost;
  for (let t = 0; t < KINDS; t++) if (c[t] !== 0) cost[t] = (forbid && forbid[t] ? 100_000 : 0) + danger[t]! * 20 + shapeValue(c, t);
  const tile = pickDiscard(a, c, c, s, null);
  return kongOr(view, a, s.sh[tile]!, false, tile);
}


// ---------- playing for honour doubles ----------
