/**
 * `mjlab env` (docs/protocol.md "The environment: mjlab env"): the engine served the other way round, for a program
 * that drives the games (python/mjlab_env.py, a reset/step environment). The lineup's seats written `env` are the
 * client's; the others are strategies or bots, as in any lineup. On its standard input the client writes
 * `{"type":"reset","seed":S,"game":G}`; the game (seed S, game G: the very game `simulate --seed S` plays as game G)
 * is played, and at each decision of a client seat the client gets the protocol's `decide` message and answers
 * one legal action, as a bot does. `hello` opens the game for each client seat, `end_hand` follows each hand,
 * `end_game` ends the game with the final scores; then the next `reset`, or the end of the input ends the command.
 *
 * The client's answers are held to what a bot's are: anything but a legal action is one line and exit 2.
 */
import { writeSync } from 'node:fs';
import type { Action, Agent, AgentInit, AgentView, HandOutcome, Strategy, StrategyInstance } from '../agent/types.js';
import { UserError } from '../errors.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { resolveStrategy } from '../lineup/registry.js';
import { freshState } from '../rng/streams.js';
import { isPlugin } from '../sandbox/contract.js';
import { isBotEntry } from '../bot/strategy.js';
import { BadAnswer, DecisionWriter, answerAction, handEndMessage, helloMessage, parseObject } from '../bot/messages.js';
import { LineReader } from '../bot/lines.js';
import { nonNegativeInt, tableOptions } from './table.js';

export interface EnvArgs {
  rules: string;
  strategies: string;
  players?: number;
  unit: string;
  limit?: number;
  flowers: boolean;
}

/** The lineup entry of a seat the client plays. */
export const CLIENT_SEAT = 'env';

function send(line: string): void {
  const data = Buffer.from(`${line}\n`, 'utf8');
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (let off = 0; off < data.length; ) {
    try {
      off += writeSync(1, data, off, data.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw new UserError(`env: the client closed its input (${(e as NodeJS.ErrnoException).code})`);
      Atomics.wait(nap, 0, 0, 1);
    }
  }
}

/** A client seat: its decisions asked of the client over the command's standard input and output. */
function clientStrategy(input: LineReader, tellsHandEnds: (seat: number) => boolean): Strategy {
  return {
    name: CLIENT_SEAT,
    description: 'a seat played by the client of mjlab env',
    params: [],
    create(init: AgentInit): Agent {
      const t = init.table;
      send(helloMessage({
        name: CLIENT_SEAT, rules: init.rules, players: init.players, seat: init.seat, unit: t?.unit ?? 'hand',
        maxHands: t?.maxHands ?? 1, limit: t ? t.limit : init.rules.limit, flowers: t?.flowers ?? init.rules.flowers,
        seed: freshState(init.rng) ?? '0'.repeat(32),
      }));
      const writer = new DecisionWriter();
      return {
        act(view: AgentView): Action {
          const n = writer.count;
          send(writer.message(view));
          const line = input.next();
          if (line === null) throw new UserError(`env: the input ended at seat ${view.seat}'s decision ${n}, before its answer`);
          try {
            return answerAction(line, view.legal);
          } catch (e) {
            if (e instanceof BadAnswer) throw new UserError(`env: seat ${view.seat}'s decision ${n}: the client ${e.message}`);
            throw e;
          }
        },
        handOver(result: HandOutcome): void {
          if (tellsHandEnds(init.seat)) send(handEndMessage(result));
        },
      };
    },
  };
}

export async function envHandler(a: EnvArgs): Promise<void> {
  const table = tableOptions(a);
  const entries = a.strategies.split(',').map((e) => e.trim());
  if (entries.length !== table.players) throw new UserError(`${entries.length} strategies given for ${table.players} players ("${a.strategies}")`);
  const seats = entries.flatMap((e, i) => (e === CLIENT_SEAT ? [i] : []));
  if (seats.length === 0) throw new UserError(`--strategies: write "${CLIENT_SEAT}" at the seats the client plays (e.g. env,harr,harr,harr)`);
  const input = new LineReader(0);
  const client = clientStrategy(input, (seat) => seat === seats[0]);
  const lineup: StrategyInstance[] = [];
  for (const e of entries) {
    if (e === CLIENT_SEAT) {
      lineup.push({ label: CLIENT_SEAT, strategy: client, params: {} });
      continue;
    }
    const inst = await resolveStrategy(e);
    // A strategy file would run in this thread, outside the contract the runner holds it to: bots and built-ins only.
    if (isPlugin(inst) && !isBotEntry(e)) throw new UserError(`mjlab env plays built-in strategies and bots (cmd:...), not strategy files: "${e}"`);
    lineup.push(inst);
  }
  for (;;) {
    const line = input.next();
    if (line === null) return;
    if (line.trim() === '') continue;
    let o: Record<string, unknown>;
    try {
      o = parseObject(line);
    } catch (e) {
      throw new UserError(`env: the client ${(e as Error).message}; expected {"type":"reset","seed":S}`);
    }
    if (o.type !== 'reset') throw new UserError(`env: expected {"type":"reset","seed":S,"game":G} between games, got type ${JSON.stringify(o.type)}`);
    const seed = o.seed ?? 1;
    const game = o.game ?? 0;
    nonNegativeInt('env: reset\'s "seed"', seed as number);
    nonNegativeInt('env: reset\'s "game"', game as number);
    const config = { ...table, seed: seed as number, lineup, duplicate: false };
    const outcome = createEngine(config).play(gameSetup(config, game as number), { record: false });
    const nets = new Array<number>(table.players).fill(0);
    for (const h of outcome.hands) h.nets.forEach((n, s) => (nets[s] = nets[s]! + n));
    send(JSON.stringify({ type: 'end_game', seed, game, hands: outcome.hands.length, scores: outcome.finalScores, nets }));
  }
}
