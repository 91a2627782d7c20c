/**
 * The standard library pinned in strategy threads (src/runner/lockdown.ts; issue 21): a strategy cannot replace a
 * built-in method or rebind a global name, and ordinary code that assigns the usual inherited names still runs.
 */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const LOCKDOWN = pathToFileURL(join(ROOT, 'dist', 'src', 'runner', 'lockdown.js')).href;

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
