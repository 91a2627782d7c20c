/**
 * What the net sees of a decision (docs/learning.md): numbers computed from the seat's AgentView alone — its own
 * tiles, what the table shows (discards, sets, counts), the wall count, winds, the legal actions — never from a
 * world's hidden tiles. Two true states that give a seat the same view give it the same features
 * (test/learn/features.test.ts), so a net reading them is as blind to the hidden tiles as the view is.
 *
 * Besides the table, the features carry `harr`'s choice at this decision (strategies/harr.ts reads the same view):
 * the net starts from the lab's best hand-written plan and learns where the search departs from it, which needs far
 * less data than learning discards from raw counts. The feature layout has a version (FEATURES_VERSION) written in
 * every data and model file; a model of another layout is refused (strategies/learned/model-file.ts).
 *
 * Layout: GLOBAL numbers, then PER_KIND numbers for each of the 34 kinds, then the prior's choice one-hot over the
 * action space (strategies/learned/actions.ts). Features are sparse (most are 0): `encode` returns the non-zero
 * (index, value) pairs, which is how the data file stores them and how the net multiplies.
 */
import type { Action, Agent, AgentView } from '../../src/agent/types.js';
import { KINDS, isHead } from '../../src/tiles/tile.js';
import { Scratch } from '../shared/scratch.js';
import { SeatAnalysis } from '../shared/analysis.js';
import { shapeValue } from '../shared/discard.js';
import { harr } from '../harr.js';
import { ACTIONS, actionIndex } from './actions.js';
import type { AgentInit } from '../../src/agent/types.js';

export const FEATURES_VERSION = 1;
const GLOBAL = 32;
const PER_KIND = 12;
const KIND_AT = GLOBAL;
const PRIOR_AT = GLOBAL + PER_KIND * KINDS;
/** Length of the feature vector. */
export const FEATURES = PRIOR_AT + ACTIONS;

const PHASES = ['turn', 'claim', 'rob', 'wash'];
const RULES = ['harr', 'harr-limit', 'babcock', 'code500'];

/** Non-zero features of one decision: indices ascending, and their values. */
export interface Sparse {
  n: number;
  readonly index: Uint16Array;
  readonly value: Float64Array;
}

export function emptySparse(): Sparse {
  return { n: 0, index: new Uint16Array(FEATURES), value: new Float64Array(FEATURES) };
}

/**
 * One seat's feature maker for one hand: it holds the prior (a harr agent for the seat, asked at every decision of
 * the seat, as search's own policy is, so any plan it keeps follows the real hand) and scratch space.
 */
export class Featurizer {
  private readonly s = new Scratch();
  /** The seat's hand, its shanten changes and every seat's discards, kept from one decision to the next. */
  private readonly an = new SeatAnalysis(this.s);
  private readonly prior: Agent;
  private readonly dense = new Float64Array(FEATURES);
  private readonly rel = new Int8Array(4);

  constructor(init: AgentInit) {
    this.prior = harr.create({ ...init, params: Object.fromEntries(harr.params.map((p) => [p.name, p.default])) });
  }

  reset(): void {
    this.prior.reset?.();
    this.an.reset();
  }

  /** The prior's choice at this decision (asked once per decision, before encode). */
  priorChoice(view: AgentView): Action {
    return this.prior.act(view);
  }

  /** The features of this decision into `out`, given the prior's choice. */
  encode(view: AgentView, priorChoice: Action, out: Sparse): void {
    const x = this.dense;
    x.fill(0);
    const s = this.s;
    const c = s.counts;
    const an = this.an;
    const melds = an.update(view);
    const players = view.players;
    const seat = view.seat;
    const phase = PHASES.indexOf(view.phase);
    x[phase] = 1;
    x[4] = view.wallCount / 100;
    x[5] = view.discardCount / 100;
    x[6] = melds / 4;
    const rel = this.rel;
    rel.fill(-1);
    let maxMelds = 0;
    for (let k = 1; k < players; k++) {
      const p = (seat + k) % players;
      rel[p] = k;
      const m = view.meldCount(p);
      maxMelds = Math.max(maxMelds, m);
      x[6 + k] = m / 4;
    }
    const table = view.table;
    for (let k = 1; k < players; k++) x[9 + k] = table[(seat + k) % players]!.concealedCount / 14;
    x[13] = view.dealer === seat ? 1 : 0;
    x[14 + view.seatWind] = 1;
    x[18] = view.prevailingWind === view.seatWind ? 1 : 0;
    const last = view.lastDiscard;
    if (last && last.by !== seat) x[18 + rel[last.by]!] = 1;
    const sh = an.shanten();
    x[22] = sh / 8;
    x[23] = view.limit === null ? 0 : 1;
    const r = RULES.indexOf(view.rules.id);
    if (r >= 0) x[24 + r] = 1;
    x[28] = 1;
    x[29] = table[seat]!.flowers.length / 8;
    x[30] = maxMelds / 4;
    const seen = view.seen;
    const turn = view.phase === 'turn';
    // The shanten changes of the hand: kept while it does not change (a seat's claims between two of its turns).
    const after = turn ? an.discardShanten() : an.drawShanten();
    for (let t = 0; t < KINDS; t++) {
      const at = KIND_AT + t * PER_KIND;
      const own = c[t]!;
      x[at] = own / 4;
      x[at + 1] = seen[t]! / 4;
      x[at + 2] = Math.max(0, 4 - own - seen[t]!) / 4;
      if (own > 0) {
        x[at + 4] = 1;
        if (turn) {
          x[at + 3] = (after[t]! - sh + 1) / 2;
          x[at + 5] = shapeValue(c, t) / 30;
        }
      }
      if (!turn && own < 4) x[at + 10] = (sh - after[t]!) / 2;
      x[at + 9] = last !== null && last.tile === t ? 1 : 0;
      x[at + 11] = isHead(t) ? 1 : 0;
    }
    // Which tiles each other seat has thrown (its safe tiles: Harr's "watch the discards").
    // (A quarter for each, to at most 1: counted as they appear, by the analysis.)
    for (let k = 1; k < players; k++) {
      const p = (seat + k) % players;
      for (let t = 0; t < KINDS; t++) {
        const n = an.discarded[p * KINDS + t]!;
        if (n > 0) x[KIND_AT + t * PER_KIND + 5 + k] = Math.min(1, n * 0.25);
      }
    }
    x[PRIOR_AT + actionIndex(priorChoice)] = 1;
    let n = 0;
    for (let i = 0; i < FEATURES; i++) {
      const v = x[i]!;
      if (v !== 0) {
        out.index[n] = i;
        out.value[n] = Math.fround(v); // as the data file stores it: play and training see the same numbers
        n++;
      }
    }
    out.n = n;
  }
}
