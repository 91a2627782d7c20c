/**
 * `chow-mixer` — fast win, Harr's "running for cover" (docs/rules.md "Playing advice" (2); Harr, "suggestions for
 * careful playing of hands": "stop improving and finish fast — form sequences and mix suits"). Gathers sequences
 * in any suits, sheds lone honours first (they make no runs), claims every chow and pung that brings the hand
 * nearer to complete, takes the first win offered.
 */
import type { Action, Strategy } from '../src/agent/types.js';
import { PASS_ACTION, legalOf, readHand } from './shared/view.js';
import { Scratch } from './shared/scratch.js';
import { fastClaim, fastTurn } from './shared/modes.js';

export const chowMixer: Strategy = {
  name: 'chow-mixer',
  description: "fast win (Harr's running for cover): sequences, mixed suits, every helpful claim, first win",
  params: [
    { name: 'ukeire', default: true, description: 'break shanten ties by the number of live tiles that would help' },
    { name: 'honourBias', default: 6, min: 0, max: 40, step: 1, description: 'extra readiness to discard a lone honour (no runs possible)' },
    { name: 'claimPungs', default: true, description: 'also claim pungs (chows are always claimed when they help)' },
  ],
  create: ({ params }) => {
    const s = new Scratch();
    const ukeire = params.ukeire !== false;
    const honourBias = Number(params.honourBias);
    const pungs = params.claimPungs !== false;
    // One filter per agent, not a closure per claim.
    const allow = (a: Action): boolean => a.type === 'chow' || pungs;
    return {
      reset() {}, // nothing of a hand is kept between decisions
      act(view) {
        const melds = readHand(view, s.counts);
        switch (view.phase) {
          case 'wash':
            return PASS_ACTION;
          case 'rob':
            return legalOf(view, 'rob') ?? PASS_ACTION;
          case 'claim':
            return fastClaim(view, s, melds, allow);
          case 'turn':
            return fastTurn(view, s, melds, ukeire, honourBias);
        }
      },
    };
  },
};
