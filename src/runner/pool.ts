/**
 * The worker_threads pool (README.md, "Running at scale"). Each worker holds up to IN_FLIGHT batches, so when it finishes one
 * the next is already in its message queue: it never waits for the main thread's round trip (merging, a
 * checkpoint fsync, a busy core) between batches. A batch finished out of order is simply reported, ordering is
 * the caller's business. Runs from dist/ only: Node 20 cannot start a .ts worker, so under vitest the compiled
 * worker in dist/ is used (vitest's globalSetup builds it).
 */
import { workerScript, workerScriptFor } from '../worker-script.js';
import { loadsModules } from '../lineup/registry.js';
import { Worker } from 'node:worker_threads';
import type { Batch } from './plan.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';
import { Heartbeat, HEARTBEAT_BYTES } from '../sandbox/contract.js';
import { startWatchdog } from '../sandbox/watchdog.js';
import { DecisionTimeout, deathOf, WorkerDied, WorkerFailure, workerLimits, type ErrorMessage } from '../sandbox/failures.js';
import { hasSharedHandTable, sharedHandTable } from '../hand/table.js';
import { tableFileReadable } from '../hand/table-file.js';

export type DoneMessage = Extract<FromWorker, { type: 'done' }>;
/** Batches queued per worker: the one it plays and the one it starts next. More only delays the tail. */
const IN_FLIGHT = 2;

/**
 * The runner's worker script for a lineup: its one-file bundle, which starts in under half the CPU, unless the
 * lineup loads a user's module (src/worker-script.ts workerScriptFor says why); `modules` true: the modules.
 */
export function workerUrl(strategies: string, modules = false): URL {
  return workerScriptFor('runner/worker.js', modules || loadsModules(strategies));
}

/** What a worker posts when it has played a batch: the runner's DoneMessage, or another worker's (src/tune). */
export interface BatchDone {
  readonly type: 'done';
  readonly index: number;
}

export interface PoolOptions<I = Omit<WorkerInit, 'heartbeat'>, D extends BatchDone = DoneMessage, B extends Batch = Batch> {
  readonly workers: number;
  /** Everything the workers need but their heartbeats, which the pool adds. */
  readonly init: I;
  /** The worker script; default the runner's modules (runner/worker.js; workerUrl for its bundle). It speaks the protocol of protocol.ts. */
  readonly url?: URL;
  /** Per-decision time limit: a worker whose agent's create() or act() runs longer is stopped (DecisionTimeout). */
  readonly decisionLimitMs: number;
  /**
   * The next batch to hand out (posted to a worker as `{ type: 'batch', ...batch }`), 'wait' when the caller wants
   * fewer batches in flight or has none yet (wake() asks again), null when none remain.
   */
  next(): B | 'wait' | null;
  /** Batches not yet handed out: in the last round each worker gets one at a time, so none idles at the end while another still has a queued batch. */
  remaining(): number;
  onDone(msg: D): void;
  /**
   * Keep the workers warm for the next pool of the same script: when every batch is done they are parked in
   * `keep` instead of ended, and this pool starts from workers parked there (sent the new init) before it spawns
   * any. Only for lineups of built-in strategies, which hold no state between games (a plug-in's module could).
   */
  readonly keep?: WorkerKeep;
}

/** A worker thread with its heartbeat, as a pool holds it. */
interface Held {
  readonly worker: Worker;
  readonly beat: Heartbeat;
  /**
   * Removes the listeners its holder added. Only those: Worker.removeAllListeners() also drops Node's own, after
   * which the worker's messages no longer arrive (seen on Node 20).
   */
  detach: () => void;
}

/** Listen on `worker`; the returned function removes exactly these listeners. */
// Listener parameters as Node's Worker.on types them.
type Listener = (...args: any[]) => void;

function listen(worker: Worker, on: Partial<Record<'message' | 'error' | 'exit', Listener>>): () => void {
  const pairs = Object.entries(on) as ['message' | 'error' | 'exit', Listener][];
  for (const [event, fn] of pairs) worker.on(event, fn);
  return () => {
    for (const [event, fn] of pairs) worker.off(event, fn);
  };
}

/**
 * Idle workers between the pools of one process (an experiment's cells, a tuning experiment's tunes): a worker's
 * start-up, its modules, the hand table and above all a cold JIT, cost a 480-hand tune about 40% of its CPU (perf
 * on `experiment tuned-plans --games 8`), so a worker that stays up is worth reusing. A parked worker does not keep
 * the process alive; close() ends them all. Owned by whoever runs the pools, never module state.
 */
export class WorkerKeep {
  private readonly idle = new Map<string, Held[]>();

  /** A parked worker of `url`, taken out of the keep; undefined when none is parked. */
  take(url: URL): Held | undefined {
    const h = this.idle.get(url.href)?.pop();
    if (h) {
      h.detach();
      h.worker.ref();
    }
    return h;
  }

  park(url: URL, h: Held): void {
    h.detach();
    // A parked worker that dies is simply dropped: it holds no batch.
    const drop = () => {
      const list = this.idle.get(url.href);
      if (list) this.idle.set(url.href, list.filter((x) => x !== h));
    };
    h.detach = listen(h.worker, { error: drop, exit: drop });
    h.worker.unref();
    this.idle.set(url.href, [...(this.idle.get(url.href) ?? []), h]);
  }

  /** Workers parked now. */
  get size(): number {
    return [...this.idle.values()].reduce((n, l) => n + l.length, 0);
  }

  async close(): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map((h) => h.worker.terminate().catch(() => 0)));
  }
}

export interface PoolHandle {
  readonly finished: Promise<'done' | 'stopped'>;
  /** Ask next() again: the caller has batches to hand out after answering 'wait'. */
  wake(): void;
  /** Stop handing out batches and terminate the workers; in-flight batches are dropped. */
  stop(): Promise<void>;
}

/** The ready worker with the fewest batches in flight, below `depth`; null when none may take one more. */
function emptiest(workers: readonly Worker[], ready: ReadonlySet<Worker>, inFlight: ReadonlyMap<Worker, number>, depth: number): Worker | null {
  let w: Worker | null = null;
  for (const c of workers) {
    if (ready.has(c) && inFlight.get(c)! < depth && (w === null || inFlight.get(c)! < inFlight.get(w)!)) w = c;
  }
  return w;
}

/**
 * One worker of a pool, sharing a heartbeat with the watchdog. Only the pool ends its workers (it marks the end
 * first): any other exit, with code 0 too, lost its batches, so `died` hears of it as of an error.
 */
function spawnWorker<M>(url: URL, init: unknown, message: (w: Worker, msg: M) => void, died: (e: WorkerDied) => void, keep?: WorkerKeep, handTable?: SharedArrayBuffer): Held {
  const parked = keep?.take(url);
  let held: Held;
  if (parked) {
    // A warm worker: it answers this init with 'ready', as a new one does its workerData.
    parked.worker.postMessage({ type: 'init', init });
    held = parked;
  } else {
    const heartbeat = new SharedArrayBuffer(HEARTBEAT_BYTES);
    const worker = new Worker(url, { workerData: { ...(init as object), heartbeat, ...(handTable ? { handTable } : {}) }, resourceLimits: workerLimits() });
    held = { worker, beat: new Heartbeat(heartbeat), detach: () => {} };
  }
  const { worker, beat } = held;
  held.detach = listen(worker, {
    message: (msg: M) => message(worker, msg),
    error: (e: unknown) => died(new WorkerDied(beat.read(), deathOf(e))),
    exit: (code: number) => died(new WorkerDied(beat.read(), `called process.exit(${code})`)),
  });
  return held;
}

export function startPool<I = Omit<WorkerInit, 'heartbeat'>, D extends BatchDone = DoneMessage, B extends Batch = Batch>(opts: PoolOptions<I, D, B>): PoolHandle {
  const url = opts.url ?? workerScript('runner/worker.js');
  const workers: Worker[] = [];
  const held: Held[] = [];
  /** Batches posted to each worker and not yet reported back. */
  const inFlight = new Map<Worker, number>();
  const ready = new Set<Worker>();
  let exhausted = false;
  let ended = false;
  let settle: (v: 'done' | 'stopped') => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const finished = new Promise<'done' | 'stopped'>((res, rej) => {
    settle = res;
    fail = rej;
  });

  const end = (how: 'done' | 'stopped' | { error: unknown }) => {
    if (ended) return;
    ended = true;
    stopWatchdog();
    if (how === 'done' && opts.keep) {
      // Every batch is back, so every worker is idle: parked whole, for the next pool.
      for (const h of held) opts.keep.park(url, h);
      settle(how);
      return;
    }
    void Promise.all(workers.map((w) => w.terminate().catch(() => 0))).then(() => (typeof how === 'string' ? settle(how) : fail(how.error)));
  };

  // Fill the emptiest ready worker first, one batch at a time, so batches spread evenly over the workers.
  const pump = () => {
    if (ended) return;
    while (!exhausted) {
      const w = emptiest(workers, ready, inFlight, opts.remaining() > workers.length ? IN_FLIGHT : 1);
      if (w === null) break;
      const b = opts.next();
      if (b === 'wait') break;
      if (b === null) {
        exhausted = true;
        break;
      }
      inFlight.set(w, inFlight.get(w)! + 1);
      w.postMessage({ ...b, type: 'batch' } satisfies ToWorker);
    }
    if (exhausted && [...inFlight.values()].every((k) => k === 0)) end('done');
  };

  const onMessage = (w: Worker, msg: { readonly type: 'ready' } | D | ErrorMessage) => {
    if (ended) return;
    if (msg.type === 'ready') {
      ready.add(w);
    } else if (msg.type === 'done') {
      inFlight.set(w, inFlight.get(w)! - 1);
      try {
        opts.onDone(msg as D);
      } catch (e) {
        end({ error: e });
        return;
      }
    } else {
      end({ error: new WorkerFailure(msg as ErrorMessage) });
      return;
    }
    pump();
  };
  // Each worker reads the hand table from the build's file (src/hand/table-file.ts) where there is one for this
  // code; else it is built once here and copied by each worker (src/hand/shanten.ts sharedHandTable), where that is
  // cheaper than each building its own: two workers or more, or a table this process built for an earlier pool.
  const handTable = !tableFileReadable() && (opts.workers >= 2 || hasSharedHandTable()) ? sharedHandTable() : undefined;
  for (let i = 0; i < opts.workers; i++) {
    // The limit rides along for an external bot's guard (src/bot/pipe.ts), which frees a read the watchdog stopped.
    const h = spawnWorker(url, { ...(opts.init as object), decisionLimitMs: opts.decisionLimitMs }, (w, msg: { readonly type: 'ready' } | D | ErrorMessage) => onMessage(w, msg), (e) => end({ error: e }), opts.keep, handTable);
    held.push(h);
    workers.push(h.worker);
    inFlight.set(h.worker, 0);
  }

  const stopWatchdog = startWatchdog(held.map((h) => h.beat), opts.decisionLimitMs, (_worker, view) => end({ error: new DecisionTimeout(view, opts.decisionLimitMs) }));

  return {
    finished,
    wake: pump,
    stop: async () => {
      end('stopped');
      await finished.catch(() => undefined);
    },
  };
}
