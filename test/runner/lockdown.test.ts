/**
 * The standard library pinned in a thread that imports a strategy file (src/lineup/lockdown.ts): a strategy
 * cannot replace a built-in method or rebind a global name, ordinary code that assigns the usual inherited names
 * still runs, and the thread that plays a strategy file's agents is locked before any of the file's code runs,
 * whether the file runs on the runner's bundle or on the compiled modules.
 */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, mjlab, ROOT, tempDir } from './helpers.js';

const LOCKDOWN = pathToFileURL(join(ROOT, 'dist', 'src', 'lineup', 'lockdown.js')).href;

function inWorker(body: string): Promise<Record<string, unknown>> {
  const code = `
    import { parentPort } from 'node:worker_threads';
    const { lockdown } = await import(${JSON.stringify(LOCKDOWN)});
    lockdown();
    const out = {};
    const attempt = (name, f) => { try { f(); out[name] = 'changed'; } catch (e) { out[name] = e.constructor.name; } };
    ${body}
    parentPort.postMessage(out);`;
  return new Promise((res, rej) => {
    const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
    w.once('message', res);
    w.once('error', rej);
  });
}

describe('lockdown', () => {
  it('refuses to replace the methods and globals the engine uses', async () => {
    const out = await inWorker(`
      attempt('typed set', () => { Object.getPrototypeOf(Uint8Array.prototype).set = () => {}; });
      attempt('push', () => { Array.prototype.push = () => 0; });
      attempt('assign', () => { Object.assign = () => ({}); });
      attempt('define getter', () => { Object.defineProperty(Array.prototype, 'slice', { get: () => 1 }); });
      attempt('new method', () => { Array.prototype.spy = () => 0; });
      attempt('global', () => { globalThis.Uint8Array = class {}; });
      attempt('iterator', () => { Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true }); });
      out.stillWorks = [3, 1, 2].slice().sort().join(',');
    `);
    for (const k of ['typed set', 'push', 'assign', 'define getter', 'new method', 'global', 'iterator']) expect(out[k], k).toBe('TypeError');
    expect(out['stillWorks']).toBe('1,2,3');
  });

  it('leaves the usual assignments of inherited names working', async () => {
    const out = await inWorker(`
      class E extends Error { constructor(m) { super(m); this.name = 'E'; } }
      const e = new E('x');
      out.error = e.name + ':' + e.message + ':' + String(e);
      function F() {}
      F.prototype.constructor = F;
      const o = {};
      o.toString = () => 'mine';
      out.assigned = String(o) + ':' + (F.prototype.constructor === F);
      attempt('proto itself', () => { Object.prototype.toString = () => 'x'; });
    `);
    expect(out['error']).toBe('E:x:E: x');
    expect(out['assigned']).toBe('mine:true');
    expect(out['proto itself']).toBe('TypeError');
  });

  it('does nothing on the main thread', async () => {
    const { lockdown } = (await import(LOCKDOWN)) as { lockdown: () => void };
    lockdown();
    expect(Object.isExtensible(Array.prototype)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')!.writable).toBe(true);
  });
});

describe('a strategy file is imported into a locked thread', () => {
  const tmp = tempDir('lockdown');
  // Each fixture refuses to create an agent where the library was not pinned when it was imported: a lock taken
  // later than the import, or not at all, fails the run (status 2, "... failed to create its agent ...").
  for (const file of ['locked-at-import.mjs', 'locked-with-library.mjs']) {
    it(file, () => {
      const r = mjlab(['simulate', '--strategies', `harr,harr,harr,${join(FIXTURES, file)}`, '--games', '4', '--workers', '1', '--no-progress', '--quiet', '--out', join(tmp, file)]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  }
});
