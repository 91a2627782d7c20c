/**
 * The hand's transitions that every phase ends in: open a decision for a seat, begin a seat's turn, end the hand
 * (won or drawn). The phases themselves are in wash.ts, turn.ts and claims.ts; step.ts applies decisions.
 */
import type { Action, Phase } from '../core/action.js';
import { PASS } from './actions.js';
import type { Seat } from '../core/seat.js';
import { turnLegal } from './legal.js';
import { type HandState, type TileSource } from './state.js';
import type { HandEnd } from './types.js';

/** Offer `seat` the choice between passing and `a` (robbing, washing), in `phase`. */
export function decidePassOr(s: HandState, seat: Seat, phase: Phase, a: Action): void {
  const f = s.flow;
  f.legal[0] = PASS;
  f.legal[1] = a;
  f.n = 2;
  decide(s, seat, phase);
}

/** Open a decision: `seat` chooses among the legal list already written, in `phase`. */
export function decide(s: HandState, seat: Seat, phase: Phase): void {
  const f = s.flow;
  f.phase = phase;
  f.seat = seat;
  f.decision++;
}

/** `seat` holds 3n+2 tiles (after the deal, a draw, a loose tile or a claim): its turn's decision. */
export function enterTurn(s: HandState, seat: Seat, source: TileSource): void {
  s.flow.source = source;
  s.flow.inTurn = seat;
  turnLegal(s, seat);
  decide(s, seat, 'turn');
}

/** A won hand's end, less the washes (the state has them). */
export type WinEnd = Omit<HandEnd, 'washes' | 'winner'> & { readonly winner: Seat };

function close(s: HandState, end: HandEnd): void {
  const f = s.flow;
  f.end = end;
  f.phase = 'over';
  f.seat = -1;
}

/** `seat` has gone Mah-Jongg (the event already told). */
export function endWon(s: HandState, win: WinEnd): void {
  close(s, { ...win, washes: s.flow.wash.washes });
}

/** No tile may be drawn and nobody has won (docs/rules.md "Drawn hand"). */
export function endDrawn(s: HandState): void {
  s.flow.inTurn = null;
  close(s, {
    winner: null,
    winBy: 'none',
    discarder: null,
    winTile: -1,
    lastTile: false,
    lastOfKind: false,
    firstTurn: false,
    penaltyPayer: null,
    washes: s.flow.wash.washes,
  });
  s.obs.exhausted(s);
}
