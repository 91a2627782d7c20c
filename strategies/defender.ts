/**
 * `defender` — Harr's rule 3 (docs/rules.md "Playing advice" (3): "with a poor hand, hold the tiles others need and
 * discard only tiles they cannot pung (dead in the discards or exposed sets), aiming for a drawn hand"). Defends
 * when its own hand is poor (shanten >= poorShanten, or >= lateShanten once the wall is short) or when an
 * opponent's exposed sets show him near completion; otherwise plays normally (greedy). Under harr-limit it never
 * makes a discard that could bring the discarder-pays-all penalty (docs/rules.md harr-limit "Penalties") when it has
 * any other choice.
 */
import type { Strategy } from '../src/agent/types.js';
import { KINDS } from '../src/tiles/tile.js';
import { PASS_ACTION, legalOf, readHand } from './shared/view.js';
import { Scratch } from './shared/scratch.js';
import { defendTurn, maxOpponentMelds, penaltyRisk, safeNormalTurn } from './shared/defend.js';
import { greedyClaim } from './shared/modes.js';

export const defender: Strategy = {
  name: 'defender',
  description: "defensive holder (Harr's rule 3): with a poor hand or a threatening opponent, discards only safe tiles",
  params: [
    { name: 'poorShanten', default: 1, min: 0, max: 9, step: 1, description: 'own shanten at or above which the hand counts as poor' },
    { name: 'threatMelds', default: 2, min: 1, max: 5, step: 1, description: "an opponent with this many exposed sets is near completion" },
    { name: 'lateWall', default: 40, min: 0, max: 80, step: 1, description: 'live wall count at or below which a middling hand also defends' },
    { name: 'lateShanten', default: 1, min: 0, max: 9, step: 1, description: 'own shanten at or above which a late hand defends' },
    { name: 'claims', default: false, description: 'claim pungs/chows while defending (exposing breaks up the holding)' },
  ],
  create: ({ params }) => {
    const s = new Scratch();
    const poor = Number(params.poorShanten);
    const threat = Number(params.threatMelds);
    const lateWall = Number(params.lateWall);
    const lateShanten = Number(params.lateShanten);
    const claims = params.claims === true;
    const forbid = new Uint8Array(KINDS);
    return {
      reset() {}, // nothing of a hand is kept between decisions
      act(view) {
        const melds = readHand(view, s.counts);
        if (view.phase === 'wash') return PASS_ACTION;
        if (view.phase === 'rob') return legalOf(view, 'rob') ?? PASS_ACTION;
        const sh = s.a.load(s.counts, melds).shanten();
        const defending =
          sh >= poor || (view.wallCount <= lateWall && sh >= lateShanten) || (sh > 0 && maxOpponentMelds(view) >= threat);
        if (view.phase === 'claim') {
          const mj = legalOf(view, 'mahjong');
          if (mj) return mj;
          return defending && !claims ? PASS_ACTION : greedyClaim(view, s, melds);
        }
        const penalty = view.rules.discarderPaysAll && view.limit !== null ? penaltyRisk(view, forbid) : null;
        if (defending) return defendTurn(view, s, melds, penalty);
        // Playing on with a ready-to-be hand: the least shanten, then the safest of the equals.
        return safeNormalTurn(view, s, melds, penalty);
      },
    };
  },
};
