/**
 * The opponent model of search's sampled worlds (strategies/search.ts; AgentView.sampleWorld's HandGuide; the prior
 * of the inference over worlds, src/infer/guide.ts): another seat's concealed hand should be about as near to complete as a `harr` hand with the same number of declared sets
 * and discards. MEDIAN_SHANTEN is the median shanten of such hands in four-`harr` play under the four rule sets
 * (experiments/fits/opponent-model.ts made it: 400 hands per rule set, seed 15; a test checks it). Cells seen too rarely to
 * measure hold -9 and take the nearest measured cell of the same row.
 */
import type { HandGuide } from '../agent/types.js';
import { HandAnalyser } from '../hand/shanten.js';

/** Discards beyond which a seat's cell is the last one. */
export const MAX_TURNS = 20;

export const MEDIAN_SHANTEN: readonly (readonly number[])[] = [
  [4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, -9],
  [-9, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
  [-9, -9, 2, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  [-9, -9, -9, -9, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  [-9, -9, -9, -9, -9, -9, -9, -9, -9, 0, 0, 0, 0, 0, -9, -9, -9, -9, -9, -9, -9],
];

/** The median with the rare cells filled from their row's nearest measured neighbour (earlier turns first). */
function target(melds: number, turns: number): number {
  const row = MEDIAN_SHANTEN[Math.min(melds, MEDIAN_SHANTEN.length - 1)] ?? [];
  const t = Math.min(turns, MAX_TURNS);
  for (let d = 0; d <= MAX_TURNS; d++) {
    const a = row[t - d];
    if (a !== undefined && a !== -9) return a;
    const b = row[t + d];
    if (b !== undefined && b !== -9) return b;
  }
  return 0;
}

/** A HandGuide: a dealt hand fits when it is at most the median shanten of its cell; `tries` deals per seat. */
export function opponentGuide(tries: number): HandGuide {
  const a = new HandAnalyser(new ArrayBuffer(HandAnalyser.BYTES), 0);
  return {
    tries,
    misfit: (counts, melds, turns) => a.load(counts, melds).shanten() - target(melds, turns),
  };
}
