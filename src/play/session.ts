/**
 * A person at the table (docs/play.md): one seat played by a person, the others by strategies, through the engine's
 * state machine (src/engine/step.ts). The opponents are seated exactly as every game seats its agents
 * (src/game/play.ts createSeatAgent: seatStream(seed, game, seat)) and move synchronously until the person's seat is
 * to decide; the hands follow one another as in any game (src/game/match.ts GameProgress), recorded as any game is
 * (src/record), so a game saved here is an ordinary game record that `mjlab replay --record FILE` re-executes byte
 * for byte, and the same seed and the same answers give the same game.
 *
 * Game g of a session uses the streams of game g of the seed: its dealer is g mod players (src/game/setup.ts), and the
 * person sits where the wind asked for falls in its first hand (`random`: drawn from the stream (seed, g,
 * "person-seat")). The opponents sit after the person in the order of play, in the order given.
 *
 * Everything the person is told goes through message(): the seat's view and the public events (message.ts).
 */
import type { Agent, StrategyInstance } from '../agent/types.js';
import { CLI } from '../text.js';
import type { Action } from '../core/action.js';
import type { Seat } from '../core/seat.js';
import { type HandState, SEAT_WINDS, createHandState } from '../engine/state.js';
import { type HandStart, IllegalAction, apply, matchLegal, startHand } from '../engine/step.js';
import { AgentError } from '../errors.js';
import { printable } from '../text.js';
import { GameProgress } from '../game/match.js';
import { agentMove, closeHand, createSeatAgent, faultName, gameWalls } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import type { GameSetup, TableConfig } from '../game/types.js';
import { actionText } from '../record/actions.js';
import { type GameRecord, type HandRecord, gameRecord } from '../record/record.js';
import { HandRecorder } from '../record/recorder.js';
import { makeStream } from '../rng/streams.js';
import { rulesName } from '../rules/index.js';
import { viewFor } from '../view/view.js';
import { type FinishedHand, type SeatMessage, type TableStatus, publicEvent } from './message.js';
import type { Coach } from '../coach/coach.js';
import { type Hint, tableHint } from './hint.js';
import { firstWind } from '../record/names.js';

export const PERSON_LABEL = 'person';
const WINDS = 'ESWN';

/** The seat a person plays: it has no agent (asking it for one is a bug). */
const PERSON: StrategyInstance = Object.freeze({
  label: PERSON_LABEL,
  params: {},
  strategy: {
    name: PERSON_LABEL,
    description: 'a person at the table (mjlab play)',
    params: [],
    create() {
      throw new Error('a person plays this seat');
    },
  },
});

export interface SessionOptions extends Pick<TableConfig, 'rules' | 'limit' | 'flowers' | 'players' | 'unit' | 'seed'> {
  /** One per other seat, in the order of play after the person. */
  readonly opponents: readonly StrategyInstance[];
  /** The person's wind in each game's first hand, or random. */
  readonly seat: 'E' | 'S' | 'W' | 'N' | 'random';
  /** The first game's index (default 0): a table restarted after a plug-in was stopped goes on from the next. */
  readonly firstGame?: number;
  /** The coach of the hint (`--coach`, docs/play.md "A hint from the coach"); none: no hint. */
  readonly coach?: Coach;
  /** Saves a finished game's record; returns where (throws a message when it cannot). */
  readonly save: (record: GameRecord) => string;
}

/** An answer from the page, refused (with the reason to show) or taken. */
export type Answer = { readonly ok: true } | { readonly ok: false; readonly status: 400 | 409; readonly error: string };

const refuse = (status: 400 | 409, error: string): Answer => ({ ok: false, status, error });

/** The winds a table of `players` has (docs/rules.md "Players", R15). */
export function tableWinds(players: number): string[] {
  return SEAT_WINDS[players]!.map((w) => WINDS[w]!);
}

/** A file name as a shell reads it back (quoted only when it needs to be). */
function shellWord(s: string): string {
  return /^[\w./@:+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

export class PlaySession {
  readonly state: HandState;
  #game = -1;
  #config!: TableConfig;
  #setup!: GameSetup;
  #person: Seat = 0;
  #labels: string[] = [];
  /** How a fault names each seat's strategy (game/play.ts faultName): a plug-in's file, which is what to fix. */
  #named: string[] = [];
  #agents: (Agent | null)[] = [];
  #progress!: GameProgress;
  #recorder = new HandRecorder();
  #start!: HandStart;
  #hand = 0;
  #records: HandRecord[] = [];
  #finished: FinishedHand[] = [];
  #status: TableStatus = 'decide';
  #token = 0;
  #record: GameRecord | null = null;
  #saved: { file: string; watch: string; compare: string } | null = null;
  #problem: string | null = null;

  constructor(readonly options: SessionOptions) {
    if (options.opponents.length !== options.players - 1) throw new Error(`${options.opponents.length} opponents for ${options.players} players`);
    if (options.seat !== 'random' && !tableWinds(options.players).includes(options.seat)) throw new Error(`no ${options.seat} at ${options.players} players`);
    this.state = createHandState(options.rules, options.limit, options.flowers, options.players);
    this.#game = (options.firstGame ?? 0) - 1;
    this.#newGame();
  }

  get game(): number {
    return this.#game;
  }

  get person(): Seat {
    return this.#person;
  }

  get status(): TableStatus {
    return this.#status;
  }

  get token(): number {
    return this.#token;
  }

  /** The coach's values for the person's open decision, from the person's view only (hint.ts); or why there are none. */
  hint(): { readonly ok: true; readonly hint: Hint } | { readonly ok: false; readonly status: 404 | 409; readonly error: string } {
    const coach = this.options.coach;
    if (coach === undefined) return { ok: false, status: 404, error: 'no coach at this table: start mjlab play with --coach STRATEGY (e.g. --coach search)' };
    if (this.#status !== 'decide') return { ok: false, status: 409, error: 'no decision of yours is open' };
    const at = { seed: this.options.seed, game: this.#game, hand: this.#hand, decisions: this.#recorder.actions.length, events: this.#recorder.events };
    return { ok: true, hint: tableHint(this.state, this.#person, coach, at) };
  }

  /** The game's record once it is over (what was saved, or could not be). */
  get record(): GameRecord | null {
    return this.#record;
  }

  #where(): string {
    return `seed ${this.options.seed}, game ${this.#game}, hand ${this.#hand + 1}`;
  }

  #newGame(): void {
    const o = this.options;
    const p = o.players;
    this.#game++;
    const table = { rules: o.rules, limit: o.limit, flowers: o.flowers, players: p, unit: o.unit, seed: o.seed, duplicate: false };
    const setup = gameSetup({ ...table, lineup: [] }, this.#game);
    const k = o.seat === 'random' ? makeStream(o.seed, this.#game, 'person-seat').int(p) : SEAT_WINDS[p]!.indexOf(WINDS.indexOf(o.seat));
    const person = (setup.firstDealer + k) % p;
    const lineup = Array.from({ length: p }, (_, seat) => (seat === person ? PERSON : o.opponents[(seat - person - 1 + p) % p]!));
    this.#config = { ...table, lineup };
    this.#setup = setup;
    this.#person = person;
    this.#labels = lineup.map((l) => l.label);
    this.#named = lineup.map(faultName);
    this.#progress = new GameProgress(this.#config, setup);
    this.#records = [];
    this.#finished = [];
    this.#recorder = new HandRecorder();
    this.#hand = 0;
    this.#record = null;
    this.#saved = null;
    this.#problem = null;
    try {
      this.#agents = lineup.map((_, seat) => (seat === person ? null : createSeatAgent(this.#config, setup, seat, () => this.#where())));
    } catch (e) {
      return this.#stop(e);
    }
    this.#startHand();
  }

  #startHand(): void {
    const h = this.#progress.hand;
    this.#hand = h;
    this.#recorder = new HandRecorder();
    this.state.obs = this.#recorder;
    this.#start = this.#progress.handStart(gameWalls(this.#config, this.#setup.streamGame, h));
    startHand(this.state, this.#start);
    this.#advance();
  }

  /** The opponents move until the person is to decide or the hand is over. */
  #advance(): void {
    const s = this.state;
    const f = s.flow;
    try {
      while (f.phase !== 'over' && f.seat !== this.#person) agentMove(s, this.#agents[f.seat]!, this.#named[f.seat]!, this.options.seed, this.#game, () => this.#where());
    } catch (e) {
      return this.#stop(e);
    }
    this.#token++;
    if (f.phase !== 'over') {
      this.#status = 'decide';
      return;
    }
    const h = this.#hand;
    const { result, record } = closeHand(s, h, this.#start, this.#recorder, this.#labels);
    this.#records.push(record!);
    const deal = [...this.#recorder.events].reverse().find((e) => e.e === 'deal');
    this.#finished.push({
      hand: h,
      dealer: record!.dealer,
      winds: deal?.e === 'deal' ? deal.winds : [],
      end: this.#recorder.events.filter((e) => e.e === 'mahjong' || e.e === 'exhausted' || e.e === 'score' || e.e === 'settle'),
      result: record!.result,
    });
    this.#progress.finishHand(result);
    if (!this.#progress.over) {
      this.#status = 'hand-over';
      return;
    }
    this.#status = 'game-over';
    this.#record = gameRecord(this.#config, this.#setup, this.#labels, this.#records, this.#progress.cumulative);
    this.#save();
  }

  #save(): void {
    const record = this.#record;
    if (record === null) return;
    try {
      const file = this.options.save(record);
      const f = shellWord(file);
      this.#saved = { file, watch: `${CLI} replay --record ${f} --html ${shellWord(file.replace(/\.json$/, '.html'))}`, compare: `${CLI} review --record ${f} --seat ${firstWind(this.options.players, this.#setup.firstDealer, this.#person)}` };
      this.#problem = null;
    } catch (e) {
      this.#problem = `the record could not be saved: ${(e as Error).message}`;
    }
  }

  /** An opponent's strategy failed (or could not be created): the game cannot go on. */
  #stop(e: unknown): void {
    if (!(e instanceof AgentError)) throw e;
    this.#status = 'stopped';
    this.#problem = `${e.message.split('\n')[0]}; the game cannot go on (new game starts the next)`;
    this.#token++;
  }

  #checkToken(token: unknown): Answer | null {
    if (token === this.#token) return null;
    return refuse(409, 'that answer was for an earlier moment of the game; the table shows where it stands now');
  }

  /** The person's answer to the open decision: `{ token, action: { type, tile? } }`. */
  act(body: unknown): Answer {
    const b = body as { token?: unknown; action?: unknown } | null;
    if (typeof b !== 'object' || b === null) return refuse(400, 'an answer is { "token": N, "action": { "type": ..., "tile": ... } }');
    const stale = this.#checkToken(b.token);
    if (stale) return stale;
    if (this.#status !== 'decide') return refuse(409, 'no decision of yours is open');
    const a = b.action as { type?: unknown; tile?: unknown } | null;
    if (typeof a !== 'object' || a === null || typeof a.type !== 'string' || (a.tile !== undefined && !Number.isInteger(a.tile))) {
      return refuse(400, `not an action: ${JSON.stringify(b.action) ?? String(b.action)}`);
    }
    const s = this.state;
    const legal = matchLegal(s, a as Action);
    if (legal === undefined) {
      const shown = a.tile === undefined ? a.type : `${a.type} ${Number.isInteger(a.tile) && (a.tile as number) >= 0 && (a.tile as number) < 42 ? actionText(a as Action) : a.tile}`;
      return refuse(400, `${shown} is not legal now (${s.flow.phase}); you may: ${viewFor(s, this.#person).legal.map(actionText).join(', ')}`);
    }
    try {
      apply(s, legal);
    } catch (e) {
      if (e instanceof IllegalAction) return refuse(400, e.message);
      throw e;
    }
    this.#advance();
    return { ok: true };
  }

  /** The next hand of a match. */
  nextHand(body: unknown): Answer {
    const stale = this.#checkToken((body as { token?: unknown } | null)?.token);
    if (stale) return stale;
    if (this.#status !== 'hand-over') return refuse(409, this.#status === 'decide' ? 'the hand is still being played' : 'the game is over: start a new game');
    this.#startHand();
    return { ok: true };
  }

  /** The next game of the seed (an unfinished match is left unsaved: the page asks first). */
  newGame(body: unknown): Answer {
    const stale = this.#checkToken((body as { token?: unknown } | null)?.token);
    if (stale) return stale;
    if (this.#status === 'decide') return refuse(409, 'finish the hand first');
    this.#newGame();
    return { ok: true };
  }

  /** Try again to save a finished game whose record could not be saved. */
  saveAgain(body: unknown): Answer {
    const stale = this.#checkToken((body as { token?: unknown } | null)?.token);
    if (stale) return stale;
    if (this.#status !== 'game-over' || this.#saved !== null) return refuse(409, 'there is no unsaved game');
    this.#save();
    this.#token++;
    return this.#saved === null ? refuse(409, this.#problem ?? 'not saved') : { ok: true };
  }

  /** Everything the page is told: the person's view and what the table has seen (message.ts). */
  message(): SeatMessage {
    const o = this.options;
    const seat = this.#person;
    return {
      status: this.#status,
      token: this.#token,
      table: {
        rules: rulesName(o.rules),
        title: o.rules.title,
        players: o.players,
        unit: o.unit,
        limit: o.limit,
        flowers: o.flowers,
        seed: o.seed,
        game: this.#game,
        seat,
        labels: this.#labels.map(printable),
        coach: o.coach === undefined ? null : printable(o.coach.label),
      },
      hand: this.#hand,
      view: (viewFor(this.state, seat) as unknown as { toJSON(): Record<string, unknown> }).toJSON(),
      events: this.#recorder.events.map((e) => publicEvent(e, seat)),
      finished: this.#finished.slice(),
      scores: this.#progress.cumulative.slice(),
      saved: this.#saved,
      problem: this.#problem,
    };
  }
}
