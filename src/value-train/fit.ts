/**
 * Fitting the value model (docs/statistics.md "The learned value"): the network of src/value/net.ts fitted to the
 * seats' nets by Adam on minibatches of the squared error, the samples shuffled each epoch from the seed's own
 * stream (src/rng/streams.ts, purpose "value:shuffle"), the weights initialised from another ("value:init"). Every
 * sum runs in one fixed order on the main thread, so the same data and options give the same model byte for byte,
 * whatever the worker count that generated the data. Wall sets whose index is 9 mod 10 are held out (src/learn/fit.ts
 * isHeldOut); the model kept is the epoch's with the least held-out loss, and its held-out variance explained,
 * 1 − Σ(net − V)² / Σ(net − mean net)² over every seat of every held-out sample, is reported.
 */
import { Adam } from '../../strategies/learned/mlp.js';
import { UserError } from '../errors.js';
import { isHeldOut } from '../learn/fit.js';
import { makeStream, shuffleInPlace } from '../rng/streams.js';
import { VALUE_FEATURES, VALUE_SEATS } from '../value/features.js';
import { backward, forward, lossOf, valueLayout, ValuePass, type SparseInputs } from '../value/net.js';
import type { ValueSample } from './record.js';
import type { ValueFitOptions } from './options.js';

export type { ValueFitOptions } from './options.js';


export interface ValueSet {
  readonly x: SparseInputs[];
  /** Targets in output units, VALUE_SEATS a sample. */
  readonly y: Float64Array;
}

export interface ValueEpoch {
  readonly epoch: number;
  readonly trainLoss: number;
  readonly validLoss: number;
  /** Held-out variance explained (pooled over the seats). */
  readonly validR2: number;
  /** Held-out root mean squared error, points. */
  readonly validRmse: number;
}

export interface ValueFitted {
  readonly params: Float64Array;
  readonly curve: readonly ValueEpoch[];
  readonly best: ValueEpoch;
  readonly trainSamples: number;
  readonly validSamples: number;
  /** Held-out variance explained by wind place (East first), of the kept model. */
  readonly validR2ByWind: readonly number[];
}

/** The samples split into training and held-out wall sets, in file order. */
export function splitSamples(samples: readonly ValueSample[], scale: number): { train: ValueSet; valid: ValueSet } {
  const sets = { train: { x: [] as SparseInputs[], y: [] as number[] }, valid: { x: [] as SparseInputs[], y: [] as number[] } };
  for (const s of samples) {
    const set = isHeldOut(s.game) ? sets.valid : sets.train;
    set.x.push({ n: s.index.length, index: s.index, value: s.values });
    for (let w = 0; w < VALUE_SEATS; w++) set.y.push(s.nets[w]! / scale);
  }
  return { train: { x: sets.train.x, y: Float64Array.from(sets.train.y) }, valid: { x: sets.valid.x, y: Float64Array.from(sets.valid.y) } };
}

function initParams(hidden: number, seed: number): Float64Array {
  const L = valueLayout(VALUE_FEATURES, hidden);
  const p = new Float64Array(L.size);
  const rng = makeStream(seed, 0, 'value:init');
  const u = (limit: number): number => (2 * rng.next() - 1) * limit;
  // Inputs are sparse (a few hundred of a thousand on): the first layer's scale is set by the inputs on, not all.
  const l1 = Math.sqrt(6 / (300 + hidden));
  for (let i = 0; i < VALUE_FEATURES * hidden; i++) p[L.w1 + i] = u(l1);
  const l2 = Math.sqrt(6 / (hidden + VALUE_SEATS));
  for (let i = 0; i < VALUE_SEATS * hidden; i++) p[L.w2 + i] = u(l2);
  return p;
}

/** Loss, variance explained and its parts over a set (the set's own mean for each wind place). */
export function evaluateSet(p: Float64Array, hidden: number, set: ValueSet, scale: number): { loss: number; r2: number; rmse: number; r2ByWind: number[] } {
  const L = valueLayout(VALUE_FEATURES, hidden);
  const w = new ValuePass(L);
  const n = set.x.length;
  const mean = new Float64Array(VALUE_SEATS);
  for (let i = 0; i < n; i++) for (let o = 0; o < VALUE_SEATS; o++) mean[o]! += set.y[i * VALUE_SEATS + o]! / n;
  const sse = new Float64Array(VALUE_SEATS);
  const sst = new Float64Array(VALUE_SEATS);
  let loss = 0;
  for (let i = 0; i < n; i++) {
    forward(p, L, set.x[i]!, w);
    const y = set.y.subarray(i * VALUE_SEATS, (i + 1) * VALUE_SEATS);
    loss += lossOf(w, y);
    for (let o = 0; o < VALUE_SEATS; o++) {
      sse[o]! += (w.out[o]! - y[o]!) ** 2;
      sst[o]! += (y[o]! - mean[o]!) ** 2;
    }
  }
  const sum = (a: Float64Array): number => a.reduce((x, v) => x + v, 0);
  return {
    loss: loss / Math.max(1, n),
    r2: sum(sst) > 0 ? 1 - sum(sse) / sum(sst) : 0,
    rmse: Math.sqrt(sum(sse) / Math.max(1, n * VALUE_SEATS)) * scale,
    r2ByWind: Array.from(sse, (e, o) => (sst[o]! > 0 ? 1 - e / sst[o]! : 0)),
  };
}

/**
 * The fit, letting the event loop run every `sliceMs` (a SIGINT or SIGTERM is seen during a fit of minutes): null
 * once `stopped()` says so. The slices do not change the fit.
 */
export async function fitValue(train: ValueSet, valid: ValueSet, o: ValueFitOptions, stopped: () => boolean, onEpoch?: (r: ValueEpoch) => void, sliceMs = 50): Promise<ValueFitted | null> {
  const L = valueLayout(VALUE_FEATURES, o.hidden);
  const p = initParams(o.hidden, o.trainSeed);
  const g = new Float64Array(L.size);
  const adam = new Adam(L.size, o.lr);
  const w = new ValuePass(L);
  const order = Array.from({ length: train.x.length }, (_, i) => i);
  const rowOf = (set: ValueSet, v: ReturnType<typeof evaluateSet>, epoch: number, trainLoss: number): ValueEpoch => ({ epoch, trainLoss, validLoss: v.loss, validR2: v.r2, validRmse: v.rmse });
  let v0 = evaluateSet(p, o.hidden, valid, o.scale);
  let best = rowOf(valid, v0, 0, evaluateSet(p, o.hidden, train, o.scale).loss);
  let bestParams = Float64Array.from(Float32Array.from(p));
  let bestByWind = v0.r2ByWind;
  const curve: ValueEpoch[] = [best];
  onEpoch?.(best);
  let since = performance.now();
  for (let e = 1; e <= o.epochs; e++) {
    shuffleInPlace(order, makeStream(o.trainSeed, e, 'value:shuffle'));
    let total = 0;
    for (let b = 0; b < order.length; b += o.batch) {
      g.fill(0);
      const end = Math.min(order.length, b + o.batch);
      for (let k = b; k < end; k++) {
        const i = order[k]!;
        const y = train.y.subarray(i * VALUE_SEATS, (i + 1) * VALUE_SEATS);
        forward(p, L, train.x[i]!, w);
        total += lossOf(w, y);
        backward(p, L, train.x[i]!, y, w, g);
      }
      adam.step(p, g, 1 / (end - b));
      if (performance.now() - since >= sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (stopped()) return null;
        since = performance.now();
      }
    }
    if (!p.every(Number.isFinite)) throw new UserError(`the value fit diverged in epoch ${e} (a weight is not finite); lower --lr`);
    // The model file stores float32: evaluate what will be stored.
    const stored = Float64Array.from(Float32Array.from(p));
    v0 = evaluateSet(stored, o.hidden, valid, o.scale);
    const row = rowOf(valid, v0, e, total / Math.max(1, order.length));
    curve.push(row);
    onEpoch?.(row);
    if (row.validLoss < best.validLoss || valid.x.length === 0) {
      best = row;
      bestParams = stored;
      bestByWind = v0.r2ByWind;
    }
  }
  return { params: bestParams, curve, best, trainSamples: train.x.length, validSamples: valid.x.length, validR2ByWind: bestByWind };
}
