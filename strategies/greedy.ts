/**
 * `greedy`: declares every win, claims whenever the claim brings the hand nearer to complete,
 * discards to minimise the distance to a complete hand (shanten). Ties: at a ready hand the discard leaving the
 * most live winning tiles, otherwise the tile with the least shape value (lone honours and terminals first), then
 * the lowest tile id. No randomness. Kongs are declared when they do not set the hand back (a free loose tile).
 */
import type { Action, AgentView, Strategy } from '../src/agent/types.js';
import { KINDS } from '../src/tiles/tile.js';
import { PASS_ACTION, legalOf, readHand } from './shared/view.js';
import { Scratch } from './shared/scratch.js';
import { pickDiscard, shapeValue } from './shared/discard.js';
import { greedyClaim } from './shared/modes.js';

export function greedyTurn(view: AgentView, s: Scratch, melds: number): Action {
  const mj = legalOf(view, 'mahjong');
  if (mj) return mj;
  const c = s.counts;
  const a = s.a.load(c, melds);
  for (let t = 0; t < KINDS; t++) if (c[t] !== 0) s.cost[t] = shapeValue(c, t);
  // Live counts only matter for choosing between ready discards; the table view is costly to build, so
  // pickDiscard reads it from the view only then.
  const tile = pickDiscard(a, c, c, s, view);
  const sh = s.sh[tile]!;
  for (const act of view.legal) {
    if (act.type === 'concealed-kong' && a.shantenWith(act.tile, -4, 1) <= sh) return act;
    if (act.type === 'add-kong' && a.shantenWith(act.tile, -1) <= sh) return act;
  }
  return legalOf(view, 'discard', tile)!;
}

export const greedy: Strategy = {
  name: 'greedy',
  description: 'declares every win, claims when it brings the hand nearer to complete, discards to minimise shanten',
  params: [],
  create: () => {
    const s = new Scratch();
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
            return greedyClaim(view, s, melds);
          case 'turn':
            return greedyTurn(view, s, melds);
        }
      },
    };
  },
};
