// Why the late stage misses (results/inference-prediction/README.md): the ROC area of "one tile from complete" at
// every late turn (live wall below 25) of 240 held-out four-harr hands (seed 26), under the inference with one part
// of its model taken out at a time, and the opponent model; and how much better than a uniform pick the policy
// model explains each seat's newest true discard, by stage. Run after npm run build:
// node dist/experiments/inference-prediction/late-stage.js harr harr-limit
import type { HandGuide, World } from '../../src/agent/types.js';
import { selfPlay } from '../self-play.js';
import { inferenceGuide, INFER_TRIES, INFER_STEPS } from '../../src/infer/guide.js';
import { opponentGuide } from '../../src/infer/opponent-model.js';
import { POLICY_MODEL, type PolicyModel } from '../../src/infer/model.js';
import { Likelihood } from '../../src/infer/likelihood.js';
import { rocAuc } from './inference-quality.js';
import { makeStream } from '../../src/rng/streams.js';
import { worldStateCopy } from '../../src/view/world.js';
import { shanten } from '../../src/hand/index.js';
import { ruleSet, specialShapesOf } from '../../src/rules/index.js';

type Sample = { p: number; y: number };
const flatPrior = Object.fromEntries(Object.entries(POLICY_MODEL.shantenPrior).map(([k, t]) => [k, t.map((r) => r.map((c) => c.map(() => 0)))])) as unknown as PolicyModel['shantenPrior'];
const variants: Record<string, PolicyModel> = {
  full: POLICY_MODEL,
  noRank: { ...POLICY_MODEL, beta: 0 },
  noPrior: { ...POLICY_MODEL, shantenPrior: flatPrior },
  noPass: { ...POLICY_MODEL, passWin: 0, passPair: 0 },
  noDiscards: { ...POLICY_MODEL, beta: 0, tau: 1e9, rankTau: 1e9 },
};
const rules = process.argv.slice(2);
for (const id of rules) {
  const acc: Record<string, Sample[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  acc.model = [];
  const lik = new Likelihood(POLICY_MODEL, specialShapesOf(ruleSet(id).table), ruleSet(id));
  const fit = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]; // per stage: sum ranked log lik, sum uniform log lik, n
  const c = new Uint8Array(34);
  const cost = new Int8Array(34);
  let turn = 0;
  selfPlay(id, 240, 26, (s, view, g) => {
    if (view.phase !== 'turn') return;
    turn++;
    const stage = view.wallCount > 50 ? 0 : view.wallCount >= 25 ? 1 : 2;
    for (let q = 0; q < 4; q++) {
      if (q === view.seat) continue;
      const d = view.table[q]!.discards;
      if (d.length === 0) continue;
      const truth = s.priv.hand.subarray(q * 34, q * 34 + 34);
      for (let t = 0; t < 34; t++) c[t] = truth[t]!;
      const last = d[d.length - 1]!.tile;
      c[last]! += 1;
      lik.shantenCosts(c, view.meldCount(q), cost);
      let kinds = 0;
      for (let t = 0; t < 34; t++) if (c[t]! > 0) kinds++;
      const f = fit[stage]!;
      f[0]! += lik.rankedLog(c, last, cost, POLICY_MODEL.beta, POLICY_MODEL.rankTau);
      f[1]! -= Math.log(kinds);
      f[2]! += 1;
    }
    if (stage !== 2) return;
    const guides: Record<string, HandGuide> = Object.fromEntries(Object.entries(variants).map(([k, m]) => [k, inferenceGuide(view, INFER_TRIES, opponentGuide(INFER_TRIES), { model: m, steps: INFER_STEPS })]));
    guides.model = opponentGuide(12);
    for (const [k, guide] of Object.entries(guides)) {
      const ready = [0, 0, 0, 0];
      const rng = makeStream(26, g, `diag:${id}:${k}:${turn}`);
      let w: World | undefined;
      for (let i = 0; i < 32; i++) {
        w = view.sampleWorld(rng, w, guide);
        const ws = worldStateCopy(w);
        for (let q = 0; q < 4; q++) if (q !== view.seat && shanten(ws.priv.hand.subarray(q * 34, q * 34 + 34), ws.pub.meldCount[q]!) <= 0) ready[q]! += 1 / 32;
      }
      for (let q = 0; q < 4; q++) {
        if (q === view.seat) continue;
        acc[k]!.push({ p: ready[q]!, y: shanten(s.priv.hand.subarray(q * 34, q * 34 + 34), s.pub.meldCount[q]!) <= 0 ? 1 : 0 });
      }
    }
  });
  const out = Object.entries(acc).map(([k, xs]) => `${k} auc ${rocAuc(xs).toFixed(3)} mean ${(xs.reduce((a, x) => a + x.p, 0) / xs.length).toFixed(3)} true ${(xs.reduce((a, x) => a + x.y, 0) / xs.length).toFixed(3)} n ${xs.length}`);
  console.log(id, '\n ' + out.join('\n '));
  console.log(' newest discard, ranked log lik minus uniform per discard, by stage:', fit.map(([ranked, uniform, n]) => ((ranked! - uniform!) / n!).toFixed(3) + ` (n ${n})`).join(', '));
}
