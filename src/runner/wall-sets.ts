/**
 * Streaming nets.bin files in lockstep, one wall set at a time (moved here from experiments/ so
 * that `simulate --duplicate` computes its paired comparison with the same code, docs/outputs.md "pairwise.csv"). With
 * --duplicate a wall set is the `players` consecutive games that play one wall with the lineup rotated; the unit of
 * every paired statistic is the wall set, because different wall sets use independent streams
 * (src/rng/streams.ts) while the games of one wall set, and the same wall set in other runs (same seed), share
 * their tiles. Sums stay exact integers (ExactSums spills to BigInt) and memory does not depend on the number of
 * hands.
 */
import { join } from 'node:path';
import { NETS_FILE, NetsReader } from './nets-file.js';
import { LUCK_FILE } from './luck-file.js';
import { addSum, emptySums, totalSum, totalSumSq, type Aggregate, type ExactSums } from '../stats/aggregate.js';
import { pairedFromSums, type PairedInterval } from '../stats/paired.js';

/** One run's nets.bin as the wall-set streaming needs it (an experiment's Cell is one). */
export interface NetsCell {
  readonly dir: string;
  /** Aggregate label order: the column order of the run's nets.bin records. */
  readonly labels: readonly string[];
  /** Seats each label holds in the lineup. */
  readonly seats: readonly number[];
}

/**
 * Seats each of the aggregate's labels holds, read off the aggregate itself: every hand adds one seat-hand per
 * seat, so a label's seat-hands over the hands played is its seat count. The labels are the resolved strategies'
 * (a preset's is its file name, whatever path it was given by), so counting the lineup as spelt would miss them
 * (docs/strategies.md, "Presets"); and a merge, which resolves no strategy, counts the same way. No hands: no seats known (0).
 */
export function seatsOf(agg: Aggregate): number[] {
  return agg.labels.map((l) => (agg.hands === 0 ? 0 : agg.strategies.get(l)!.hands / agg.hands));
}

/** Per-wall sums of one cell: sums[l] = label l's net over the wall set. */
export type WallSums = readonly number[];

/**
 * Call fn once per wall set with every cell's per-label sums (cells in the given order). Every cell must hold
 * `walls × wallGames` records. With `luckChannels` (the channels of the cells' luck.bin format, 0: none), fn also
 * gets every cell's luck.bin sums over the wall set (luck[c][label * luckChannels + channel], in luck.bin's
 * integer unit); every cell must then hold a luck.bin of that format.
 */
export function forEachWall<C extends NetsCell>(
  cells: readonly C[], wallGames: number, walls: number, fn: (sums: readonly WallSums[], luck: readonly WallSums[]) => void, luckChannels = 0,
): void {
  const files = [{ name: NETS_FILE, per: 1 }, ...(luckChannels > 0 ? [{ name: LUCK_FILE, per: luckChannels }] : [])];
  const readers = files.map((f) => cells.map((c) => new NetsReader(join(c.dir, f.name), c.labels.length * f.per, wallGames)));
  const sums = files.map((f) => cells.map((c) => new Array<number>(c.labels.length * f.per).fill(0)));
  try {
    for (let w = 0; w < walls; w++) {
      for (let f = 0; f < files.length; f++) {
        for (let c = 0; c < cells.length; c++) {
          const rec = readers[f]![c]!.next(wallGames);
          if (!rec) throw new Error(`${cells[c]!.dir}/${files[f]!.name} ends before wall set ${w} of ${walls}`);
          const s = sums[f]![c]!;
          const width = s.length;
          s.fill(0);
          for (let g = 0; g < wallGames; g++) for (let l = 0; l < width; l++) s[l]! += rec[g * width + l]!;
        }
      }
      fn(sums[0]!, sums[1] ?? []);
    }
  } finally {
    for (const rs of readers) for (const r of rs) r.close();
  }
}

/** Exact streamed moments of one per-wall quantity. */
export class WallMoments {
  private readonly s: ExactSums = emptySums();

  add(x: number): void {
    addSum(this.s, x);
  }

  get n(): number {
    return this.s.n;
  }

  /** Paired z test / mean interval with each value divided by `scale` (e.g. hands per wall set). */
  result(scale: number): PairedInterval {
    return pairedFromSums(this.s.n, totalSum(this.s), totalSumSq(this.s), scale);
  }
}

/** A label's net over one wall set, summed over the cells that seat it, and its seat-hands per wall set. */
export function labelWall<C extends NetsCell>(cells: readonly C[], sums: readonly WallSums[], label: string, only?: (c: C) => boolean): number {
  let x = 0;
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    if (only && !only(cell)) continue;
    const l = cell.labels.indexOf(label);
    if (l >= 0) x += sums[c]![l]!;
  }
  return x;
}

export function labelHandsPerWall<C extends NetsCell>(cells: readonly C[], label: string, wallGames: number, only?: (c: C) => boolean): number {
  let h = 0;
  for (const cell of cells) {
    if (only && !only(cell)) continue;
    const l = cell.labels.indexOf(label);
    if (l >= 0) h += cell.seats[l]! * wallGames;
  }
  return h;
}
