/**
 * A table whose opponents include a plug-in, played in a thread of its own (session-worker.ts) under simulate's
 * contract (docs/strategies.md, "Writing your own strategy"), answered to the server as the in-process table (session.ts) is. The last state the
 * thread sent is kept, so the page is answered at once even while an opponent thinks. An opponent stopped at the
 * decision limit stops the game (one line on the terminal and on the page); "new game" starts a fresh thread at the
 * next game. A thread a plug-in ended (process.exit, out of memory, a crash) ends the command: `failed` says how.
 */
import { faultName } from '../game/play.js';
import { UserError } from '../errors.js';
import { DecisionTimeout } from '../sandbox/failures.js';
import { PluginThread, threadFailure } from '../sandbox/plugin-thread.js';
import { workerScript } from '../worker-script.js';
import type { SeatMessage, TableStatus } from './message.js';
import type { Answer, SessionOptions } from './session.js';
import type { SessionJob, SessionReply } from './session-worker.js';
import type { PlayTable } from './server.js';

export class RemoteSession implements PlayTable {
  #thread: PluginThread;
  #last!: SeatMessage;
  /** Stopped by the watchdog: the thread is gone, the next "new game" starts another. */
  #halted = false;
  #fail: (e: UserError) => void = () => {};
  /** Settles when a plug-in ended the thread: the command ends with this one line. */
  readonly failed: Promise<UserError>;

  private constructor(
    readonly options: SessionOptions,
    private readonly job: Omit<SessionJob, 'firstGame'>,
    private readonly limitMs: number,
    private readonly log: (line: string) => void,
  ) {
    this.failed = new Promise((resolve) => (this.#fail = resolve));
    this.#thread = this.#spawn();
  }

  /** Start the table at its first game; a plug-in that fails before the first decision is the command's error. */
  static async start(options: SessionOptions, job: Omit<SessionJob, 'firstGame'>, limitMs: number, log: (line: string) => void): Promise<RemoteSession> {
    const t = new RemoteSession(options, job, limitMs, log);
    try {
      t.#last = (await t.#thread.call<SessionReply>('start')).message;
    } catch (e) {
      await t.#thread.close();
      throw t.#words(e, 0);
    }
    return t;
  }

  #spawn(firstGame = 0): PluginThread {
    return new PluginThread(workerScript('play/session-worker.js'), { job: { ...this.job, firstGame } }, this.limitMs, this.log);
  }

  get status(): TableStatus {
    return this.#last.status;
  }

  get game(): number {
    return this.#last.table.game;
  }

  message(): SeatMessage {
    return this.#last;
  }

  act(body: unknown): Promise<Answer> {
    return this.#call('act', body);
  }

  nextHand(body: unknown): Promise<Answer> {
    return this.#call('next', body);
  }

  saveAgain(body: unknown): Promise<Answer> {
    return this.#call('save', body);
  }

  async newGame(body: unknown): Promise<Answer> {
    if (!this.#halted) return this.#call('new', body);
    if ((body as { token?: unknown } | null)?.token !== this.#last.token) {
      return { ok: false, status: 409, error: 'that answer was for an earlier moment of the game; the table shows where it stands now' };
    }
    const game = this.game + 1;
    this.#halted = false;
    this.#thread = this.#spawn(game);
    return this.#call('start', undefined, game);
  }

  async close(): Promise<void> {
    await this.#thread.close();
  }

  /** One line naming the opponent: the heartbeat names lineup entries, the opponents in their order. */
  #words(e: unknown, game: number): unknown {
    const who = (i: number, seat: number): string => `strategy "${this.options.opponents[i] ? faultName(this.options.opponents[i]!) : '?'}" at seat ${seat}`;
    const where = (g: number): string => `(seed ${this.options.seed}, game ${Number.isFinite(g) ? g : game})`;
    return threadFailure(e, who, where, this.options.opponents.map(faultName).join(','));
  }

  async #call(op: string, body: unknown, game = this.game): Promise<Answer> {
    try {
      const r = await this.#thread.call<SessionReply>(op, body);
      this.#last = r.message;
      return r.answer;
    } catch (e) {
      const words = this.#words(e, game);
      if (!(words instanceof UserError)) throw words;
      // The person's answer was taken; the table cannot go on (as when an opponent throws, session.ts #stop).
      const line = words.message;
      this.#last = { ...this.#last, status: 'stopped', token: this.#last.token + 1, table: { ...this.#last.table, game }, problem: `${line}; the game cannot go on (new game starts the next)` };
      this.#halted = true;
      if (e instanceof DecisionTimeout) this.log(`game ${game} stopped: ${line}`);
      else this.#fail(words);
      return { ok: true };
    }
  }
}
