/**
 * What the belief model reads of a decision (docs/belief.md "Features"): numbers computed from one seat's AgentView
 * alone: its own concealed tiles, every seat's exposed sets, flowers and discards (who threw what, and when: the
 * order of each seat's discards), the claims (a claimed discard stays listed, marked), the wall count, the seats'
 * winds, the dealer, the rule set. Never a true state's hidden tiles: two states that give the seat the same view
 * give it the same features (test/belief/features.test.ts).
 *
 * The other seats are taken in turn order after the seat (relative place 1, 2, 3: the next seat, across, the
 * previous one), as the model's heads are. Layout: GLOBAL numbers, then PER_KIND numbers for each of the 34 kinds
 * (the kind's own, seen and unseen counts, then OTHER numbers for each other seat). Sparse, as strategies/learned
 * stores its features: the non-zero (index, value) pairs, values already float32.
 */
import type { AgentView } from '../agent/types.js';
import { meldTiles } from '../tiles/notation.js';
import { KINDS, isHead } from '../tiles/tile.js';

/** Changes whenever the features' meaning or layout changes; in every data and model file. */
export const BELIEF_FEATURES_VERSION = 1;
/** The other seats the model predicts, in turn order after the deciding seat. */
export const OTHERS = 3;
const GLOBAL = 44;
const OWN = 4;
const PER_OTHER = 7;
/** Numbers per kind, from KIND_AT on: the net's wide part reads each kind's block (src/belief/net.ts). */
export const PER_KIND = OWN + OTHERS * PER_OTHER;
export const KIND_AT = GLOBAL;
/** Length of the feature vector. */
export const BELIEF_FEATURES = GLOBAL + PER_KIND * KINDS;
/** A seat's most recent discards, counted apart (what it threw lately says what it no longer needs, or now needs). */
const RECENT = 6;

const PHASES = ['turn', 'claim', 'rob', 'wash'];
const RULES = ['harr', 'harr-limit', 'babcock', 'code500'];

/** Non-zero features of one decision: indices ascending, and their values (float32). */
export interface BeliefSparse {
  n: number;
  readonly index: Uint16Array;
  readonly value: Float64Array;
}

export function emptyBeliefSparse(): BeliefSparse {
  return { n: 0, index: new Uint16Array(BELIEF_FEATURES), value: new Float64Array(BELIEF_FEATURES) };
}

/** The seat `k` places after `seat` in turn order (k = 1..3). */
export function otherSeat(seat: number, k: number, players = 4): number {
  return (seat + k) % players;
}

/**
 * The tiles of each kind the seat cannot see (4 − own − shown), into `out` (34 long): the most any other hand can
 * hold of it. From the view alone.
 */
export function unseenOf(view: AgentView, out: Uint8Array): Uint8Array {
  const own = new Uint8Array(KINDS);
  view.concealedCounts(own);
  const seen = view.seen;
  for (let t = 0; t < KINDS; t++) out[t] = Math.max(0, 4 - own[t]! - seen[t]!);
  return out;
}

/** Reused per call: the dense vector and the own counts. */
export class BeliefFeaturizer {
  private readonly dense = new Float64Array(BELIEF_FEATURES);
  private readonly own = new Uint8Array(KINDS);

  /** The features of `view` into `out`. */
  encode(view: AgentView, out: BeliefSparse): void {
    const x = this.dense;
    x.fill(0);
    const seat = view.seat;
    const players = view.players;
    const own = this.own;
    const concealed = view.concealedCounts(own);
    const phase = PHASES.indexOf(view.phase);
    if (phase >= 0) x[phase] = 1;
    x[4] = view.wallCount / 100;
    x[5] = view.discardCount / 100;
    const r = RULES.indexOf(view.rules.id);
    if (r >= 0) x[6 + r] = 1;
    x[10] = view.limit === null ? 0 : 1;
    x[11 + ((view.dealer - seat + players) % players)] = 1;
    x[15 + view.seatWind] = 1;
    x[19] = view.prevailingWind === view.seatWind ? 1 : 0;
    x[20] = concealed / 14;
    x[21] = view.meldCount(seat) / 4;
    x[22] = 1;
    const last = view.lastDiscard;
    if (last !== null && last.by !== seat) x[22 + ((last.by - seat + players) % players)] = 1;
    const table = view.table;
    for (let k = 1; k <= OTHERS; k++) {
      const p = otherSeat(seat, k, players);
      const pub = table[p]!;
      x[25 + k] = pub.concealedCount / 14;
      x[28 + k] = pub.melds.length / 4;
      x[31 + k] = pub.discards.length / 30;
      x[34 + k] = pub.discards.filter((d) => d.claimed).length / 4;
    }
    const seen = view.seen;
    // The unseen tiles, and each other seat's share of them: what a uniform deal would give it of each kind.
    let unseenAll = 0;
    for (let t = 0; t < KINDS; t++) unseenAll += Math.max(0, 4 - own[t]! - seen[t]!);
    const share = [0, 0, 0];
    for (let k = 1; k <= OTHERS; k++) {
      share[k - 1] = unseenAll > 0 ? table[otherSeat(seat, k, players)]!.concealedCount / unseenAll : 0;
      x[39 + k] = share[k - 1]!;
    }
    for (let t = 0; t < KINDS; t++) {
      const at = GLOBAL + t * PER_KIND;
      x[at] = own[t]! / 4;
      x[at + 1] = seen[t]! / 4;
      x[at + 2] = Math.max(0, 4 - own[t]! - seen[t]!) / 4;
      x[at + 3] = isHead(t) ? 1 : 0;
      // A uniform deal's expected count of the kind in each other hand.
      for (let k = 1; k <= OTHERS; k++) x[at + OWN + (k - 1) * PER_OTHER + 6] = (x[at + 2]! * 4 * share[k - 1]!);
    }
    for (let k = 1; k <= OTHERS; k++) {
      const p = otherSeat(seat, k, players);
      const pub = table[p]!;
      const ds = pub.discards;
      const n = ds.length;
      ds.forEach((d, i) => {
        if (d.tile >= KINDS) return;
        const at = GLOBAL + d.tile * PER_KIND + OWN + (k - 1) * PER_OTHER;
        x[at] = x[at]! + 0.25;
        if (n - i <= RECENT) x[at + 1] = x[at + 1]! + 0.5;
        // When it was first thrown: early (1) to late (near 0).
        if (x[at + 2] === 0) x[at + 2] = 1 / (1 + i / 4);
        if (d.claimed) x[at + 3] = 1;
      });
      for (const m of pub.melds) {
        for (const t of meldTiles(m)) {
          const at = GLOBAL + t * PER_KIND + OWN + (k - 1) * PER_OTHER;
          x[at + 4] = x[at + 4]! + 0.25;
        }
      }
      // The kinds next to its recent discards (a suit it is leaving).
      for (let i = Math.max(0, n - RECENT); i < n; i++) {
        const t = ds[i]!.tile;
        if (t >= 27) continue;
        const rank = t % 9;
        for (const dt of [-1, 1]) {
          if (rank + dt < 0 || rank + dt > 8) continue;
          const at = GLOBAL + (t + dt) * PER_KIND + OWN + (k - 1) * PER_OTHER;
          x[at + 5] = Math.min(1, x[at + 5]! + 0.5);
        }
      }
    }
    let n = 0;
    for (let i = 0; i < BELIEF_FEATURES; i++) {
      const v = x[i]!;
      if (v !== 0) {
        out.index[n] = i;
        out.value[n] = Math.fround(v);
        n++;
      }
    }
    out.n = n;
  }
}
