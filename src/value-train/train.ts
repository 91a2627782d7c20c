/**
 * `mjlab train --target value` as a library call (docs/statistics.md "The learned value"): self-play samples of the
 * full state at the draws (src/value/worker.ts: resumable, shardable, checksummed by src/learn/data.ts's machinery,
 * on seeds reserved for fitting, src/value/seeds.ts), then the value network fitted to the seats' nets
 * (src/value/fit.ts), and the outputs written through the claimed directory, the manifest last:
 *
 *   value.mjval     the model (src/value/model-file.ts)
 *   curve.csv       per epoch: training loss, held-out loss, held-out variance explained and error
 *   validation.csv  the model kept: samples, its epoch, held-out variance explained (pooled and by wind place)
 *   manifest.json   provenance: the command, the data's identity, the fit options, sizes, hours and CPU seconds
 *
 * With --shard only the data is generated; --data DIR,... fits on the shards' directories together.
 */
import { createHash } from 'node:crypto';
import { UserError } from '../errors.js';
import { commandLine, gitState, packageVersion } from '../io/manifest.js';
import type { RunDir } from '../io/run-dir.js';
import { csv } from '../io/csv.js';
import type { StopSignal } from '../runner/signals.js';
import { PLAYERS, type DataIdentity } from '../learn/data.js';
import type { TrainOptions } from '../learn/options.js';
import { resumeCommand } from '../learn/train.js';
import { withTargetData } from '../learn/target-data.js';
import { VALUE_FEATURES, VALUE_FEATURES_VERSION } from '../value/features.js';
import { fitValue, splitSamples, type ValueFitOptions, type ValueFitted } from './fit.js';
import { encodeValueModel } from '../value/model-file.js';
import { decodeSamples, type ValueSample } from './record.js';
import { checkFittingSeed } from '../value/seeds.js';

export const VALUE_MODEL_FILE = 'value.mjval';

export interface ValueTrainOptions extends Omit<TrainOptions, 'fit' | 'keepData' | 'initModel'> {
  readonly fit: ValueFitOptions;
}

export interface ValueTrainResult {
  readonly status: 'complete' | 'interrupted' | 'data';
  readonly signal?: StopSignal;
  readonly fitted?: ValueFitted;
  readonly samples: number;
}

function checkFit(f: ValueFitOptions): void {
  const pos = (name: string, v: number, int: boolean): void => {
    if (!(Number.isFinite(v) && v > 0) || (int && !Number.isSafeInteger(v))) throw new UserError(`${name} must be a positive ${int ? 'integer' : 'number'}, got ${v}`);
  };
  pos('--epochs', f.epochs, true);
  pos('--hidden', f.hidden, true);
  if (f.hidden > 1024) throw new UserError(`--hidden must be at most 1024 for a value model (it is evaluated about 30 times a draw), got ${f.hidden}`);
  pos('--lr', f.lr, false);
  pos('--batch', f.batch, true);
  pos('--value-scale', f.scale, false);
  if (!Number.isSafeInteger(f.trainSeed)) throw new UserError(`--train-seed must be an integer, got ${f.trainSeed}`);
}

const check = (b: Buffer, name: string): void => decodeSamples(b, () => undefined, name);

function samplesOf(data: readonly Buffer[]): ValueSample[] {
  const out: ValueSample[] = [];
  for (const b of data) decodeSamples(b, (s) => out.push(s));
  return out;
}


function writeOutputs(dir: RunDir, id: DataIdentity, data: readonly Buffer[], o: ValueTrainOptions, fitted: ValueFitted, meta: Record<string, unknown>): void {
  const dataSha = createHash('sha256');
  for (const b of data) dataSha.update(b);
  const model = encodeValueModel(
    {
      featuresVersion: VALUE_FEATURES_VERSION, features: VALUE_FEATURES, hidden: o.fit.hidden, scale: o.fit.scale,
      rules: id.rules, seed: id.seed, games: id.games, lineup: [id.teacher, id.field].join(','), limit: id.limit,
      dataSha256: dataSha.digest('hex'), fit: o.fit, epoch: fitted.best.epoch, validR2: Number(fitted.best.validR2.toFixed(4)),
    },
    fitted.params,
  );
  dir.write(VALUE_MODEL_FILE, model);
  const f4 = (x: number): string => x.toFixed(4);
  dir.write('curve.csv', csv([['epoch', 'train_loss', 'valid_loss', 'valid_r2', 'valid_rmse'], ...fitted.curve.map((r) => [String(r.epoch), f4(r.trainLoss), f4(r.validLoss), f4(r.validR2), r.validRmse.toFixed(2)])]));
  dir.write(
    'validation.csv',
    csv([
      ['train_samples', 'valid_samples', 'epoch', 'valid_r2', 'valid_rmse', 'valid_r2_east', 'valid_r2_south', 'valid_r2_west', 'valid_r2_north'],
      [String(fitted.trainSamples), String(fitted.validSamples), String(fitted.best.epoch), f4(fitted.best.validR2), fitted.best.validRmse.toFixed(2), ...fitted.validR2ByWind.map(f4)],
    ]),
  );
  dir.write(
    'manifest.json',
    `${JSON.stringify(
      {
        tool: 'mjlab', kind: 'train', target: 'value', version: packageVersion(), ...gitState(), command: o.command ?? commandLine(), identity: id, fit: o.fit,
        modelSha256: createHash('sha256').update(model).digest('hex'),
        trainSamples: fitted.trainSamples, validSamples: fitted.validSamples, validR2: fitted.best.validR2, node: process.version, ...meta,
      },
      null,
      2,
    )}\n`,
  );
}

export async function trainValue(o: ValueTrainOptions): Promise<ValueTrainResult> {
  checkFit(o.fit);
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  if (!o.data) checkFittingSeed(o.seed);
  const spec = {
    target: 'value', worker: 'value-train/worker.js', featuresVersion: VALUE_FEATURES_VERSION, count: 'samples', check,
    planned: (id: DataIdentity) => {
      if (id.players !== PLAYERS) throw new UserError('the value model values the four-handed game');
    },
  } as const;
  const r = await withTargetData(o, spec, t0, startedAt, async ({ id, data, dir, cpuSeconds, signals }): Promise<ValueTrainResult> => {
    const samples = samplesOf(data);
    const { train, valid } = splitSamples(samples, o.fit.scale);
    if (train.x.length === 0) throw new UserError(`no draw was sampled in ${id.games} games; give more --games`);
    const fitted = await fitValue(train, valid, o.fit, () => signals.received !== null, (r) => {
      if (o.progress !== 'none') process.stderr.write(`train: epoch ${r.epoch}/${o.fit.epochs}: held-out loss ${r.validLoss.toFixed(4)}, variance explained ${(100 * r.validR2).toFixed(1)}%\n`);
    });
    if (!fitted) {
      process.stderr.write(`mjlab: value fit interrupted; the data is complete; fit it with: ${resumeCommand(o)}\n`);
      return { status: 'interrupted', signal: signals.received ?? 'SIGINT', samples: samples.length };
    }
    writeOutputs(dir, id, data, o, fitted, { samples: samples.length, dataCpuSeconds: cpuSeconds, startedAt, hours: Number(((performance.now() - t0) / 3.6e6).toFixed(4)), workers: o.workers ?? null });
    return { status: 'complete', fitted, samples: samples.length };
  });
  return 'count' in r ? { status: r.status, ...(r.status === 'interrupted' ? { signal: r.signal } : {}), samples: r.count } : r;
}
