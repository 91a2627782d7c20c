/**
 * An external bot as a strategy (docs/protocol.md): a program in any language that reads the lab's messages on its
 * standard input and answers each decision on its standard output. Named in a lineup as `cmd:COMMAND ARGS` (split on
 * spaces, no shell) or by a bot file `NAME.bot.json` ({ "command", "args", "cwd" }, cwd relative to the file).
 *
 * One process per seat per thread: the first game that seats the bot at a seat starts it, and every later game of
 * that thread at that seat is played by the same process, each game opening with its `hello` (the bot answers
 * `ready`). The bot is held to the plug-in contract like a strategy file (src/sandbox/contract.ts: the decision limit,
 * the one-line faults); its words are read here, and anything but one legal action per decision is a fault naming
 * the bot, the decision and the bot's last line on standard error.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, join, relative, resolve } from 'node:path';
import type { Action, Agent, AgentInit, AgentView, HandOutcome, Strategy, StrategyInstance } from '../agent/types.js';
import { UserError } from '../errors.js';
import { repeatedKey } from '../json-keys.js';
import { freshState } from '../rng/streams.js';
import { BadAnswer, DecisionWriter, answerAction, handEndMessage, helloMessage, parseObject, quoted } from './messages.js';
import { BotFault, BotPipe, type BotCommand } from './pipe.js';

/** A lineup entry naming a command. */
export const COMMAND_PREFIX = 'cmd:';
/** A bot file's name ends so. */
export const BOT_FILE = /\.bot\.json$/i;

/** Whether a lineup entry is an external bot (a command, or a bot file). */
export function isBotEntry(entry: string): boolean {
  const e = entry.trim();
  return e.startsWith(COMMAND_PREFIX) || BOT_FILE.test(e);
}

/** A bot file's fields. */
interface BotFile {
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
}

function readBotFile(path: string): BotCommand {
  let raw: unknown;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
    raw = JSON.parse(text);
  } catch (e) {
    throw new UserError(`bot file ${path}: ${existsSync(path) ? `not JSON (${(e as Error).message.split('\n')[0]})` : 'not found'}`);
  }
  const twice = repeatedKey(text);
  if (twice !== null) throw new UserError(`bot file ${path}: "${twice}" is given twice; give it once`);
  const f = raw as Partial<BotFile> | null;
  const known = new Set(['command', 'args', 'cwd']);
  if (f === null || typeof f !== 'object' || Array.isArray(f)) throw new UserError(`bot file ${path}: must hold an object { "command", "args", "cwd" }`);
  const extra = Object.keys(f).find((k) => !known.has(k));
  if (extra !== undefined) throw new UserError(`bot file ${path}: unknown field "${extra}" (known: command, args, cwd)`);
  if (typeof f.command !== 'string' || f.command === '') throw new UserError(`bot file ${path}: "command" must be a non-empty string`);
  if (f.args !== undefined && !(Array.isArray(f.args) && f.args.every((a) => typeof a === 'string'))) throw new UserError(`bot file ${path}: "args" must be a list of strings`);
  if (f.cwd !== undefined && typeof f.cwd !== 'string') throw new UserError(`bot file ${path}: "cwd" must be a string`);
  const cwd = resolve(dirname(path), f.cwd ?? '.');
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw new UserError(`bot file ${path}: its "cwd" ${f.cwd ?? '.'} is not a directory`);
  return { command: f.command, args: f.args ?? [], cwd };
}

/** The command of a lineup entry: `cmd:` split on spaces, or a bot file's. */
export function botCommand(entry: string): BotCommand {
  const e = entry.trim();
  if (!e.startsWith(COMMAND_PREFIX)) return readBotFile(e);
  const words = e.slice(COMMAND_PREFIX.length).trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) throw new UserError(`"${e}": the command after "cmd:" is empty`);
  return { command: words[0]!, args: words.slice(1), cwd: null };
}

/**
 * The files whose content fixes the bot's play, as paths from the working directory: the bot file, and each word of
 * the command line (the program and its arguments) that names a file. Their SHA-256 go in the run's identity
 * (src/runner/plugins.ts), as a strategy file's do.
 */
export function botFiles(entry: string, cmd: BotCommand): string[] {
  const files = BOT_FILE.test(entry.trim()) ? [entry.trim()] : [];
  const base = cmd.cwd ?? process.cwd();
  for (const w of [cmd.command, ...cmd.args]) {
    const p = resolve(base, w);
    if ((w.includes('/') || existsSync(p)) && existsSync(p) && statSync(p).isFile()) files.push(relative(process.cwd(), p) || w);
  }
  return [...new Set(files)];
}

/** One bot process per seat of this thread, started on first use and closed on a fault (the next game starts another). */
class Seats {
  readonly #pipes = new Map<number, BotPipe>();
  constructor(private readonly cmd: BotCommand) {}

  at(seat: number): BotPipe {
    let p = this.#pipes.get(seat);
    if (p === undefined) {
      p = new BotPipe(this.cmd);
      this.#pipes.set(seat, p);
    }
    return p;
  }

  drop(seat: number): void {
    this.#pipes.get(seat)?.close();
    this.#pipes.delete(seat);
  }
}

/** What a bot did wrong, as one line for the strategy's error (the caller adds the strategy's name, seat and game). */
function fault(e: unknown, what: string): Error {
  if (e instanceof BotFault || e instanceof BadAnswer) return new Error(`bot ${what}: ${e.message}`);
  return e as Error;
}

function botStrategy(label: string, cmd: BotCommand): Strategy {
  const seats = new Seats(cmd);
  return {
    name: label,
    description: `external bot: ${[cmd.command, ...cmd.args].join(' ')}`,
    params: [],
    create(init: AgentInit): Agent {
      const seat = init.seat;
      const terms = init.table;
      const seed = freshState(init.rng) ?? Array.from({ length: 4 }, () => init.rng.int(2 ** 32).toString(16).padStart(8, '0')).join('');
      let pipe: BotPipe;
      try {
        pipe = seats.at(seat);
        pipe.trimErrors();
        const hello = helloMessage({
          name: label,
          rules: init.rules,
          players: init.players,
          seat,
          unit: terms?.unit ?? 'hand',
          maxHands: terms?.maxHands ?? 1,
          limit: terms ? terms.limit : init.rules.limit,
          flowers: terms?.flowers ?? init.rules.flowers,
          seed,
        });
        const answer = pipe.ask(hello);
        const o = parseObject(answer);
        if (o.type !== 'ready') throw new BadAnswer(`answered the hello with ${quoted(answer)}, not {"type":"ready"}`);
      } catch (e) {
        seats.drop(seat);
        throw fault(e, 'at its hello');
      }
      const writer = new DecisionWriter();
      return {
        act(view: AgentView): Action {
          const n = writer.count;
          try {
            return answerAction(pipe.ask(writer.message(view)), view.legal);
          } catch (e) {
            if (e instanceof BotFault) seats.drop(seat);
            throw fault(e, `at decision ${n} of the game (${view.phase})`);
          }
        },
        handOver(result: HandOutcome): void {
          try {
            pipe.send(handEndMessage(result));
          } catch (e) {
            seats.drop(seat);
            throw fault(e, `at the end of hand ${result.hand}`);
          }
        },
      };
    },
  };
}

/**
 * The bot's program found where spawn will look (a path from its working directory, or a name on PATH), executable:
 * a bot that could never start is refused where the lineup is read, before a command claims its output.
 */
function checkProgram(label: string, cmd: BotCommand): void {
  const base = cmd.cwd ?? process.cwd();
  const places = cmd.command.includes('/') ? [resolve(base, cmd.command)] : (process.env.PATH ?? '').split(delimiter).filter((d) => d !== '').map((d) => join(resolve(base, d), cmd.command));
  const runnable = (p: string): boolean => {
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (!places.some(runnable)) throw new UserError(`bot "${label}": ${cmd.command} is not found or not executable${cmd.command.includes('/') ? '' : ' (on PATH)'}`);
}

/**
 * A bot's name in outputs (the protocol has the bot declare none): a bot file's base name without `.bot.json`; for a
 * command, the base name of the last file its command line names (the script), else of its program.
 */
export function botName(entry: string, cmd: BotCommand, files: readonly string[]): string {
  const e = entry.trim();
  if (BOT_FILE.test(e)) return basename(e).replace(BOT_FILE, '');
  return basename(files.at(-1) ?? cmd.command);
}

/**
 * A lineup entry naming a bot, resolved: its label is its name (botName), its entry the entry as written (its faults
 * and the `hello` name that), its files the ones its command names.
 */
export function resolveBot(entry: string): StrategyInstance {
  const written = entry.trim();
  const cmd = botCommand(written);
  checkProgram(written, cmd);
  const files = botFiles(written, cmd);
  return { label: botName(written, cmd, files), entry: written, strategy: botStrategy(written, cmd), params: {}, files };
}
