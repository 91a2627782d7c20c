/**
 * Four `harr` playing hands where every tile is known (docs/strategies.md, "Reading the table: the inference over
 * worlds": the inference's fit and its prediction measurement read the truth beside each seat's view): `cb` is called
 * at every decision, before it is answered, with the state and the view of the seat to move.
 */
import { applyParams } from '../src/agent/params.js';
import type { AgentView } from '../src/agent/types.js';
import { seededWalls } from '../src/engine/chance.js';
import { type HandState, createHandState } from '../src/engine/state.js';
import { apply, startHand } from '../src/engine/step.js';
import { makeStream } from '../src/rng/streams.js';
import { ruleSet } from '../src/rules/index.js';
import { viewFor } from '../src/view/view.js';
import { harr } from '../strategies/harr.js';

export function selfPlay(rules: string, hands: number, seed: number, cb: (s: HandState, view: AgentView, game: number) => void): void {
  const r = ruleSet(rules);
  const params = applyParams(harr, [], 'harr');
  for (let g = 0; g < hands; g++) {
    const s = createHandState(r, r.limit, r.flowers, 4);
    startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(seed, g, `${rules}:wall:${w}`)) });
    const agents = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(seed, g, `seat:${seat}`), params }));
    while (s.flow.phase !== 'over') {
      const mover = s.flow.seat;
      cb(s, viewFor(s, mover), g);
      apply(s, agents[mover]!.act(viewFor(s, mover)));
    }
  }
}
