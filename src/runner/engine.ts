/**
 * The runner's view of the engine contract (src/engine/types.ts): gameSetup from engine/setup.ts and playGame
 * from engine/play.ts, gathered in one object so the worker's hot loop names exactly what it depends on.
 */
import type { GameOutcome, GameSetup, TableConfig } from '../engine/types.js';
import { gameSetup } from '../engine/setup.js';
import { playGame } from '../engine/play.js';

export interface EngineApi {
  gameSetup(config: TableConfig, game: number): GameSetup;
  playGame(config: TableConfig, setup: GameSetup, opts: { record: boolean }): GameOutcome;
}

export const engine: EngineApi = { gameSetup, playGame };
