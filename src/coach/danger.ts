/**
 * A discard's danger as the coach reads it from its own sampled worlds (issue 30, point 1; a stand-in until the
 * inference issue's estimate, issue 25, is merged): in a world where the discard has just been made, whether another
 * seat may declare Mah-Jongg on it (docs/rules.md "Claims on the last discard"). Each claimant is asked in the
 * claim round's order; one who may not win passes, as far as this probe goes, so the next is asked. Over the worlds
 * it is the probability, under the coach's opponent model, that the discard completes an opponent's hand.
 */
import type { World } from '../agent/types.js';

const PASS = Object.freeze({ type: 'pass' as const });

/** `probe`: a world just after `seat`'s discard (it is played on, so pass a copy). */
export function dealsIn(probe: World, seat: number): boolean {
  while (!probe.isOver() && probe.phase() === 'claim' && probe.toMove() !== seat) {
    const legal = probe.legal();
    if (legal.some((a) => a.type === 'mahjong')) return true;
    if (!legal.some((a) => a.type === 'pass')) return false;
    probe.apply(PASS);
  }
  return false;
}
