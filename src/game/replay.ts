/**
 * Re-executes a game record through the engine (docs/notation.md, "Game records"): the record's wall orders and decisions alone
 * play the game again, hand after hand as the match progression deals them (match.ts), and a fresh record is written
 * from what happens, so `mjlab replay --record FILE --json` prints the file's record again byte for byte. A record
 * whose decisions run out before a hand ends, that has decisions left after it, names a seat that is not the one
 * to move, or holds a decision that is not legal where it stands is refused with one line naming the move.
 *
 * A hand-written record is a scenario (docs/notation.md "Game records"): the table (rules and, optionally, players,
 * unit, limit, flowers), then per hand the walls (whole orders or {hands, draws, loose}) and the decisions; seed,
 * game, strategies, events and results may be left out (the labels default to "record").
 */
import { readFileSync } from 'node:fs';
import { orderedWalls } from '../engine/chance.js';
import { handResult } from '../engine/result.js';
import { type HandState, createHandState } from '../engine/state.js';
import { IllegalAction, apply, isOver, legalActions, startHand } from '../engine/step.js';
import { UserError } from '../errors.js';
import { type RecordedAction, actionText, parseRecordedAction } from '../record/actions.js';
import { RECORD_FORMAT, type GameRecord, type HandRecord, gameRecord, handRecord } from '../record/record.js';
import type { HandEvent } from '../record/events.js';
import { HandRecorder } from '../record/recorder.js';
import { type WallSpec, buildWall, parseWallOrder } from '../record/walls.js';
import { isRuleSetId, ruleSet, type RuleSet } from '../rules/index.js';
import { GameProgress } from './match.js';

/** A record's table and hands, checked and parsed, before anything is played. */
export interface Scenario {
  readonly rules: RuleSet;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly duplicate: boolean;
  readonly seed: number;
  readonly game: number;
  readonly streamGame: number;
  readonly strategies: readonly string[];
  readonly firstDealer: number;
  readonly firstPrevailing: number;
  readonly hands: readonly { readonly walls: readonly number[][]; readonly actions: readonly RecordedAction[]; readonly dealer?: number; readonly prevailing?: string | null }[];
}

type Json = Record<string, unknown>;

function isObject(x: unknown): x is Json {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const WINDS = 'ESWN';

function intField(o: Json, key: string, fallback: number, where: string): number {
  const v = o[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new UserError(`${where}: "${key}" must be a non-negative integer, got ${JSON.stringify(v)}`);
  return v;
}

/** Check and parse a record (or scenario) read from `file`. */
export function parseScenario(data: unknown, file: string): Scenario {
  if (!isObject(data)) throw new UserError(`${file}: not a game record (a JSON object)`);
  if (data.format !== undefined && data.format !== RECORD_FORMAT) {
    throw new UserError(`${file}: record format ${JSON.stringify(data.format)} cannot be re-executed (needs ${RECORD_FORMAT}: wall orders and decisions)`);
  }
  const id = data.rules;
  if (typeof id !== 'string' || (!isRuleSetId(id) && !id.endsWith('.json'))) throw new UserError(`${file}: "rules" must name a rule set or a variant file, got ${JSON.stringify(id)}`);
  const sha = data.rules_sha256;
  if (sha !== undefined && typeof sha !== 'string') throw new UserError(`${file}: "rules_sha256" must be a string, got ${JSON.stringify(sha)}`);
  const rules = ruleSet(id, sha);
  const players = intField(data, 'players', 4, file);
  if (players < 2 || players > 4) throw new UserError(`${file}: "players" must be 2, 3 or 4, got ${players}`);
  const unit = data.unit ?? 'hand';
  if (unit !== 'hand' && unit !== 'match') throw new UserError(`${file}: "unit" must be "hand" or "match", got ${JSON.stringify(unit)}`);
  const limit = data.limit === undefined ? rules.limit : data.limit;
  if (limit !== null && (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit <= 0)) {
    throw new UserError(`${file}: "limit" must be a positive integer or null, got ${JSON.stringify(limit)}`);
  }
  const flowers = data.flowers ?? rules.flowers;
  if (typeof flowers !== 'boolean') throw new UserError(`${file}: "flowers" must be true or false`);
  if (flowers && !rules.flowers && !rules.flowersOptional) throw new UserError(`${file}: rule set ${id} is not played with flowers (docs/rules.md)`);
  const strategies = data.strategies ?? new Array<string>(players).fill('record');
  if (!Array.isArray(strategies) || strategies.length !== players || !strategies.every((x) => typeof x === 'string')) {
    throw new UserError(`${file}: "strategies" must list one label per seat (${players})`);
  }
  if (!Array.isArray(data.hands) || data.hands.length === 0) throw new UserError(`${file}: "hands" must list at least one hand`);
  const hands = data.hands.map((h: unknown, i: number) => {
    const where = `${file}, hand ${i + 1}`;
    if (!isObject(h)) throw new UserError(`${where}: not an object`);
    if (!Array.isArray(h.walls) || h.walls.length === 0) throw new UserError(`${where}: "walls" must list the wall order of each deal`);
    const walls = h.walls.map((w: unknown, k: number) => {
      const at = `${where}, wall ${k + 1}`;
      if (typeof w === 'string') return parseWallOrder(w, flowers, at);
      if (isObject(w) && Array.isArray(w.hands) && w.hands.every((x) => typeof x === 'string')) return buildWall(w as unknown as WallSpec, flowers, at);
      throw new UserError(`${at}: a wall is a whole order ("1m 5p ...") or { "hands": [...], "draws": "...", "loose": "..." }`);
    });
    if (!Array.isArray(h.actions)) throw new UserError(`${where}: "actions" must list the decisions ("SEAT TYPE [TILE]")`);
    const actions = h.actions.map((a: unknown, k: number) => parseRecordedAction(a, `${where}, move ${k + 1}`));
    const dealer = h.dealer === undefined ? undefined : intField(h, 'dealer', 0, where);
    const prevailing = h.prevailing === undefined ? undefined : (h.prevailing as string | null);
    return { walls, actions, ...(dealer !== undefined ? { dealer } : {}), ...(prevailing !== undefined ? { prevailing } : {}) };
  });
  const first = hands[0]!;
  const firstDealer = first.dealer ?? 0;
  if (firstDealer >= players) throw new UserError(`${file}, hand 1: dealer ${firstDealer} is not a seat of ${players}`);
  const firstPrevailing = typeof first.prevailing === 'string' ? WINDS.indexOf(first.prevailing) : 0;
  if (firstPrevailing < 0) throw new UserError(`${file}, hand 1: prevailing wind ${JSON.stringify(first.prevailing)} is not E, S, W or N`);
  return {
    rules,
    players: players as 2 | 3 | 4,
    unit,
    limit: limit as number | null,
    flowers,
    duplicate: data.duplicate === true,
    seed: intField(data, 'seed', 0, file),
    game: intField(data, 'game', 0, file),
    streamGame: intField(data, 'stream_game', intField(data, 'game', 0, file), file),
    strategies: strategies as string[],
    firstDealer,
    firstPrevailing,
    hands,
  };
}

export function readScenario(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const records = text.split('\n').filter((l) => l.trim() !== '').length;
    if (records > 1 && text.trimStart().startsWith('{"format"')) {
      throw new UserError(`${file} holds ${records} game records, one a line (mjlab export): give one of them, e.g. sed -n 1p ${file} | node bin/mjlab.js replay --record /dev/stdin`);
    }
    throw new UserError(`${file}: not JSON (${(e as Error).message})`);
  }
  return parseScenario(data, file);
}

function move(a: RecordedAction): string {
  return `"${a.seat} ${actionText(a.action)}"`;
}

/**
 * Told, while a scenario is re-executed, of every decision before it is applied (with the hand's events so far)
 * and of every hand's end: what `mjlab replay --seat S --strategy X` (compare.ts) and tests look at.
 */
export interface ScenarioWatch {
  decision?(state: HandState, hand: number, move: number, recorded: RecordedAction, events: readonly HandEvent[]): void;
  handOver?(state: HandState, hand: number, events: readonly HandEvent[]): void;
}

/** Play the scenario's decisions through the engine; the record of what happened. */
export function executeScenario(sc: Scenario, file: string, watch?: ScenarioWatch): GameRecord {
  const state = createHandState(sc.rules, sc.limit, sc.flowers, sc.players);
  const progress = new GameProgress(sc, { game: sc.game, streamGame: sc.streamGame, seating: [], firstDealer: sc.firstDealer, firstPrevailing: sc.firstPrevailing });
  const records: HandRecord[] = [];
  while (!progress.over) {
    const h = progress.hand;
    const hand = sc.hands[h];
    if (hand === undefined) throw new UserError(`${file}: the record is cut short: the game goes on to hand ${h + 1}, which it does not hold`);
    const where = `${file}, hand ${h + 1}`;
    if (hand.dealer !== undefined && hand.dealer !== progress.dealer) {
      throw new UserError(`${where}: the record says seat ${hand.dealer} deals, but the game gives the deal to seat ${progress.dealer}`);
    }
    const recorder = new HandRecorder();
    state.obs = recorder;
    const start = progress.handStart(orderedWalls(hand.walls));
    try {
      startHand(state, start);
    } catch (e) {
      throw new UserError(`${where}: ${(e as Error).message}`);
    }
    let k = 0;
    while (!isOver(state)) {
      const next = hand.actions[k];
      const f = state.flow;
      if (next === undefined) {
        throw new UserError(`${where}: the record is cut short after move ${k}: seat ${f.seat} is to decide (phase ${f.phase}) and the record has no more moves`);
      }
      k++;
      if (next.seat !== f.seat) throw new UserError(`${where}, move ${k} ${move(next)}: seat ${f.seat} is to decide (phase ${f.phase}), not seat ${next.seat}`);
      watch?.decision?.(state, h, k, next, recorder.events);
      try {
        apply(state, next.action);
      } catch (e) {
        if (!(e instanceof IllegalAction)) throw new UserError(`${where}, move ${k} ${move(next)}: ${(e as Error).message}`);
        const legal = legalActions(state).map(actionText).join(', ');
        throw new UserError(`${where}, move ${k} ${move(next)}: not legal here (phase ${f.phase}; legal: ${legal})`);
      }
    }
    if (k < hand.actions.length) {
      throw new UserError(`${where}: the hand ended at move ${k}, but the record has ${hand.actions.length - k} more (${move(hand.actions[k]!)} next)`);
    }
    watch?.handOver?.(state, h, recorder.events);
    const result = handResult(state, h, true);
    recorder.scored(result);
    records.push(handRecord(h, start, sc.rules, recorder, result, sc.strategies, Array.from(state.pub.seatWind)));
    progress.finishHand(result);
  }
  if (sc.hands.length > records.length) {
    throw new UserError(`${file}: the game ended after hand ${records.length}, but the record holds ${sc.hands.length} hands`);
  }
  return gameRecord(sc, { game: sc.game, streamGame: sc.streamGame }, sc.strategies, records, progress.cumulative);
}

/** `mjlab replay --record FILE`: the file's game, played again. */
export function replayRecordFile(file: string): GameRecord {
  return executeScenario(readScenario(file), file);
}
