/**
 * A bot's process and its two lines of text (docs/protocol.md "Running a bot"): the lab writes one JSON line to the
 * bot's standard input and, when it expects an answer, reads one line from its standard output, synchronously, since
 * an agent answers act() before the engine goes on (src/agent/types.ts).
 *
 * - The bot's standard output is a named pipe (mkfifo) that this thread reads with blocking reads: a decision costs
 *   two system calls and no polling, and the thread sleeps while the bot thinks.
 * - Its standard input is an ordinary pipe of this thread's event loop, written to directly: when the thread ends
 *   (its run is over, its worker is stopped) the pipe closes with it, and a bot reading its input sees the end and
 *   exits, as the protocol asks.
 * - Its standard error goes to an unlinked temporary file, whose last lines name what went wrong when the bot fails
 *   (a Python traceback's last line, say); emptied at each new game once it holds more than a megabyte.
 * - A read that blocks forever (a bot that loops) cannot be interrupted from inside: a small guard thread
 *   (killer below) watches every bot of this thread and kills one whose answer has been awaited longer than the
 *   decision limit and a grace, which ends the read. The per-decision limit itself is the runner's watchdog's
 *   (src/runner/watchdog.ts), which names the decision first; the guard only frees the thread it stopped.
 */
import { spawn } from 'node:child_process';
import { closeSync, constants, fstatSync, ftruncateSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { LineReader } from './lines.js';

/** Why a bot could not be talked to: the message names what happened, without the bot's name (the caller adds it). */
export class BotFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BotFault';
  }
}

/** A bot to start: the program, its arguments, its working directory (null: the current one). */
export interface BotCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string | null;
}

/** Slots in the guard's shared array, per bot: a counter (odd while an answer is awaited), the pid, killed (1). */
const SLOT = 4;
const MAX_BOTS = 256;
const COUNTER = 0;
const PID = 1;
const KILLED = 2;

/** The guard thread's code, run from text so that it needs no file of its own beside the bundles. */
const GUARD = `
const { workerData } = require('node:worker_threads');
const slots = new Int32Array(workerData.slots);
const limit = workerData.killAfterMs;
const seen = new Map();
const timer = setInterval(() => {
  const now = Number(process.hrtime.bigint() / 1000000n);
  for (let i = 0; i < ${MAX_BOTS}; i++) {
    const pid = Atomics.load(slots, i * ${SLOT} + ${PID});
    if (pid <= 0) continue;
    const c = Atomics.load(slots, i * ${SLOT} + ${COUNTER});
    const s = seen.get(i);
    if (!s || s.c !== c) seen.set(i, { c, since: now });
    else if ((c & 1) === 1 && now - s.since > limit && Atomics.load(slots, i * ${SLOT} + ${KILLED}) === 0) {
      Atomics.store(slots, i * ${SLOT} + ${KILLED}, 1);
      try { process.kill(pid, 'SIGKILL'); } catch {}
    }
  }
}, workerData.tickMs);
`;

/** `--decision-timeout`'s default (src/runner/options.ts, which sits above this folder), for a thread given no limit. */
const DEFAULT_LIMIT_MS = 5000;

/** The decision limit this thread runs under: the pool's or plug-in thread's, else the default. */
export function decisionLimitMs(): number {
  const given = isMainThread ? undefined : (workerData as { decisionLimitMs?: unknown } | null)?.decisionLimitMs;
  return typeof given === 'number' && given > 0 ? given : DEFAULT_LIMIT_MS;
}

/**
 * The guard of this thread's bots, started with the first bot. Held per thread (a worker's bots, or the main
 * thread's when a command plays a bot in-process): one thread, one guard, whatever the lineup.
 */
class Guard {
  readonly slots = new Int32Array(new SharedArrayBuffer(4 * SLOT * MAX_BOTS));
  readonly killAfterMs: number;
  #next = 0;

  constructor() {
    const limit = decisionLimitMs();
    // The watchdog reports a stall at the limit, looking a few times per limit: the guard comes after it.
    this.killAfterMs = limit + Math.max(1000, limit / 2);
    const worker = new Worker(GUARD, { eval: true, workerData: { slots: this.slots.buffer, killAfterMs: this.killAfterMs, tickMs: Math.max(20, Math.min(500, limit / 5)) } });
    worker.unref();
  }

  slot(): number {
    if (this.#next >= MAX_BOTS) throw new BotFault(`more than ${MAX_BOTS} bot processes in one thread`);
    return this.#next++;
  }
}

let guard: Guard | null = null;

/** One running bot: send a line, send a line and read the answer, close. Not shared between threads. */
export class BotPipe {
  readonly #stdin: number;
  readonly #stdout: number;
  readonly #stderr: number;
  readonly #pid: number;
  readonly #slots: Int32Array;
  readonly #at: number;
  readonly #killAfterMs: number;
  readonly #lines: LineReader;
  #closed = false;

  constructor(cmd: BotCommand) {
    guard ??= new Guard();
    this.#slots = guard.slots;
    this.#killAfterMs = guard.killAfterMs;
    this.#at = guard.slot() * SLOT;
    const dir = mkdtempSync(join(tmpdir(), 'mjlab-bot-'));
    let child;
    try {
      const out = join(dir, 'out');
      execFileSync('mkfifo', [out]);
      // Open both ends without blocking: O_RDWR first (Linux opens a FIFO so at once), then the two ends proper.
      const hold = openSync(out, constants.O_RDWR);
      this.#stdout = openSync(out, constants.O_RDONLY);
      const childOut = openSync(out, constants.O_WRONLY);
      closeSync(hold);
      const err = join(dir, 'err');
      const childErr = openSync(err, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND, 0o600);
      this.#stderr = openSync(err, constants.O_RDONLY);
      try {
        child = spawn(cmd.command, [...cmd.args], { cwd: cmd.cwd ?? undefined, stdio: ['pipe', childOut, childErr] });
      } finally {
        closeSync(childOut);
        closeSync(childErr);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (child.pid === undefined) {
      child.on('error', () => {}); // reported here, not as an unhandled event
      closeSync(this.#stdout);
      closeSync(this.#stderr);
      throw new BotFault(`could not be started (${cmd.command}: not found or not executable)`);
    }
    this.#pid = child.pid;
    this.#lines = new LineReader(this.#stdout);
    child.on('error', () => {});
    child.stdin!.on('error', () => {});
    child.unref();
    const fd = (child.stdin as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) throw new BotFault('its standard input has no file descriptor');
    this.#stdin = fd;
    Atomics.store(this.#slots, this.#at + KILLED, 0);
    Atomics.store(this.#slots, this.#at + PID, this.#pid);
  }

  get pid(): number {
    return this.#pid;
  }

  /** Write one message (a line without its newline). */
  send(line: string): void {
    this.#open();
    this.#write(line + '\n');
    this.#close();
  }

  /** Write one message and read the bot's answer: one line, without its newline. */
  ask(line: string): string {
    this.#open();
    try {
      this.#write(line + '\n');
      return this.#readLine();
    } finally {
      this.#close();
    }
  }

  /** The last line the bot wrote to its standard error, trimmed to 200 characters; '' when none. */
  lastError(): string {
    try {
      const size = fstatSync(this.#stderr).size;
      const n = Math.min(size, 4096);
      const b = Buffer.alloc(n);
      readSync(this.#stderr, b, 0, n, size - n);
      const lines = b.toString('utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '');
      // The error itself where the last lines are a trace and a version (Node), else the last line (Python's is the error).
      const last = [...lines].reverse().find((l) => /^[\w.]*(Error|Exception)\b/.test(l)) ?? lines.at(-1) ?? '';
      return last.length > 200 ? `${last.slice(0, 200)}…` : last;
    } catch {
      return '';
    }
  }

  /** Empty the captured standard error once it holds more than a megabyte (a bot that logs every decision). */
  trimErrors(): void {
    try {
      if (fstatSync(this.#stderr).size > 1 << 20) ftruncateSync(this.#stderr, 0);
    } catch {
      // a read-only descriptor cannot truncate on every system: the log then just grows
    }
  }

  /** Stop the bot and let go of its pipes. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    Atomics.store(this.#slots, this.#at + PID, 0);
    try {
      process.kill(this.#pid, 'SIGKILL');
    } catch {
      // already gone
    }
    for (const fd of [this.#stdout, this.#stderr]) {
      try {
        closeSync(fd);
      } catch {
        // closed
      }
    }
  }

  #open(): void {
    if (this.#closed) throw new BotFault('was closed');
    this.#slots[this.#at + COUNTER]! += 1;
  }

  #close(): void {
    this.#slots[this.#at + COUNTER]! += 1;
  }

  #killed(): boolean {
    return Atomics.load(this.#slots, this.#at + KILLED) === 1;
  }

  #write(text: string): void {
    const data = Buffer.from(text, 'utf8');
    let off = 0;
    const nap = new Int32Array(new SharedArrayBuffer(4));
    while (off < data.length) {
      try {
        off += writeSync(this.#stdin, data, off, data.length - off);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // A full pipe (the bot does not read): wait for room; the guard ends a wait past the limit.
        if (code === 'EAGAIN' && !this.#killed()) {
          Atomics.wait(nap, 0, 0, 1);
          continue;
        }
        throw new BotFault(this.#killed() ? this.#tooLong() : `closed its standard input (it has exited?)${this.#said()}`);
      }
    }
  }

  #readLine(): string {
    let line: string | null;
    try {
      line = this.#lines.next();
    } catch (e) {
      throw new BotFault(`could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    if (line === null) throw new BotFault(this.#killed() ? this.#tooLong() : `exited without answering${this.#said()}`);
    return line;
  }

  #tooLong(): string {
    return `did not answer within ${this.#killAfterMs / 1000} s and was stopped`;
  }

  #said(): string {
    const last = this.lastError();
    return last === '' ? '' : `; it wrote on standard error: ${last}`;
  }
}
