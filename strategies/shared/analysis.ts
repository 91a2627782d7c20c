/**
 * A seat's hand analysis kept from one decision to the next (docs/performance.md, "Decisions that remember"): the
 * agent's SeatMark, brought up to each decision by the view's changesSince, says what moved since the seat last
 * decided; what did not move is not read or computed again. Kept here: the own hand as counts (the Scratch's
 * `counts`, which the mark brings up to date in place, and only when the seat's public version moved), its shanten, the shanten after drawing each kind and after
 * discarding each held kind (asked again only after the hand or its sets changed), and a danger input, each
 * kind's discards by every seat, counted as discards appear.
 *
 * In validate mode every update is checked against the same figures computed afresh from the view's other reads
 * (markFromView, the table of discards, a fresh shanten), as Mortal's libriichi validates its incremental state, and
 * a difference throws. It is on in the test suite (MJLAB_VALIDATE_ANALYSIS=1, vitest.config.ts) and off in runs.
 */
import type { AgentView } from '../../src/agent/types.js';
import { MARK_DISCARDS, SeatMark, markDiff, markFromView } from '../../src/agent/seat-mark.js';
import { shanten as shantenOf } from '../../src/hand/shanten.js';
import { KINDS } from '../../src/tiles/tile.js';
import type { Scratch } from './scratch.js';

/** Validate mode by default where the environment asks for it (the test suite). */
export const VALIDATE_ANALYSIS: boolean = typeof process !== 'undefined' && process.env?.MJLAB_VALIDATE_ANALYSIS === '1';

export class SeatAnalysis {
  readonly mark: SeatMark;
  /** Per seat and kind, how many of its discards (claimed ones too) were of that kind: discarded[seat * 34 + kind]. */
  readonly discarded = new Uint8Array(4 * KINDS);
  /** Shanten after drawing one more of each kind (afterDraw; valid for the hand of `drawVer`). */
  readonly drawSh = new Int8Array(KINDS);
  /** Shanten after discarding each held kind (afterDiscard; valid for the hand of `discardVer`). */
  readonly discardSh = new Int8Array(KINDS);
  readonly validate: boolean;
  #players = 4;
  /** Moves whenever the own hand or its sets change: the key of everything computed from the hand alone. */
  #hand = 0;
  #shHand = -1;
  #sh = 0;
  #drawHand = -1;
  #discardHand = -1;
  #ref: SeatMark | null = null;

  constructor(
    private readonly s: Scratch,
    validate = VALIDATE_ANALYSIS,
  ) {
    this.validate = validate;
    // The mark's own hand is the Scratch's counts: brought up to date in place, no copy.
    this.mark = new SeatMark(s.counts);
  }

  /** Forget everything (a new hand for an agent that is reused). */
  reset(): void {
    this.mark.token = null;
    this.mark.seat = -1;
  }

  /**
   * The view's decision: the own hand into the Scratch's `counts` (only when it changed), the discards counted as
   * they appear; returns the sets the seat has declared (readHand's answer).
   */
  update(view: AgentView): number {
    const m = view.changesSince !== undefined ? view.changesSince(this.mark) : markFromView(this.mark, view);
    const players = view.players;
    this.#players = players;
    if (m.fresh || m.handGroups !== 0 || (m.meldSeats & (1 << m.seat)) !== 0) this.#hand++;
    const d = this.discarded;
    if (m.fresh) for (let i = 0; i < 4 * KINDS; i++) d[i] = 0;
    for (let p = 0; p < players; p++) {
      const n = m.discards[p]!;
      const from = m.discardsFrom[p]!;
      for (let i = from; i < n; i++) d[p * KINDS + m.discTile[p * MARK_DISCARDS + i]!]!++;
    }
    if (this.validate) this.#check(view);
    return m.melds;
  }

  /** Shanten of the own hand with its sets (kept while the hand is unchanged; s.a may hold another hand after). */
  shanten(): number {
    if (this.#shHand === this.#hand) {
      if (this.validate && shantenOf(this.s.counts, this.mark.melds) !== this.#sh) throw new Error(`SeatAnalysis: kept shanten ${this.#sh} differs`);
      return this.#sh;
    }
    this.#sh = this.s.a.load(this.s.counts, this.mark.melds).shanten();
    this.#shHand = this.#hand;
    return this.#sh;
  }

  /** drawSh brought up to the own hand (a hand of 3n+1 tiles: a claim's or a wait's question). */
  drawShanten(): Int8Array {
    const a = this.s.a.load(this.s.counts, this.mark.melds);
    const c = this.s.counts;
    const out = this.drawSh;
    if (this.#drawHand !== this.#hand) {
      for (let t = 0; t < KINDS; t++) out[t] = c[t]! < 4 ? a.shantenWith(t, 1) : 99;
      this.#drawHand = this.#hand;
    } else if (this.validate) {
      for (let t = 0; t < KINDS; t++) if (c[t]! < 4 && out[t] !== shantenAfter(c, this.mark.melds, t, 1)) throw new Error(`SeatAnalysis: kept shanten after drawing ${t} differs`);
    }
    return out;
  }

  /** discardSh brought up to the own hand: the shanten after discarding each held kind. */
  discardShanten(): Int8Array {
    const a = this.s.a.load(this.s.counts, this.mark.melds);
    const c = this.s.counts;
    const out = this.discardSh;
    if (this.#discardHand !== this.#hand) {
      for (let t = 0; t < KINDS; t++) if (c[t]! > 0) out[t] = a.shantenWith(t, -1);
      this.#discardHand = this.#hand;
    } else if (this.validate) {
      for (let t = 0; t < KINDS; t++) if (c[t]! > 0 && out[t] !== shantenAfter(c, this.mark.melds, t, -1)) throw new Error(`SeatAnalysis: kept shanten after discarding ${t} differs`);
    }
    return out;
  }

  /** Every kept figure against the same computed afresh from the view's other reads; throws on a difference. */
  #check(view: AgentView): void {
    const ref = markFromView((this.#ref ??= new SeatMark()), view);
    const diff = markDiff(this.mark, ref, this.#players);
    if (diff !== null) throw new Error(`SeatAnalysis: the kept record differs from the view: ${diff}`);
    const c = this.s.counts;
    for (let t = 0; t < KINDS; t++) if (c[t] !== ref.hand[t]) throw new Error(`SeatAnalysis: kept hand differs at kind ${t}`);
    const count = new Uint8Array(KINDS);
    for (let p = 0; p < this.#players; p++) {
      const d = view.discardsOf(p);
      count.fill(0);
      for (const x of d) count[x.tile]!++;
      for (let t = 0; t < KINDS; t++) {
        const n = count[t]!;
        if (this.discarded[p * KINDS + t] !== n) throw new Error(`SeatAnalysis: seat ${p}'s discards of ${t}: kept ${this.discarded[p * KINDS + t]}, afresh ${n}`);
      }
    }
  }
}

/** Shanten of `c` with `delta` copies of `t` (the from-scratch answer validate mode compares with). */
function shantenAfter(c: Uint8Array, melds: number, t: number, delta: number): number {
  const x = c.slice();
  x[t]! += delta;
  return shantenOf(x, melds);
}
