/**
 * Who sits where in game g (the runner contract, src/engine/types.ts). By default lineup[i] sits at physical seat i
 * and East and the prevailing wind rotate with g, so every strategy sits in every seat equally. With --duplicate
 * every wall is played `players` times with the lineup rotated: streams come from w = floor(g / players), and the
 * same wall, dealer, prevailing wind and per-seat streams meet each strategy in turn.
 */
import type { GameSetup, TableConfig } from './types.js';

export function gameSetup(config: TableConfig, game: number): GameSetup {
  const p = config.players;
  if (config.duplicate) {
    const w = Math.floor(game / p);
    const r = game % p;
    return {
      game,
      streamGame: w,
      seating: Array.from({ length: p }, (_, s) => (s + r) % p),
      firstDealer: w % p,
      firstPrevailing: config.rules.prevailingWind ? Math.floor(w / p) % 4 : 0,
    };
  }
  return {
    game,
    streamGame: game,
    seating: Array.from({ length: p }, (_, s) => s),
    firstDealer: game % p,
    firstPrevailing: config.rules.prevailingWind ? Math.floor(game / p) % 4 : 0,
  };
}
