/**
 * The network (docs/learning.md, "The network": strategies/learned/mlp.ts): its gradients match finite differences in every block
 * of parameters, and training is exactly reproducible (same data and seed, same parameters bit for bit).
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../strategies/learned/actions.js';
import { FEATURES, type Sparse } from '../../strategies/learned/features.js';
import { Pass, backward, forward, layoutOf, lossOf } from '../../strategies/learned/mlp.js';
import { fit, fitUnlessStopped, type Sample } from '../../src/learn/fit.js';
import { DEFAULT_FIT } from '../../src/learn/options.js';
import { makeStream } from '../../src/rng/streams.js';
import { randomParams } from './helpers.js';

function randomSample(seed: number): Sample {
  const rng = makeStream(seed, 0, 'test:sample');
  const idx = new Set<number>();
  while (idx.size < 30) idx.add(rng.int(FEATURES));
  const index = Uint16Array.from([...idx].sort((a, b) => a - b));
  const x: Sparse = { n: index.length, index, value: Float64Array.from(index, () => rng.next() * 2 - 0.5) };
  const legalSet = new Set<number>();
  while (legalSet.size < 5) legalSet.add(rng.int(ACTIONS));
  const legal = Uint8Array.from(legalSet);
  const target = new Float64Array(legal.length);
  target[0] = 0.6;
  target[2] = 0.4;
  return { x, legal, target, choice: 0, prior: 1, y: rng.next() * 2 - 1 };
}

describe('the policy-and-value network', () => {
  it('has gradients equal to finite differences in every parameter block', () => {
    const hidden = 6;
    const d = { features: FEATURES, hidden, actions: ACTIONS };
    const L = layoutOf(d);
    const p = randomParams(hidden, 3, 0.3);
    const s = randomSample(7);
    const w = new Pass(d);
    const g = new Float64Array(L.size);
    const vw = 0.7;
    forward(p, L, s.x, s.legal, s.legal.length, w);
    backward(p, L, s.x, s.legal, s.legal.length, s.target, s.y, vw, w, g);
    const loss = (): number => {
      forward(p, L, s.x, s.legal, s.legal.length, w);
      return lossOf(w, s.target, s.legal.length, s.y, vw);
    };
    // Parameters that this sample touches in each block: the legal actions' rows, the features' rows, the hidden units.
    const a = s.legal[1]!;
    const j = s.x.index[4]!;
    const picks: [string, number][] = [
      ['w0', L.w0 + a * FEATURES + j],
      ['w1', L.w1 + j * hidden + 2],
      ['b1', L.b1 + 3],
      ['w2', L.w2 + a * hidden + 1],
      ['b2', L.b2 + a],
      ['wv', L.wv + 4],
      ['bv', L.bv],
    ];
    let nonZero = 0;
    for (const [name, i] of picks) {
      const h = 1e-6;
      const keep = p[i]!;
      p[i] = keep + h;
      const up = loss();
      p[i] = keep - h;
      const down = loss();
      p[i] = keep;
      const numeric = (up - down) / (2 * h);
      expect(g[i]!, name).toBeCloseTo(numeric, 6);
      if (Math.abs(numeric) > 1e-6) nonZero++;
    }
    expect(nonZero).toBeGreaterThanOrEqual(5);
  });

  it('trains to the same parameters, bit for bit, from the same samples and seed; another seed differs', () => {
    const samples = Array.from({ length: 40 }, (_, i) => randomSample(100 + i));
    const o = { ...DEFAULT_FIT, epochs: 3, hidden: 8, batch: 8 };
    const a = fit(samples.slice(0, 30), samples.slice(30), o);
    const b = fit(samples.slice(0, 30), samples.slice(30), o);
    expect(Buffer.from(b.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(true);
    expect(b.curve).toEqual(a.curve);
    const c = fit(samples.slice(0, 30), samples.slice(30), { ...o, trainSeed: 2 });
    expect(Buffer.from(c.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(false);
    // It learns: the training loss falls.
    expect(a.curve.at(-1)!.trainLoss).toBeLessThan(a.curve[0]!.trainLoss);
  });

  it('fits the same when the event loop runs between minibatches (as mjlab train does, to see a signal), and stops when asked', async () => {
    const samples = Array.from({ length: 40 }, (_, i) => randomSample(100 + i));
    const o = { ...DEFAULT_FIT, epochs: 3, hidden: 8, batch: 8 };
    const a = fit(samples.slice(0, 30), samples.slice(30), o);
    // A slice of 0 ms: the loop runs after every minibatch.
    const sliced = await fitUnlessStopped(samples.slice(0, 30), samples.slice(30), o, () => false, undefined, undefined, 0);
    expect(Buffer.from(sliced!.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(true);
    expect(sliced!.curve).toEqual(a.curve);
    let asked = 0;
    const stopped = await fitUnlessStopped(samples.slice(0, 30), samples.slice(30), o, () => ++asked > 2, undefined, undefined, 0);
    expect(stopped).toBeNull();
    expect(asked).toBe(3);
  });
});
