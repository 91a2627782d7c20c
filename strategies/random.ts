/** `random`: uniform over the legal actions (issue 2, baseline agents). Its only randomness is its seat stream. */
import type { Strategy } from '../src/agent/types.js';

export const random: Strategy = {
  name: 'random',
  description: 'uniform over the legal actions',
  params: [],
  create: ({ rng }) => ({
    act: (view) => view.legal[rng.int(view.legal.length)]!,
  }),
};
