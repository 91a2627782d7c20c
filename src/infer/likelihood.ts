/**
 * The likelihood of what one other seat did, given a candidate concealed hand (docs/strategies.md, "Reading the table"), under a softened
 * policy model of it (model.ts): each of its recent discards a draw from a softmax over the kinds it would then have
 * held, by their shape value (src/hand/shape-value.ts: what the built-in strategies rank discards by beyond shanten),
 * at the fitted temperature, the newest by harr's own ranking (the shanten each discard would cost, at the fitted
 * weight `beta`, then the shape value: it alone was made from exactly the hand now plus its tile); each tile it let pass since its last discard (record.ts, in the order of play) that it
 * could have claimed for Mah-Jongg or of which it holds two, each four it keeps concealed and each
 * fourth tile of an exposed pung it keeps in hand weighed by the likelihood ratio fitted on self-play. Claims it made
 * and kongs it declared are in its exposed sets: the hand is dealt around them, and under this model they say nothing
 * more of the tiles still concealed.
 *
 * The hand before a discard is taken as the hand now plus the tile discarded: the tiles drawn in between are not
 * known (the decay of older discards stands for that).
 */
import { couldBeComplete } from '../engine/agari.js';
import { completesPungOrPair } from '../hand/decompose.js';
import type { RuleSet } from '../rules/index.js';
import { mayWinOnDiscard } from '../rules/claims.js';
import type { SpecialShape } from '../hand/special.js';
import { shapeValue } from '../hand/shape-value.js';
import { HandAnalyser } from '../hand/shanten.js';
import type { PolicyModel } from './model.js';
import type { SeatRecord } from './record.js';

/** The most a shape value can be (a pung with both neighbours on each side, a middle rank): the softmax table's size. */
const MAX_VALUE = 48;

export class Likelihood {
  readonly #model: PolicyModel;
  readonly #specials: readonly SpecialShape[];
  readonly #rules: Pick<RuleSet, 'outOfTurnMahjong'>;
  /** exp(-v / tau) by shape value v. */
  readonly #soft = new Float64Array(MAX_VALUE + 1);
  readonly #c = new Uint8Array(34);
  readonly #base = new Float64Array(34);
  readonly #decay: Float64Array;
  readonly #a = new HandAnalyser(new ArrayBuffer(HandAnalyser.BYTES), 0);
  readonly #cost = new Int8Array(34);

  /** `rules`: the rule set, whose claims (src/rules/claims.ts) say who could have won on a passed discard. */
  constructor(model: PolicyModel, specials: readonly SpecialShape[], rules: Pick<RuleSet, 'outOfTurnMahjong'>) {
    this.#model = model;
    this.#specials = specials;
    this.#rules = rules;
    for (let v = 0; v <= MAX_VALUE; v++) this.#soft[v] = Math.exp(-v / model.tau);
    this.#decay = new Float64Array(Math.max(1, model.recent));
    for (let k = 0; k < this.#decay.length; k++) this.#decay[k] = k === 0 ? 1 : model.older * model.decay ** k;
  }

  /**
   * Could the concealed tiles `c` (`total` of them; left unchanged) have gone Mah-Jongg on the discard `t` they let
   * pass? Only where the rule set lets it be claimed (src/rules/claims.ts mayWinOnDiscard, as the engine asks it:
   * docs/rules.md "Claims", **Reading**: in harr and harr-limit a seat not next in turn after the discarder only where
   * it completes a pung or the pair, whoever may chow). `next`: the seat sat next in turn after the discarder.
   */
  passedWin(c: Uint8Array, total: number, t: number, next: boolean): boolean {
    if (c[t]! >= 4) return false;
    c[t]!++;
    const win = couldBeComplete(c, total + 1, this.#specials) && mayWinOnDiscard(this.#rules, next, () => completesPungOrPair(c, t));
    c[t]!--;
    return win;
  }

  /**
   * For each kind held in `c` (with `melds` sets declared), the shanten its discard would cost over the least any
   * discard leaves, into `out` (the other kinds left as they were). `c` is left unchanged.
   */
  shantenCosts(c: Uint8Array, melds: number, out: Int8Array): void {
    const a = this.#a.load(c, melds);
    let least = Infinity;
    for (let t = 0; t < 34; t++) {
      if (c[t] === 0) continue;
      out[t] = a.shantenWith(t, -1);
      if (out[t]! < least) least = out[t]!;
    }
    for (let t = 0; t < 34; t++) if (c[t] !== 0) out[t]! -= least;
  }

  /**
   * log P(discard `d` | the hand `c` held before it) under harr's own ranking, softened: a softmax at temperature
   * `tau` over each held kind's shape value plus `beta` for each step of shanten its discard would cost (`cost`, from
   * shantenCosts; harr discards at the least shanten first, then by shape: strategies/shared/ pickDiscard).
   */
  rankedLog(c: Uint8Array, d: number, cost: Int8Array, beta: number, tau: number): number {
    let z = 0;
    let own = 0;
    for (let t = 0; t < 34; t++) {
      if (c[t] === 0) continue;
      const e = Math.exp(-(shapeValue(c, t) + beta * cost[t]!) / tau);
      z += e;
      if (t === d) own = e;
    }
    return Math.log(own / z);
  }

  /** log P(discard `d` | the hand `c` held before it) under the softmax; `c` holds `d`. */
  discardLog(c: Uint8Array, d: number): number {
    let z = 0;
    let own = 0;
    for (let t = 0; t < 34; t++) {
      if (c[t] === 0) continue;
      const e = this.#soft[Math.min(MAX_VALUE, shapeValue(c, t))]!;
      z += e;
      if (t === d) own = e;
    }
    return Math.log(own / z);
  }

  /** log likelihood of `rec` given the concealed hand `counts` (34 kinds; left unchanged). */
  logLik(rec: SeatRecord, counts: Uint8Array): number {
    const m = this.#model;
    const c = this.#c;
    let total = 0;
    for (let t = 0; t < 34; t++) {
      c[t] = counts[t]!;
      total += c[t]!;
    }
    let ll = 0;
    const n = rec.discards.length;
    // The softmax's sum over the hand as held, then for each discard only the kinds its tile changes the value of
    // (itself and its suit neighbours within two): the same as discardLog on the hand with the tile, at a fifth of it.
    const soft = this.#soft;
    const base = this.#base;
    let z0 = 0;
    for (let t = 0; t < 34; t++) {
      base[t] = c[t] === 0 ? 0 : soft[Math.min(MAX_VALUE, shapeValue(c, t))]!;
      z0 += base[t]!;
    }
    for (let i = 0; i < n; i++) {
      const d = rec.discards[i]!;
      c[d]!++;
      const lo = d >= 27 ? d : Math.max(d - 2, d - (d % 9));
      const hi = d >= 27 ? d : Math.min(d + 2, d - (d % 9) + 8);
      let z = z0;
      let own = 0;
      for (let t = lo; t <= hi; t++) {
        if (c[t] === 0) continue;
        const e = soft[Math.min(MAX_VALUE, shapeValue(c, t))]!;
        z += e - base[t]!;
        if (t === d) own = e;
      }
      // The newest discard was made from exactly this hand: read it by harr's ranking, shanten first.
      if (i === n - 1 && m.beta > 0) {
        this.shantenCosts(c, rec.melds, this.#cost);
        ll += this.rankedLog(c, d, this.#cost, m.beta, m.rankTau);
      } else ll += this.#decay[n - 1 - i]! * Math.log(own / z);
      c[d]!--;
    }
    for (let i = 0; i < rec.passed.length; i++) {
      const t = rec.passed[i]!;
      if (c[t]! >= 4) continue;
      if (c[t]! >= 2) ll += m.passPair;
      if (this.passedWin(c, total, t, rec.passedNext[i]!)) ll += m.passWin;
    }
    for (let t = 0; t < 34; t++) if (c[t] === 4) ll += m.four;
    for (const t of rec.pungs) if (c[t]! > 0) ll += m.addKong;
    return ll;
  }
}
