// Does an older discard tell the true hand from hands of the same shanten (README.md, "Why the late stage missed")?
// For each other seat and each age of its last 8 discards, the softmax term of the true hand minus that of a hand
// dealt with the true hand's shanten (and, after the slash, of a uniformly dealt hand), by stage, in nats.
// Run after npm run build: node dist/experiments/inference-prediction/age-info.js harr 200 25
import type { HandGuide } from '../../src/agent/types.js';
import { selfPlay } from '../self-play.js';
import { POLICY_MODEL } from '../../src/infer/model.js';
import { Likelihood } from '../../src/infer/likelihood.js';
import { seatRecord } from '../../src/infer/record.js';
import { makeStream } from '../../src/rng/streams.js';
import { worldStateCopy } from '../../src/view/world.js';
import { shanten } from '../../src/hand/index.js';
import { HandAnalyser } from '../../src/hand/shanten.js';

const [id = 'harr', handsS, seedS] = process.argv.slice(2);
const hands = Number(handsS), seed = Number(seedS);
const lik = new Likelihood(POLICY_MODEL, [], { outOfTurnMahjong: 'any' });
const a = new HandAnalyser(new ArrayBuffer(HandAnalyser.BYTES), 0);
const R = 8;
const sums = [0, 1, 2].map(() => Array.from({ length: R }, () => ({ dm: 0, du: 0, n: 0 })));
const c = new Uint8Array(34);
const term = (h: Uint8Array, d: number): number => {
  for (let t = 0; t < 34; t++) c[t] = h[t]!;
  c[d]! += 1;
  return lik.discardLog(c, d);
};
let turn = 0;
selfPlay(id, hands, seed, (s, view, g) => {
  if (view.phase !== 'turn') return;
  turn++;
  const stage = view.wallCount > 50 ? 0 : view.wallCount >= 25 ? 1 : 2;
  if (stage === 0 && turn % 3) return;
  const targets: number[] = [];
  for (let q = 0; q < 4; q++) targets[q] = q === view.seat ? 0 : shanten(s.priv.hand.subarray(q * 34, q * 34 + 34), view.meldCount(q));
  const rng = makeStream(seed, g, `age:${turn}`);
  const wu = worldStateCopy(view.sampleWorld(rng));
  // matched: per seat, rejection until shanten equals the truth's
  for (let q = 0; q < 4; q++) {
    if (q === view.seat) continue;
    const rec = seatRecord(view, q, R);
    const n = rec.discards.length;
    if (n === 0) continue;
    const m = view.meldCount(q);
    const g2: HandGuide = { tries: 60, misfit: (counts, mm) => Math.abs(a.load(counts, mm).shanten() - targets[q]!) };
    const wm = worldStateCopy(view.sampleWorld(rng, undefined, g2));
    const truth = s.priv.hand.subarray(q * 34, q * 34 + 34);
    const hm = wm.priv.hand.subarray(q * 34, q * 34 + 34);
    if (shanten(hm, m) !== targets[q]) continue;
    const hu = wu.priv.hand.subarray(q * 34, q * 34 + 34);
    for (let i = 0; i < n; i++) {
      const d = rec.discards[i]!, age = n - 1 - i;
      const tt = term(truth, d);
      const x = sums[stage]![age]!;
      x.dm += tt - term(hm, d);
      x.du += tt - term(hu, d);
      x.n++;
    }
  }
});
for (let st = 0; st < 3; st++) console.log(id, ['early', 'mid', 'late'][st], sums[st]!.map((x, k) => `${k}: ${(x.dm / x.n).toFixed(3)}/${(x.du / x.n).toFixed(3)} (${x.n})`).join('  '));
