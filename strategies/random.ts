/** `random`: uniform over the legal actions (a baseline agent, docs/strategies.md). Its only randomness is its seat stream. */
import type { Strategy } from '../src/agent/types.js';
import { intFrom, rawInt32 } from '../src/rng/streams.js';

export const random: Strategy = {
  name: 'random',
  description: 'uniform over the legal actions',
  params: [],
  create: ({ rng }) => {
    // The stream's raw generator, fetched on the first decision (streams are created lazily): the same numbers as
    // rng.int, one call fewer per decision. Any other Rng is used through its interface.
    let g: (() => number) | null = null;
    let raw = true;
    return {
      reset() {}, // the stream is the agent's; nothing of a hand is kept
      act: (view) => {
        const legal = view.legal;
        if (g === null && raw) {
          g = rawInt32(rng);
          raw = g !== null;
        }
        return legal[g !== null ? intFrom(g, legal.length) : rng.int(legal.length)]!;
      },
    };
  },
};
