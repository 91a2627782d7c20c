/**
 * The one randomness path (README.md, "Layout": src/rng). Every stream is derived from
 * (masterSeed, gameIndex, purpose) alone, so game G's wall and agents never depend on which games ran before it,
 * on the worker count or on the shard layout. Purposes in use:
 *   "wall"            the wall of a one-hand game
 *   "wall:H" / "wall:H:W"   hand H of a match, and its W-th reshuffle after washing
 *   "seat:S"          the agent seated at physical seat S
 *   "person-seat"     `mjlab play --seat random`: where the person sits in game G (src/play/session.ts)
 *
 * Generator: seedrandom's Tyche-i (`seedrandom.tychei`), seeded with the string key. Chosen over seedrandom's Alea
 * for speed (docs/performance.md, "The runner": a game creates five streams): Alea hashes the key string three times (~3.5 µs per
 * stream), Tyche-i mixes it in once plus 20 rounds (~0.5 µs), and passes BigCrush like Alea (seedrandom's README).
 * Its output for a given seed string is fixed across platforms (32-bit integer arithmetic only).
 * A stream is created lazily, on its first call: an agent that never draws a random number costs nothing.
 */
import seedrandom from 'seedrandom';

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export function streamKey(masterSeed: number, gameIndex: number, purpose: string): string {
  return `mjlab/${masterSeed}/${gameIndex}/${purpose}`;
}

const TWO_32 = 4294967296;

class Stream implements Rng {
  readonly #key: string;
  #int32: (() => number) | null = null;

  constructor(key: string) {
    this.#key = key;
  }

  #gen(): () => number {
    // seedrandom's own prng() is (int32() >>> 0) / 2^32: calling int32 directly gives the same numbers, one call less.
    return (this.#int32 = seedrandom.tychei(this.#key).int32);
  }

  next(): number {
    return ((this.#int32 ?? this.#gen())() >>> 0) / TWO_32;
  }

  int(n: number): number {
    return intFrom(this.#int32 ?? this.#gen(), n);
  }

  /** Tyche-i's four state words before the first draw, as 32 hex digits; null once a number has been drawn. */
  freshState(): string | null {
    if (this.#int32 !== null) return null;
    const st = (seedrandom.tychei(this.#key, { state: true }) as unknown as { state(): Record<'a' | 'b' | 'c' | 'd', number> }).state();
    return [st.a, st.b, st.c, st.d].map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
  }

  /** The generator itself, for a caller drawing many numbers in a row (the wall shuffle): one call per number. */
  int32(): () => number {
    return this.#int32 ?? this.#gen();
  }
}

// Frozen: every seat's stream shares this prototype, so an agent that could wrap `int` would steer the others'.
Object.freeze(Stream.prototype);
Object.freeze(Stream);

/**
 * The raw 32-bit generator behind a stream made here (null for any other Rng): `int(n)` is exactly
 * Math.floor(((g() >>> 0) / 2^32) * n), so a loop calling g itself draws the same numbers with less per-call work.
 */
export function rawInt32(rng: Rng): (() => number) | null {
  return rng instanceof Stream ? rng.int32() : null;
}

/**
 * A stream's state before its first draw, for a program outside the lab to draw the same numbers (an external bot,
 * docs/protocol.md "The seat's stream"): Tyche-i's words a, b, c, d as 32 hex digits. The state, not the key: the key
 * names the seed and the game, from which the walls follow. Null for any other Rng, or a stream already drawn from.
 */
export function freshState(rng: Rng): string | null {
  return rng instanceof Stream ? rng.freshState() : null;
}

/** Uniform integer in [0, n) from a raw generator (rawInt32): the same number Stream.int(n) gives. */
export function intFrom(g: () => number, n: number): number {
  return Math.floor(((g() >>> 0) / TWO_32) * n);
}

export function makeStream(masterSeed: number, gameIndex: number, purpose: string): Rng {
  return new Stream(streamKey(masterSeed, gameIndex, purpose));
}

export function seatStream(masterSeed: number, gameIndex: number, seat: number): Rng {
  return makeStream(masterSeed, gameIndex, `seat:${seat}`);
}

/** Fisher–Yates shuffle in place, driven by `rng`: an array, or a typed array's `subarray` to shuffle a range. */
export function shuffleInPlace<A extends { length: number; [index: number]: unknown }>(items: A, rng: Rng): A {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}
