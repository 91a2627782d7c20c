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
