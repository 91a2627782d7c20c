/**
 * Legal actions (docs/rules.md "A turn", "Claims on the last discard", "Own-turn kongs", "Complete hand"): the
 * own-turn list (Mah-Jongg, concealed and added kongs, discards) and each seat's claims on a discard, written into
 * the state's legal list in a fixed order (pass, then by type, then by tile), and the "would this complete the hand?"
 * questions behind them: a cheap prefilter on the cached counts (agari.ts), then the scorer's verdict.
 */
import type { Seat } from '../core/seat.js';
import { completesPungOrPair } from '../hand/index.js';
import { isWinningHand } from '../scoring/index.js';
import type { HandSpec, Tile } from '../tiles/index.js';
import { liveCount } from '../wall/wall.js';
import { mayChow, mayWinOnDiscard } from '../rules/claims.js';
import { ADD_KONG, CHOW_FROM, CONCEALED_KONG, DISCARD, KONG_ACTION, MAHJONG, PASS, PUNG_ACTION } from './actions.js';
import { seatCouldWinHeld, seatCouldWinWith } from './agari.js';
import { type HandState, MAX_MELDS, PUNG, bonusOf, concealedOf, meldsOf } from './state.js';

/** The hand a seat would go out with: its concealed tiles plus `extra` (-1 none), `winning` written apart. */
export function handSpec(s: HandState, seat: Seat, winning: Tile | null, extra: Tile): HandSpec {
  const concealed = concealedOf(s, seat);
  if (extra >= 0) concealed.push(extra);
  if (winning !== null) {
    const i = concealed.indexOf(winning);
    if (i >= 0) concealed.splice(i, 1);
  }
  return { concealed, melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning };
}

/** The highest kind the seat holds (the winning tile of a hand complete as dealt, which drew none). */
export function lastConcealed(s: HandState, seat: Seat): Tile {
  const hand = s.priv.hand;
  for (let t = 33; t >= 0; t--) if (hand[seat * 34 + t]! > 0) return t;
  return 0;
}

/** Would `seat` be complete with `extra` added (-1: as held)? Cheap prefilter, then the scorer's verdict. */
export function wins(s: HandState, seat: Seat, extra: Tile): boolean {
  if (!(extra < 0 ? seatCouldWinHeld(s, seat) : seatCouldWinWith(s, seat, extra))) return false;
  const winning = extra >= 0 ? extra : s.priv.drawn >= 0 ? s.priv.drawn : lastConcealed(s, seat);
  return isWinningHand(s.rules, handSpec(s, seat, winning, extra));
}

/** wins() for a discard or robbed tile: the seat's cached win mask rules most seats out first. */
function winsWith(s: HandState, seat: Seat, tile: Tile): boolean {
  if (!seatCouldWinWith(s, seat, tile)) return false;
  return isWinningHand(s.rules, handSpec(s, seat, tile, tile));
}

/** docs/rules.md Claims, **Reading**: in harr / harr-limit an out-of-turn Mah-Jongg must complete a pung or the pair. */
function completesWithPungOrPair(s: HandState, seat: Seat, tile: Tile): boolean {
  const counts = s.priv.hand.slice(seat * 34, seat * 34 + 34);
  counts[tile]!++;
  return completesPungOrPair(counts, tile);
}

/**
 * Own-turn kongs. Babcock: "Not straight after a pung or chow", "and not once the live wall is exhausted". The second
 * applies to every rule set here (docs/rules.md "Own-turn kongs", **Reading**): a kong must be followed by a loose
 * tile, and none may be drawn once the live wall is exhausted (harr: the loose tiles are the last of the wall;
 * harr-limit: "no loose tile is drawn once only 14 remain"). Claimed kongs likewise need a live wall.
 */
function kongAllowed(s: HandState): boolean {
  return liveCount(s.hidden.wall) > 0 && !(s.rules.noKongAfterClaim && s.pub.afterClaim);
}

/** The own-turn legal actions of `seat`, into the state's legal list. */
export function turnLegal(s: HandState, seat: Seat): void {
  const base = seat * 34;
  const legal = s.flow.legal;
  const priv = s.priv;
  const hand = priv.hand;
  let n = 0;
  // A tile claimed for a pung or chow is not a winning tile (Mah-Jongg on a discard is its own claim), so the turn
  // that follows such a claim offers none; a loose tile drawn after a kong in that turn may complete the hand
  // ("Own-turn kongs": he "may then declare again, go Mah-Jongg or discard"), hence the tile's source, not afterClaim.
  if (s.flow.source !== 'claim' && wins(s, seat, -1)) legal[n++] = MAHJONG;
  const kongs = kongAllowed(s);
  // Concealed kongs are looked for only when the seat holds a kind four times (priv.fours).
  const fours = kongs && priv.fours[seat]! > 0;
  for (let w = 0; w < 2; w++) {
    // The kinds held, lowest first (priv.held): the same list, in the same order, as a scan of all 34 kinds.
    const off = 17 * w;
    for (let m = priv.held[seat * 2 + w]!; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m) + off;
      if (fours && hand[base + t] === 4) legal[n++] = CONCEALED_KONG[t]!;
      legal[n++] = DISCARD[t]!;
    }
  }
  if (kongs) {
    const pub = s.pub;
    for (let i = 0; i < pub.meldCount[seat]!; i++) {
      const j = seat * MAX_MELDS + i;
      if (pub.meldType[j] === PUNG && hand[base + pub.meldTile[j]!]! > 0) legal[n++] = ADD_KONG[pub.meldTile[j]!]!;
    }
  }
  s.flow.n = n;
}

/**
 * The runs through `tile` the seat holds the other two tiles of, within the suit: bit k for the run whose lowest
 * tile is tile - 2 + k (0 for an honour).
 */
export function chowRuns(s: HandState, seat: Seat, tile: Tile): number {
  if (tile >= 27) return 0;
  const r = tile % 9;
  const h = s.priv.hand;
  const j = seat * 34 + tile;
  return (
    (r >= 2 && h[j - 2] !== 0 && h[j - 1] !== 0 ? 1 : 0) |
    (r >= 1 && r <= 7 && h[j - 1] !== 0 && h[j + 1] !== 0 ? 2 : 0) |
    (r <= 6 && h[j + 1] !== 0 && h[j + 2] !== 0 ? 4 : 0)
  );
}

/** May a seat (`next`: the one next in turn after the discarder) chow a discard? The rule set's `chowFrom`. */
export function maySeatChow(s: HandState, next: boolean): boolean {
  return mayChow(s.rules, next);
}

/**
 * May `seat` claim Mah-Jongg on the discard `tile`? `next`: it is next in turn after the discarder. (A deal-in, for the
 * danger of a discard: src/infer/danger.ts.)
 */
export function mayClaimMahjong(s: HandState, seat: Seat, tile: Tile, next: boolean): boolean {
  return winsWith(s, seat, tile) && mayWinOnDiscard(s.rules, next, () => completesWithPungOrPair(s, seat, tile));
}

/**
 * Legal claims of `seat` on `tile`, into the state's legal list; false when only passing is possible. `next`: the
 * seat is next in turn after the discarder (chow by `chowFrom`, out-of-turn Mah-Jongg); `live`: the live wall count.
 */
export function claimLegal(s: HandState, seat: Seat, tile: Tile, next: boolean, live: number): boolean {
  const f = s.flow;
  const legal = f.legal;
  const have = s.priv.hand[seat * 34 + tile]!;
  let n = 1;
  legal[0] = PASS;
  if (mayClaimMahjong(s, seat, tile, next)) legal[n++] = MAHJONG;
  // code500: the last discard may be taken only for Mah-Jongg.
  if (!(s.rules.lastDiscardMahjongOnly && live === 0)) {
    if (have >= 2) legal[n++] = PUNG_ACTION;
    // A claimed kong takes three concealed; never onto an exposed pung (Harr, "four of a kind").
    if (have >= 3 && live > 0) legal[n++] = KONG_ACTION;
    if (maySeatChow(s, next)) {
      // Runs through the tile, lowest first: (t-2, t-1, t), (t-1, t, t+1), (t, t+1, t+2).
      const runs = chowRuns(s, seat, tile);
      for (let k = 0; k < 3; k++) if ((runs & (1 << k)) !== 0) legal[n++] = CHOW_FROM[tile - 2 + k]!;
    }
  }
  f.n = n;
  return n > 1;
}

/** Would `seat` win by robbing `tile` (docs/rules.md "Own-turn kongs": "another player who needs that very tile")? */
export function winsByRobbing(s: HandState, seat: Seat, tile: Tile): boolean {
  return wins(s, seat, tile);
}
