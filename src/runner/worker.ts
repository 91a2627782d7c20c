/**
 * Worker thread entry (README.md, "Running at scale"): resolves the lineup, then plays each batch of game indices it is sent
 * and posts back one mergeable aggregate per batch, plus that batch's bytes of each streamed file (games.csv,
 * matches.csv, nets.bin, luck.bin) the run writes. No state survives from one batch to the next except the resolved lineup
 * and engine, so results depend only on the game indices, never on which worker ran them. Every strategy is held
 * to the agent contract (contract.ts): its decisions report to the heartbeat the main thread's watchdog reads,
 * and a plug-in cannot reach Math.random or the clock.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { handTableFrom } from '../hand/table.js';
import { addGame, addMatch, aggregateToJson, emptyAggregate, placings, uniqueLabels } from '../stats/aggregate.js';
import { csvChunk } from '../io/csv.js';
import { gameRows, matchRow } from './csv.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { tableConfig } from './table.js';
import { addNetsRecord } from './nets-file.js';
import { addLuckRecord, LuckMeter } from '../luck/meter.js';
import { decodeValueModel } from '../value/model-file.js';
import { ValueTerms } from '../value/terms.js';
import { Heartbeat, holdToContract, loading } from '../sandbox/contract.js';
import { errorMessage } from '../sandbox/worker-error.js';
import type { FromWorker, StreamedName, ToWorker, WorkerInit } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('runner/worker.js must run in a worker thread');

function post(msg: FromWorker, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(msg, transfer);
}

/** nets.bin records as little-endian bytes, whatever the machine's byte order. */
function littleEndian(values: Int32Array): Uint8Array {
  const buf = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) buf.writeInt32LE(values[i]!, i * 4);
  return buf;
}

/** What a worker plays with: its lineup, resolved once per init, and the engine reused across its games. */
interface Table {
  readonly init: WorkerInit;
  readonly config: Awaited<ReturnType<typeof tableConfig>>;
  readonly labels: string[];
  readonly matches: boolean;
  readonly engine: ReturnType<typeof createEngine>;
  readonly meter: LuckMeter | null;
}

async function configure(init: WorkerInit, hb: Heartbeat): Promise<Table> {
  const loaded = await loading(hb, () => tableConfig(init.table));
  const config = { ...loaded, lineup: holdToContract(loaded.lineup, hb) };
  // One engine per worker: its hand state is reused (fully reset) across games, which is most of its speed.
  return {
    init, config, labels: uniqueLabels(config.lineup.map((s) => s.label)), matches: config.unit === 'match',
    engine: createEngine(config), meter: init.luck ? new LuckMeter(config.players, true, init.luckModel ? new ValueTerms(decodeValueModel(init.luckModel, 'luck model')) : null) : null,
  };
}

function play(t: Table, hb: Heartbeat, msg: Extract<ToWorker, { type: 'batch' }>, t0: number, freeAt: number): number {
  const { init, config, labels, matches, engine: table, meter } = t;
  const agg = emptyAggregate(labels);
  const rows: string[][] = [];
  const matchRows: string[][] = [];
  const nets = init.nets ? new Int32Array((msg.end - msg.start) * labels.length) : null;
  const C = meter?.channels ?? 0;
  const luck = init.luck ? new Int32Array((msg.end - msg.start) * labels.length * C) : null;
  for (let g = msg.start; g < msg.end; g++) {
    hb.setGame(g);
    const outcome = table.play(gameSetup(config, g), meter ? { record: false, luck: meter } : { record: false });
    addGame(agg, outcome);
    if (matches) {
      addMatch(agg, outcome);
      matchRows.push(matchRow(outcome, placings(outcome.finalScores)));
    }
    if (init.gamesCsv) for (const r of gameRows(outcome)) rows.push(r);
    if (nets) addNetsRecord(nets, (g - msg.start) * labels.length, labels, outcome);
    if (luck && meter) addLuckRecord(luck, (g - msg.start) * labels.length * C, labels, outcome.strategies, meter);
  }
  const chunks: Partial<Record<StreamedName, Uint8Array>> = {};
  if (init.gamesCsv) chunks['games.csv'] = Buffer.from(csvChunk(rows), 'utf8');
  if (matches) chunks['matches.csv'] = Buffer.from(csvChunk(matchRows), 'utf8');
  if (nets) chunks['nets.bin'] = littleEndian(nets);
  if (luck) chunks['luck.bin'] = littleEndian(luck);
  const t1 = performance.now();
  post({ type: 'done', index: msg.index, agg: aggregateToJson(agg), chunks, waitMs: t0 - freeAt, busyMs: t1 - t0 });
  return t1;
}

/**
 * The init from workerData, then batches; a pool that keeps its workers warm (pool.ts WorkerKeep) sends a later
 * pool's init as a message, and the worker starts that table afresh, exactly as a new worker would.
 */
function start(): void {
  const first = workerData as WorkerInit;
  handTableFrom(workerData);
  const hb = new Heartbeat(first.heartbeat);
  let table: Promise<Table> = configure(first, hb);
  // When the worker last became free: the wait until the next batch arrives is time the pool lost.
  let freeAt = 0;
  const ready = (p: Promise<Table>) =>
    p.then(
      () => {
        freeAt = performance.now();
        post({ type: 'ready' });
      },
      (e: unknown) => post(errorMessage(e)),
    );
  port!.on('message', (msg: ToWorker) => {
    if (msg.type === 'init') {
      table = configure({ ...msg.init, heartbeat: first.heartbeat }, hb);
      void ready(table);
      return;
    }
    const t0 = performance.now();
    void table.then((t) => {
      try {
        freeAt = play(t, hb, msg, t0, freeAt);
      } catch (e) {
        post(errorMessage(e));
      }
    });
  });
  void ready(table);
}

start();
