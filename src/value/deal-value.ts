/**
 * The value model at a deal, and luck.bin format 4's term at a wash's new wall (docs/statistics.md "The learned
 * value", "A wash's new wall"). A new wall is not a tile drawn from a known remainder: it is a fresh order of the
 * whole set, and the deal it makes has no expectation to sum over a few kinds. But every fixed rearrangement of a
 * uniformly random order is uniformly random too, so the deal made from the same wall cut at another place has
 * exactly the expectation of the deal made: the term for every seat is
 *
 *   V(the deal made) − the mean of V(the deal made from the wall cut at each of CUTS other places),
 *
 * which has mean zero whatever the strategies do (nothing before the wash depends on the new wall), reads no
 * randomness of its own (the same wall gives the same term in every rotation of a duplicate wall set, so a strategy
 * against itself stays at exactly zero), and costs CUTS + 1 evaluations a wash. V at a deal is the model read as if
 * the dealer had just drawn its fourteenth tile (src/value/features.ts: every input is a function of the state after
 * the draw, whichever of its tiles is taken as the one drawn; the smallest kind it holds is).
 */
import type { Seat } from '../core/seat.js';
import { dealHand } from '../engine/deal.js';
import { createHandState, NO_OBSERVER, resetHand, type HandState } from '../engine/state.js';
import { HandAnalyser } from '../hand/shanten.js';
import { bestSuit, countWall, loserScore, suitCounts, winValue } from '../luck/hand-values.js';
import { KINDS } from '../tiles/index.js';
import { DrawFeatures, VALUE_SEATS } from './features.js';
import type { ValueModel } from './model-file.js';
import { addColumns, head, ValuePass } from './net.js';

/** The other places the wall is cut at: CUTS evenly spaced offsets, none of them the wall as it was. */
export const CUTS = 15;

export class DealValue {
  private readonly features = new DrawFeatures();
  private readonly pass: ValuePass;
  private readonly analyser = new HandAnalyser();
  private readonly before = new Uint8Array(KINDS);
  private readonly wall = new Uint8Array(KINDS);
  private readonly suits = new Uint8Array(4);
  private readonly got = new Float64Array(VALUE_SEATS);
  private readonly cut = new Float64Array(VALUE_SEATS);
  private readonly sums = new Float64Array(VALUE_SEATS);
  /** The state the other cuts are dealt in (one rule set a meter). */
  private other: HandState | null = null;
  /** Evaluations of the network so far (for the benchmark). */
  evaluations = 0;

  constructor(private readonly model: ValueModel) {
    this.pass = new ValuePass(model.layout);
  }

  /** Every seat's value (wind order from East) of the state `s` just dealt (hands dealt, flowers not yet replaced), into `out`. */
  valueAt(s: HandState, out: Float64Array): void {
    const dealer: Seat = s.pub.dealer;
    const before = this.before;
    let t = -1;
    for (let k = 0; k < KINDS; k++) {
      before[k] = s.priv.hand[dealer * KINDS + k]!;
      if (t < 0 && before[k]! > 0) t = k;
    }
    const { params, layout } = this.model;
    const z = this.pass.z;
    for (let k = 0; k < layout.hidden; k++) z[k] = params[layout.b1 + k]!;
    if (t >= 0) {
      before[t]!--;
      const wall = this.wall.fill(0);
      const n = countWall(s, wall) + 1;
      wall[t]!++;
      this.features.deal();
      this.features.start(s, dealer, before, wall, n);
      const sh = this.analyser.load(before, s.pub.meldCount[dealer]!).shantenWith(t, 1);
      const win = sh < 0 ? winValue(s, dealer, before, t, 'self-draw') : 0;
      this.features.kind(t, sh, win, loserScore(s, dealer, before, t), bestSuit(suitCounts(s, dealer, before, this.suits), t));
      addColumns(params, layout, this.features.base, z);
      addColumns(params, layout, this.features.kindPart, z);
    }
    head(params, layout, this.pass);
    this.evaluations++;
    out.set(this.pass.out);
  }

  /** The value of the deal made from `s`'s wall (as it was dealt) cut `offset` tiles later, into `out`. */
  private cutAt(s: HandState, offset: number, out: Float64Array): void {
    const o = (this.other ??= createHandState(s.rules, s.limit, s.flowers, s.players));
    resetHand(o, s.pub.dealer, s.pub.prevailing);
    const from = s.hidden.wall;
    const to = o.hidden.wall;
    const size = from.size;
    for (let i = 0; i < size; i++) to.tiles[i] = from.tiles[(i + offset) % size]!;
    to.head = 0;
    to.tail = size;
    o.obs = { ...NO_OBSERVER, deal: (x: HandState): void => this.valueAt(x, out) };
    dealHand(o);
    o.obs = NO_OBSERVER;
  }

  /**
   * Each seat's term (seat-major into `luck`, `channels` wide, at `channel`, in points) for the new wall `s` was just
   * dealt from after a wash.
   */
  newWall(s: HandState, luck: Float64Array, channels: number, channel: number): void {
    this.valueAt(s, this.got);
    const sums = this.sums.fill(0);
    const size = s.hidden.wall.size;
    const step = Math.floor(size / (CUTS + 1));
    for (let m = 1; m <= CUTS; m++) {
      this.cutAt(s, m * step, this.cut);
      for (let w = 0; w < VALUE_SEATS; w++) sums[w]! += this.cut[w]!;
    }
    const scale = this.model.header.scale;
    for (let j = 0; j < VALUE_SEATS; j++) {
      const w = (j - s.pub.dealer + VALUE_SEATS) % VALUE_SEATS;
      luck[j * channels + channel]! += scale * (this.got[w]! - sums[w]! / CUTS);
    }
  }
}
