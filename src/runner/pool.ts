/**
 * The worker_threads pool (issue 5, point 1). Hands batches to idle workers as they come free; a batch finished
 * out of order is simply reported, ordering is the caller's business. Runs from dist/ only: Node 20 cannot start
 * a .ts worker, so under vitest the compiled worker in dist/ is used (vitest's globalSetup builds it).
 */
import { Worker } from 'node:worker_threads';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Batch } from './plan.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';

export type DoneMessage = Extract<FromWorker, { type: 'done' }>;
export type ErrorMessage = Extract<FromWorker, { type: 'error' }>;

/** A worker reported an error; the pool has stopped. */
export class WorkerFailure extends Error {
  constructor(readonly detail: ErrorMessage) {
    super(detail.message);
    this.name = 'WorkerFailure';
  }
}

export function workerUrl(): URL {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const root = resolve(dirname(here), '..', '..');
    return pathToFileURL(join(root, 'dist', 'src', 'runner', 'worker.js'));
  }
  return new URL('./worker.js', import.meta.url);
}

export interface PoolOptions {
  readonly workers: number;
  readonly init: WorkerInit;
  /** The next batch to hand out, 'wait' when the caller wants fewer batches in flight, null when none remain. */
  next(): Batch | 'wait' | null;
  onDone(msg: DoneMessage): void;
}

export interface PoolHandle {
  readonly finished: Promise<'done' | 'stopped'>;
  /** Stop handing out batches and terminate the workers; in-flight batches are dropped. */
  stop(): Promise<void>;
}

export function startPool(opts: PoolOptions): PoolHandle {
  const url = workerUrl();
  const workers: Worker[] = [];
  const busy = new Set<Worker>();
  const ready = new Set<Worker>();
  let exhausted = false;
  let ended = false;
  let settle: (v: 'done' | 'stopped') => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const finished = new Promise<'done' | 'stopped'>((res, rej) => {
    settle = res;
    fail = rej;
  });

  const terminateAll = async () => {
    await Promise.all(workers.map((w) => w.terminate().catch(() => 0)));
  };

  const end = (how: 'done' | 'stopped' | { error: unknown }) => {
    if (ended) return;
    ended = true;
    void terminateAll().then(() => (typeof how === 'string' ? settle(how) : fail(how.error)));
  };

  const pump = () => {
    if (ended) return;
    for (const w of workers) {
      if (!ready.has(w) || busy.has(w)) continue;
      const b = exhausted ? null : opts.next();
      if (b === 'wait') break;
      if (b === null) {
        exhausted = true;
        break;
      }
      busy.add(w);
      w.postMessage({ type: 'batch', index: b.index, start: b.start, end: b.end } satisfies ToWorker);
    }
    if (exhausted && busy.size === 0) end('done');
  };

  for (let i = 0; i < opts.workers; i++) {
    const w = new Worker(url, { workerData: opts.init });
    workers.push(w);
    w.on('message', (msg: FromWorker) => {
      if (ended) return;
      if (msg.type === 'ready') {
        ready.add(w);
      } else if (msg.type === 'done') {
        busy.delete(w);
        try {
          opts.onDone(msg);
        } catch (e) {
          end({ error: e });
          return;
        }
      } else {
        end({ error: new WorkerFailure(msg) });
        return;
      }
      pump();
    });
    w.on('error', (e) => end({ error: e }));
    w.on('exit', (code) => {
      if (!ended && code !== 0) end({ error: new Error(`worker exited with code ${code}`) });
    });
  }

  return {
    finished,
    stop: async () => {
      end('stopped');
      await finished.catch(() => undefined);
    },
  };
}
