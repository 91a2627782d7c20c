// Why the late stage missed (README.md, "Why the late stage missed"): at every late turn (live wall below 25) of
// four-harr hands on a seed that is neither the fit's (25) nor the measurement's (26), the ROC area of "one tile from
// complete" under the inference with more deals or Metropolis swaps, without the prior, without the older discards
// (decay 0), without the pass terms, and the opponent model; the mean share of ready worlds for seats truly ready and
// not; the ESS. The README's figures were made at 666aa7d, before olderLate (where `full` still read the older
// discards late). Run after npm run build: node dist/experiments/inference-prediction/late-mixing.js harr 600 27 [variants]
import type { HandGuide, World } from '../../src/agent/types.js';
import { selfPlay } from '../self-play.js';
import { inferenceGuide, noStats, type InferenceStats } from '../../src/infer/guide.js';
import { opponentGuide } from '../../src/infer/opponent-model.js';
import { POLICY_MODEL, type PolicyModel } from '../../src/infer/model.js';
import { rocAuc } from './inference-quality.js';
import { makeStream } from '../../src/rng/streams.js';
import { worldStateCopy } from '../../src/view/world.js';
import { shanten } from '../../src/hand/index.js';

type Sample = { p: number; y: number };
const [id = 'harr', handsS, seedS, which] = process.argv.slice(2);
const hands = Number(handsS), seed = Number(seedS);
const flat = (pred: (m: number, b: number) => boolean): PolicyModel['shantenPrior'] =>
  Object.fromEntries(Object.entries(POLICY_MODEL.shantenPrior).map(([k, t]) => [k, t.map((r, m) => r.map((c, b) => c.map((x) => (pred(m, b) ? 0 : x))))])) as unknown as PolicyModel['shantenPrior'];
const all: Record<string, { model: PolicyModel; tries: number; steps: number }> = {
  full: { model: POLICY_MODEL, tries: 4, steps: 40 },
  full200: { model: POLICY_MODEL, tries: 4, steps: 200 },
  full16x200: { model: POLICY_MODEL, tries: 16, steps: 200 },
  noPrior: { model: { ...POLICY_MODEL, shantenPrior: flat(() => true) }, tries: 4, steps: 40 },
  noPrior200: { model: { ...POLICY_MODEL, shantenPrior: flat(() => true) }, tries: 4, steps: 200 },
  noLatePrior: { model: { ...POLICY_MODEL, shantenPrior: flat((m, b) => b === 4) }, tries: 4, steps: 40 },
  onlyNewest: { model: { ...POLICY_MODEL, decay: 0 }, tries: 4, steps: 40 },
  onlyNewest200: { model: { ...POLICY_MODEL, decay: 0 }, tries: 4, steps: 200 },
  noPass: { model: { ...POLICY_MODEL, passWin: 0, passPair: 0 }, tries: 4, steps: 40 },
  noPass200: { model: { ...POLICY_MODEL, passWin: 0, passPair: 0 }, tries: 4, steps: 200 },
  steps10: { model: POLICY_MODEL, tries: 4, steps: 10 },
  noRecord: { model: { ...POLICY_MODEL, beta: 0, tau: 1e9, rankTau: 1e9, passWin: 0, passPair: 0, four: 0, addKong: 0 }, tries: 4, steps: 40 },
};
const variants = which ? Object.fromEntries(which.split(',').map((k) => [k, all[k]!])) : all;
const acc: Record<string, (Sample & { m: number; g: number })[]> = Object.fromEntries([...Object.keys(variants), 'model'].map((k) => [k, []]));
const stats: Record<string, InferenceStats> = Object.fromEntries(Object.keys(variants).map((k) => [k, noStats()]));
const feat: Record<string, Sample[]> = { melds: [], discards: [], both: [] };
let turn = 0;
const lateHands = new Set<number>();
const t0 = Date.now();
selfPlay(id, hands, seed, (s, view, g) => {
  if (view.phase !== 'turn') return;
  turn++;
  if (view.wallCount >= 25) return;
  lateHands.add(g);
  const ys: number[] = [];
  for (let q = 0; q < 4; q++) if (q !== view.seat) {
    const y = shanten(s.priv.hand.subarray(q * 34, q * 34 + 34), s.pub.meldCount[q]!) <= 0 ? 1 : 0;
    ys[q] = y;
    const m = view.meldCount(q), d = view.table[q]!.discards.length;
    feat.melds!.push({ p: m, y }); feat.discards!.push({ p: d, y }); feat.both!.push({ p: m * 100 + d, y });
  }
  const guides: Record<string, HandGuide> = Object.fromEntries(Object.entries(variants).map(([k, v]) => [k, inferenceGuide(view, v.tries, opponentGuide(v.tries), { model: v.model, steps: v.steps, stats: stats[k] })]));
  guides.model = opponentGuide(12);
  for (const [k, guide] of Object.entries(guides)) {
    const ready = [0, 0, 0, 0];
    const rng = makeStream(seed, g, `diag:${id}:${k}:${turn}`);
    let w: World | undefined;
    for (let i = 0; i < 32; i++) {
      w = view.sampleWorld(rng, w, guide);
      const ws = worldStateCopy(w);
      for (let q = 0; q < 4; q++) if (q !== view.seat && shanten(ws.priv.hand.subarray(q * 34, q * 34 + 34), ws.pub.meldCount[q]!) <= 0) ready[q]! += 1 / 32;
    }
    for (let q = 0; q < 4; q++) if (q !== view.seat) acc[k]!.push({ p: ready[q]!, y: ys[q]!, m: view.meldCount(q), g });
  }
});
const mean = <T>(xs: readonly T[], f: (x: T) => number): number => xs.reduce((a, x) => a + f(x), 0) / xs.length;
console.log(`${id} seed ${seed} hands ${hands} late hands ${lateHands.size} seats ${acc.model!.length} ready ${mean(acc.model!, (x) => x.y).toFixed(3)} ${((Date.now() - t0) / 1000).toFixed(0)} s`);
for (const [k, xs] of Object.entries(feat)) console.log(` feature ${k} auc ${rocAuc(xs).toFixed(3)}`);
for (const [k, xs] of Object.entries(acc)) {
  const r1 = xs.filter((x) => x.y === 1), r0 = xs.filter((x) => x.y === 0);
  const byM = [0, 1, 2, 3].map((m) => { const z = xs.filter((x) => x.m === m); return z.length > 20 ? rocAuc(z).toFixed(3) + `(${z.length})` : '-'; }).join(' ');
  const ess = stats[k] ? (stats[k].essSum / stats[k].seats).toFixed(2) + ` coll ${stats[k].collapsed}` : '';
  console.log(` ${k.padEnd(12)} auc ${rocAuc(xs).toFixed(3)} share ready|ready ${mean(r1, (x) => x.p).toFixed(3)} |not ${mean(r0, (x) => x.p).toFixed(3)} byMelds ${byM} ess ${ess}`);
}
