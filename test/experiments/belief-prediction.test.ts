/**
 * `mjlab experiment belief-prediction` (docs/belief.md, "Prediction quality"): the scores worked by hand on a made-up
 * decision (log likelihood per hidden tile, the reliability bins and their largest gap, the Brier score); the belief's
 * prediction read from its heads (danger 1 − Π (1 − P(win)), counts summing to each hand's size) and the same for a
 * second truth with the same view; the sampled methods giving results/inference-prediction's own figures on the same
 * hands; and a tiny run writing its files with the models' SHA-256, its refusals in one line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAB } from '../../experiments/index.js';
import { predictionQuality } from '../../experiments/inference-prediction/inference-quality.js';
import { beliefPrediction, type Prediction, type Truth } from '../../experiments/belief-prediction/predict.js';
import { measureRules } from '../../experiments/belief-prediction/run.js';
import { PredictionScore, brier, maxGap, reliability } from '../../experiments/belief-prediction/score.js';
import { selfPlay } from '../../experiments/self-play.js';
import { BELIEF_FEATURES, BELIEF_FEATURES_VERSION, BeliefFeaturizer, emptyBeliefSparse, unseenOf } from '../../src/belief/features.js';
import { decodeBeliefModel, encodeBeliefModel } from '../../src/belief/model-file.js';
import { BeliefPass, beliefForward, beliefLayout } from '../../src/belief/net.js';
import type { AgentView } from '../../src/agent/types.js';
import type { HandState } from '../../src/engine/state.js';
import { runExperiment } from '../../src/experiments/run.js';
import { cloneState } from '../../src/engine/clone.js';
import { makeStream } from '../../src/rng/streams.js';
import { KINDS } from '../../src/tiles/tile.js';
import { viewFor } from '../../src/view/view.js';
import { worldStateCopy } from '../../src/view/world.js';
import { parseCsv, tempDir } from '../runner/helpers.js';

function modelBytes(rules: string, seed: number, trainSeed = 3): Buffer {
  const L = beliefLayout(6);
  const rng = makeStream(trainSeed, 0, 'test:belief-model');
  const p = Float64Array.from({ length: L.size }, () => Math.fround((2 * rng.next() - 1) * 0.5));
  const fit = { epochs: 1, hidden: 6, lr: 0.001, batch: 64, trainSeed };
  return encodeBeliefModel({ beliefFeaturesVersion: BELIEF_FEATURES_VERSION, features: BELIEF_FEATURES, hidden: 6, rules, lineup: 'harr,harr,harr,harr', games: 8, seed, fit, epoch: 1 }, p);
}
const model = (rules = 'harr', seed = 1) => decodeBeliefModel(modelBytes(rules, seed), 'test');

describe('the prediction scores', () => {
  it('work out by hand on a made-up decision', () => {
    // Seat 0 decides; seat 1 holds 2 of kind 0 and 1 of kind 1, seat 2 one of kind 2, seat 3 one of kind 0.
    const hand = new Uint8Array(4 * KINDS);
    hand[KINDS + 0] = 2;
    hand[KINDS + 1] = 1;
    hand[2 * KINDS + 2] = 1;
    hand[3 * KINDS + 0] = 1;
    const unseen = new Float64Array(KINDS);
    unseen[0] = 3;
    unseen[1] = 2;
    unseen[2] = 3;
    const truth: Truth = { seat: 0, stage: 1, game: 0, hand, unseen, ready: Uint8Array.from([0, 1, 0, 0]), discards: [{ kind: 5, y: 1 }, { kind: 6, y: 0 }] };
    const pred: Prediction = { mean: new Float64Array(4 * KINDS), ready: Float64Array.from([0, 0.8, 0.3, 0.1]), danger: new Float64Array(KINDS) };
    pred.mean[KINDS + 0] = 2;
    pred.mean[KINDS + 1] = 1;
    pred.mean[3 * KINDS + 0] = 1;
    pred.danger[5] = 0.25;
    pred.danger[6] = 0.5;
    const sc = new PredictionScore();
    sc.add(pred, truth);
    // Smoothed by one tile toward the unseen composition (8 tiles unseen): (mean + unseen/8) / (size + 1).
    const ll = 2 * Math.log((2 + 3 / 8) / 4) + Math.log((1 + 2 / 8) / 4) + Math.log((0 + 3 / 8) / 2) + Math.log((1 + 3 / 8) / 2);
    const mid = sc.rows().find((r) => r.stage === 'mid')!;
    expect(mid.loglik_per_tile).toBeCloseTo(ll / 5, 12);
    expect(mid.decisions).toBe(1);
    expect(mid.seats).toBe(3);
    expect(mid.ready).toBe(1);
    expect(mid.ready_auc).toBe(1);
    expect(mid.brier).toBeCloseTo(((0.25 - 1) ** 2 + 0.5 ** 2) / 2, 12);
    expect(mid.danger_share).toBe(0.5);
    expect(sc.rows().find((r) => r.stage === 'early')!.decisions).toBe(0);
    expect(sc.rows().find((r) => r.stage === 'all')!.loglik_per_tile).toBeCloseTo(ll / 5, 12);
  });

  it('bin the danger in ten equal bins (1 in the last) and take the largest gap over the bins of enough samples', () => {
    const xs = [{ p: 0.05, y: 0 }, { p: 0.05, y: 1 }, { p: 0.15, y: 1 }, { p: 0.95, y: 1 }, { p: 1, y: 0 }, { p: 0.1, y: 0 }];
    const bins = reliability(xs);
    expect(bins.map((b) => b.count)).toEqual([2, 2, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(bins[0]!.mean_predicted).toBeCloseTo(0.05, 12);
    expect(bins[0]!.realised).toBe(0.5);
    expect(bins[1]!.mean_predicted).toBeCloseTo(0.125, 12);
    expect(bins[1]!.realised).toBe(0.5);
    expect(bins[9]!.mean_predicted).toBeCloseTo(0.975, 12);
    expect(Number.isNaN(bins[2]!.mean_predicted)).toBe(true);
    expect(maxGap(bins, 2)).toBeCloseTo(0.475, 12);
    expect(maxGap(bins, 3)).toBe(0);
    expect(brier(xs)).toBeCloseTo((0.05 ** 2 + 0.95 ** 2 + 0.85 ** 2 + 0.05 ** 2 + 1 + 0.01) / 6, 12);
  });
});

/** Turns of a few self-play hands, each with the view of a second truth (another deal of the hidden tiles, the same view). */
function turns(n: number): { view: AgentView; second: AgentView; differ: boolean }[] {
  const out: { view: AgentView; second: AgentView; differ: boolean }[] = [];
  selfPlay('harr', 2, 61, (s, view) => {
    if (view.phase !== 'turn' || out.length >= n) return;
    const c = worldStateCopy(view.sampleWorld(makeStream(out.length, 0, 'test:second-truth')));
    const others = (x: HandState): string => Array.from(x.priv.hand.subarray(0, 4 * KINDS)).filter((_, i) => Math.floor(i / KINDS) !== view.seat).join();
    out.push({ view: viewFor(cloneState(s), view.seat), second: viewFor(c, view.seat), differ: others(c) !== others(s) });
  });
  return out;
}

describe("the belief's prediction", () => {
  const m = model();
  const ts = turns(20);

  it('reads its heads: danger 1 − Π (1 − P(win)), counts scaled to each hand\'s size, the mover\'s own row empty', () => {
    for (const { view } of ts) {
      const x = emptyBeliefSparse();
      new BeliefFeaturizer().encode(view, x);
      const w = new BeliefPass(m.layout);
      beliefForward(m.params, x, unseenOf(view, new Uint8Array(KINDS)), w);
      const p = beliefPrediction(m, view);
      for (let t = 0; t < KINDS; t++) expect(p.danger[t]).toBeCloseTo(1 - (1 - w.waitP[t]!) * (1 - w.waitP[KINDS + t]!) * (1 - w.waitP[2 * KINDS + t]!), 12);
      for (let k = 1; k <= 3; k++) {
        const q = (view.seat + k) % 4;
        let sum = 0;
        for (let t = 0; t < KINDS; t++) sum += p.mean[q * KINDS + t]!;
        expect(sum).toBeCloseTo(view.table[q]!.concealedCount, 9);
        expect(p.ready[q]).toBe(w.readyP[k - 1]);
      }
      expect(p.mean.subarray(view.seat * KINDS, view.seat * KINDS + KINDS).every((v) => v === 0)).toBe(true);
    }
  });

  it('is the same for a second truth with the same view', () => {
    expect(ts.filter((t) => t.differ).length).toBeGreaterThan(15);
    for (const { view, second } of ts) expect(beliefPrediction(m, second)).toEqual(beliefPrediction(m, view));
  });
});

describe('experiment belief-prediction', () => {
  it("gives results/inference-prediction's own uniform and inference figures on the same hands and streams", () => {
    const mine = measureRules('harr-limit', model('harr-limit'), 3, 26, 3, 4);
    const theirs = predictionQuality(3, 4, 3, 26, ['harr-limit']).rows;
    for (const m of ['uniform', 'infer'] as const) {
      const a = mine.rows.find((r) => r.method === m && r.stage === 'all')!;
      const b = theirs.find((r) => r.method === m)!;
      expect(a.decisions).toBe(b.decisions);
      expect(a.loglik_per_tile).toBeCloseTo(b.loglik_per_tile, 12);
      expect(a.brier).toBeCloseTo(b.brier, 12);
      expect(a.danger_samples).toBe(b.danger_samples);
      expect(a.max_gap_1000).toBe(b.max_gap_1000);
      const early = mine.rows.find((r) => r.method === m && r.stage === 'early')!;
      expect(Number.isNaN(b.auc_early) ? NaN : early.ready_auc).toBeCloseTo(b.auc_early, 12);
    }
    expect(mine.rows.filter((r) => r.method === 'belief')).toHaveLength(4);
  }, 120_000);

  it('writes its tables with the models\' SHA-256, and refuses in one line what it cannot measure', async () => {
    const dir = tempDir('belief-prediction');
    const files: string[] = [];
    for (const r of ['harr', 'harr-limit', 'babcock', 'code500']) {
      const f = join(dir, `${r}.mjbelief`);
      writeFileSync(f, modelBytes(r, 1));
      files.push(`${r}=${f}`);
    }
    const base = { name: 'belief-prediction', games: 1, workers: 1, progress: 'none', resume: false, command: 'test' } as const;
    await expect(runExperiment(LAB, { ...base, out: join(dir, 'a') })).rejects.toThrow(/give --models harr=FILE/);
    await expect(runExperiment(LAB, { ...base, out: join(dir, 'b'), models: files.slice(0, 3).join(',') })).rejects.toThrow('--models: no model file for code500');
    const swapped = [files[1]!.replace('harr-limit=', 'harr='), files[0]!.replace('harr=', 'harr-limit='), ...files.slice(2)].join(',');
    await expect(runExperiment(LAB, { ...base, out: join(dir, 'c'), models: swapped })).rejects.toThrow(/was trained under harr-limit, not harr$/);
    await expect(runExperiment(LAB, { ...base, name: 'defender-draws', out: join(dir, 'd'), models: files.join(',') })).rejects.toThrow('--models is for the experiments that measure model files (belief-prediction), not defender-draws');
    const out = join(dir, 'out');
    const r = await runExperiment(LAB, { ...base, out, models: files.join(',') });
    expect(r.status).toBe('complete');
    const rows = parseCsv(readFileSync(join(out, 'prediction.csv'), 'utf8'));
    expect(rows).toHaveLength(4 * 3 * 4);
    const models = parseCsv(readFileSync(join(out, 'models.csv'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { models: { rules: string; sha256: string }[] };
    for (const [i, r] of ['harr', 'harr-limit', 'babcock', 'code500'].entries()) {
      const sha = decodeBeliefModel(modelBytes(r, 1), 'x').sha256;
      expect(models[i]!.sha256).toBe(sha);
      expect(manifest.models[i]).toMatchObject({ rules: r, sha256: sha });
    }
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('train --target belief --rules code500 --games 8 --seed 1 --hidden 6 --lr 0.001 --epochs 1 --batch 64 --train-seed 3');
  }, 300_000);
});
