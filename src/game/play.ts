/**
 * Plays games with agents (docs/rules.md "Seats"): agents are created once per game with their seat
 * streams, and each hand is driven through the engine's state machine (src/engine/step.ts): the seat to move gets
 * its view (src/view), its agent answers, the engine applies the answer. A game is one hand (default) or a match
 * (match.ts).
 *
 * Stream purposes (src/rng/streams.ts): a one-hand game deals from "wall" (reshuffle W after a wash: "wall:0:W");
 * hand H of a match from "wall:H" ("wall:H:W").
 */
import type { Agent, StrategyInstance } from '../agent/types.js';
import type { Seat } from '../core/seat.js';
import { AgentError } from '../errors.js';
import { CLI, shellWord, shownValue, thrownMessage } from '../text.js';
import { makeStream, seatStream } from '../rng/streams.js';
import { type WallSource, orderedWalls, seededWalls } from '../engine/chance.js';
import type { LuckMeter } from '../luck/meter.js';
import { afterEveryEvent, observers, NO_OBSERVER, type HandObserver } from '../engine/observer.js';
import { handResult } from '../engine/result.js';
import { type HandState, createHandState } from '../engine/state.js';
import { type HandStart, IllegalAction, apply, startHand } from '../engine/step.js';
import type { HandResult } from '../engine/types.js';
import { HandRecorder } from '../record/recorder.js';
import { type HandRecord, gameRecord, handRecord } from '../record/record.js';
import { viewFor } from '../view/view.js';
import { GameProgress, MAX_MATCH_HANDS } from './match.js';
import type { GameOutcome, GameSetup, TableConfig } from './types.js';

export { MAX_MATCH_HANDS } from './match.js';

export interface PlayOptions {
  readonly record: boolean;
  /** Tests: called after every event with the state (tile conservation, cached equals fresh). */
  readonly check?: (s: HandState) => void;
  /** Tests: constructed wall orders for the first hand, one per deal, used in order instead of the seeded walls. */
  readonly wallOrders?: readonly (readonly number[])[];
  /** Luck of the draw (src/luck/meter.ts): reset at the game's start, told of every draw. */
  readonly luck?: LuckMeter;
}

export function wallPurpose(unit: 'hand' | 'match', hand: number, reshuffle: number): string {
  if (unit === 'hand') return reshuffle === 0 ? 'wall' : `wall:0:${reshuffle}`;
  return reshuffle === 0 ? `wall:${hand}` : `wall:${hand}:${reshuffle}`;
}

/** The seeded walls of hand `hand` of the game whose streams come from `streamGame`. */
export function gameWalls(config: TableConfig, streamGame: number, hand: number): WallSource {
  return seededWalls((w) => makeStream(config.seed, streamGame, wallPurpose(config.unit, hand, w)));
}

/** The `mjlab replay` command line reproducing game `game` of `config`. */
export function replayCommand(config: TableConfig, game: number): string {
  const parts = [
    `${CLI} replay`,
    `--rules ${shellWord(config.rules.id)}`,
    `--strategies ${shellWord(config.lineup.map((l) => l.entry ?? l.label).join(','))}`,
    `--seed ${config.seed}`,
    `--game ${game}`,
  ];
  if (config.players !== 4) parts.push(`--players ${config.players}`);
  if (config.unit !== 'hand') parts.push(`--unit ${config.unit}`);
  if (config.limit !== config.rules.limit && config.limit !== null) parts.push(`--limit ${config.limit}`);
  if (config.flowers && !config.rules.flowers) parts.push('--flowers');
  if (config.duplicate) parts.push('--duplicate');
  return parts.join(' ');
}

/**
 * Plays games of one table configuration, reusing its hand state (typed arrays, wall) from game to game: each hand
 * resets it fully (startHand), so a game's outcome never depends on the games played before it on the same engine
 * (test/engine/determinism.test.ts). Hold one per runner worker; not shared between concurrent callers.
 */
export interface GameEngine {
  readonly config: TableConfig;
  play(setup: GameSetup, opts: PlayOptions): GameOutcome;
}

export function createEngine(config: TableConfig): GameEngine {
  const state = createHandState(config.rules, config.limit, config.flowers, config.players);
  return { config, play: (setup, opts) => play(config, state, setup, opts) };
}

/** One game on a fresh engine. A caller playing many games of one configuration should hold a createEngine(). */
export function playGame(config: TableConfig, setup: GameSetup, opts: PlayOptions): GameOutcome {
  return createEngine(config).play(setup, opts);
}

/**
 * The agent at `seat` for the game of `setup`, created with its own stream seatStream(seed, streamGame, seat): what
 * every driver of games seats (the runner, replays, a person's opponents in `mjlab play`, a strategy compared with a
 * record's seat), so the same seed gives the same agents everywhere.
 */
/** How a fault names a strategy: by the lineup entry as written (a plug-in's or bot's file, which is what to fix), else its label. */
export function faultName(inst: StrategyInstance): string {
  return inst.entry ?? inst.label;
}

export function createSeatAgent(config: TableConfig, setup: GameSetup, seat: Seat, where: () => string): Agent {
  const inst = config.lineup[setup.seating[seat]!]!;
  try {
    const table = { unit: config.unit, maxHands: config.unit === 'match' ? MAX_MATCH_HANDS : 1, limit: config.limit, flowers: config.flowers };
    return inst.strategy.create({ seat, players: config.players, rules: config.rules, rng: seatStream(config.seed, setup.streamGame, seat), params: inst.params, table });
  } catch (e) {
    throw new AgentError(
      `strategy "${faultName(inst)}" failed to create its agent at seat ${seat}: ${thrownMessage(e)} (${where()})`,
      faultName(inst),
      config.seed,
      setup.game,
    );
  }
}

function createAgents(config: TableConfig, setup: GameSetup, where: () => string): Agent[] {
  const agents: Agent[] = [];
  for (let seat = 0; seat < config.players; seat++) agents.push(createSeatAgent(config, setup, seat, where));
  return agents;
}

/**
 * The seat to move on `s` decides through its own view and the engine applies the answer; a strategy that throws or
 * answers an illegal action is an AgentError naming it, the seed and the game.
 */
export function agentMove(s: HandState, agent: Agent, label: string, seed: number, game: number, where: () => string): void {
  const seat: Seat = s.flow.seat;
  let a;
  try {
    a = agent.act(viewFor(s, seat));
  } catch (e) {
    throw new AgentError(`strategy "${label}" at seat ${seat} threw: ${thrownMessage(e)} (${where()})`, label, seed, game);
  }
  try {
    apply(s, a);
  } catch (e) {
    if (!(e instanceof IllegalAction)) throw e;
    // A plug-in's answer is quoted, never echoed whole: it may carry megabytes, or control characters.
    throw new AgentError(`strategy "${label}" at seat ${seat} returned an illegal action ${shownValue(a)} in phase ${e.phase} (${where()})`, label, seed, game);
  }
}

/** Each agent that asks (Agent.handOver) is told how the hand ended; one that throws is an AgentError naming it. */
export function tellHandOver(agents: readonly Agent[], result: HandResult, labels: readonly string[], seed: number, game: number, where: () => string): void {
  agents.forEach((agent, seat) => {
    if (!agent.handOver) return;
    try {
      agent.handOver(result);
    } catch (e) {
      throw new AgentError(`strategy "${labels[seat]}" at seat ${seat} threw: ${thrownMessage(e)} (${where()})`, labels[seat]!, seed, game);
    }
  });
}

/** Drive the hand on `s` to its end, each decision from its seat's agent through its own view. */
function playHandWith(s: HandState, agents: readonly Agent[], labels: readonly string[], config: TableConfig, game: number, where: () => string): void {
  const f = s.flow;
  while (f.phase !== 'over') agentMove(s, agents[f.seat]!, labels[f.seat]!, config.seed, game, where);
}

/**
 * The hand just played on `s` (hand `h`, started as `start`), scored and settled; with a recorder, its record too
 * (the recorder is given the scores first).
 */
export function closeHand(
  s: HandState,
  h: number,
  start: HandStart,
  recorder: HandRecorder | null,
  labels: readonly string[],
): { readonly result: HandResult; readonly record: HandRecord | null } {
  const result = handResult(s, h, recorder !== null);
  if (recorder === null) return { result, record: null };
  recorder.scored(result);
  return { result, record: handRecord(h, start, s.rules, recorder, result, labels, Array.from(s.pub.seatWind)) };
}

function play(config: TableConfig, state: HandState, setup: GameSetup, opts: PlayOptions): GameOutcome {
  const labels = setup.seating.map((i) => config.lineup[i]!.label);
  const named = setup.seating.map((i) => faultName(config.lineup[i]!));
  const where = (): string => `seed ${config.seed}, game ${setup.game}; reproduce with: ${replayCommand(config, setup.game)}`;
  const agents = createAgents(config, setup, where);
  const progress = new GameProgress(config, setup);
  const handRecords: HandRecord[] = [];
  const check: HandObserver | null = opts.check ? afterEveryEvent(opts.check) : null;
  opts.luck?.reset();
  while (!progress.over) {
    const h = progress.hand;
    const seeded = gameWalls(config, setup.streamGame, h);
    const chance = h === 0 && opts.wallOrders ? orderedWalls(opts.wallOrders, seeded) : seeded;
    const recorder = opts.record ? new HandRecorder() : null;
    const told = [recorder, check, opts.luck?.observer ?? null].filter((o): o is HandObserver => o !== null);
    state.obs = told.length === 0 ? NO_OBSERVER : observers(told);
    const start = progress.handStart(chance);
    startHand(state, start);
    playHandWith(state, agents, named, config, setup.game, where);
    const { result, record } = closeHand(state, h, start, recorder, labels);
    tellHandOver(agents, result, named, config.seed, setup.game, where);
    if (record !== null) handRecords.push(record);
    progress.finishHand(result);
  }
  state.obs = NO_OBSERVER;
  const outcome: GameOutcome = {
    seed: config.seed,
    game: setup.game,
    setup,
    strategies: labels,
    hands: progress.hands,
    finalScores: progress.cumulative,
  };
  if (!opts.record) return outcome;
  return { ...outcome, record: gameRecord(config, setup, labels, handRecords, progress.cumulative) };
}
