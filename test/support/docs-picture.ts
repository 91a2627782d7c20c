/**
 * Where a browser test's picture for docs/ goes: into docs/ only when asked (MJLAB_DOCS_PICTURES=1), otherwise
 * nowhere (the screenshot is still taken and checked). A test run must not dirty the checkout: other files, running
 * beside the browser tests, stamp the checkout's dirty flag into their outputs' provenance and compare it.
 */
import { join, resolve } from 'node:path';

const DOCS = resolve(import.meta.dirname, '..', '..', 'docs');

export function docsPicture(name: string): { path?: string } {
  return process.env.MJLAB_DOCS_PICTURES === '1' ? { path: join(DOCS, name) } : {};
}
