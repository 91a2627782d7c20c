/**
 * Who sits where in game g (the runner contract, src/engine/types.ts). By default lineup[i] sits at physical seat i
 * and East and the prevailing wind rotate with g, so every strategy sits in every seat equally. With --duplicate
 * every wall is played `players` times with the lineup rotated: streams come from w = floor(g / players), and the
 * same wall, dealer, prevailing wind and per-seat streams meet each strategy in turn.
 */
import type { GameSetup, TableConfig } from './types.js';

/** Seat s holds lineup[(s + r) % p]. */
function rotated(p: number, r: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < p; s++) out.push((s + r) % p);
  return out;
}

export function gameSetup(config: TableConfig, game: number): GameSetup {
  const p = config.players;
  if (config.duplicate) {
    const w = Math.floor(game / p);
    const r = game % p;
    return {
      game,
      streamGame: w,
      seating: rotated(p, r),
      firstDealer: w % p,
      firstPrevailing: config.rules.prevailingWind ? Math.floor(w / p) % 4 : 0,
    };
  }
  return {
    game,
    streamGame: game,
    seating: rotated(p, 0),
    firstDealer: game % p,
    firstPrevailing: config.rules.prevailingWind ? Math.floor(game / p) % 4 : 0,
  };
}
