/**
 * Who is told what happens in a hand: every event (the game record's events, src/record) and every decision
 * applied (the record's `actions`), with the state after it (the invariant check after every event,
 * validate.ts). The fast path uses NO_OBSERVER, whose empty methods cost a call each and build nothing, so the
 * engine never asks "is anyone recording?".
 */
import { NO_OBSERVER, type HandObserver, type HandState } from './state.js';

// The observer's interface lives with the state that holds one (src/engine/state.ts), so this file imports it
// and not the other way round.
export { NO_OBSERVER, type ClaimType, type HandObserver } from './state.js';

const none = (): void => {};

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
