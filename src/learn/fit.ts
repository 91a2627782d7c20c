/**
 * Training (docs/learning.md): the network of strategies/learned/mlp.ts fitted to the teacher's decisions by Adam
 * on minibatches, the samples shuffled each epoch from the seed's own stream (src/rng/streams.ts, purpose
 * "train:shuffle"), the weights initialised from another ("train:init"). Every sum runs in one fixed order on the
 * main thread, so the same data and options give the same model file byte for byte, whatever the worker count that
 * generated the data. Wall sets whose index is 9 mod 10 are held out for validation; the model kept is the epoch's
 * with the least held-out loss.
 *
 * The policy target of a decision: (1 − soft) on the teacher's choice plus soft × softmax(mean / temperature) over
 * the candidates a search rolled out (their rollout means: a soft target, as in expert iteration's distillation),
 * or the choice alone for a teacher that is not a search.
 */
import { ACTIONS } from '../../strategies/learned/actions.js';
import { FEATURES, FEATURES_VERSION, type Sparse } from '../../strategies/learned/features.js';
import { Adam, Pass, backward, firstNonFinite, forward, layoutOf, lossOf, type Layout } from '../../strategies/learned/mlp.js';
import { makeStream } from '../rng/streams.js';
import { UserError } from '../errors.js';
import type { FitOptions } from './options.js';
import type { Decision } from './record.js';

export interface Sample {
  readonly x: Sparse;
  readonly legal: Uint8Array;
  readonly target: Float64Array;
  readonly choice: number;
  /** Position of the prior's (harr's) choice among the legal actions. */
  readonly prior: number;
  readonly y: number;
}

export interface EpochRow {
  readonly epoch: number;
  readonly trainLoss: number;
  readonly validLoss: number;
  readonly validAgreement: number;
  readonly validValueRmse: number;
}

export interface Fitted {
  readonly params: Float64Array;
  readonly curve: readonly EpochRow[];
  readonly best: EpochRow;
  readonly trainSamples: number;
  readonly validSamples: number;
  /** Share of held-out decisions where the prior (harr) chose as the teacher did: the floor a net must beat. */
  readonly priorAgreement: number;
  /** The kept net on the held-out decisions, where teacher and net leave the prior's (harr's) choice. */
  readonly departures: Departures;
}

/**
 * Where the teacher and the net leave harr's choice (held out): what a net that starts as harr has to learn is the
 * teacher's departures, so how many there were and how many the net made, and matched, say whether the teacher
 * (too few departures), or the data, features and network (departures there, not learned), limit it.
 */
export interface Departures {
  /** Decisions where the teacher did not play harr's choice. */
  readonly teacher: number;
  /** Decisions where the net's best action is not harr's choice. */
  readonly net: number;
  /** Decisions where both left harr's choice, for the same action. */
  readonly matched: number;
}

export function isHeldOut(game: number): boolean {
  return Math.floor(game / 4) % 10 === 9;
}

export function sampleOf(d: Decision, o: FitOptions): Sample {
  const n = d.legal.length;
  const target = new Float64Array(n);
  const cands = d.cands;
  const soft = cands.length > 1 ? o.soft : 0;
  target[d.choice] = 1 - soft;
  if (soft > 0) {
    let max = -Infinity;
    for (const c of cands) max = Math.max(max, c.mean / o.temperature);
    let sum = 0;
    for (const c of cands) sum += Math.exp(c.mean / o.temperature - max);
    for (const c of cands) target[c.at]! += (soft * Math.exp(c.mean / o.temperature - max)) / sum;
  }
  const x: Sparse = { n: d.index.length, index: Uint16Array.from(d.index), value: Float64Array.from(d.values) };
  const priorAt = FEATURES - ACTIONS;
  let prior = -1;
  for (let i = 0; i < x.n; i++) if (x.index[i]! >= priorAt) prior = d.legal.indexOf(x.index[i]! - priorAt);
  return { x, legal: Uint8Array.from(d.legal), target, choice: d.choice, prior, y: d.value / o.valueScale };
}

function initParams(L: Layout, hidden: number, seed: number): Float64Array {
  const p = new Float64Array(L.size);
  const rng = makeStream(seed, 0, 'train:init');
  const u = (limit: number): number => (2 * rng.next() - 1) * limit;
  const l1 = Math.sqrt(6 / (FEATURES + hidden));
  for (let i = 0; i < FEATURES * hidden; i++) p[L.w1 + i] = u(l1);
  const l2 = Math.sqrt(6 / (hidden + ACTIONS));
  for (let i = 0; i < ACTIONS * hidden; i++) p[L.w2 + i] = u(l2);
  for (let i = 0; i < hidden; i++) p[L.wv + i] = u(l2);
  // Start as the prior: the wide part gives each action's own "the prior chose me" feature a weight, so an
  // untrained net plays as harr and training learns where the teacher departs from it.
  const priorAt = FEATURES - ACTIONS;
  for (let a = 0; a < ACTIONS; a++) p[L.w0 + a * FEATURES + priorAt + a] = 2;
  return p;
}

function evaluate(p: Float64Array, L: Layout, w: Pass, set: readonly Sample[], o: FitOptions): { loss: number; agreement: number; rmse: number; departures: Departures } {
  let loss = 0;
  let agree = 0;
  let se = 0;
  const departures = { teacher: 0, net: 0, matched: 0 };
  for (const s of set) {
    forward(p, L, s.x, s.legal, s.legal.length, w);
    loss += lossOf(w, s.target, s.legal.length, s.y, o.valueWeight);
    let best = 0;
    for (let q = 1; q < s.legal.length; q++) if (w.logits[q]! > w.logits[best]!) best = q;
    if (best === s.choice) agree++;
    if (s.choice !== s.prior) departures.teacher++;
    if (best !== s.prior) departures.net++;
    if (s.choice !== s.prior && best === s.choice) departures.matched++;
    se += (w.value - s.y) ** 2;
  }
  const n = Math.max(1, set.length);
  return { loss: loss / n, agreement: agree / n, rmse: Math.sqrt(se / n) * o.valueScale, departures };
}

/** Fit the network to the samples (in their given order, which fixes the result with the seed). */
export function fit(train: readonly Sample[], valid: readonly Sample[], o: FitOptions, onEpoch?: (r: EpochRow) => void, init?: Float64Array): Fitted {
  const steps = fitting(train, valid, o, onEpoch, init);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * The same fit, letting the event loop run every `sliceMs` of it, so a SIGINT or SIGTERM (whose handlers run only
 * there) is seen during a fit that takes minutes: null once `stopped()` says so. The slices do not change the fit.
 */
export async function fitUnlessStopped(
  train: readonly Sample[],
  valid: readonly Sample[],
  o: FitOptions,
  stopped: () => boolean,
  onEpoch?: (r: EpochRow) => void,
  init?: Float64Array,
  sliceMs = 50,
): Promise<Fitted | null> {
  return runSliced(fitting(train, valid, o, onEpoch, init), stopped, sliceMs);
}

/** Steps of a fit run to their end, the event loop let run every `sliceMs` (a signal is seen): null once `stopped()` says so. */
export async function runSliced<T>(steps: Generator<void, T>, stopped: () => boolean, sliceMs = 50): Promise<T | null> {
  let since = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - since < sliceMs) continue;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stopped()) return null;
    since = performance.now();
  }
}

/** The fit, one minibatch a step; from `init`'s parameters (a model's, of this layout) when given. */
function* fitting(train: readonly Sample[], valid: readonly Sample[], o: FitOptions, onEpoch?: (r: EpochRow) => void, init?: Float64Array): Generator<void, Fitted> {
  const dims = { features: FEATURES, hidden: o.hidden, actions: ACTIONS };
  const L = layoutOf(dims);
  if (init && init.length !== L.size) throw new Error(`fit: ${init.length} initial parameters for a layout of ${L.size}`);
  const p = init ? Float64Array.from(init) : initParams(L, o.hidden, o.trainSeed);
  const g = new Float64Array(L.size);
  const adam = new Adam(L.size, o.lr);
  const w = new Pass(dims);
  const order: number[] = [];
  train.forEach((s, i) => {
    for (let k = s.choice !== s.prior ? o.departureWeight : 1; k > 0; k--) order.push(i);
  });
  const curve: EpochRow[] = [];
  const start = evaluate(p, L, w, valid, o);
  let best: EpochRow = { epoch: 0, trainLoss: evaluate(p, L, w, train, o).loss, validLoss: start.loss, validAgreement: start.agreement, validValueRmse: start.rmse };
  curve.push(best);
  onEpoch?.(best);
  let bestParams = Float64Array.from(p);
  let departures = start.departures;
  for (let e = 1; e <= o.epochs; e++) {
    const rng = makeStream(o.trainSeed, e, 'train:shuffle');
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let total = 0;
    for (let b = 0; b < order.length; b += o.batch) {
      g.fill(0);
      const end = Math.min(order.length, b + o.batch);
      for (let k = b; k < end; k++) {
        const s = train[order[k]!]!;
        forward(p, L, s.x, s.legal, s.legal.length, w);
        total += lossOf(w, s.target, s.legal.length, s.y, o.valueWeight);
        backward(p, L, s.x, s.legal, s.legal.length, s.target, s.y, o.valueWeight, w, g);
      }
      adam.step(p, g, 1 / (end - b));
      yield;
    }
    const nonFinite = firstNonFinite(p, L);
    if (nonFinite) {
      throw new UserError(`the fit diverged in epoch ${e}: a weight of block ${nonFinite.block} (parameter ${nonFinite.at}) is not finite (NaN or Infinity); lower --lr`);
    }
    // The model file stores float32: evaluate what will be stored.
    const stored = Float64Array.from(Float32Array.from(p));
    const v = evaluate(stored, L, w, valid, o);
    const row: EpochRow = { epoch: e, trainLoss: total / Math.max(1, order.length), validLoss: v.loss, validAgreement: v.agreement, validValueRmse: v.rmse };
    curve.push(row);
    onEpoch?.(row);
    if (row.validLoss < best.validLoss || valid.length === 0) {
      best = row;
      bestParams = stored;
      departures = v.departures;
    }
  }
  const priorAgreement = valid.filter((s) => s.prior === s.choice).length / Math.max(1, valid.length);
  return { params: bestParams, curve, best, trainSamples: train.length, validSamples: valid.length, priorAgreement, departures };
}

export const MODEL_FEATURES = { featuresVersion: FEATURES_VERSION, features: FEATURES, actions: ACTIONS };
