/**
 * Every way a tile moves in a hand, each one named operation that keeps the counts and versions that depend on it
 * (concealed statistics, concealed counts, the copies the table shows, public versions), so no caller bumps a
 * counter by hand (docs/rules.md "A turn", "Claims on the last discard", "Own-turn kongs"). validateState
 * (validate.ts) recomputes everything kept here after every event in the tests.
 */
import type { Seat } from '../core/seat.js';
import { drawHead, drawLoose } from '../wall/wall.js';
import { CHOW, GROUP, HEAD_KIND, type HandState, KONG, MAX_BONUS, MAX_DISCARDS, MAX_MELDS, PUNG, WEIGHT } from './state.js';

/** An honour kind went from `was` to `now` tiles: keep the single/pair counts. */
function honourChanged(s: HandState, seat: Seat, was: number, now: number): void {
  const priv = s.priv;
  if (was === 1 || was === 4) priv.honSingles[seat]!--;
  else if (was === 2) priv.honPairs[seat]!--;
  if (now === 1 || now === 4) priv.honSingles[seat]!++;
  else if (now === 2) priv.honPairs[seat]!++;
}

/**
 * Add `n` tiles of kind `t` to a seat's concealed hand (n < 0 removes), keeping the cached statistics. One body for
 * both directions, with per-kind tables instead of divisions: it runs twice per turn.
 */
function changeTiles(s: HandState, seat: Seat, t: number, n: number): void {
  const priv = s.priv;
  const j = seat * 34 + t;
  const was = priv.hand[j]!;
  const now = was + n;
  priv.hand[j] = now;
  if (was === 0 || now === 0) {
    const w = seat * 2 + (t < 17 ? 0 : 1);
    priv.held[w]! ^= 1 << (t < 17 ? t : t - 17);
  }
  if (was === 4) priv.fours[seat]!--;
  else if (now === 4) priv.fours[seat]!++;
  s.pub.handCount[seat]! += n;
  s.pub.pubVer[seat]!++;
  const g = GROUP[t]!;
  if (g < 3) {
    const u = seat * 3 + g;
    priv.suitKey[u]! += n * WEIGHT[t]!;
    priv.suitN[u]! += n;
  } else honourChanged(s, seat, was, now);
  if ((n & 1) === 1) priv.oddKinds[seat] = (now & 1) === 1 ? priv.oddKinds[seat]! + 1 : priv.oddKinds[seat]! - 1;
  if (HEAD_KIND[t] === 0) priv.nonHeads[seat]! += n;
}

/** A tile joins a seat's concealed hand (dealt, drawn, or the winning discard). */
export function takeTile(s: HandState, seat: Seat, t: number): void {
  changeTiles(s, seat, t, 1);
}

/**
 * The seat's concealed statistics recomputed from its counts (a hand dealt afresh: sample.ts). Nothing a player at
 * the table sees has changed (the concealed count stays), so the public version stays too and the views' caches of
 * the table remain good; the win-mask cache, which depends on the tiles, is dropped.
 */
export function recountSeat(s: HandState, seat: Seat): void {
  const priv = s.priv;
  const base = seat * 34;
  let n = 0;
  let odd = 0;
  let nonHeads = 0;
  let singles = 0;
  let pairs = 0;
  let fours = 0;
  let lo = 0;
  let hi = 0;
  for (let u = 0; u < 3; u++) {
    priv.suitKey[seat * 3 + u] = 0;
    priv.suitN[seat * 3 + u] = 0;
  }
  for (let t = 0; t < 34; t++) {
    const x = priv.hand[base + t]!;
    if (x === 0) continue;
    n += x;
    if ((x & 1) === 1) odd++;
    if (HEAD_KIND[t] === 0) nonHeads += x;
    if (x === 4) fours++;
    if (t < 17) lo |= 1 << t;
    else hi |= 1 << (t - 17);
    const g = GROUP[t]!;
    if (g < 3) {
      priv.suitKey[seat * 3 + g]! += x * WEIGHT[t]!;
      priv.suitN[seat * 3 + g]! += x;
    } else if (x === 1 || x === 4) singles++;
    else if (x === 2) pairs++;
  }
  priv.oddKinds[seat] = odd;
  priv.nonHeads[seat] = nonHeads;
  priv.honSingles[seat] = singles;
  priv.honPairs[seat] = pairs;
  priv.fours[seat] = fours;
  priv.held[seat * 2] = lo;
  priv.held[seat * 2 + 1] = hi;
  priv.winMaskVer[seat] = -1;
  if (s.pub.handCount[seat] !== n) throw new Error(`recountSeat: seat ${seat} holds ${n} tiles, its count says ${s.pub.handCount[seat]}`);
}

/** The next tile from the head of the wall (the caller decides where it goes: a flower is exposed). */
export function drawFromHead(s: HandState): number {
  return drawHead(s.hidden.wall);
}

/** The next loose tile from the tail of the wall. */
export function drawFromTail(s: HandState): number {
  return drawLoose(s.hidden.wall);
}

/** A flower or season goes face up before its owner. */
export function exposeBonus(s: HandState, seat: Seat, t: number): void {
  const pub = s.pub;
  pub.bonus[seat * MAX_BONUS + pub.bonusCount[seat]!] = t;
  pub.bonusCount[seat]!++;
  pub.pubVer[seat]!++;
}

/** The tile the seat to move has just taken from the wall (its `drawn` tile). */
export function takeDrawn(s: HandState, seat: Seat, t: number): void {
  changeTiles(s, seat, t, 1);
  s.priv.drawn = t;
}

/** The seat discards `t`: it lies in the seat's discards, is the live discard, and ends the seat's turn. */
export function discardTile(s: HandState, seat: Seat, t: number): void {
  const pub = s.pub;
  changeTiles(s, seat, t, -1);
  const j = seat * MAX_DISCARDS + pub.discCount[seat]!;
  pub.discTile[j] = t;
  pub.discClaimed[j] = 0;
  pub.discCount[seat]!++;
  pub.seen[t]!++;
  pub.pubVer[seat]!++;
  pub.discardCount++;
  pub.turnsBySeat[seat]!++;
  pub.lastDiscard = t;
  pub.lastDiscardBy = seat;
  s.priv.drawn = -1;
  pub.afterClaim = false;
}

/** The discarder's last discard is taken: marked claimed, counted in the meld (or winning hand) that takes it. */
function markClaimed(s: HandState, from: Seat): void {
  const pub = s.pub;
  const j = from * MAX_DISCARDS + pub.discCount[from]! - 1;
  pub.discClaimed[j] = 1;
  pub.seen[pub.discTile[j]!]!--;
  pub.pubVer[from]!++;
}

function layMeld(s: HandState, seat: Seat, type: number, tile: number, concealed: boolean): void {
  const pub = s.pub;
  const j = seat * MAX_MELDS + pub.meldCount[seat]!;
  pub.meldType[j] = type;
  pub.meldTile[j] = tile;
  pub.meldConcealed[j] = concealed ? 1 : 0;
  pub.meldCount[seat]!++;
  pub.pubVer[seat]!++;
  if (type === CHOW) {
    pub.seen[tile]!++;
    pub.seen[tile + 1]!++;
    pub.seen[tile + 2]!++;
  } else pub.seen[tile]! += type === KONG ? 4 : 3;
}

/** The last discard of `from` taken into the winner's concealed hand (Mah-Jongg on a discard). */
export function takeWinningDiscard(s: HandState, seat: Seat, from: Seat, tile: number): void {
  markClaimed(s, from);
  changeTiles(s, seat, tile, 1);
}

/**
 * The last discard of `from` claimed for a meld: a pung (two from the hand), a kong (three) or a chow into the run
 * lowest at `low` (the other two of the run from the hand); the meld is laid exposed.
 */
export function claimDiscard(s: HandState, seat: Seat, from: Seat, type: number, tile: number, low: number): void {
  markClaimed(s, from);
  s.pub.claimCount++;
  s.priv.drawn = -1;
  if (type === CHOW) {
    for (let k = low; k < low + 3; k++) if (k !== tile) changeTiles(s, seat, k, -1);
    layMeld(s, seat, CHOW, low, false);
  } else {
    changeTiles(s, seat, tile, type === KONG ? -3 : -2);
    layMeld(s, seat, type, tile, false);
  }
}

/** Four held alike laid down as a declared concealed kong. */
export function declareConcealedKong(s: HandState, seat: Seat, t: number): void {
  changeTiles(s, seat, t, -4);
  layMeld(s, seat, KONG, t, true);
}

/** A held fourth added to the seat's own exposed pung of `t`, which becomes a kong. */
export function addToPung(s: HandState, seat: Seat, t: number): void {
  const pub = s.pub;
  changeTiles(s, seat, t, -1);
  for (let i = 0; i < pub.meldCount[seat]!; i++) {
    const j = seat * MAX_MELDS + i;
    if (pub.meldType[j] === PUNG && pub.meldTile[j] === t) pub.meldType[j] = KONG;
  }
  pub.seen[t]!++;
  pub.pubVer[seat]!++;
}

/** The tile `from` was adding to a pung is robbed: it leaves his hand for the robber's. */
export function robTile(s: HandState, from: Seat, robber: Seat, t: number): void {
  changeTiles(s, from, t, -1);
  changeTiles(s, robber, t, 1);
}
