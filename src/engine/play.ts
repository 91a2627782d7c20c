/**
 * playGame: one game = one hand (default) or a match of four wind rounds (RULES.md "Seats": East keeps the deal while
 * he wins and, except code500, on a drawn hand; otherwise South becomes East; harr-limit "wind rounds": the round
 * ends when the deal has gone round once; four rounds make a set). Cumulative scores start at
 * RuleSet.startingScore (Babcock 2,000). Agents are created once per game with their seat streams.
 *
 * Stream purposes (src/rng/streams.ts): a one-hand game deals from "wall" (reshuffle W after a wash: "wall:0:W");
 * hand H of a match from "wall:H" ("wall:H:W").
 */
import type { Agent, Seat } from '../agent/types.js';
import { AgentError } from '../errors.js';
import { makeStream, seatStream } from '../rng/streams.js';
import type { HandEvent } from '../record/events.js';
import { type GameRecord, type HandRecord, recordResult, windLetter } from '../record/record.js';
import { playHand } from './hand.js';
import { handResult } from './result.js';
import { type HandState, createHandState } from './state.js';
import type { GameOutcome, GameSetup, HandResult, TableConfig } from './types.js';

/** Safety cap on hands in a match (East may keep the deal many times). */
export const MAX_MATCH_HANDS = 200;

export interface PlayOptions {
  readonly record: boolean;
  /** Tests: called after every event with the state (tile conservation). */
  readonly check?: (s: HandState, inTurn: Seat | null) => void;
  /** Tests: constructed wall orders, one per deal, used in order instead of the seeded walls. */
  readonly wallOrders?: readonly (readonly number[])[];
}

export function wallPurpose(unit: 'hand' | 'match', hand: number, reshuffle: number): string {
  if (unit === 'hand') return reshuffle === 0 ? 'wall' : `wall:0:${reshuffle}`;
  return reshuffle === 0 ? `wall:${hand}` : `wall:${hand}:${reshuffle}`;
}

/** The `mjlab replay` command line reproducing game `game` of `config`. */
export function replayCommand(config: TableConfig, game: number): string {
  const parts = [
    'mjlab replay',
    `--rules ${config.rules.id}`,
    `--strategies ${config.lineup.map((l) => l.label).join(',')}`,
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
 * resets it fully (resetHand, fillWall), so a game's outcome never depends on the games played before it on the same
 * engine (test/engine/determinism.test.ts). Hold one per runner worker; not shared between concurrent callers.
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

function play(config: TableConfig, state: HandState, setup: GameSetup, opts: PlayOptions): GameOutcome {
  const p = config.players;
  const rules = config.rules;
  const labels = setup.seating.map((i) => config.lineup[i]!.label);
  const where = (): string => `seed ${config.seed}, game ${setup.game}; reproduce with: ${replayCommand(config, setup.game)}`;
  const agents: Agent[] = [];
  for (let seat = 0; seat < p; seat++) {
    const inst = config.lineup[setup.seating[seat]!]!;
    try {
      agents.push(
        inst.strategy.create({
          seat,
          players: p,
          rules,
          rng: seatStream(config.seed, setup.streamGame, seat),
          params: inst.params,
        }),
      );
    } catch (e) {
      throw new AgentError(
        `strategy "${inst.label}" failed to create its agent at seat ${seat}: ${(e as Error)?.message ?? String(e)} (${where()})`,
        inst.label,
        config.seed,
        setup.game,
      );
    }
  }
  const cumulative = new Array<number>(p).fill(rules.startingScore);
  const hands: HandResult[] = [];
  const handRecords: HandRecord[] = [];
  let dealer: Seat = setup.firstDealer;
  let prevailing = setup.firstPrevailing;
  let passes = 0;
  for (let h = 0; h < MAX_MATCH_HANDS; h++) {
    state.dealer = dealer;
    state.prevailing = prevailing;
    state.scores = cumulative.slice();
    const events: HandEvent[] | null = opts.record ? [] : null;
    const end = playHand({
      state,
      agents,
      labels,
      where,
      seed: config.seed,
      game: setup.game,
      wallRng: (w) => makeStream(config.seed, setup.streamGame, wallPurpose(config.unit, h, w)),
      wallOrders: h === 0 ? opts.wallOrders : undefined,
      events,
      check: opts.check,
    });
    const result = handResult(state, end, h, events);
    hands.push(result);
    for (let seat = 0; seat < p; seat++) cumulative[seat]! += result.nets[seat]!;
    if (events !== null) {
      handRecords.push({
        hand: h,
        dealer,
        prevailing: rules.prevailingWind ? windLetter(prevailing) : null,
        events,
        result: recordResult(result, labels, Array.from(state.seatWind)),
      });
    }
    if (config.unit === 'hand') break;
    const keep = end.winner === dealer || (end.winner === null && rules.eastKeepsDealOnDraw);
    if (!keep) {
      dealer = (dealer + 1) % p;
      passes++;
      if (passes % p === 0) prevailing = (prevailing + 1) % 4;
      if (passes >= 4 * p) break;
    }
  }
  const outcome: GameOutcome = {
    seed: config.seed,
    game: setup.game,
    setup,
    strategies: labels,
    hands,
    finalScores: cumulative,
  };
  if (!opts.record) return outcome;
  const first = handRecords[0]!;
  let result = first.result;
  if (config.unit === 'match') {
    let best = 0;
    for (let seat = 1; seat < p; seat++) if (cumulative[seat]! > cumulative[best]!) best = seat;
    result = {
      ...first.result,
      winner_seat: best,
      winner_wind: null,
      winner_strategy: labels[best]!,
      win_by: 'match',
      winner_score: cumulative[best]!,
      winner_pattern: null,
      discarder: null,
      limit_hit: false,
      penalty_payer: null,
      scores: cumulative.slice(),
      nets: cumulative.map((x) => x - rules.startingScore),
      washes: [],
    };
  }
  const record: GameRecord = {
    format: 'mjlab-record/1',
    rules: rules.id,
    seed: config.seed,
    game: setup.game,
    stream_game: setup.streamGame,
    players: p,
    unit: config.unit,
    limit: config.limit,
    flowers: config.flowers,
    duplicate: config.duplicate,
    strategies: labels,
    hands: handRecords,
    result: { ...result, final_scores: cumulative.slice() },
  };
  return { ...outcome, record };
}
