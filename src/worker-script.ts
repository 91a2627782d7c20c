/**
 * Where a compiled worker script lies (e.g. "runner/worker.js"): Node 20 cannot start a .ts worker, so from the .ts
 * sources (vitest) dist/'s copy is used (vitest's globalSetup builds it).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function workerScript(underSrc: string): URL {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const root = resolve(dirname(here), '..');
    return pathToFileURL(join(root, 'dist', 'src', ...underSrc.split('/')));
  }
  return new URL(`./${underSrc}`, import.meta.url);
}

/**
 * Memory a worker thread running strategies may use: V8's default old generation, or MJLAB_WORKER_MEMORY_MB
 * megabytes (a plug-in that allocates until it dies then stops its thread sooner, and its command ends with one
 * line). The young generation is the caller's (the runner caps it for speed).
 */
export function workerMemoryLimit(): { maxOldGenerationSizeMb?: number } {
  const mb = Number(process.env.MJLAB_WORKER_MEMORY_MB);
  return Number.isFinite(mb) && mb > 0 ? { maxOldGenerationSizeMb: mb } : {};
}
