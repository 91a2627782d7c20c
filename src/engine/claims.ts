/**
 * Claims on the last discard and robbing the kong (docs/rules.md "Claims on the last discard", "Own-turn kongs"):
 * the seats that may claim are asked in turn after the discarder, nearest first; claims rank by the rule set's
 * `claimPriority` (every book: Mah-Jongg beats pung and kong, which beat chow), ties going to the nearest; the nearest
 * Mah-Jongg claimant wins at once. A seat with nothing but a pass is not asked, and neither is one none of whose
 * claims outranks the best already made. Who may chow is the rule set's `chowFrom`. Robbing: the nearest
 * seat that wins with the tile being added to a pung may take it. **Reading** (docs/rules.md): harr's out-of-turn
 * restriction (pung or pair only) is not applied to robbing: the tile cannot complete a pung (three are in the kong)
 * and the rules state robbing without it.
 */
import type { Action } from '../core/action.js';
import type { Seat } from '../core/seat.js';
import type { RuleSet } from '../rules/index.js';
import { liveCount } from '../wall/wall.js';
import { ROB } from './actions.js';
import { seatCouldWinWith } from './agari.js';
import { drawLooseFor, drawTurnTile } from './deal.js';
import { chowRuns, claimLegal, maySeatChow, winsByRobbing } from './legal.js';
import { addToPung, claimDiscard, robTile, takeWinningDiscard } from './moves.js';
import { penaltyPayer } from './penalty.js';
import { CHOW, type HandState, KONG, PUNG, nextSeat } from './state.js';
import { decide, decidePassOr, endDrawn, endWon, enterTurn } from './transitions.js';

/** Each claim's rank under a `claimPriority` (docs/rules.md "Claims on the last discard"); a higher rank wins. */
const CLAIM_RANKS: Readonly<Record<RuleSet['claimPriority'], Readonly<Record<string, number>>>> = {
  'mahjong-pung-chow': { mahjong: 3, pung: 2, kong: 2, chow: 1, pass: 0 },
  'mahjong-nearest': { mahjong: 3, pung: 1, kong: 1, chow: 1, pass: 0 },
};

function rankOf(s: HandState, type: string): number {
  return CLAIM_RANKS[s.rules.claimPriority][type]!;
}

/** Whether some claim in the open decision's legal list outranks the best claim so far. */
function canOutrank(s: HandState, best: Action): boolean {
  const f = s.flow;
  const r = rankOf(s, best.type);
  for (let i = 0; i < f.n; i++) if (rankOf(s, f.legal[i]!.type) > r) return true;
  return false;
}

/** `from` has discarded `tile`: open the claim round. */
export function startClaims(s: HandState, from: Seat, tile: number): void {
  const r = s.flow.claim;
  r.from = from;
  r.tile = tile;
  r.live = liveCount(s.hidden.wall);
  r.bestSeat = -1;
  r.bestAction = null;
  askClaims(s, nextSeat(s, from));
}

/** Ask the next seat from `q` on that may claim, or resolve the round when none is left. */
function askClaims(s: HandState, q: Seat): void {
  const r = s.flow.claim;
  const { from, tile, live } = r;
  const hand = s.priv.hand;
  const next = nextSeat(s, from);
  for (; q !== from; q = nextSeat(s, q)) {
    // Skip, without building its list, a seat holding fewer than two of the tile, with no chow on it (the next seat
    // only, in every book) and that the prefilter (its cached win mask first) says cannot win with it.
    if (hand[q * 34 + tile]! < 2 && (!maySeatChow(s, q === next) || chowRuns(s, q, tile) === 0) && !seatCouldWinWith(s, q, tile)) continue;
    if (!claimLegal(s, q, tile, q === next, live)) continue;
    // A seat is asked only when one of its claims outranks the best so far (in the books: only Mah-Jongg beats a pung
    // or kong; pung/kong is unique, three copies left; chow is the next seat's, asked first).
    if (r.bestAction !== null && !canOutrank(s, r.bestAction)) continue;
    r.seat = q;
    decide(s, q, 'claim');
    return;
  }
  resolveClaims(s, r.bestSeat, r.bestAction);
}

/** The seat asked in the claim round answered `a`. */
export function applyClaim(s: HandState, a: Action): void {
  const r = s.flow.claim;
  const q = r.seat;
  if (a.type === 'mahjong') return resolveClaims(s, q, a); // the nearest Mah-Jongg claimant wins
  if (a.type !== 'pass' && (r.bestAction === null || rankOf(s, a.type) > rankOf(s, r.bestAction.type))) {
    r.bestSeat = q;
    r.bestAction = a;
  }
  askClaims(s, nextSeat(s, q));
}

function resolveClaims(s: HandState, q: Seat, a: Action | null): void {
  const { from, tile } = s.flow.claim;
  const pub = s.pub;
  if (a === null) {
    // Nobody claimed: the next player draws.
    const seat = nextSeat(s, from);
    s.flow.inTurn = seat;
    const drawn = drawTurnTile(s, seat);
    if (drawn === null) return endDrawn(s);
    return enterTurn(s, seat, drawn);
  }
  if (a.type === 'mahjong') {
    const firstTurn =
      pub.claimCount === 0 &&
      (pub.discardCount === 1 || (s.rules.firstTurnUntilOwnTurn && pub.turnsBySeat[q] === 0 && pub.meldCount[q] === 0));
    const payer = s.rules.discarderPaysAll ? penaltyPayer(s, q, from, tile) : null;
    const lastOfKind = pub.seen[tile]! - 1 === 3; // not counting the winning discard itself
    takeWinningDiscard(s, q, from, tile);
    s.flow.inTurn = q;
    s.obs.mahjong(s, q, 'discard', tile, from);
    return endWon(s, { winner: q, winBy: 'discard', discarder: from, winTile: tile, lastTile: false, lastOfKind, firstTurn, penaltyPayer: payer });
  }
  s.flow.inTurn = q;
  if (a.type === 'chow') {
    claimDiscard(s, q, from, CHOW, tile, a.tile);
    pub.afterClaim = true;
    s.obs.claim(s, q, 'chow', tile, from, a.tile);
    return enterTurn(s, q, 'claim');
  }
  if (a.type === 'pung') {
    claimDiscard(s, q, from, PUNG, tile, tile);
    pub.afterClaim = true;
    s.obs.claim(s, q, 'pung', tile, from, tile);
    return enterTurn(s, q, 'claim');
  }
  claimDiscard(s, q, from, KONG, tile, tile);
  pub.afterClaim = false;
  s.flow.inTurn = -1;
  s.obs.claim(s, q, 'kong', tile, from, tile);
  if (drawLooseFor(s, q, q) < 0) return endDrawn(s);
  enterTurn(s, q, 'loose');
}

/** `from` adds `tile` to his exposed pung: the seats that would win with it may rob it first. */
export function startRob(s: HandState, from: Seat, tile: number): void {
  const r = s.flow.rob;
  const pub = s.pub;
  r.from = from;
  r.tile = tile;
  // While the round runs the views show the added tile as the last discard, by the seat adding it.
  r.savedDiscard = pub.lastDiscard;
  r.savedBy = pub.lastDiscardBy;
  pub.lastDiscard = tile;
  pub.lastDiscardBy = from;
  askRob(s, nextSeat(s, from));
}

function askRob(s: HandState, q: Seat): void {
  const r = s.flow.rob;
  for (; q !== r.from; q = nextSeat(s, q)) {
    if (!winsByRobbing(s, q, r.tile)) continue;
    r.seat = q;
    decidePassOr(s, q, 'rob', ROB);
    return;
  }
  // Nobody robs: the kong stands and its owner draws a loose tile.
  restoreDiscard(s);
  const { from, tile } = r;
  addToPung(s, from, tile);
  s.flow.inTurn = -1;
  s.obs.kong(s, from, 'add', tile);
  if (drawLooseFor(s, from, from) < 0) return endDrawn(s);
  enterTurn(s, from, 'loose');
}

function restoreDiscard(s: HandState): void {
  s.pub.lastDiscard = s.flow.rob.savedDiscard;
  s.pub.lastDiscardBy = s.flow.rob.savedBy;
}

/** The seat asked in the robbing round answered `a`. */
export function applyRob(s: HandState, a: Action): void {
  const r = s.flow.rob;
  if (a.type !== 'rob') return askRob(s, nextSeat(s, r.seat));
  restoreDiscard(s);
  const { from, tile, seat: robber } = r;
  const lastOfKind = s.pub.seen[tile] === 3; // the exposed pung being added to
  robTile(s, from, robber, tile);
  s.flow.inTurn = robber;
  s.obs.mahjong(s, robber, 'robbing-kong', tile, from);
  endWon(s, { winner: robber, winBy: 'robbing-kong', discarder: from, winTile: tile, lastTile: false, lastOfKind, firstTurn: false, penaltyPayer: null });
}
