/**
 * The worker side of a plug-in thread (plugin-thread.ts): `setup` loads the lineup under the contract's load guard
 * and returns the operations this thread answers; each request `{ id, op, body }` is answered in order with the
 * operation's value (structured-cloned) or its error (worker-error.ts). The heartbeat is the caller's to hand to
 * holdToContract().
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Heartbeat } from './contract.js';
import type { HostMessage } from './plugin-thread.js';
import { errorMessage } from './worker-error.js';

export type Operations = Readonly<Record<string, (body: unknown) => unknown>>;

export function hostPlugins<D>(setup: (data: D, hb: Heartbeat, log: (line: string) => void) => Promise<Operations>): void {
  const port = parentPort;
  if (!port) throw new Error('a plug-in host must run in a worker thread');
  const post = (m: HostMessage): void => port.postMessage(m);
  const data = workerData as D & { heartbeat: SharedArrayBuffer };
  const hb = new Heartbeat(data.heartbeat);
  setup(data, hb, (line) => post({ type: 'log', line })).then(
    (ops) => {
      port.on('message', (m: { id: number; op: string; body: unknown }) => {
        try {
          const op = ops[m.op];
          if (!op) throw new Error(`no operation ${m.op}`);
          post({ type: 'reply', id: m.id, value: op(m.body) });
        } catch (e) {
          post({ type: 'failed', id: m.id, error: errorMessage(e) });
        }
      });
    },
    (e: unknown) => post({ type: 'fatal', error: errorMessage(e) }),
  );
}
