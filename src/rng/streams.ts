/**
 * The one randomness path (developers' guide, habit 1). Every stream is derived from
 * (masterSeed, gameIndex, purpose) alone, so game G's wall and agents never depend on which games ran before it,
 * on the worker count or on the shard layout. Purposes in use:
 *   "wall"            the wall of a one-hand game
 *   "wall:H" / "wall:H:W"   hand H of a match, and its W-th reshuffle after washing
 *   "seat:S"          the agent seated at physical seat S
 * seedrandom's Alea generator is used: fast, and its output for a given seed string is fixed across platforms.
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

export function makeStream(masterSeed: number, gameIndex: number, purpose: string): Rng {
  const prng = seedrandom.alea(streamKey(masterSeed, gameIndex, purpose));
  return {
    next: () => prng(),
    int: (n: number) => Math.floor(prng() * n),
  };
}

export function seatStream(masterSeed: number, gameIndex: number, seat: number): Rng {
  return makeStream(masterSeed, gameIndex, `seat:${seat}`);
}

/** Fisher–Yates shuffle in place, driven by `rng`. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}
