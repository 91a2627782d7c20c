/**
 * Worker thread of `mjlab train`'s data generation (docs/learning.md): plays the --duplicate games of each batch it
 * is sent, the teacher (lineup index 0) at its rotating seat recorded (src/learn/recorder.ts), and posts the batch's
 * decision records in game order, each with the seat's net for the hand as its value target. Records depend only
 * on the game indices, never on the worker. Every strategy is held to the agent contract, as in the runner's worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { handTableFrom } from '../hand/table.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { tableConfig } from '../runner/table.js';
import { Heartbeat, holdToContract, loading } from '../sandbox/contract.js';
import { errorMessage } from '../sandbox/worker-error.js';
import type { TrainBatch, TrainDone, TrainWorkerInit } from './protocol.js';
import { encodeDecisions } from './record.js';
import { recording, type Sink } from './recorder.js';

const port = parentPort;
if (!port) throw new Error('learn/worker.js must run in a worker thread');

const init = workerData as TrainWorkerInit & { readonly heartbeat: SharedArrayBuffer };
handTableFrom(workerData);
const hb = new Heartbeat(init.heartbeat);
const sink: Sink = { game: 0, decisions: [] };

async function start(): Promise<void> {
  const loaded = await loading(hb, () => tableConfig({ ...init.table, strategies: init.lineup, seed: init.seed, unit: 'hand', duplicate: true }));
  const held = holdToContract(loaded.lineup, hb);
  const lineup = [{ ...held[0]!, strategy: recording(held[0]!.strategy, sink) }, ...held.slice(1)];
  const config = { ...loaded, lineup };
  const engine = createEngine(config);
  port!.on('message', (b: TrainBatch) => {
    try {
      sink.decisions.length = 0;
      for (let g = b.start; g < b.end; g++) {
        hb.setGame(g);
        sink.game = g;
        const from = sink.decisions.length;
        const outcome = engine.play(gameSetup(config, g), { record: false });
        const nets = outcome.hands[0]!.nets;
        for (let i = from; i < sink.decisions.length; i++) sink.decisions[i]!.value = nets[sink.decisions[i]!.seat] ?? 0;
      }
      const bytes = encodeDecisions(sink.decisions);
      port!.postMessage({ type: 'done', index: b.index, bytes, decisions: sink.decisions.length } satisfies TrainDone);
    } catch (e) {
      port!.postMessage(errorMessage(e));
    }
  });
  port!.postMessage({ type: 'ready' });
}

start().catch((e: unknown) => port.postMessage(errorMessage(e)));
