/**
 * Who is told what happens in a hand: every event (the game record's events, src/record) and every decision
 * applied (the record's `actions`), with the state after it (the invariant check after every event,
 * validate.ts). The fast path uses NO_OBSERVER, whose empty methods cost a call each and build nothing, so the
 * engine never asks "is anyone recording?".
 */
import type { Action } from '../core/action.js';
import type { Seat } from '../core/seat.js';
import type { HandState } from './state.js';

export type ClaimType = 'pung' | 'kong' | 'chow';

export interface HandObserver {
  /** The deal is made (before flowers are replaced). */
  deal(s: HandState): void;
  flower(s: HandState, seat: Seat, tile: number): void;
  draw(s: HandState, seat: Seat, tile: number): void;
  loose(s: HandState, seat: Seat, tile: number): void;
  discard(s: HandState, seat: Seat, tile: number): void;
  /** `low`: the run's lowest tile for a chow, else the claimed tile. */
  claim(s: HandState, seat: Seat, type: ClaimType, tile: number, from: Seat, low: number): void;
  kong(s: HandState, seat: Seat, type: 'concealed' | 'add', tile: number): void;
  wash(s: HandState, seat: Seat, heads: number, payment: number): void;
  mahjong(s: HandState, seat: Seat, by: string, tile: number, from: Seat | null): void;
  exhausted(s: HandState): void;
  /** A decision was applied (before its effects). */
  action(s: HandState, seat: Seat, a: Action): void;
}

const none = (): void => {};

export const NO_OBSERVER: HandObserver = Object.freeze({
  deal: none,
  flower: none,
  draw: none,
  loose: none,
  discard: none,
  claim: none,
  kong: none,
  wash: none,
  mahjong: none,
  exhausted: none,
  action: none,
});

/** Observers told in order (a record and a check together). */
export function observers(list: readonly HandObserver[]): HandObserver {
  if (list.length === 0) return NO_OBSERVER;
  if (list.length === 1) return list[0]!;
  return {
    deal: (s) => list.forEach((o) => o.deal(s)),
    flower: (s, seat, t) => list.forEach((o) => o.flower(s, seat, t)),
    draw: (s, seat, t) => list.forEach((o) => o.draw(s, seat, t)),
    loose: (s, seat, t) => list.forEach((o) => o.loose(s, seat, t)),
    discard: (s, seat, t) => list.forEach((o) => o.discard(s, seat, t)),
    claim: (s, seat, type, t, from, low) => list.forEach((o) => o.claim(s, seat, type, t, from, low)),
    kong: (s, seat, type, t) => list.forEach((o) => o.kong(s, seat, type, t)),
    wash: (s, seat, heads, payment) => list.forEach((o) => o.wash(s, seat, heads, payment)),
    mahjong: (s, seat, by, t, from) => list.forEach((o) => o.mahjong(s, seat, by, t, from)),
    exhausted: (s) => list.forEach((o) => o.exhausted(s)),
    action: (s, seat, a) => list.forEach((o) => o.action(s, seat, a)),
  };
}

/** An observer calling `check(state)` after every event (tests: conservation, cached equals fresh). */
export function afterEveryEvent(check: (s: HandState) => void): HandObserver {
  return {
    deal: check,
    flower: check,
    draw: check,
    loose: check,
    discard: check,
    claim: check,
    kong: check,
    wash: check,
    mahjong: check,
    exhausted: check,
    action: none,
  };
}
