/**
 * Worker thread of `mjlab train --target belief`'s data (docs/belief.md): plays the games of each batch it is sent, as
 * `mjlab simulate --duplicate` plays them (the same engine, seating and streams), and at every turn of every seat
 * records the seat's features, computed from its view alone (src/belief/features.ts), with the other seats' truth
 * read from the engine's state as labels (src/belief/labels.ts). The agents see only their views; the recording
 * neither draws a random number nor changes a decision. Records depend only on the game indices, never on the worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Agent, AgentInit, AgentView, Strategy } from '../agent/types.js';
import type { HandState } from '../engine/state.js';
import { handTableFrom } from '../hand/table.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import type { TrainBatch, TrainDone, TrainWorkerInit } from '../learn/protocol.js';
import { tableConfig } from '../runner/table.js';
import { Heartbeat, holdToContract, loading } from '../sandbox/contract.js';
import { errorMessage } from '../sandbox/worker-error.js';
import { KINDS } from '../tiles/tile.js';
import { BeliefFeaturizer, emptyBeliefSparse, unseenOf } from '../belief/features.js';
import { beliefLabels } from '../belief/labels.js';
import { encodeBeliefRecords, type BeliefRecord } from '../belief/record.js';

const port = parentPort;
if (!port) throw new Error('belief-train/worker.js must run in a worker thread');

const init = workerData as TrainWorkerInit & { readonly heartbeat: SharedArrayBuffer };
handTableFrom(workerData);
const hb = new Heartbeat(init.heartbeat);

/** The engine's state, as its check hook shows it after every event (the truth the labels read). */
let truth: HandState | null = null;
let game = 0;
const records: BeliefRecord[] = [];

/** A seat's agent, its turns recorded before it answers. */
function recorded(s: Strategy): Strategy {
  return {
    ...s,
    create(ai: AgentInit): Agent {
      const inner = s.create(ai);
      const feat = new BeliefFeaturizer();
      const x = emptyBeliefSparse();
      const agent: Agent = {
        act(view: AgentView) {
          if (view.phase === 'turn' && truth !== null) {
            feat.encode(view, x);
            const labels = beliefLabels(truth, view.seat);
            records.push({
              game, seat: view.seat, wall: view.wallCount, unseen: unseenOf(view, new Uint8Array(KINDS)), ...labels,
              index: Array.from(x.index.subarray(0, x.n)), values: Array.from(x.value.subarray(0, x.n)),
            });
          }
          return inner.act(view);
        },
      };
      if (inner.reset) agent.reset = () => inner.reset!();
      if (inner.handOver) agent.handOver = (r) => inner.handOver!(r);
      return agent;
    },
  };
}

async function start(): Promise<void> {
  const loaded = await loading(hb, () => tableConfig({ ...init.table, strategies: init.lineup, seed: init.seed, unit: 'hand', duplicate: true }));
  const held = holdToContract(loaded.lineup, hb);
  const config = { ...loaded, lineup: held.map((l) => ({ ...l, strategy: recorded(l.strategy) })) };
  const engine = createEngine(config);
  const check = (s: HandState): void => {
    truth = s;
  };
  port!.on('message', (b: TrainBatch) => {
    try {
      records.length = 0;
      for (let g = b.start; g < b.end; g++) {
        hb.setGame(g);
        game = g;
        truth = null;
        engine.play(gameSetup(config, g), { record: false, check });
      }
      const bytes = encodeBeliefRecords(records);
      port!.postMessage({ type: 'done', index: b.index, bytes, decisions: records.length } satisfies TrainDone);
    } catch (e) {
      port!.postMessage(errorMessage(e));
    }
  });
  port!.postMessage({ type: 'ready' });
}

start().catch((e: unknown) => port.postMessage(errorMessage(e)));
