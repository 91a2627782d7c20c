/**
 * The belief fit (docs/belief.md "The fit"): the network of src/belief/net.ts fitted by Adam on minibatches to the
 * recorded turns, the samples shuffled each epoch from the seed's own stream (purpose "belief:shuffle"), the weights
 * initialised from another ("belief:init"). Every sum runs in one fixed order on the main thread, so the same data
 * and options give the same model file byte for byte, whatever the worker count that generated the data. Wall sets
 * whose index is 9 mod 10 are held out (src/learn/fit.ts isHeldOut, as the policy's fit); the model kept is the
 * epoch's with the least held-out loss, evaluated as stored (float32).
 */
import { Adam } from '../../strategies/learned/mlp.js';
import { UserError } from '../errors.js';
import { runSliced } from '../learn/fit.js';
import { makeStream, shuffleInPlace } from '../rng/streams.js';
import { KINDS } from '../tiles/tile.js';
import { BELIEF_FEATURES, KIND_AT, PER_KIND } from '../belief/features.js';
import { BeliefScore } from './metrics.js';
import { BeliefPass, beliefBackward, beliefForward, beliefLayout, beliefLoss, beliefNonFinite, type BeliefLayout, type BeliefSample } from '../belief/net.js';
import type { BeliefRecord } from '../belief/record.js';

export interface BeliefFitOptions {
  readonly epochs: number;
  readonly hidden: number;
  readonly lr: number;
  readonly batch: number;
  readonly trainSeed: number;
}

export interface BeliefEpoch {
  readonly epoch: number;
  readonly trainLoss: number;
  readonly validLoss: number;
}

export interface BeliefFitted {
  readonly params: Float64Array;
  readonly curve: readonly BeliefEpoch[];
  readonly best: BeliefEpoch;
  readonly trainSamples: number;
  readonly validSamples: number;
  /** The kept model's held-out figures by stage (src/belief-train/metrics.ts). */
  readonly figures: Record<string, number | string>[];
}

export function beliefSampleOf(r: BeliefRecord): BeliefSample {
  const x = { n: r.index.length, index: Uint16Array.from(r.index), value: Float32Array.from(r.values) };
  const own = new Uint8Array(KINDS);
  for (let i = 0; i < x.n; i++) {
    const f = x.index[i]!;
    if (f >= KIND_AT && (f - KIND_AT) % PER_KIND === 0) own[(f - KIND_AT) / PER_KIND] = Math.round(4 * x.value[i]!);
  }
  return { x, unseen: r.unseen, own, counts: r.counts, ready: r.ready, waits: r.waits, game: r.game, wall: r.wall };
}

function initParams(L: BeliefLayout, seed: number): Float64Array {
  const p = new Float64Array(L.size);
  const rng = makeStream(seed, 0, 'belief:init');
  const u = (limit: number): number => (2 * rng.next() - 1) * limit;
  const H = L.hidden;
  const l1 = Math.sqrt(6 / (BELIEF_FEATURES / 4 + H));
  for (let i = 0; i < BELIEF_FEATURES * H; i++) p[L.w1 + i] = u(l1);
  const l2 = Math.sqrt(6 / (H + 5));
  for (let i = L.wc; i < L.bc; i++) p[i] = u(l2);
  for (let i = L.wr; i < L.br; i++) p[i] = u(l2);
  for (let i = L.ww; i < L.bw; i++) p[i] = u(l2);
  // Winning on a given kind is rare (about one (seat, kind) in a hundred): start there, not at one half.
  for (let i = L.bw; i < L.uw; i++) p[i] = -4;
  return p;
}

function evaluate(p: Float64Array, w: BeliefPass, set: readonly BeliefSample[], score?: BeliefScore): number {
  let loss = 0;
  for (const s of set) {
    beliefForward(p, s.x, s.unseen, w);
    loss += beliefLoss(w, s).total;
    score?.add(s, w);
  }
  return loss / Math.max(1, set.length);
}

/** The fit, one minibatch a step (a generator, so the caller can see signals between steps). */
export function* beliefFitting(train: readonly BeliefSample[], valid: readonly BeliefSample[], o: BeliefFitOptions, onEpoch?: (r: BeliefEpoch) => void): Generator<void, BeliefFitted> {
  const L = beliefLayout(o.hidden);
  const p = initParams(L, o.trainSeed);
  const g = new Float64Array(L.size);
  const adam = new Adam(L.size, o.lr);
  const w = new BeliefPass(L);
  const order = train.map((_, i) => i);
  const curve: BeliefEpoch[] = [];
  let best: BeliefEpoch = { epoch: 0, trainLoss: evaluate(p, w, train), validLoss: evaluate(p, w, valid) };
  curve.push(best);
  onEpoch?.(best);
  let bestParams = Float64Array.from(Float32Array.from(p));
  for (let e = 1; e <= o.epochs; e++) {
    shuffleInPlace(order, makeStream(o.trainSeed, e, 'belief:shuffle'));
    let total = 0;
    for (let b = 0; b < order.length; b += o.batch) {
      g.fill(0);
      const end = Math.min(order.length, b + o.batch);
      for (let k = b; k < end; k++) {
        const s = train[order[k]!]!;
        beliefForward(p, s.x, s.unseen, w);
        total += beliefLoss(w, s).total;
        beliefBackward(p, s.x, s, w, g);
      }
      adam.step(p, g, 1 / (end - b));
      yield;
    }
    const nonFinite = beliefNonFinite(p, L);
    if (nonFinite) throw new UserError(`the belief fit diverged in epoch ${e}: a weight of block ${nonFinite.block} (parameter ${nonFinite.at}) is not finite; lower --lr`);
    const stored = Float64Array.from(Float32Array.from(p));
    const row: BeliefEpoch = { epoch: e, trainLoss: total / Math.max(1, order.length), validLoss: evaluate(stored, w, valid) };
    curve.push(row);
    onEpoch?.(row);
    if (row.validLoss < best.validLoss || valid.length === 0) {
      best = row;
      bestParams = stored;
    }
  }
  const score = new BeliefScore();
  evaluate(bestParams, w, valid, score);
  return { params: bestParams, curve, best, trainSamples: train.length, validSamples: valid.length, figures: valid.length > 0 ? score.rows() : [] };
}

/** The same fit, letting the event loop run every `sliceMs` (a SIGINT is seen): null once `stopped()` says so. */
export async function fitBeliefUnlessStopped(
  train: readonly BeliefSample[], valid: readonly BeliefSample[], o: BeliefFitOptions, stopped: () => boolean, onEpoch?: (r: BeliefEpoch) => void, sliceMs = 50,
): Promise<BeliefFitted | null> {
  return runSliced(beliefFitting(train, valid, o, onEpoch), stopped, sliceMs);
}
