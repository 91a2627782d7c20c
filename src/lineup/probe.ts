/**
 * A strategy file is imported in a worker thread first, under a time limit, before the main thread imports it: a
 * file that loops at import (top-level code that never ends) would otherwise hang the command with no message, where
 * the runner's own load limit (sandbox/contract.ts) only watches its worker threads. Exceeded: one line naming the
 * file and the limit (exit 2), the probe thread terminated; a file whose import calls process.exit or runs out of
 * memory is refused alike, before the main thread's import would end the command. Worker threads skip it: the runner's main thread already
 * watches their imports.
 */
import { isMainThread, Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import { workerMemoryLimit, workerScript } from '../worker-script.js';

/** Generous: importing a strategy file takes milliseconds; the worker's own start-up is counted too. */
export const LOAD_LIMIT_SECONDS = 10;

/**
 * The limit in force: MJLAB_LOAD_LIMIT_SECONDS when it is a positive number (a slow file system may need more; the
 * suite's test of a file that loops at import sets 1, not to spin a core for 10 s), else LOAD_LIMIT_SECONDS.
 */
export function loadLimitSeconds(): number {
  const s = Number(process.env.MJLAB_LOAD_LIMIT_SECONDS);
  return Number.isFinite(s) && s > 0 ? s : LOAD_LIMIT_SECONDS;
}

/**
 * The files this process has probed and then imported: a second probe of one is skipped, since the main thread's
 * import is cached by its URL and does not run the file's code again (a command resolves its lineup more than
 * once: 132 probe threads in a run of the suite, about 55 ms of CPU each).
 */
const probed = new Set<string>();

export async function probeImport(url: string, path: string, limitSeconds = loadLimitSeconds()): Promise<void> {
  // In a worker thread (the runner's) the main thread watches the import already.
  if (!isMainThread || probed.has(url)) return;
  const w = new Worker(workerScript('lineup/probe-worker.js'), { workerData: { url }, resourceLimits: workerMemoryLimit() });
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new UserError(`strategy file ${path} did not finish loading within ${limitSeconds} s (does its top-level code loop?)`)),
        limitSeconds * 1000,
      );
      w.once('message', () => resolve());
      // Out of memory, or process.exit at import, would do the same to the main thread's own import: refused here.
      w.once('error', (e) => {
        if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') reject(new UserError(`strategy file ${path} ran out of memory while loading`));
        else resolve(); // the main thread's import reports it
      });
      w.once('exit', (code) => reject(new UserError(`strategy file ${path} called process.exit(${code}) while loading; a strategy may not end the command`)));
    });
  } finally {
    clearTimeout(timer);
    await w.terminate();
  }
  probed.add(url);
}
