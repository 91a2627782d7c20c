/**
 * Worker thread of `mjlab tune` (src/tune/evaluate.ts): plays the batches it is sent, each a range of one job's
 * --duplicate games, and posts the candidate's net per wall set. The candidate is lineup index 0, found at its
 * seat through the game's seating, so its label need not differ from the field's. An engine is made per job on
 * first use and reused (fully reset each game); nothing else survives between batches, so results depend only on
 * the games, never on the worker. Every strategy is held to the agent contract, as in the runner's worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { handTableFrom } from '../hand/table.js';
import { createEngine, type GameEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import type { TableConfig } from '../game/types.js';
import { tableConfig } from '../runner/table.js';
import { Heartbeat, holdToContract, loading } from '../sandbox/contract.js';
import { errorMessage } from '../sandbox/worker-error.js';
import type { TuneBatch, TuneDone, TuneWorkerInit } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('tune/worker.js must run in a worker thread');

const first = workerData as TuneWorkerInit & { readonly heartbeat: SharedArrayBuffer };
handTableFrom(workerData);
/** The table being played: from workerData, or a later pool's init when the pool keeps its workers warm (pool.ts WorkerKeep). */
let init: TuneWorkerInit = first;
// The agent contract, as in the runner's worker (src/sandbox/contract.ts): decisions report to the heartbeat the
// main thread's watchdog reads, and a plug-in cannot reach Math.random or the clock.
const hb = new Heartbeat(first.heartbeat);
/** Engines by job, most recent last; a tune moves on from a generation's candidates, so only a few are kept. */
const engines = new Map<string, Promise<{ config: TableConfig; engine: GameEngine }>>();
const KEEP_ENGINES = 16;

function engineFor(b: TuneBatch): Promise<{ config: TableConfig; engine: GameEngine }> {
  const key = `${b.seed}\u0000${b.lineup}`;
  let e = engines.get(key);
  if (e) {
    engines.delete(key);
  } else {
    e = loading(hb, () => tableConfig({ ...init.table, strategies: b.lineup, seed: b.seed, unit: 'hand', duplicate: true })).then((loaded) => {
      const config = { ...loaded, lineup: holdToContract(loaded.lineup, hb) };
      return { config, engine: createEngine(config) };
    });
  }
  engines.set(key, e);
  if (engines.size > KEEP_ENGINES) engines.delete(engines.keys().next().value!);
  return e;
}

/** Batches run one at a time, in arrival order (an engine's state is reused across its games). */
let queue = Promise.resolve();

port.on('message', (m: (TuneBatch & { readonly type: 'batch' }) | { readonly type: 'init'; readonly init: TuneWorkerInit }) => {
  if (m.type === 'init') {
    // A new table, after every batch of the last one is done: nothing of the last survives, as in a new worker.
    queue = queue.then(() => {
      init = m.init;
      engines.clear();
      port.postMessage({ type: 'ready' });
    });
    return;
  }
  const b = m;
  queue = queue.then(async () => {
    try {
      const { config, engine } = await engineFor(b);
      const p = config.players;
      const walls = new Float64Array((b.end - b.start) / p);
      for (let g = b.start; g < b.end; g++) {
        hb.setGame(g);
        const setup = gameSetup(config, g);
        const seat = setup.seating.indexOf(0);
        let net = 0;
        for (const h of engine.play(setup, { record: false }).hands) net += h.nets[seat] ?? 0;
        walls[Math.floor((g - b.start) / p)]! += net;
      }
      port.postMessage({ type: 'done', index: b.index, walls } satisfies TuneDone);
    } catch (e) {
      port.postMessage(errorMessage(e));
    }
  });
});
port.postMessage({ type: 'ready' });
