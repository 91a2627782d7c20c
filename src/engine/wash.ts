/**
 * Dealing a hand, and harr-limit's washing (docs/rules.md harr-limit "Washing the tiles"): after the deal, each seat
 * whose original hand holds 9 or more different heads is asked, East first, whether to call "no play"; a wash
 * collects the rule set's `washPayments` (Harr: 9 → 50, 10 → 70, 11 → 100, 12 → 150, 13 → 200) from each other
 * player (scoring/wash.ts) and the tiles are dealt again from
 * the next wall (chance.ts). East's heavenly hand takes precedence: no seat may wash when East's dealt fourteen are
 * complete. At most MAX_WASHES reshuffles a hand (a strategy that always washes must not loop for ever).
 */
import type { Action } from '../core/action.js';
import { isHead } from '../tiles/index.js';
import { washEast, washPayment } from '../scoring/index.js';
import { WASH } from './actions.js';
import { dealHand } from './deal.js';
import { wins } from './legal.js';
import { type HandState, resetHand } from './state.js';
import { decidePassOr, enterTurn } from './transitions.js';

/** Safety cap on reshuffles within one hand. */
export const MAX_WASHES = 20;

function distinctHeads(s: HandState, seat: number): number {
  const hand = s.priv.hand;
  let n = 0;
  for (let t = 0; t < 34; t++) if (hand[seat * 34 + t]! > 0 && isHead(t)) n++;
  return n;
}

/** Deal number `reshuffle` of the hand (0: the first), then the washing round or East's first turn. */
export function dealFrom(s: HandState, reshuffle: number): void {
  resetHand(s, s.pub.dealer, s.pub.prevailing);
  s.hidden.chance.fill(s.hidden.wall, reshuffle);
  s.flow.inTurn = s.pub.dealer;
  dealHand(s);
  const w = s.flow.wash;
  w.reshuffle = reshuffle;
  if (!s.rules.washing || reshuffle >= MAX_WASHES || wins(s, s.pub.dealer, -1)) return enterTurn(s, s.pub.dealer, 'deal');
  w.k = 0;
  askWash(s);
}

function askWash(s: HandState): void {
  const w = s.flow.wash;
  const dealer = s.pub.dealer;
  for (; w.k < s.players; w.k++) {
    const seat = (dealer + w.k) % s.players;
    const heads = distinctHeads(s, seat);
    if (heads < 9) continue;
    w.heads = heads;
    decidePassOr(s, seat, 'wash', WASH);
    return;
  }
  enterTurn(s, dealer, 'deal');
}

/** The seat asked in the washing round answered `a`. */
export function applyWash(s: HandState, a: Action): void {
  const w = s.flow.wash;
  if (a.type !== 'wash') {
    w.k++;
    return askWash(s);
  }
  const seat = s.flow.seat;
  const payment = washPayment(s.rules, w.heads);
  s.obs.wash(s, seat, w.heads, payment);
  const east = washEast(s.rules, payment, s.pub.dealer);
  w.washes.push(Object.freeze({ seat, heads: w.heads, payment, ...(east ? { east } : {}) })); // frozen: copies of the state share it
  dealFrom(s, w.reshuffle + 1);
}
