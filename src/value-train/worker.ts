/**
 * Worker thread of `mjlab train --target value`'s data (docs/statistics.md "The learned value"): plays the
 * --duplicate games of each batch it is sent with a luck meter whose value hook records samples
 * (src/value/recorder.ts), and posts the batch's samples in game order, each with the seats' nets for its hand as
 * the target. Samples depend only on the game indices, never on the worker. Every strategy is held to the agent
 * contract, as in the runner's worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { handTableFrom } from '../hand/table.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { tableConfig } from '../runner/table.js';
import { Heartbeat, holdToContract, loading } from '../sandbox/contract.js';
import { errorMessage } from '../sandbox/worker-error.js';
import { LuckMeter } from '../luck/meter.js';
import type { TrainBatch, TrainDone, TrainWorkerInit } from '../learn/protocol.js';
import { VALUE_SEATS } from '../value/features.js';
import { encodeSamples } from './record.js';
import { ValueRecorder } from './recorder.js';

const port = parentPort;
if (!port) throw new Error('value/worker.js must run in a worker thread');

const init = workerData as TrainWorkerInit & { readonly heartbeat: SharedArrayBuffer };
handTableFrom(workerData);
const hb = new Heartbeat(init.heartbeat);

async function start(): Promise<void> {
  const loaded = await loading(hb, () => tableConfig({ ...init.table, strategies: init.lineup, seed: init.seed, unit: 'hand', duplicate: true }));
  const config = { ...loaded, lineup: holdToContract(loaded.lineup, hb) };
  const engine = createEngine(config);
  const recorder = new ValueRecorder();
  const meter = new LuckMeter(config.players, true, recorder);
  port!.on('message', (b: TrainBatch) => {
    try {
      recorder.samples.length = 0;
      for (let g = b.start; g < b.end; g++) {
        hb.setGame(g);
        recorder.game = g;
        const from = recorder.samples.length;
        const outcome = engine.play(gameSetup(config, g), { record: false, luck: meter });
        const nets = outcome.hands[0]!.nets;
        for (let i = from; i < recorder.samples.length; i++) {
          const s = recorder.samples[i]!;
          for (let w = 0; w < VALUE_SEATS; w++) s.nets[w] = nets[(s.dealer + w) % VALUE_SEATS] ?? 0;
        }
      }
      const bytes = encodeSamples(recorder.samples);
      port!.postMessage({ type: 'done', index: b.index, bytes, decisions: recorder.samples.length } satisfies TrainDone);
    } catch (e) {
      port!.postMessage(errorMessage(e));
    }
  });
  port!.postMessage({ type: 'ready' });
}

start().catch((e: unknown) => port.postMessage(errorMessage(e)));
