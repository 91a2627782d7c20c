/**
 * Plug-ins outside the runner held to the same contract (docs/strategies.md, "Writing your own strategy"): `replay`,
 * the review (`replay --record F --seat S --strategy X`) and `play` run a lineup that holds a plug-in in one worker
 * thread of their own, as simulate's workers do: each plug-in's create() and act() report to a heartbeat (contract.ts)
 * that a watchdog on this thread reads (watchdog.ts), Math.random and the clock throw inside them, the thread's memory
 * is capped as the runner's are (MJLAB_WORKER_MEMORY_MB). A decision past the limit is stopped (terminate() ends even a
 * loop that never yields) and this thread, free all along, says so; a thread that ends on its own (process.exit, out of
 * memory, an uncaught throw) is a WorkerDied. The worker side is plugin-host.ts: requests `{ id, op, body }` answered
 * in order.
 */
import { Worker } from 'node:worker_threads';
import { AgentError, UserError } from '../errors.js';
import { Heartbeat, HEARTBEAT_BYTES, HB_PHASE } from './contract.js';
import { deathWords } from './died.js';
import { DecisionTimeout, deathOf, WorkerDied, WorkerFailure, workerLimits, type ErrorMessage } from './failures.js';
import { startWatchdog } from './watchdog.js';

/** What the host thread posts. */
export type HostMessage =
  | { readonly type: 'reply'; readonly id: number; readonly value: unknown }
  | { readonly type: 'failed'; readonly id: number; readonly error: ErrorMessage }
  /** Its set-up failed (a strategy file that does not load there): every request fails with it. */
  | { readonly type: 'fatal'; readonly error: ErrorMessage }
  | { readonly type: 'log'; readonly line: string };

/** Why a plug-in thread stopped: the watchdog stopped it, or it ended on its own. */
export type ThreadStop = DecisionTimeout | WorkerDied;

export class PluginThread {
  readonly #worker: Worker;
  readonly #hb: Heartbeat;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  #next = 0;
  #fatal: unknown = null;
  #closed = false;
  readonly #stopWatchdog: () => void;
  /** Settles (never rejects) with why the thread stopped, when it stops other than by close(). */
  readonly stopped: Promise<ThreadStop>;
  #onStop: (e: ThreadStop) => void = () => {};

  /** `script`: a plugin-host.ts worker; `data`: its workerData (the heartbeat is added). `log`: its log lines. */
  constructor(script: URL, data: Record<string, unknown>, limitMs: number, log: (line: string) => void = () => {}) {
    const heartbeat = new SharedArrayBuffer(HEARTBEAT_BYTES);
    this.#hb = new Heartbeat(heartbeat);
    this.stopped = new Promise((resolve) => (this.#onStop = resolve));
    this.#worker = new Worker(script, { workerData: { ...data, heartbeat, decisionLimitMs: limitMs }, resourceLimits: workerLimits() });
    this.#worker.on('message', (m: HostMessage) => {
      if (m.type === 'log') return log(m.line);
      if (m.type === 'fatal') return this.#fail(new WorkerFailure(m.error));
      const p = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (m.type === 'reply') p?.resolve(m.value);
      else p?.reject(new WorkerFailure(m.error));
    });
    this.#worker.on('error', (e) => this.#stop(new WorkerDied(this.#hb.read(), deathOf(e))));
    this.#worker.on('exit', (code) => this.#stop(new WorkerDied(this.#hb.read(), `called process.exit(${code})`)));
    this.#stopWatchdog = startWatchdog([this.#hb], limitMs, (_w, view) => {
      this.#stop(new DecisionTimeout(view, limitMs));
      void this.#worker.terminate();
    });
  }

  /** Ask the host thread; rejects with a WorkerFailure (its error), or with the ThreadStop that ended it. */
  call<R>(op: string, body?: unknown): Promise<R> {
    if (this.#fatal !== null) return Promise.reject(this.#fatal);
    const id = this.#next++;
    return new Promise<R>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ id, op, body });
    });
  }

  #fail(e: unknown): void {
    this.#fatal ??= e;
    for (const p of this.#pending.values()) p.reject(this.#fatal);
    this.#pending.clear();
  }

  #stop(e: ThreadStop): void {
    if (this.#closed || this.#fatal !== null) return;
    this.#stopWatchdog();
    this.#fail(e);
    this.#onStop(e);
  }

  /** End the thread (an open request rejects). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopWatchdog();
    this.#fail(new Error('the plug-in thread was closed'));
    await this.#worker.terminate();
  }
}

/**
 * A request's failure as the command says it: a ThreadStop as one line naming whose decision it was (`who(i,
 * seat)`: the strategy at lineup entry i; `where(game)`: the game), a host's AgentError or UserError as its first
 * line (an AgentError where it was one, for play), anything else (a bug) as it was, with its stack.
 */
export function threadFailure(e: unknown, who: (lineup: number, seat: number) => string, where: (game: number) => string, strategies: string): unknown {
  if (e instanceof DecisionTimeout) {
    const v = e.view;
    const seconds = e.limitMs / 1000;
    if (v.phase === HB_PHASE.load) return new UserError(`a strategy file of "${strategies}" did not finish loading in its thread within ${seconds} s`);
    const what = v.phase === HB_PHASE.create ? 'create()' : 'one decision';
    return new UserError(`${who(v.lineup, v.seat)} took longer than ${seconds} s over ${what} ${where(v.game)}; it was stopped (raise --decision-timeout if it is only slow)`);
  }
  if (e instanceof WorkerDied) return new UserError(`${deathWords(e, who, where, strategies).text}; it was stopped`);
  if (e instanceof WorkerFailure) {
    const d = e.detail;
    const first = d.message.split('\n')[0] ?? d.message;
    if (d.kind === 'agent') return new AgentError(first, d.strategy ?? '?', d.seed ?? 0, d.game ?? 0);
    if (d.kind === 'user') return new UserError(first);
    const err = new Error(`plug-in thread failed: ${d.message}`);
    err.stack = d.stack ?? err.stack;
    return err;
  }
  return e;
}
