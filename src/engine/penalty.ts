/**
 * harr-limit's discarder-pays-all penalty (docs/rules.md harr-limit "Penalties"; Harr Part II, "Penalties", examples 1-4
 * and notes (a), (b)). Decided from the state at the time of the discard: the winner's exposed sets then, and the
 * discarder's hand then. The discarder pays for all when the winner had exposed
 *   (1) nine or more tiles of one suit and the discard gave an all-one-suit win,
 *   (2) nine or more heads and it gave an all-heads win,
 *   (3) two sets of dragons and the discard gave the third set,
 *   (4) three sets of winds and the discard of the fourth wind gave the win (example 4: "a discard to the other
 *       pair, i.e., a three of bamboo, would not be penalized"),
 * unless the discarder had two complete doubling honours and was waiting, or was waiting for a winning tile that
 * would give him more than two doubling honours, or had no other choice of discard (note (a): "he has only dots to
 * discard") — read here as: every kind he held would have given the same penalised win.
 */
import type { Seat } from '../agent/types.js';
import { isWinningHand } from '../scoring/index.js';
import { isDragon, isHead, isWind, suitOf, type Tile } from '../tiles/index.js';
import { couldBeComplete, waitingKinds } from './agari.js';
import { KONG, type HandState, MAX_MELDS, PUNG, bonusOf, concealedOf, meldsOf } from './state.js';

function counts(s: HandState, seat: Seat): Uint8Array {
  return s.priv.hand.slice(seat * 34, seat * 34 + 34);
}

/** Which penalty condition (1-4) a win of `winner` on `tile` falls under; 0 for none. */
function condition(s: HandState, winner: Seat, tile: Tile): number {
  const c = counts(s, winner);
  const suitTiles = [0, 0, 0];
  let heads = 0;
  let dragonSets = 0;
  let windSets = 0;
  let windsExposed = 0; // bit w: a set of wind w is among them
  for (let i = 0; i < s.pub.meldCount[winner]!; i++) {
    const j = winner * MAX_MELDS + i;
    if (s.pub.meldConcealed[j] === 1) continue;
    const t = s.pub.meldTile[j]!;
    const type = s.pub.meldType[j]!;
    const n = type === KONG ? 4 : 3;
    if (t < 27) suitTiles[suitOf(t)]! += n;
    if (type === PUNG || type === KONG) {
      if (isHead(t)) heads += n;
      if (isDragon(t)) dragonSets++;
      if (isWind(t)) {
        windSets++;
        windsExposed |= 1 << (t - 27);
      }
    } else if (isHead(t) || isHead(t + 2)) heads += 1;
  }
  // the whole winning hand's tiles
  const all = c.slice();
  all[tile]!++;
  for (const m of meldsOf(s, winner)) all[m.tile]! += 1; // presence is enough for the shape tests below
  for (const m of meldsOf(s, winner)) if (m.type === 'chow') { all[m.tile + 1]!++; all[m.tile + 2]!++; }
  let suitsUsed = 0;
  let honours = false;
  let allHeads = true;
  for (let t = 0; t < 34; t++) {
    if (all[t] === 0) continue;
    if (t >= 27) honours = true;
    if (!isHead(t)) allHeads = false;
  }
  for (let su = 0; su < 3; su++) {
    let any = false;
    for (let t = su * 9; t < su * 9 + 9; t++) if (all[t]! > 0) any = true;
    if (any) suitsUsed++;
  }
  if (!honours && suitsUsed === 1 && suitTiles.some((x) => x >= 9)) return 1;
  if (allHeads && heads >= 9) return 2;
  if (dragonSets >= 2 && isDragon(tile) && c[tile]! >= 2) return 3;
  // "the discard of the other wind gives a winning hand": the fourth wind, whether it completes a set or the pair.
  if (windSets >= 3 && isWind(tile) && (windsExposed & (1 << (tile - 27))) === 0) return 4;
  return 0;
}

function winsWith(s: HandState, seat: Seat, tile: Tile): boolean {
  const c = counts(s, seat);
  c[tile]!++;
  if (!couldBeComplete(c, s.pub.handCount[seat]! + 1, s.specials)) return false;
  return isWinningHand(s.rules, { concealed: concealedOf(s, seat), melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning: tile });
}

/** Two complete doubling honours (sets of dragons or of own wind, exposed or concealed) and waiting. */
function excusedByOwnHand(s: HandState, seat: Seat): boolean {
  const c = counts(s, seat);
  const own = 27 + s.pub.seatWind[seat]!;
  let honours = 0;
  for (let t = 31; t <= 33; t++) if (c[t]! >= 3) honours++;
  if (c[own]! >= 3) honours++;
  for (const m of meldsOf(s, seat)) if (m.type !== 'chow' && (isDragon(m.tile) || m.tile === own)) honours++;
  return honours >= 2 && waitingKinds(c, s.pub.handCount[seat]!, s.specials).length > 0;
}

/**
 * The doubles that sets of dragons and of the seat's own wind (`c` concealed, counted 3 or more, and its melds) bring:
 * Harr II "Doubling honor scores" 1-5, a set of own wind doubling twice in the own wind round.
 */
function honourDoubles(s: HandState, seat: Seat, c: Uint8Array): number {
  const table = s.rules.table;
  const wind = s.pub.seatWind[seat]!;
  const own = 27 + wind;
  const ownSet = s.pub.prevailing === wind ? table.dOwnWindSetOwnRound : table.dOwnWindSet;
  let doubles = 0;
  for (let t = 31; t <= 33; t++) if (c[t]! >= 3) doubles += table.dDragonSet;
  if (c[own]! >= 3) doubles += ownSet;
  for (const m of meldsOf(s, seat)) {
    if (m.type === 'chow') continue;
    if (isDragon(m.tile)) doubles += table.dDragonSet;
    else if (m.tile === own) doubles += ownSet;
  }
  return doubles;
}

/**
 * Harr's second excuse: the discarder "was waiting for the winning tile which would give him more than two doubling
 * honors" — some tile that completes his hand would bring his sets of dragons and own wind to more than two doubles
 * (docs/rules.md harr-limit "Penalties", Reading R36).
 */
function excusedByWait(s: HandState, seat: Seat): boolean {
  const c = counts(s, seat);
  for (const t of waitingKinds(c, s.pub.handCount[seat]!, s.specials)) {
    c[t]!++;
    const doubles = honourDoubles(s, seat, c);
    c[t]!--;
    if (doubles > 2) return true;
  }
  return false;
}

/** The seat that pays for all (the discarder), or null when no penalty applies. Call before the win is applied. */
export function penaltyPayer(s: HandState, winner: Seat, discarder: Seat, tile: Tile): Seat | null {
  const cond = condition(s, winner, tile);
  if (cond === 0) return null;
  if (excusedByOwnHand(s, discarder) || excusedByWait(s, discarder)) return null;
  // No other choice: every kind the discarder held (the discard included) would have given a penalised win.
  const held = counts(s, discarder);
  held[tile]!++;
  let other = false;
  for (let t = 0; t < 34 && !other; t++) {
    if (held[t] === 0 || t === tile) continue;
    if (!(winsWith(s, winner, t) && condition(s, winner, t) === cond)) other = true;
  }
  return other ? discarder : null;
}
