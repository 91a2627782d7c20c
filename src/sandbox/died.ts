/**
 * A worker thread a strategy ended (pool.ts WorkerDied: process.exit, out of memory, an uncaught throw), said in
 * the words of a one-line message: whose decision was open, by the thread's heartbeat (contract.ts), or that none
 * was. Every command that runs strategies in a worker (simulate, tune, replay, play) words it alike.
 */
import { HB_PHASE } from './contract.js';
import type { WorkerDied } from './failures.js';

export interface DeathWords {
  /** `strategy "x" at seat 2 called process.exit(0) during one decision (seed 4, game 17)`. */
  readonly text: string;
  /** The game it happened in, when a decision was open (for a replay command). */
  readonly game: number | null;
}

/**
 * `who(i, seat)`: the strategy at lineup entry i (the heartbeat names entries) and seat, as the command names it;
 * `where(game)`: the game, as the command names it; `strategies`: the lineup, for a death outside a decision.
 */
export function deathWords(e: WorkerDied, who: (lineup: number, seat: number) => string, where: (game: number) => string, strategies: string): DeathWords {
  const v = e.view;
  const open = (v.counter & 1) === 1;
  if (open && v.phase === HB_PHASE.load) return { text: `a strategy file of "${strategies}" ${e.how} while loading in a worker thread`, game: null };
  if (open) {
    const what = v.phase === HB_PHASE.create ? 'create()' : 'one decision';
    return { text: `${who(v.lineup, v.seat)} ${e.how} during ${what} ${where(v.game)}`, game: v.game };
  }
  return { text: `a strategy of "${strategies}" ${e.how} in its worker thread, between decisions ${where(v.game)}`, game: null };
}
