/**
 * The per-agent scratch space of the built-in strategies (Scratch): the count arrays, the HandAnalyser and the
 * memos a decision reuses, all views into one buffer. Arrays of 34 are cleared and copied by loops, not `fill` /
 * `set`: those are calls into the runtime that cost thousands of instructions each, against a few dozen for the
 * loop (docs/performance.md).
 */
import { HandAnalyser } from '../../src/hand/shanten.js';
import { KINDS } from '../../src/tiles/tile.js';

/** Ints per entry of drawsHelping's memo: [suit, table offset, below, count, members 0..26, members 27..33]. */
export const MEMO = 6;
/**
 * Entries of the kept hands' helping draws (Scratch.kept), a power of two: a seat's tie-breaks store one or two a
 * turn, and the one its next turn asks for (the hand it kept, should it discard the tile it drew) is rarely
 * overwritten in between.
 */
export const KEPT = 64;
/** [key m, key p, key s, key z, sets needed * 16 + below + 2, members 0..26, members 27..33, known 0..26, known 27..33] */
export const KEPT_INTS = 9;

/**
 * Where each of a Scratch's arrays lies in its one buffer, in bytes: 8-byte kinds first, then 4-, 2- and 1-byte
 * ones, so every offset is aligned for its kind.
 */
const LAYOUT = (() => {
  let at = 0;
  const take = (bytes: number): number => {
    const o = at;
    at += bytes;
    return o;
  };
  const f64 = 8 * KINDS;
  return Object.freeze({
    cost: take(f64),
    danger: take(f64),
    score: take(f64),
    tmpF: take(f64),
    a: take(HandAnalyser.BYTES),
    b: take(HandAnalyser.BYTES),
    candFrom: take(4 * 5),
    memo: take(4 * MEMO * KINDS),
    kept: take(4 * KEPT_INTS * KEPT),
    dec: take(2 * KINDS),
    counts: take(KINDS),
    tmp: take(KINDS),
    live: take(KINDS),
    cand: take(KINDS),
    sh: take(KINDS),
    tmp2: take(KINDS),
    proj: take(KINDS),
    recent: take(KINDS),
    seen: take(KINDS),
    order: take(KINDS),
    helps: take(KINDS),
    bytes: at,
  });
})();

/**
 * Per-agent scratch space (agents are created per game; nothing here outlives a game). Its arrays are views into
 * one zeroed buffer: an agent is created for every game, and a typed array of more than 64 bytes has a backing
 * store of its own (allocated, tracked and freed by the collector; 1-4 µs each here). Creating the mix's four
 * agents took 21 µs when each array had its own, 15 µs with one buffer. The views only some strategies need are
 * made on first use.
 */
export class Scratch {
  readonly #mem = new ArrayBuffer(LAYOUT.bytes);
  readonly a = new HandAnalyser(this.#mem, LAYOUT.a);
  readonly counts = new Uint8Array(this.#mem, LAYOUT.counts, KINDS);
  readonly tmp = new Uint8Array(this.#mem, LAYOUT.tmp, KINDS);
  readonly live = new Uint8Array(this.#mem, LAYOUT.live, KINDS);
  readonly cand = new Uint8Array(this.#mem, LAYOUT.cand, KINDS);
  /** Shanten after discarding each held kind, for the hand last passed to pickDiscard. */
  readonly sh = new Int8Array(this.#mem, LAYOUT.sh, KINDS);
  /** Per-kind discard cost (the strategy's tie-break), filled before pickDiscard. */
  readonly cost = new Float64Array(this.#mem, LAYOUT.cost, KINDS);
  #b: HandAnalyser | null = null;
  #tmp2: Uint8Array | null = null;
  #proj: Uint8Array | null = null;
  #danger: Float64Array | null = null;
  #recent: Uint8Array | null = null;
  #score: Float64Array | null = null;
  #dec: Uint16Array | null = null;
  #memo: Int32Array | null = null;
  #order: Uint8Array | null = null;
  #tmpF: Float64Array | null = null;
  #helps: Uint8Array | null = null;
  #seen: Uint8Array | null = null;
  #kept: Int32Array | null = null;
  /** First candidate of each suit in `cand` (prepareDraws): suit s spans candFrom[s] .. candFrom[s + 1]. */
  readonly candFrom = new Int32Array(this.#mem, LAYOUT.candFrom, 5);
  /** Entries in `memo` (drawsHelping); reset by prepareDraws. */
  memoN = 0;
  /**
   * The shanten whose helping draws `helps` bounds (helpBound, within the group prepareDraws started; -9: none), and
   * the suits (a bit each) holding such a draw: drawsHelping at that shanten skips every other draw.
   */
  boundSh = -9;
  helpSuits = 0;
  /** The kinds whose entry of `helps` is set (kinds 0..26, 27..33; the others are 0): helpBound clears only those. */
  helpLo = 0;
  helpHi = 0;
  /** The kinds in `cand` as two bit sets (kinds 0..26, 27..33): prepareDraws. */
  candLo = 0;
  candHi = 0;
  /** drawsHelping's counts read from `kept` (tests). */
  keptHits = 0;

  /** A second analyser (claims, projections). */
  get b(): HandAnalyser {
    return (this.#b ??= new HandAnalyser(this.#mem, LAYOUT.b));
  }
  get tmp2(): Uint8Array {
    return (this.#tmp2 ??= new Uint8Array(this.#mem, LAYOUT.tmp2, KINDS));
  }
  get proj(): Uint8Array {
    return (this.#proj ??= new Uint8Array(this.#mem, LAYOUT.proj, KINDS));
  }
  get danger(): Float64Array {
    return (this.#danger ??= new Float64Array(this.#mem, LAYOUT.danger, KINDS));
  }
  get recent(): Uint8Array {
    return (this.#recent ??= new Uint8Array(this.#mem, LAYOUT.recent, KINDS));
  }
  /** Least discard scores (pickDiscard's bound). */
  get score(): Float64Array {
    return (this.#score ??= new Float64Array(this.#mem, LAYOUT.score, KINDS));
  }
  /** Per candidate draw (cand), the suit-vector entries it lowers (HandAnalyser.drawMasks). */
  get dec(): Uint16Array {
    return (this.#dec ??= new Uint16Array(this.#mem, LAYOUT.dec, KINDS));
  }
  /** Kinds in a working order (the branch and bound of pickDiscard and fastTurn's tie-break). */
  get order(): Uint8Array {
    return (this.#order ??= new Uint8Array(this.#mem, LAYOUT.order, KINDS));
  }
  /** Per-kind numbers beside `score` (fastTurn's tie-break bonuses). */
  get tmpF(): Float64Array {
    return (this.#tmpF ??= new Float64Array(this.#mem, LAYOUT.tmpF, KINDS));
  }
  /** Per kind, live copies counted in the bound of helpBound. */
  get helps(): Uint8Array {
    return (this.#helps ??= new Uint8Array(this.#mem, LAYOUT.helps, KINDS));
  }
  /** Copies of each kind the table shows (view.seenCounts), for the strategies that read them. */
  get seen(): Uint8Array {
    return (this.#seen ??= new Uint8Array(this.#mem, LAYOUT.seen, KINDS));
  }
  /** drawsHelping's other-suit counts and members by reduced vector (MEMO ints per entry). */
  get memo(): Int32Array {
    return (this.#memo ??= new Int32Array(this.#mem, LAYOUT.memo, MEMO * KINDS));
  }
  /**
   * The helping draws of hands a tie-break counted, kept across decisions and rollouts (docs/performance.md: the incremental
   * analysis; keptHelping): KEPT entries of KEPT_INTS, found by the hand's suit keys.
   */
  get kept(): Int32Array {
    return (this.#kept ??= new Int32Array(this.#mem, LAYOUT.kept, KEPT_INTS * KEPT));
  }
}
