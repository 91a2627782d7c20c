// Test helpers: constructed walls, scripted agents and table configs for the engine's procedure tests.
import type { Action, AgentView, Strategy } from '../../src/agent/types.js';
import { sameAction } from '../../src/agent/types.js';
import type { StrategyInstance } from '../../src/lineup/registry.js';
import { playGame, type PlayOptions } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { createHandState, type HandState } from '../../src/engine/state.js';
import { seededWalls } from '../../src/engine/chance.js';
import { startHand } from '../../src/engine/step.js';
import { makeStream } from '../../src/rng/streams.js';
import type { GameOutcome, TableConfig } from '../../src/game/types.js';
import { validateState } from '../../src/engine/validate.js';
import type { GameRecord } from '../../src/record/record.js';
import { ruleSet } from '../../src/rules/index.js';
import { parseTiles } from '../../src/tiles/index.js';
import { random } from '../../strategies/random.js';

export interface WallSpec {
  /** Hands in deal order, East first (East 14 tiles, the others 13). */
  readonly hands: readonly string[];
  /** Tiles drawn from the head after the deal, in order. */
  readonly draws?: string;
  /** Loose tiles taken from the tail, in order. */
  readonly loose?: string;
  readonly flowers?: boolean;
}

/** A wall order dealing `hands`, then `draws` from the head; `loose` from the tail; the rest in set order. */
export function buildWall(spec: WallSpec): number[] {
  const size = spec.flowers ? 144 : 136;
  const left = new Map<number, number>();
  for (let t = 0; t < 34; t++) left.set(t, 4);
  if (spec.flowers) for (let t = 34; t < 42; t++) left.set(t, 1);
  const take = (tiles: number[]): number[] => {
    for (const t of tiles) {
      const n = left.get(t) ?? 0;
      if (n === 0) throw new Error(`buildWall: too many of tile ${t}`);
      left.set(t, n - 1);
    }
    return tiles;
  };
  spec.hands.forEach((h, i) => {
    const n = parseTiles(h).length;
    if (n !== (i === 0 ? 14 : 13)) throw new Error(`buildWall: hand ${i} "${h}" has ${n} tiles`);
  });
  const head = take(spec.hands.flatMap((h) => parseTiles(h)).concat(parseTiles(spec.draws ?? '')));
  const loose = take(parseTiles(spec.loose ?? ''));
  const rest: number[] = [];
  // Filler: honours last so that the filler rarely completes anything by accident.
  for (let t = 0; t < 42; t++) for (let k = left.get(t) ?? 0; k > 0; k--) rest.push(t);
  const order = [...head, ...rest, ...loose.reverse()];
  if (order.length !== size) throw new Error(`buildWall: ${order.length} tiles`);
  return order;
}

export interface Decision {
  readonly seat: number;
  readonly phase: string;
  readonly legal: readonly Action[];
  readonly chosen: Action;
  readonly wallCount: number;
  readonly concealed: readonly number[];
  readonly last: number | null;
}

/**
 * A scripted table: each seat has a queue of wanted actions, taken as soon as one is legal (skipping none). Otherwise
 * the agent passes when it may, else discards its drawn tile, else its highest tile. Every decision is logged.
 */
export function scripted(plans: Record<number, Action[]>, log: Decision[]): Strategy {
  return {
    name: 'scripted',
    description: 'test script',
    params: [],
    create: ({ seat }) => {
      const queue = [...(plans[seat] ?? [])];
      return {
        act: (view: AgentView): Action => {
          let chosen: Action | undefined;
          const want = queue[0];
          if (want && view.legal.some((l) => sameAction(l, want))) {
            queue.shift();
            chosen = want;
          }
          chosen ??=
            view.legal.find((l) => l.type === 'pass') ??
            view.legal.find((l) => l.type === 'discard' && l.tile === view.drawn) ??
            [...view.legal].reverse().find((l) => l.type === 'discard')!;
          log.push({
            seat,
            phase: view.phase,
            legal: view.legal,
            chosen,
            wallCount: view.wallCount,
            concealed: [...view.concealed],
            last: view.lastDiscard?.tile ?? null,
          });
          return chosen;
        },
      };
    },
  };
}

export function lineupOf(strategy: Strategy, n: number): StrategyInstance[] {
  return Array.from({ length: n }, () => ({ label: strategy.name, strategy, params: {} }));
}

export function table(
  rules: string,
  lineup: readonly StrategyInstance[],
  over: Partial<TableConfig> = {},
): TableConfig {
  const r = ruleSet(rules);
  return {
    rules: r,
    limit: r.limit,
    flowers: r.flowers,
    players: lineup.length as 2 | 3 | 4,
    unit: 'hand',
    seed: 1,
    lineup,
    duplicate: false,
    ...over,
  };
}

export function randomTable(rules: string, players = 4, over: Partial<TableConfig> = {}): TableConfig {
  return table(rules, lineupOf(random, players), over);
}

/** Play game 0 on a constructed wall with validation after every event; returns the outcome and its record. */
export function playScripted(
  config: TableConfig,
  walls: number[][],
  extra: Partial<PlayOptions> = {},
): { outcome: GameOutcome; record: GameRecord; states: HandState[] } {
  const states: HandState[] = [];
  const outcome = playGame(config, gameSetup(config, 0), {
    record: true,
    wallOrders: walls,
    check: (s) => {
      validateState(s);
      if (states.length === 0) states.push(s);
    },
    ...extra,
  });
  return { outcome, record: outcome.record as GameRecord, states };
}

/** A table shape for tests that start hands of their own. */
export interface Table {
  readonly rules: string;
  readonly players: number;
  readonly flowers?: boolean;
}

/** A table of every rule set, and the 3- and 2-player tables (with flowers): what the view tests play. */
export const EVERY_TABLE: readonly Table[] = [
  { rules: 'harr', players: 4 },
  { rules: 'harr-limit', players: 4 },
  { rules: 'babcock', players: 4 },
  { rules: 'code500', players: 4 },
  { rules: 'babcock', players: 3 },
  { rules: 'harr', players: 2, flowers: true },
];

/** A hand of table `t` started from `seed`'s walls, the dealer and prevailing wind from the seed. */
export function newHand(t: Table, seed: number): HandState {
  const r = ruleSet(t.rules);
  const s = createHandState(r, r.limit, t.flowers ?? r.flowers, t.players);
  startHand(s, {
    dealer: seed % t.players,
    prevailing: seed % 4,
    scores: new Array<number>(t.players).fill(r.startingScore),
    chance: seededWalls((w) => makeStream(seed, 0, `wall:0:${w}`)),
  });
  return s;
}
