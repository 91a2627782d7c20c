/**
 * A strategy file is imported in a worker thread first, under a time limit, before the main thread imports it: a
 * file that loops at import (top-level code that never ends) would otherwise hang the command with no message, where
 * the runner's own load limit (runner/contract.ts) only watches its worker threads. Exceeded: one line naming the
 * file and the limit (exit 2), the probe thread terminated. Worker threads skip it: the runner's main thread already
 * watches their imports.
 */
import { isMainThread, Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import { workerScript } from '../worker-script.js';

/** Generous: importing a strategy file takes milliseconds; the worker's own start-up is counted too. */
export const LOAD_LIMIT_SECONDS = 10;

export async function probeImport(url: string, path: string, limitSeconds = LOAD_LIMIT_SECONDS): Promise<void> {
  // In a worker thread (the runner's) the main thread watches the import already.
  if (!isMainThread) return;
  const w = new Worker(workerScript('lineup/probe-worker.js'), { workerData: { url } });
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new UserError(`strategy file ${path} did not finish loading within ${limitSeconds} s (does its top-level code loop?)`)),
        limitSeconds * 1000,
      );
      w.once('message', () => resolve());
      w.once('error', () => resolve()); // the main thread's import reports it
      w.once('exit', () => resolve());
    });
  } finally {
    clearTimeout(timer);
    await w.terminate();
  }
}
