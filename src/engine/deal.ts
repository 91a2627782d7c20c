/**
 * The deal and the draws (docs/rules.md "Wall and deal", "A turn"): East receives 14 tiles, the others 13, from the
 * head of the wall; a flower or season is exposed at once and replaced by a loose tile from the tail (in the deal,
 * East's first, then each seat in turn); a turn's draw from the head, a flower replaced likewise; and no tile is
 * drawn from either end once the live wall is exhausted (the dead wall per rule set, src/wall/wall.ts).
 */
import type { Seat } from '../core/seat.js';
import { FIRST_BONUS } from '../tiles/index.js';
import { liveCount } from '../wall/wall.js';
import { drawFromHead, drawFromTail, exposeBonus, takeDrawn, takeTile } from './moves.js';
import { type HandState, MAX_BONUS } from './state.js';

/**
 * Draw loose tiles for `seat` until one is not a flower; -1 when none may be drawn. `turnAfter`: the seat holding
 * 3n+2 tiles once it has its tile (-1 in the deal), for the invariant check.
 */
export function drawLooseFor(s: HandState, seat: Seat, turnAfter: Seat): number {
  const wall = s.hidden.wall;
  for (;;) {
    if (liveCount(wall) === 0) return -1;
    const t = drawFromTail(s);
    if (t >= FIRST_BONUS) {
      exposeBonus(s, seat, t);
      s.flow.inTurn = -1;
      s.obs.flower(s, seat, t);
      continue;
    }
    takeDrawn(s, seat, t);
    s.flow.inTurn = turnAfter;
    s.obs.loose(s, seat, t);
    return t;
  }
}

/** A turn's draw from the wall for `seat`: how its tile came, or null when the live wall is exhausted. */
export function drawTurnTile(s: HandState, seat: Seat): 'wall' | 'loose' | null {
  if (liveCount(s.hidden.wall) === 0) return null;
  const t = drawFromHead(s);
  if (t >= FIRST_BONUS) {
    exposeBonus(s, seat, t);
    s.flow.inTurn = -1;
    s.obs.flower(s, seat, t);
    return drawLooseFor(s, seat, seat) < 0 ? null : 'loose';
  }
  takeDrawn(s, seat, t);
  s.obs.draw(s, seat, t);
  return 'wall';
}

/** Deal the wall just filled: hands from the head, then the dealt flowers exposed and replaced, East first. */
export function dealHand(s: HandState): void {
  const pub = s.pub;
  const players = s.players;
  const dealer = pub.dealer;
  s.flow.inTurn = -1;
  const pending = s.flow.pending.fill(0);
  for (let k = 0; k < players; k++) {
    const seat = (dealer + k) % players;
    const n = seat === dealer ? 14 : 13;
    for (let i = 0; i < n; i++) {
      const t = drawFromHead(s);
      if (t >= FIRST_BONUS) {
        exposeBonus(s, seat, t);
        pending[seat]!++;
      } else takeTile(s, seat, t);
    }
  }
  s.obs.deal(s);
  for (let k = 0; k < players; k++) {
    const seat = (dealer + k) % players;
    for (let i = 0; i < pending[seat]!; i++) s.obs.flower(s, seat, pub.bonus[seat * MAX_BONUS + i]!);
    for (let i = 0; i < pending[seat]!; i++) drawLooseFor(s, seat, -1);
  }
  s.priv.drawn = -1;
  s.flow.inTurn = dealer;
}
