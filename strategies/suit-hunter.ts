/**
 * `suit-hunter` — all one suit (docs/rules.md "Playing advice": "play a strong suit regardless of others"; "Do not chase
 * a suit every other player is discarding without enough pairs from the start"; "Two players on one suit should
 * both give it up for sets of honours"). Chooses a suit from the original hand and the first discards, provided it
 * holds `minPairs` pairs; discards the other suits; keeps and pungs honours for the doubles; claims only its suit
 * or honours. Gives the suit up (then plays for the quickest hand, keeping honour sets) when another player
 * visibly collects the same suit, or when the wall runs short with the hand still far from complete.
 */
import type { Strategy } from '../src/agent/types.js';
import { PASS_ACTION, legalOf, readHand } from './shared/view.js';
import { Scratch } from './shared/scratch.js';
import { fastClaim, fastTurn, huntClaim, huntShanten, huntTurn, meldsFit, pickSuit, rivalOnSuit } from './shared/modes.js';

const UNDECIDED = -1;
/** Claim filter once the suit is given up: any claim that helps. */
const anyClaim = (): boolean => true;
const GAVE_UP = -2;

export const suitHunter: Strategy = {
  name: 'suit-hunter',
  description: 'all one suit (with honours for the doubles), chosen from the original hand with enough pairs',
  params: [
    { name: 'minPairs', default: 1, min: 0, max: 5, step: 1, description: 'pairs (in the suit or honours) needed to start hunting a suit' },
    { name: 'minTiles', default: 6, min: 4, max: 13, step: 1, description: 'tiles of the suit plus honours needed to start hunting it' },
    { name: 'chooseBy', default: 8, min: 0, max: 20, step: 1, description: 'the suit may be re-chosen until this many discards have been made' },
    { name: 'rivalTiles', default: 6, min: 3, max: 13, step: 1, description: "give up when another player's exposed sets hold this many tiles of the suit" },
    { name: 'giveUpWall', default: 12, min: 0, max: 60, step: 1, description: 'live wall count at or below which a far hand gives up the suit' },
    { name: 'giveUpShanten', default: 4, min: 1, max: 9, step: 1, description: 'shanten (in the suit) counted as far from complete' },
  ],
  create: ({ params }) => {
    const s = new Scratch();
    const minPairs = Number(params.minPairs);
    const minTiles = Number(params.minTiles);
    const chooseBy = Number(params.chooseBy);
    const rivalTiles = Number(params.rivalTiles);
    const giveUpWall = Number(params.giveUpWall);
    const giveUpShanten = Number(params.giveUpShanten);
    let suit = UNDECIDED;
    let lastDiscardCount = -1;
    return {
      reset() {
        suit = UNDECIDED;
        lastDiscardCount = -1;
      },
      act(view) {
        const melds = readHand(view, s.counts);
        // A new hand of a match starts the plan afresh.
        if (view.discardCount < lastDiscardCount) suit = UNDECIDED;
        lastDiscardCount = view.discardCount;
        if (view.phase === 'wash') return PASS_ACTION;
        if (view.phase === 'rob') return legalOf(view, 'rob') ?? PASS_ACTION;
        if (suit !== GAVE_UP && view.discardCount <= chooseBy && (suit === UNDECIDED || melds === 0)) {
          const pick = pickSuit(s.counts, minPairs, minTiles);
          if (pick >= 0) suit = pick;
        }
        if (suit >= 0) {
          if (!meldsFit(view, suit) || rivalOnSuit(view, suit, rivalTiles)) suit = GAVE_UP;
          else if (view.wallCount <= giveUpWall && huntShanten(s, melds, suit) >= giveUpShanten) suit = GAVE_UP;
        }
        if (suit >= 0) return view.phase === 'claim' ? huntClaim(view, s, melds, suit) : huntTurn(view, s, melds, suit);
        return view.phase === 'claim' ? fastClaim(view, s, melds, anyClaim) : fastTurn(view, s, melds, false, 0);
      },
    };
  },
};
