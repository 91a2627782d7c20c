/**
 * Fits the policy model of the inference over worlds (src/infer/model.ts; docs/strategies.md, "Reading the table: the
 * inference over worlds") on four-`harr` self-play, where every hand is known: at every turn, each other seat's true
 * concealed hand beside the mover's view of it. Regenerate the committed constants:
 * `node dist/experiments/fits/inference-fit.js [hands per rule set]`.
 */
import { pathToFileURL } from 'node:url';
import { specialShapesOf } from '../../src/rules/special.js';
import { ruleSet, RULESET_IDS, type RuleSetId } from '../../src/rules/index.js';
import { shanten } from '../../src/hand/index.js';
import { Likelihood } from '../../src/infer/likelihood.js';
import { FIT_SEED, MAX_PRIOR_SHANTEN, POLICY_MODEL, type PolicyModel, TURN_BANDS, priorColumn, turnBand } from '../../src/infer/model.js';
import { INFER_STEPS, INFER_TRIES, inferenceGuide } from '../../src/infer/guide.js';
import { opponentGuide } from '../../src/infer/opponent-model.js';
import { seatRecord } from '../../src/infer/record.js';
import { makeStream } from '../../src/rng/streams.js';
import { worldStateCopy } from '../../src/view/world.js';
import { selfPlay } from '../self-play.js';

const TAUS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 13, 16, 20, 30];
/** Weights of a step of shanten in the newest discard's ranking (0: shape value alone). */
const BETAS = [0, 1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64];
const RECENT = 8;

export function fitPolicyModel(hands: number, seed = FIT_SEED, base: Partial<PolicyModel> = {}): PolicyModel {
  const cols = MAX_PRIOR_SHANTEN + 2;
  const table = (): number[][][] => Array.from({ length: 5 }, () => Array.from({ length: TURN_BANDS }, () => new Array<number>(cols).fill(0)));
  const histT = Object.fromEntries(RULESET_IDS.map((id) => [id, table()])) as Record<RuleSetId, number[][][]>;
  const histU = Object.fromEntries(RULESET_IDS.map((id) => [id, table()])) as Record<RuleSetId, number[][][]>;
  // Per temperature and shanten weight, the summed log likelihood of the newest true discards by harr's ranking.
  const ranked = TAUS.map(() => new Array<number>(BETAS.length).fill(0));
  const cost = new Int8Array(34);
  // Per temperature and age, the summed log likelihood of the true discards; and of a uniform pick, per age.
  const ll = TAUS.map(() => new Array<number>(RECENT).fill(0));
  const llFlat = new Array<number>(RECENT).fill(0);
  const lik = TAUS.map((tau) => new Likelihood({ ...POLICY_MODEL, tau }, [], { outOfTurnMahjong: 'any' }));
  const f = { passed: 0, passWin: 0, passPair: 0, ref: 0, refWin: 0, refPair: 0, seats: 0, fourT: 0, fourU: 0, pungT: 0, pungU: 0, pungSeats: 0 };
  const c = new Uint8Array(34);
  const flat: PolicyModel = { ...POLICY_MODEL, ...base, shantenPrior: Object.fromEntries(RULESET_IDS.map((id) => [id, table()])) as Record<RuleSetId, number[][][]> };
  for (const id of RULESET_IDS) {
    const specials = specialShapesOf(ruleSet(id).table);
    const passes = new Likelihood(POLICY_MODEL, specials, ruleSet(id));
    selfPlay(id, hands, seed, (s, view, g) => {
      if (view.phase !== 'turn') return;
      const w = worldStateCopy(view.sampleWorld(makeStream(seed, g, `fit:${id}:${view.discardCount}`)));
      // The prior's reference: worlds drawn by the inference with the record alone (no prior), so that with the prior
      // the worlds' shanten is as near the true hands' as the record allows, not pushed by both at once.
      const guide = inferenceGuide(view, INFER_TRIES, opponentGuide(INFER_TRIES), { model: flat, steps: INFER_STEPS });
      const wl = worldStateCopy(view.sampleWorld(makeStream(seed, g, `fit-record:${id}:${view.discardCount}`), undefined, guide));
      for (let q = 0; q < 4; q++) {
        if (q === view.seat) continue;
        const m = view.meldCount(q);
        const band = turnBand(view.table[q]!.discards.length);
        const truth = s.priv.hand.subarray(q * 34, q * 34 + 34);
        const dealt = w.priv.hand.subarray(q * 34, q * 34 + 34);
        histT[id][Math.min(m, 4)]![band]![priorColumn(shanten(truth, m))]!++;
        histU[id][Math.min(m, 4)]![band]![priorColumn(shanten(wl.priv.hand.subarray(q * 34, q * 34 + 34), m))]!++;
        const rec = seatRecord(view, q, RECENT);
        let total = 0;
        for (let t = 0; t < 34; t++) {
          c[t] = truth[t]!;
          total += c[t]!;
        }
        const n = rec.discards.length;
        for (let i = 0; i < n; i++) {
          const d = rec.discards[i]!;
          c[d]!++;
          let kinds = 0;
          for (let t = 0; t < 34; t++) if (c[t]! > 0) kinds++;
          for (let k = 0; k < TAUS.length; k++) ll[k]![n - 1 - i]! += lik[k]!.discardLog(c, d);
          if (i === n - 1) {
            passes.shantenCosts(c, m, cost);
            for (let k = 0; k < TAUS.length; k++) for (let b = 0; b < BETAS.length; b++) ranked[k]![b]! += passes.rankedLog(c, d, cost, BETAS[b]!, TAUS[k]!);
          }
          llFlat[n - 1 - i]! -= Math.log(kinds);
          c[d]!--;
        }
        // A tile it could have claimed for Mah-Jongg (as the likelihood reads a pass), or of which it holds two.
        const feature = (t: number, next: boolean): [number, number] => {
          if (c[t]! >= 4) return [0, 0];
          return [passes.passedWin(c, total, t, next) ? 1 : 0, c[t]! >= 2 ? 1 : 0];
        };
        for (let i = 0; i < rec.passed.length; i++) {
          const [win, pair] = feature(rec.passed[i]!, rec.passedNext[i]!);
          f.passed++;
          f.passWin += win;
          f.passPair += pair;
        }
        // The reference: every other tile discarded earlier by the other seats.
        for (let o = 0; o < 4; o++) {
          if (o === q) continue;
          const ds = view.table[o]!.discards;
          for (let i = 0; i < ds.length - 1; i++) {
            const [win, pair] = feature(ds[i]!.tile, (o + 1) % 4 === q);
            f.ref++;
            f.refWin += win;
            f.refPair += pair;
          }
        }
        f.seats++;
        for (let t = 0; t < 34; t++) {
          if (truth[t] === 4) f.fourT++;
          if (dealt[t] === 4) f.fourU++;
        }
        if (rec.pungs.length > 0) {
          f.pungSeats++;
          for (const t of rec.pungs) {
            if (truth[t]! > 0) f.pungT++;
            if (dealt[t]! > 0) f.pungU++;
          }
        }
      }
    });
  }
  // Temperature: the most likely over the last discard (the one the approximate hand is nearest to).
  let best = 0;
  for (let k = 1; k < TAUS.length; k++) if (ll[k]![0]! > ll[best]![0]!) best = k;
  const info = ll[best]!.map((x, age) => x - llFlat[age]!);
  let decay = 0;
  let ages = 0;
  for (let age = 1; age < RECENT; age++) {
    const r = info[age]! / info[0]!;
    if (r > 0) {
      decay += r ** (1 / age);
      ages++;
    }
  }
  const logRatio = (a: number, na: number, b: number, nb: number): number => Math.log(((a + 0.5) / (na + 1)) / ((b + 0.5) / (nb + 1)));
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  // Each rule set its own prior: how near complete a harr hand is by sets and discards differs between the books.
  const prior = Object.fromEntries(
    RULESET_IDS.map((id) => [
      id,
      histT[id].map((row, m) =>
        row.map((col, b) => {
          const u = histU[id][m]![b]!;
          const nt = col.reduce((x, y) => x + y, 0);
          const nu = u.reduce((x, y) => x + y, 0);
          // Cells seen too rarely to measure stay flat.
          if (nt < 30 || nu < 30) return col.map(() => 0);
          return col.map((x, s) => round(logRatio(x, nt, u[s]!, nu)));
        }),
      ),
    ]),
  ) as Record<RuleSetId, number[][][]>;
  let rk = 0;
  let rb = 0;
  for (let k = 0; k < TAUS.length; k++) for (let b = 0; b < BETAS.length; b++) if (ranked[k]![b]! > ranked[rk]![rb]!) [rk, rb] = [k, b];
  return {
    tau: TAUS[best]!,
    rankTau: TAUS[rk]!,
    beta: BETAS[rb]!,
    decay: round(ages > 0 ? decay / ages : 0),
    older: flat.older,
    olderLate: flat.olderLate,
    recent: RECENT,
    passWin: round(logRatio(f.passWin, f.passed, f.refWin, f.ref)),
    passPair: round(logRatio(f.passPair, f.passed, f.refPair, f.ref)),
    four: round(logRatio(f.fourT, f.seats, f.fourU, f.seats)),
    addKong: round(logRatio(f.pungT, f.pungSeats, f.pungU, f.pungSeats)),
    shantenPrior: prior,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const hands = Number(process.argv[2] ?? 200);
  const t0 = Date.now();
  const m = fitPolicyModel(hands);
  console.log(JSON.stringify({ hands, seconds: (Date.now() - t0) / 1000, model: m }));
}
