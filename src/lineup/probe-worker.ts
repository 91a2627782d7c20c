/**
 * Imports a strategy file in a worker thread and says so (lineup/probe.ts): a file that loops while it is imported
 * then stops this thread, which the main thread can terminate, rather than the main thread itself.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url } = workerData as { url: string };
// A failing import is not this thread's to report: the main thread's own import says why, in its words.
await import(url).catch(() => undefined);
parentPort!.postMessage({ loaded: true });
