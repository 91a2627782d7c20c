/**
 * The runner's view of the engine contract (src/engine/types.ts): gameSetup from engine/setup.ts and playGame from
 * engine/play.ts. Loaded dynamically so a test can substitute a module of its own, and so the runner builds
 * while the engine is still being written.
 */
import type { GameOutcome, GameSetup, TableConfig } from '../engine/types.js';

export interface EngineApi {
  gameSetup(config: TableConfig, game: number): GameSetup;
  playGame(config: TableConfig, setup: GameSetup, opts: { record: boolean }): GameOutcome;
}

function isEngine(x: Partial<EngineApi>): x is EngineApi {
  return typeof x.gameSetup === 'function' && typeof x.playGame === 'function';
}

export async function loadEngine(override?: string): Promise<EngineApi> {
  if (override) {
    const m = (await import(override)) as Partial<EngineApi>;
    if (!isEngine(m)) throw new Error(`${override} does not export gameSetup and playGame`);
    return m;
  }
  // Specifiers in variables: resolved at run time against dist/src/runner/.
  const setupPath = '../engine/setup.js';
  const playPath = '../engine/play.js';
  const setup = (await import(setupPath)) as Partial<EngineApi>;
  const play = (await import(playPath)) as Partial<EngineApi>;
  const api = { gameSetup: setup.gameSetup, playGame: play.playGame } as Partial<EngineApi>;
  if (!isEngine(api)) throw new Error('src/engine/setup.ts or play.ts does not export gameSetup / playGame');
  return api;
}
