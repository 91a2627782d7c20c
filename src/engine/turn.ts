/**
 * A seat's own turn (docs/rules.md "A turn", "Own-turn kongs", "Original hand"): Mah-Jongg on the tiles held, a
 * concealed kong or a kong added to an exposed pung (either followed by a loose tile; an added kong may first be
 * robbed), or a discard, which opens the claim round.
 */
import type { Action } from '../core/action.js';
import { liveCount } from '../wall/wall.js';
import { startClaims, startRob } from './claims.js';
import { drawLooseFor } from './deal.js';
import { lastConcealed } from './legal.js';
import { declareConcealedKong, discardTile } from './moves.js';
import type { HandState } from './state.js';
import { endDrawn, endWon, enterTurn } from './transitions.js';

export function applyTurn(s: HandState, a: Action): void {
  const seat = s.flow.seat;
  const pub = s.pub;
  if (a.type === 'mahjong') {
    const source = s.flow.source;
    const winTile = s.priv.drawn >= 0 ? s.priv.drawn : lastConcealed(s, seat);
    const original = source === 'deal' && seat === pub.dealer;
    const firstTurn =
      original ||
      (seat !== pub.dealer &&
        s.rules.firstTurnUntilOwnTurn &&
        pub.turnsBySeat[seat] === 0 &&
        pub.claimCount === 0 &&
        pub.meldCount[seat] === 0);
    const by = source === 'loose' ? 'loose-tile' : 'self-draw';
    const lastTile = source !== 'deal' && liveCount(s.hidden.wall) === 0;
    s.obs.mahjong(s, seat, by, winTile, null);
    // code500's "last possible tile": the other three copies lie visible on the table (pub.seen).
    const lastOfKind = pub.seen[winTile] === 3;
    return endWon(s, { winner: seat, winBy: by, discarder: null, winTile, lastTile, lastOfKind, firstTurn, penaltyPayer: null });
  }
  if (a.type === 'concealed-kong') {
    declareConcealedKong(s, seat, a.tile);
    s.flow.inTurn = -1;
    s.obs.kong(s, seat, 'concealed', a.tile);
    if (drawLooseFor(s, seat, seat) < 0) return endDrawn(s);
    return enterTurn(s, seat, 'loose');
  }
  if (a.type === 'add-kong') return startRob(s, seat, a.tile);
  const t = (a as { tile: number }).tile;
  discardTile(s, seat, t);
  s.flow.inTurn = null;
  s.obs.discard(s, seat, t);
  startClaims(s, seat, t);
}
