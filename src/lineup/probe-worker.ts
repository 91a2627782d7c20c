/**
 * Imports a strategy file in a worker thread and says so (lineup/probe.ts): a file that loops while it is imported
 * then stops this thread, which the main thread can terminate, rather than the main thread itself.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url } = workerData as { url: string };
try {
  await import(url);
  parentPort!.postMessage({ ok: true });
} catch {
  // The main thread's own import reports the error, in its words.
  parentPort!.postMessage({ ok: true });
}
