/**
 * `mjlab train` as a library call (docs/learning.md): the teacher's self-play decisions generated (src/learn/data.ts:
 * resumable, shardable, checksummed), then the network fitted to them (src/learn/fit.ts) and the outputs written
 * through the claimed directory, the manifest last:
 *
 *   model.mjnet     the model (strategies/learned/model-file.ts; docs/learning.md)
 *   curve.csv/.svg  per epoch: training loss, held-out loss, held-out top-1 agreement with the teacher, value error
 *   validation.csv  the model kept: held-out agreement with the teacher, and the prior's (harr's) for comparison;
 *                   where teacher and net left harr's choice (src/learn/fit.ts Departures)
 *   manifest.json   provenance: the command, the data's identity, the fit options, sizes, hours and CPU seconds
 *
 * With --shard only the data is generated; --data DIR,... trains on the shards' directories together; --keep-data
 * DIR,... trains on earlier generations' complete data too, before this run's.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { renderSvg } from '../charts/render.js';
import { UserError } from '../errors.js';
import { IoFailure, readNoFollow } from '../io/files.js';
import { commandLine, gitState, packageVersion, type Shard } from '../io/manifest.js';
import { RunDir } from '../io/run-dir.js';
import { csv } from '../io/csv.js';
import { MARKER } from '../io/owned-dir.js';
import { formatShard } from '../runner/plan.js';
import { trapSignals, type StopSignal } from '../runner/signals.js';
import { encodeModel, type Model } from '../../strategies/learned/model-file.js';
import { readModelFile } from '../lineup/models.js';
import { BATCH_GAMES, claimTrainDir, DATA_FILE, dataIdentity, generate, PLAYERS, readData, type DataIdentity } from './data.js';
import { fitUnlessStopped, isHeldOut, MODEL_FEATURES, sampleOf, type EpochRow, type Fitted, type Sample } from './fit.js';
import type { FitOptions, TrainOptions } from './options.js';
import { decodeDecisions } from './record.js';
import { shardRange } from '../runner/plan.js';

export type { TrainOptions } from './options.js';

export interface TrainResult {
  readonly status: 'complete' | 'interrupted' | 'data';
  readonly signal?: StopSignal;
  readonly fitted?: Fitted;
  readonly decisions: number;
}

/** The largest --hidden: 4,096 units are about 3 M parameters, five copies of them in the fit's memory. */
export const MAX_HIDDEN = 4096;

function checkFit(f: FitOptions): void {
  const pos = (name: string, v: number, int: boolean): void => {
    if (!(Number.isFinite(v) && v > 0) || (int && !Number.isSafeInteger(v))) throw new UserError(`${name} must be a positive ${int ? 'integer' : 'number'}, got ${v}`);
  };
  pos('--epochs', f.epochs, true);
  pos('--hidden', f.hidden, true);
  if (f.hidden > MAX_HIDDEN) throw new UserError(`--hidden must be at most ${MAX_HIDDEN} (a model of ${f.hidden} hidden units would not fit in memory), got ${f.hidden}`);
  pos('--lr', f.lr, false);
  pos('--batch', f.batch, true);
  pos('--temperature', f.temperature, false);
  pos('--value-scale', f.valueScale, false);
  pos('--departure-weight', f.departureWeight, true);
  if (!Number.isSafeInteger(f.trainSeed)) throw new UserError(`--train-seed must be an integer, got ${f.trainSeed}`);
  if (!(f.soft >= 0 && f.soft <= 1)) throw new UserError(`--soft is a weight in [0, 1], got ${f.soft}`);
  if (!(f.valueWeight >= 0)) throw new UserError(`--value-weight must be at least 0, got ${f.valueWeight}`);
}

function batchesOf(id: DataIdentity, shard: Shard | null): number {
  const r = shardRange(id.games, shard, PLAYERS);
  return Math.ceil((r[1] - r[0]) / BATCH_GAMES);
}

/** The samples of the data, in file order, split into training and held-out wall sets. */
function samplesOf(data: readonly Buffer[], f: FitOptions): { train: Sample[]; valid: Sample[]; decisions: number } {
  const train: Sample[] = [];
  const valid: Sample[] = [];
  for (const b of data) decodeDecisions(b, (d) => (isHeldOut(d.game) ? valid : train).push(sampleOf(d, f)));
  return { train, valid, decisions: train.length + valid.length };
}

function curveChart(fitted: Fitted, title: string): TopLevelSpec {
  const rows = fitted.curve.flatMap((r) => [
    { epoch: r.epoch, series: 'training loss', value: r.trainLoss },
    { epoch: r.epoch, series: 'held-out loss', value: r.validLoss },
    { epoch: r.epoch, series: 'held-out agreement with the teacher', value: r.validAgreement },
  ]);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: `kept epoch ${fitted.best.epoch}: agreement ${(100 * fitted.best.validAgreement).toFixed(1)}% (harr's ${(100 * fitted.priorAgreement).toFixed(1)}%)` },
    width: 480,
    height: 220,
    data: { values: rows },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'epoch', type: 'quantitative', axis: { tickMinStep: 1, format: 'd' } },
      y: { field: 'value', type: 'quantitative', title: null },
      color: { field: 'series', type: 'nominal', title: null },
    },
  } as TopLevelSpec;
}

/** The model of --init-model, read and checked (a cut or altered file is refused in one line), and its identity. */
function readInit(o: TrainOptions): { model: Model; record: { path: string; sha256: string } } | null {
  if (o.initModel === undefined) return null;
  const { model, bytes } = readModelFile(o.initModel);
  if (model.dims.hidden !== o.fit.hidden) throw new UserError(`--init-model ${o.initModel} has ${model.dims.hidden} hidden units, --hidden is ${o.fit.hidden}: give --hidden ${model.dims.hidden}`);
  return { model, record: { path: o.initModel, sha256: createHash('sha256').update(bytes).digest('hex') } };
}

async function writeOutputs(
  dir: RunDir,
  id: DataIdentity,
  data: readonly Buffer[],
  kept: readonly KeptData[],
  init: { path: string; sha256: string } | null,
  o: TrainOptions,
  fitted: Fitted,
  meta: Record<string, unknown>,
): Promise<void> {
  const keptData = kept.map((k) => ({ dir: k.dir, identity: k.id, dataSha256: k.dataSha256 }));
  const dataSha = createHash('sha256');
  for (const b of data) dataSha.update(b);
  const header = {
    ...MODEL_FEATURES,
    hidden: o.fit.hidden,
    valueScale: o.fit.valueScale,
    rules: id.rules,
    teacher: id.teacher,
    field: id.field,
    games: id.games,
    seed: id.seed,
    dataSha256: dataSha.digest('hex'),
    ...(keptData.length > 0 ? { keptData } : {}),
    ...(init ? { initModel: init } : {}),
    fit: o.fit,
    epoch: fitted.best.epoch,
  };
  const model = encodeModel(header, fitted.params);
  dir.write('model.mjnet', model);
  const f4 = (x: number): string => x.toFixed(4);
  dir.write('curve.csv', csv([['epoch', 'train_loss', 'valid_loss', 'valid_agreement', 'valid_value_rmse'], ...fitted.curve.map((r) => [String(r.epoch), f4(r.trainLoss), f4(r.validLoss), f4(r.validAgreement), r.validValueRmse.toFixed(2)])]));
  dir.write('curve.svg', await renderSvg(curveChart(fitted, `mjlab train: ${id.teacher} under ${id.rules}, ${id.games} games, seed ${id.seed}`)));
  dir.write(
    'validation.csv',
    csv([
      ['train_decisions', 'valid_decisions', 'epoch', 'valid_agreement', 'harr_agreement', 'valid_loss', 'valid_value_rmse', 'teacher_departures', 'net_departures', 'departures_matched'],
      [
        String(fitted.trainSamples), String(fitted.validSamples), String(fitted.best.epoch), f4(fitted.best.validAgreement), f4(fitted.priorAgreement), f4(fitted.best.validLoss), fitted.best.validValueRmse.toFixed(2),
        String(fitted.departures.teacher), String(fitted.departures.net), String(fitted.departures.matched),
      ],
    ]),
  );
  dir.write(
    'manifest.json',
    `${JSON.stringify(
      {
        tool: 'mjlab',
        kind: 'train',
        version: packageVersion(),
        ...gitState(),
        command: o.command ?? commandLine(),
        identity: id,
        fit: o.fit,
        modelSha256: createHash('sha256').update(model).digest('hex'),
        trainDecisions: fitted.trainSamples,
        validDecisions: fitted.validSamples,
        validAgreement: fitted.best.validAgreement,
        harrAgreement: fitted.priorAgreement,
        departures: fitted.departures,
        keptData,
        ...(init ? { initModel: init } : {}),
        node: process.version,
        ...meta,
      },
      null,
      2,
    )}\n`,
  );
}

/**
 * The data directories of --data: one identity, shards 1..M each once; their data in shard order, each read through
 * by `check` (which refuses records mjlab did not write).
 */
export function readShards(
  dirs: readonly string[], option = '--data', check = (b: Buffer, name: string): void => decodeDecisions(b, () => undefined, name),
  target: DataIdentity['target'] = undefined,
): { id: DataIdentity; data: Buffer[] } {
  const found = dirs.map((path) => {
    let marker: { kind?: string; run?: { identity?: DataIdentity; shard?: Shard | null } };
    try {
      marker = JSON.parse(readNoFollow(join(path, MARKER)).toString('utf8')) as typeof marker;
    } catch {
      throw new UserError(`${option} ${path} is not the output of mjlab train (no marker)`);
    }
    if (marker.kind !== 'train' || !marker.run?.identity) throw new UserError(`${option} ${path} is not the output of mjlab train`);
    return { path, id: marker.run.identity, shard: marker.run.shard ?? null };
  });
  const id = found[0]!.id;
  if (id.target !== target) throw new UserError(`${option} ${found[0]!.path} holds ${targetData(id.target)}, not ${targetData(target)} (train them with --target ${id.target ?? 'policy'})`);
  for (const f of found) if (JSON.stringify(f.id) !== JSON.stringify(id)) throw new UserError(`${option} ${f.path} holds other training data than ${found[0]!.path} (a different teacher, field, rules, games or seed)`);
  const count = found[0]!.shard?.count ?? 1;
  const byIndex = new Map<number, (typeof found)[number]>();
  for (const f of found) {
    const s = f.shard ?? { index: 1, count: 1 };
    if (s.count !== count) throw new UserError(`${option} ${f.path} is shard ${formatShard(s)}, the others are shards of ${count}`);
    if (byIndex.has(s.index)) throw new UserError(`${option} names shard ${formatShard(s)} twice (${byIndex.get(s.index)!.path} and ${f.path})`);
    byIndex.set(s.index, f);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new UserError(`${option} lacks shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  const data = Array.from({ length: count }, (_, i) => {
    const f = byIndex.get(i + 1)!;
    const bytes = readData(new RunDir(f.path), id, f.shard, batchesOf(id, f.shard));
    // Proved by its checksums, and read through once here, before the output is claimed: records mjlab did not
    // write are refused now, not after the output directory is taken.
    check(bytes, join(f.path, DATA_FILE));
    return bytes;
  });
  return { id, data };
}

/** What a target's training data holds, in words. */
function targetData(target: DataIdentity['target']): string {
  return target === 'value' ? 'value samples' : target === 'belief' ? 'belief turns' : "a policy's decisions";
}

interface KeptData {
  readonly id: DataIdentity;
  readonly data: Buffer;
  readonly dataSha256: string;
  readonly dir: string;
}

/** The kept data of earlier generations: each a complete data directory, proved against its checksums. */
function readKept(dirs: readonly string[]): KeptData[] {
  return dirs.map((d) => {
    const { id, data } = readShards([d], '--keep-data');
    const bytes = data[0]!;
    return { id, data: bytes, dataSha256: createHash('sha256').update(bytes).digest('hex'), dir: d };
  });
}

/** This command again, to go on from what it left: without --force, with --resume (every target's). */
export function resumeCommand(o: Pick<TrainOptions, 'command'>): string {
  return `${(o.command ?? commandLine()).replace(/\s--(resume|force)\b/g, '')} --resume`;
}

export async function train(o: TrainOptions): Promise<TrainResult> {
  checkFit(o.fit);
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  if (o.data && o.shard) throw new UserError('--data trains on shards already generated; --shard generates one: give one or the other');
  if (o.keepData && o.keepData.length > 0 && o.shard) throw new UserError('--keep-data is for training; --shard only generates data: give one or the other');
  const fromDirs = o.data ? readShards(o.data) : null;
  if (o.initModel !== undefined && o.shard) throw new UserError('--init-model is for training; --shard only generates data: give one or the other');
  const kept = readKept(o.keepData ?? []);
  const init = readInit(o);
  const planned = fromDirs ? null : await dataIdentity(o);
  const id = fromDirs?.id ?? planned!.id;
  const run = fromDirs ? { identity: id, shard: null, data: o.data } : { identity: id, shard: o.shard };
  const signals = trapSignals();
  try {
    const claimed = claimTrainDir(o, run, fromDirs !== null);
    let data: Buffer[];
    let gen: Awaited<ReturnType<typeof generate>> | null = null;
    if (fromDirs) data = fromDirs.data;
    else {
      gen = await generate(o, id, planned!.lineup, claimed, signals);
      if (gen.status === 'interrupted') {
        process.stderr.write(`mjlab: training data interrupted; committed batches are kept in ${o.out}; resume with: ${resumeCommand(o)}\n`);
        return { status: 'interrupted', signal: signals.received ?? 'SIGINT', decisions: gen.decisions };
      }
      const meta = { shard: o.shard, decisions: gen.decisions, cpuSeconds: Number(gen.cpuSeconds.toFixed(1)), startedAt, hours: Number(((performance.now() - t0) / 3.6e6).toFixed(4)) };
      if (o.shard) {
        claimed.dir.write('manifest.json', `${JSON.stringify({ tool: 'mjlab', kind: 'train-data', version: packageVersion(), ...gitState(), command: o.command ?? commandLine(), identity: id, ...meta, node: process.version }, null, 2)}\n`);
        if (signals.received !== null) {
          process.stderr.write(`mjlab: training data interrupted while its manifest was written; the data is complete in ${o.out}; resume with: ${resumeCommand(o)}\n`);
          return { status: 'interrupted', signal: signals.received, decisions: gen.decisions };
        }
        return { status: 'data', decisions: gen.decisions };
      }
      data = [readData(claimed.dir, id, null, gen.batches)];
    }
    const { train: tr, valid, decisions } = samplesOf([...kept.map((k) => k.data), ...data], o.fit);
    if (tr.length === 0) throw new UserError(`the teacher made no decision with a choice in ${id.games} games; give more --games`);
    const onEpoch = (r: EpochRow): void => {
      const held = valid.length === 0 ? 'no held-out decisions' : `held-out loss ${r.validLoss.toFixed(4)}, agreement ${(100 * r.validAgreement).toFixed(1)}%`;
      if (o.progress !== 'none') process.stderr.write(`train: epoch ${r.epoch}/${o.fit.epochs}: ${held}\n`);
    };
    const fitted = await fitUnlessStopped(tr, valid, o.fit, () => signals.received !== null, onEpoch, init?.model.params);
    if (!fitted) {
      // Nothing of the fit is written; the data it read is complete, so the same command fits again from it.
      const where = fromDirs ? `the data is in ${o.data!.join(', ')}` : `the data is complete in ${o.out}`;
      process.stderr.write(`mjlab: training interrupted during the fit; ${where}; fit it with: ${resumeCommand(o)}\n`);
      return { status: 'interrupted', signal: signals.received ?? 'SIGINT', decisions };
    }
    await writeOutputs(claimed.dir, id, data, kept, init?.record ?? null, o, fitted, {
      decisions,
      dataCpuSeconds: gen ? Number(gen.cpuSeconds.toFixed(1)) : null,
      startedAt,
      hours: Number(((performance.now() - t0) / 3.6e6).toFixed(4)),
      workers: o.workers ?? null,
    });
    if (signals.received !== null) {
      // The signal came while the outputs were written: they are whole, and the same command writes them again.
      process.stderr.write(`mjlab: training interrupted while its files were written; resume with: ${resumeCommand(o)}\n`);
      return { status: 'interrupted', signal: signals.received, decisions };
    }
    return { status: 'complete', fitted, decisions };
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}; committed batches are kept in ${o.out}`);
    throw e;
  } finally {
    signals.release();
  }
}
