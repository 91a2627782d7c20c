/**
 * What the belief model learns to predict (docs/belief.md "Labels"), read from the TRUE state beside a seat's view in
 * self-play, where every tile is known: for each other seat in turn order after the deciding seat, its concealed
 * count of each kind, whether it is one tile from complete (shanten 0, as results/inference-prediction scores it),
 * and its winning tiles: the kinds on which it could go Mah-Jongg were the deciding seat to discard them (the
 * engine's own test, src/engine/legal.ts mayClaimMahjong: a discard's danger). Only data generation reads these.
 */
import type { HandState } from '../engine/state.js';
import { mayClaimMahjong } from '../engine/legal.js';
import { shanten } from '../hand/index.js';
import { KINDS } from '../tiles/tile.js';
import { OTHERS, otherSeat } from './features.js';

export interface BeliefLabels {
  /** OTHERS × 34: each other seat's concealed count of each kind. */
  readonly counts: Uint8Array;
  /** Bit k−1: the seat k places on is one tile from complete. */
  readonly ready: number;
  /** OTHERS × 34: 1 where that seat could go Mah-Jongg on the kind discarded by the deciding seat. */
  readonly waits: Uint8Array;
}

export function beliefLabels(s: HandState, seat: number): BeliefLabels {
  const counts = new Uint8Array(OTHERS * KINDS);
  const waits = new Uint8Array(OTHERS * KINDS);
  let ready = 0;
  for (let k = 1; k <= OTHERS; k++) {
    const q = otherSeat(seat, k, s.players);
    const hand = s.priv.hand.subarray(q * KINDS, q * KINDS + KINDS);
    counts.set(hand, (k - 1) * KINDS);
    if (shanten(hand, s.pub.meldCount[q]!) <= 0) ready |= 1 << (k - 1);
    for (let t = 0; t < KINDS; t++) if (mayClaimMahjong(s, q, t, k === 1)) waits[(k - 1) * KINDS + t] = 1;
  }
  return { counts, ready, waits };
}
