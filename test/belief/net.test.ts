/**
 * The belief network (docs/belief.md "The network", src/belief/net.ts): its gradients match finite differences in
 * every block of parameters, its count head gives no weight to more of a kind than the seat cannot see, and the
 * fit is exactly reproducible (same data and seed, same parameters bit for bit).
 */
import { describe, expect, it } from 'vitest';
import { beliefFitting } from '../../src/belief-train/fit.js';
import { BELIEF_BLOCKS, BeliefPass, COUNTS, beliefBackward, beliefForward, beliefLayout, beliefLoss } from '../../src/belief/net.js';
import { makeStream } from '../../src/rng/streams.js';
import { selfPlaySamples } from './helpers.js';

const run = <T>(g: Generator<void, T>): T => {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
};

describe('the belief network', () => {
  const samples = selfPlaySamples('harr', 2, 41);

  it('has gradients equal to finite differences in every parameter block', () => {
    const L = beliefLayout(5);
    const rng = makeStream(5, 0, 'test:belief-params');
    const p = Float64Array.from({ length: L.size }, () => (2 * rng.next() - 1) * 0.3);
    // A late turn: some seat is ready, so every head has a positive label somewhere.
    const s = samples.find((x) => x.ready !== 0 && x.waits.some((v) => v === 1))!;
    expect(s).toBeDefined();
    const w = new BeliefPass(L);
    const g = new Float64Array(L.size);
    beliefForward(p, s.x, s.unseen, w);
    beliefBackward(p, s.x, s, w, g);
    const loss = (): number => {
      beliefForward(p, s.x, s.unseen, w);
      return beliefLoss(w, s).total;
    };
    let checked = 0;
    for (const block of BELIEF_BLOCKS) {
      const from = L[block];
      const to = BELIEF_BLOCKS.indexOf(block) === BELIEF_BLOCKS.length - 1 ? L.size : L[BELIEF_BLOCKS[BELIEF_BLOCKS.indexOf(block) + 1]!];
      // The parameters this sample moves most in the block (a gradient of 0 would check nothing).
      let best = from;
      for (let i = from; i < to; i++) if (Math.abs(g[i]!) > Math.abs(g[best]!)) best = i;
      for (const i of [best, from + ((best - from + 7) % (to - from))]) {
        const h = 1e-6;
        const keep = p[i]!;
        p[i] = keep + h;
        const up = loss();
        p[i] = keep - h;
        const down = loss();
        p[i] = keep;
        expect(g[i]!, `${block} ${i - from}`).toBeCloseTo((up - down) / (2 * h), 5);
      }
      expect(Math.abs(g[best]!), block).toBeGreaterThan(1e-4);
      checked++;
    }
    expect(checked).toBe(BELIEF_BLOCKS.length);
  });

  it('gives each count a probability, none to more of a kind than is unseen', () => {
    const L = beliefLayout(4);
    const p = new Float64Array(L.size).map((_, i) => Math.sin(i));
    const w = new BeliefPass(L);
    for (const s of samples.slice(0, 20)) {
      beliefForward(p, s.x, s.unseen, w);
      for (let o = 0; o < 102; o++) {
        const u = s.unseen[o % 34]!;
        let sum = 0;
        for (let c = 0; c < COUNTS; c++) {
          if (c > u) expect(w.countP[o * COUNTS + c]).toBe(0);
          sum += w.countP[o * COUNTS + c]!;
        }
        expect(sum).toBeCloseTo(1, 12);
        expect(s.counts[o]!).toBeLessThanOrEqual(u);
      }
    }
  });

  it('fits the same parameters from the same data and seed, and others from another seed', () => {
    const o = { epochs: 1, hidden: 6, lr: 0.002, batch: 16, trainSeed: 3 };
    const train = samples.slice(0, 60);
    const valid = samples.slice(60, 80);
    const a = run(beliefFitting(train, valid, o));
    const b = run(beliefFitting(train, valid, o));
    const c = run(beliefFitting(train, valid, { ...o, trainSeed: 4 }));
    expect(Buffer.from(a.params.buffer).equals(Buffer.from(b.params.buffer))).toBe(true);
    expect(Buffer.from(a.params.buffer).equals(Buffer.from(c.params.buffer))).toBe(false);
    expect(a.curve[1]!.trainLoss).toBeLessThan(a.curve[0]!.trainLoss);
  });
});
