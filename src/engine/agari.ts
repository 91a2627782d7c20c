/**
 * Fast completeness prefilter on 34-kind count arrays (the engine's hot path: every turn and every claim asks "could
 * this be Mah-Jongg?"). docs/rules.md "Complete hand": four combinations and a pair, plus the limit hands a rule set
 * lists. The authoritative answer is scoring's isWinningHand(); this module only rules out, cheaply, hands that are
 * neither of the standard form nor one of the special forms the rule set's own table lists with a shape outside it
 * (HandState.specials, from rules/special.ts: harr-limit's "thirteen different heads with a pair"; code500's Thirteen
 * Noble Scholars and Heavenly Twins). Every other listed special hand (Nine United Sons, all honours, sets of heads,
 * four kongs, ...) is of the standard form.
 *
 * Suits are checked by table lookup (hand/suit-shapes.ts). On the engine's path the counts rule most hands out first:
 * each suit's tile count mod 3 and the honours' singles and pairs decide, through one small table (COUNT_MASK), whether
 * the standard form is possible at all, as held (own turn) or with a discard of each group (claims; cached per seat
 * until its hand changes), before any suit shape is looked up.
 */
import type { Counts } from '../tiles/counts.js';
import type { SpecialShape } from '../hand/special.js';
import type { HandState } from './state.js';
import { POW5, isStandardShape, suitGood } from '../hand/suit-shapes.js';

export { isStandardShape };

/**
 * Could these concealed tiles (3n+2 of them) be a complete hand of the standard form or of one of `specials` (the
 * rule set's non-standard limit hands, rules/special.ts)? Necessary, not sufficient.
 */
export function couldBeComplete(c: Counts, total: number, specials: readonly SpecialShape[]): boolean {
  if (total % 3 !== 2) return false;
  if (isStandardShape(c)) return true;
  if (total !== 14) return false;
  for (const sh of specials) if (sh.test(c)) return true;
  return false;
}

/** The kinds that would make `c` (3n+1 tiles) a candidate complete hand. Not a hot path (penalties). */
export function waitingKinds(c: Counts, total: number, specials: readonly SpecialShape[]): number[] {
  const out: number[] = [];
  for (let t = 0; t < 34; t++) {
    if (c[t]! >= 4) continue;
    c[t]!++;
    if (couldBeComplete(c, total + 1, specials)) out.push(t);
    c[t]!--;
  }
  return out;
}

/**
 * couldBeComplete for a seat's concealed hand plus `extra` (-1: none), from the cached per-seat statistics in
 * HandState: the hot path of every turn and every claim check. Same answer as couldBeComplete (validated in tests).
 * Counts first (a suit of 3n+1 tiles, an honour single or four, two pairs), suit shape lookups only for the survivors.
 */
export function seatCouldWin(s: HandState, seat: number, extra: number): boolean {
  const total = s.pub.handCount[seat]! + (extra >= 0 ? 1 : 0);
  if (total % 3 !== 2) return false;
  const base = seat * 34;
  const xu = extra >= 0 && extra < 27 ? (extra / 9) | 0 : -1;
  let singles = s.priv.honSingles[seat]!;
  let pairs = s.priv.honPairs[seat]!;
  if (extra >= 27) {
    // The honour kind the extra tile joins goes from x to x + 1 tiles.
    const x = s.priv.hand[base + extra]!;
    if (x === 1 || x === 4) singles--;
    else if (x === 2) pairs--;
    if (x === 0 || x === 3) singles++;
    else if (x === 1) pairs++;
  }
  let standard = singles === 0 && pairs <= 1;
  const u0 = seat * 3;
  for (let u = 0; u < 3 && standard; u++) {
    const n = s.priv.suitN[u0 + u]! + (u === xu ? 1 : 0);
    const r = n % 3;
    if (r === 1) standard = false;
    else if (r === 2) pairs++;
  }
  if (standard && pairs === 1) {
    for (let u = 0; u < 3; u++) {
      const n = s.priv.suitN[u0 + u]!;
      if (n === 0 && u !== xu) continue;
      const k = s.priv.suitKey[u0 + u]! + (u === xu ? POW5[extra % 9]! : 0);
      if (!suitGood(k)) {
        standard = false;
        break;
      }
    }
    if (standard) return true;
  }
  const specials = s.specials;
  if (total !== 14 || specials.length === 0) return false;
  // The special shapes' count conditions first (kinds held an odd number of times, tiles that are not heads).
  let odd = s.priv.oddKinds[seat]!;
  let nonHeads = s.priv.nonHeads[seat]!;
  if (extra >= 0) {
    odd += (s.priv.hand[base + extra]! & 1) === 1 ? -1 : 1;
    if (extra < 27 && extra % 9 !== 0 && extra % 9 !== 8) nonHeads++;
  }
  let c: Uint8Array | null = null;
  for (const sh of specials) {
    if (!sh.possible(odd, nonHeads)) continue;
    if (c === null) {
      c = s.priv.hand.slice(base, base + 34);
      if (extra >= 0) c[extra]!++;
    }
    if (sh.test(c)) return true;
  }
  return false;
}

/** Some special shape of the rule set could be made by adding one tile to a hand of these counts (winMask bit 4). */
function specialWithExtra(specials: readonly SpecialShape[], odd: number, nonHeads: number): boolean {
  for (const sh of specials) {
    if (sh.possible(odd - 1, nonHeads) || sh.possible(odd + 1, nonHeads) || sh.possible(odd - 1, nonHeads + 1) || sh.possible(odd + 1, nonHeads + 1)) return true;
  }
  return false;
}

/**
 * Bits of the groups (0-2 suits, 3 honours; 4: the special shapes) a discard would have to come from for
 * seatCouldWin(s, seat, discard) to hold, by tile counts alone: a necessary condition, computed once per change of the
 * seat's hand (state.winMask) so that claim checks of the other seats' discards are mostly one bit test.
 * The standard-form part depends only on each suit's count mod 3 and the honours' singles and pairs: a table.
 */
function maskFor(r0: number, r1: number, r2: number, singles: number, hp: number): number {
  let mask = 0;
  // A suit extra (the count conditions of seatCouldWin): no suit of 3n+1 tiles once the extra joins its suit, no
  // honour single or four, and one pair in all (suits of 3n+2 tiles and honour pairs).
  if (singles === 0) {
    for (let u = 0; u < 3; u++) {
      const a = u === 0 ? (r0 + 1) % 3 : r0;
      const b = u === 1 ? (r1 + 1) % 3 : r1;
      const d = u === 2 ? (r2 + 1) % 3 : r2;
      if (a !== 1 && b !== 1 && d !== 1 && hp + (a === 2 ? 1 : 0) + (b === 2 ? 1 : 0) + (d === 2 ? 1 : 0) === 1) mask |= 1 << u;
    }
  }
  // An honour extra turns a single into a pair or a pair into a pung (a kind of none or three gains a single).
  if (r0 !== 1 && r1 !== 1 && r2 !== 1) {
    const sp = (r0 === 2 ? 1 : 0) + (r1 === 2 ? 1 : 0) + (r2 === 2 ? 1 : 0);
    if ((singles === 1 && hp === 0 && sp === 0) || (singles === 0 && hp + sp === 2)) mask |= 8;
  }
  return mask;
}

/** The count conditions of the standard form for the hand as held (no extra tile): bit 5 of COUNT_MASK. */
function heldOk(r0: number, r1: number, r2: number, singles: number, hp: number): number {
  if (singles !== 0 || r0 === 1 || r1 === 1 || r2 === 1) return 0;
  return hp + (r0 === 2 ? 1 : 0) + (r1 === 2 ? 1 : 0) + (r2 === 2 ? 1 : 0) === 1 ? 32 : 0;
}

/** maskFor and heldOk by each suit's count mod 3, honour singles 0..2+ and pairs 0..3+ (324 bytes: stays in cache). */
const COUNT_MASK: Uint8Array = (() => {
  const t = new Uint8Array(3 * 3 * 3 * 12);
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++)
      for (let d = 0; d < 3; d++)
        for (let si = 0; si < 3; si++)
          for (let hp = 0; hp < 4; hp++) t[((a * 3 + b) * 3 + d) * 12 + si * 4 + hp] = maskFor(a, b, d, si, hp) | heldOk(a, b, d, si, hp);
  return t;
})();

/** Count mod 3 for the tile counts of one suit (0..14). */
const MOD3: Uint8Array = Uint8Array.from({ length: 15 }, (_, n) => n % 3);

/** The COUNT_MASK entry of a seat's hand as held. */
function countMask(s: HandState, seat: number): number {
  const u0 = seat * 3;
  const si = s.priv.honSingles[seat]!;
  const hp = s.priv.honPairs[seat]!;
  return COUNT_MASK[((MOD3[s.priv.suitN[u0]!]! * 3 + MOD3[s.priv.suitN[u0 + 1]!]!) * 3 + MOD3[s.priv.suitN[u0 + 2]!]!) * 12 + (si < 2 ? si : 2) * 4 + (hp < 3 ? hp : 3)]!;
}

export function winMask(s: HandState, seat: number): number {
  if (s.priv.winMaskVer[seat] === s.pub.pubVer[seat]) return s.priv.winMask[seat]!;
  let mask = 0;
  const total = s.pub.handCount[seat]! + 1;
  if (total % 3 === 2) {
    mask = countMask(s, seat) & 31;
    if (total === 14 && specialWithExtra(s.specials, s.priv.oddKinds[seat]!, s.priv.nonHeads[seat]!)) mask |= 16;
  }
  s.priv.winMask[seat] = mask;
  s.priv.winMaskVer[seat] = s.pub.pubVer[seat]!;
  return mask;
}

/** seatCouldWin for a discard `tile`, ruled out first by the seat's cached win mask. */
export function seatCouldWinWith(s: HandState, seat: number, tile: number): boolean {
  const g = tile < 27 ? (tile / 9) | 0 : 3;
  if ((winMask(s, seat) & ((1 << g) | 16)) === 0) return false;
  return seatCouldWin(s, seat, tile);
}

/**
 * seatCouldWin for the hand as held (the own-turn Mah-Jongg check), ruled out first by the count conditions of the
 * standard form (one table lookup) and of the special shapes.
 */
export function seatCouldWinHeld(s: HandState, seat: number): boolean {
  const total = s.pub.handCount[seat]!;
  if (total % 3 !== 2) return false;
  const ok = countMask(s, seat) & 32;
  if (ok === 0 && !(total === 14 && heldSpecialPossible(s, seat))) return false;
  return seatCouldWin(s, seat, -1);
}

function heldSpecialPossible(s: HandState, seat: number): boolean {
  for (const sh of s.specials) if (sh.possible(s.priv.oddKinds[seat]!, s.priv.nonHeads[seat]!)) return true;
  return false;
}
