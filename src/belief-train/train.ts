/**
 * `mjlab train --target belief` as a library call (docs/belief.md): self-play games of a lineup (default four `harr`)
 * played in worker threads, every seat's turns recorded from its view with the other seats' truth as labels
 * (src/belief-train/worker.ts), through the same resumable, checksummed, shardable data files as the policy's
 * (src/learn/data.ts); then the belief network fitted to them (src/belief-train/fit.ts), and the outputs written through
 * the claimed directory, the manifest last:
 *
 *   model.mjbelief  the model (src/belief/model-file.ts)
 *   curve.csv       per epoch: training loss, held-out loss (nats per sample, the three heads summed)
 *   validation.csv  the kept model's held-out figures by stage (src/belief-train/metrics.ts), uniform worlds beside them
 *   manifest.json   provenance: the command, the data's identity, the fit options, the model's SHA-256, hours, CPU
 *
 * With --shard only the data is generated; --data DIR,... trains on the shards' directories together.
 */
import { createHash } from 'node:crypto';
import { UserError } from '../errors.js';
import { commandLine, gitState, packageVersion } from '../io/manifest.js';
import { csv } from '../io/csv.js';
import type { RunDir } from '../io/run-dir.js';
import type { DataIdentity } from '../learn/data.js';
import { isHeldOut } from '../learn/fit.js';
import type { TrainOptions } from '../learn/options.js';
import { resumeCommand } from '../learn/train.js';
import { withTargetData } from '../learn/target-data.js';
import type { StopSignal } from '../runner/signals.js';
import { BELIEF_FEATURES, BELIEF_FEATURES_VERSION } from '../belief/features.js';
import { fitBeliefUnlessStopped, beliefSampleOf, type BeliefFitOptions, type BeliefFitted } from './fit.js';
import { encodeBeliefModel } from '../belief/model-file.js';
import type { BeliefSample } from '../belief/net.js';
import { decodeBeliefRecords } from '../belief/record.js';

export const BELIEF_MODEL_FILE = 'model.mjbelief';

/** What the belief target is asked: the data's options as the policy's, and its own fit. */
export type BeliefTrainOptions = Omit<TrainOptions, 'fit' | 'keepData' | 'initModel'> & { readonly fit: BeliefFitOptions };

/** The data's identity: the policy's fields (the lineup as teacher and field), its own feature layout and target. */
export interface BeliefIdentity extends DataIdentity {
  readonly target: 'belief';
}

export interface BeliefTrainResult {
  readonly status: 'complete' | 'interrupted' | 'data';
  readonly signal?: StopSignal;
  readonly fitted?: BeliefFitted;
  readonly records: number;
}

function checkFit(f: BeliefFitOptions): void {
  const pos = (name: string, v: number, int: boolean): void => {
    if (!(Number.isFinite(v) && v > 0) || (int && !Number.isSafeInteger(v))) throw new UserError(`${name} must be a positive ${int ? 'integer' : 'number'}, got ${v}`);
  };
  pos('--epochs', f.epochs, true);
  pos('--hidden', f.hidden, true);
  if (f.hidden > 1024) throw new UserError(`--hidden must be at most 1024 for --target belief, got ${f.hidden}`);
  pos('--lr', f.lr, false);
  pos('--batch', f.batch, true);
  if (!Number.isSafeInteger(f.trainSeed)) throw new UserError(`--train-seed must be an integer, got ${f.trainSeed}`);
}

const checkRecords = (b: Buffer, name: string): void => decodeBeliefRecords(b, () => undefined, name);

function samplesOf(data: readonly Buffer[]): { train: BeliefSample[]; valid: BeliefSample[] } {
  const train: BeliefSample[] = [];
  const valid: BeliefSample[] = [];
  for (const b of data) decodeBeliefRecords(b, (r) => (isHeldOut(r.game) ? valid : train).push(beliefSampleOf(r)));
  return { train, valid };
}


const f4 = (x: number | string): string => (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(4)) : x);

function writeOutputs(dir: RunDir, id: BeliefIdentity, data: readonly Buffer[], o: BeliefTrainOptions, fitted: BeliefFitted, meta: Record<string, unknown>): void {
  const dataSha = createHash('sha256');
  for (const b of data) dataSha.update(b);
  const header = {
    beliefFeaturesVersion: BELIEF_FEATURES_VERSION,
    features: BELIEF_FEATURES,
    hidden: o.fit.hidden,
    rules: id.rules,
    lineup: [id.teacher, id.field].join(','),
    games: id.games,
    seed: id.seed,
    dataSha256: dataSha.digest('hex'),
    fit: o.fit,
    epoch: fitted.best.epoch,
  };
  const model = encodeBeliefModel(header, fitted.params);
  dir.write(BELIEF_MODEL_FILE, model);
  dir.write('curve.csv', csv([['epoch', 'train_loss', 'valid_loss'], ...fitted.curve.map((r) => [String(r.epoch), f4(r.trainLoss), f4(r.validLoss)])]));
  const keys = fitted.figures.length > 0 ? Object.keys(fitted.figures[0]!) : ['stage'];
  dir.write('validation.csv', csv([keys, ...fitted.figures.map((r) => keys.map((k) => f4(r[k]!)))]));
  dir.write(
    'manifest.json',
    `${JSON.stringify(
      {
        tool: 'mjlab', kind: 'train', target: 'belief', version: packageVersion(), ...gitState(), command: o.command ?? commandLine(),
        identity: id, fit: o.fit, modelSha256: createHash('sha256').update(model).digest('hex'),
        trainRecords: fitted.trainSamples, validRecords: fitted.validSamples, epoch: fitted.best.epoch, figures: fitted.figures,
        node: process.version, ...meta,
      },
      null,
      2,
    )}\n`,
  );
}

export async function trainBelief(o: BeliefTrainOptions): Promise<BeliefTrainResult> {
  checkFit(o.fit);
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const spec = { target: 'belief', worker: 'belief-train/worker.js', featuresVersion: BELIEF_FEATURES_VERSION, count: 'records', check: checkRecords } as const;
  const r = await withTargetData(o, spec, t0, startedAt, async ({ id, data, dir, cpuSeconds, signals }): Promise<BeliefTrainResult> => {
    const { train, valid } = samplesOf(data);
    if (train.length === 0) throw new UserError(`no turn was recorded in ${id.games} games; give more --games`);
    const fitted = await fitBeliefUnlessStopped(train, valid, o.fit, () => signals.received !== null, (r) => {
      if (o.progress !== 'none') process.stderr.write(`train belief: epoch ${r.epoch}/${o.fit.epochs}: training loss ${r.trainLoss.toFixed(4)}, held-out loss ${r.validLoss.toFixed(4)}\n`);
    });
    if (!fitted) {
      process.stderr.write(`mjlab: belief training interrupted during the fit; the data is complete; fit it with: ${resumeCommand(o)}\n`);
      return { status: 'interrupted', signal: signals.received ?? 'SIGINT', records: train.length + valid.length };
    }
    writeOutputs(dir, id as BeliefIdentity, data, o, fitted, { dataCpuSeconds: cpuSeconds, startedAt, hours: Number(((performance.now() - t0) / 3.6e6).toFixed(4)), workers: o.workers ?? null });
    return { status: 'complete', fitted, records: train.length + valid.length };
  });
  return 'count' in r ? { status: r.status, ...(r.status === 'interrupted' ? { signal: r.signal } : {}), records: r.count } : r;
}
