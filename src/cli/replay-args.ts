/**
 * A game named by its seed (docs/notation.md, "Game records"): the arguments `mjlab replay` takes for one, and the table they
 * define. Shared by the command (src/cli/commands/replay.ts), `--run DIR` (src/cli/replay-run.ts) and the plug-in
 * thread (src/cli/replay-worker.ts), which is why it is a file of its own: they import it, it imports none of them.
 */
import type { TableConfig } from '../game/types.js';
import { resolveLineup } from '../lineup/registry.js';
import { nonNegativeInt, tableOptions } from './table.js';

/** A game from its seed. */
export interface GameArgs {
  rules: string;
  strategies: string;
  seed: number;
  game: number;
  players?: number;
  unit: string;
  limit?: number;
  flowers: boolean;
  duplicate: boolean;
}

/** Validate the replay options and build the table (the command, --run and the plug-in thread). */
export async function replayConfig(a: GameArgs): Promise<TableConfig> {
  nonNegativeInt('--seed', a.seed);
  nonNegativeInt('--game', a.game);
  const table = tableOptions(a);
  const lineup = await resolveLineup(a.strategies, table.players);
  return { ...table, seed: a.seed, lineup, duplicate: a.duplicate };
}
