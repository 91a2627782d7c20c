/**
 * Exact paired moments of several arms (candidates, finalists, plans) played on the same wall sets: per arm the
 * moments of its per-wall-set net, and per pair those of the difference over the wall sets both played. Every
 * interval is src/stats/paired.ts's pairedFromSums on these exact integer sums, so results are the same bits
 * however the work was split, and a checkpoint stores them as decimal strings.
 */
import { addValue, emptyMoments, type IntMoments } from '../stats/moments.js';
import { pairedFromSums, type PairedInterval } from '../stats/paired.js';

export interface MomentsJson {
  readonly n: number;
  readonly sum: string;
  readonly sumSq: string;
}

export interface ArmsJson {
  readonly single: readonly MomentsJson[];
  /** Row i holds pairs (i, j) for j > i. */
  readonly pair: readonly (readonly MomentsJson[])[];
}

const toJson = (m: IntMoments): MomentsJson => ({ n: m.n, sum: m.sum.toString(), sumSq: m.sumSq.toString() });
const fromJson = (m: MomentsJson): IntMoments => ({ n: m.n, sum: BigInt(m.sum), sumSq: BigInt(m.sumSq) });

export class Arms {
  private readonly single: IntMoments[];
  private readonly pair: IntMoments[][];

  constructor(readonly k: number) {
    this.single = Array.from({ length: k }, emptyMoments);
    this.pair = Array.from({ length: k }, (_, i) => Array.from({ length: k - i - 1 }, emptyMoments));
  }

  /** Add every wall set of `walls` (one array per arm; null for an arm that did not play them). */
  addWalls(walls: readonly (Float64Array | null)[]): void {
    const n = walls.find((w) => w !== null)?.length ?? 0;
    for (let w = 0; w < n; w++) {
      for (let i = 0; i < this.k; i++) {
        const xi = walls[i];
        if (!xi) continue;
        addValue(this.single[i]!, xi[w]!);
        for (let j = i + 1; j < this.k; j++) {
          const xj = walls[j];
          if (xj) addValue(this.pair[i]![j - i - 1]!, xi[w]! - xj[w]!);
        }
      }
    }
  }

  wallSets(i: number): number {
    return this.single[i]!.n;
  }

  /** Arm i's mean per wall set divided by `scale` (hands per wall set: a mean per hand), with its 95% interval. */
  mean(i: number, scale: number): PairedInterval {
    const m = this.single[i]!;
    return pairedFromSums(m.n, m.sum, m.sumSq, scale);
  }

  /** Arm i minus arm j over the wall sets both played, per `scale`, with its 95% paired interval. */
  diff(i: number, j: number, scale: number): PairedInterval {
    if (i === j) throw new RangeError('Arms.diff of an arm with itself');
    const lo = Math.min(i, j);
    const m = this.pair[lo]![Math.max(i, j) - lo - 1]!;
    const sign = i < j ? 1n : -1n;
    return pairedFromSums(m.n, sign * m.sum, m.sumSq, scale);
  }

  toJSON(): ArmsJson {
    return { single: this.single.map(toJson), pair: this.pair.map((row) => row.map(toJson)) };
  }

  static fromJSON(j: ArmsJson): Arms {
    const a = new Arms(j.single.length);
    j.single.forEach((m, i) => (a.single[i] = fromJson(m)));
    j.pair.forEach((row, i) => row.forEach((m, k) => (a.pair[i]![k] = fromJson(m))));
    return a;
  }
}

export interface PanelJson {
  readonly n: number;
  readonly sums: readonly string[];
  /** Row i holds Σ x_i·x_j for j ≥ i. */
  readonly cross: readonly (readonly string[])[];
}

/**
 * Several arms that all played every wall set: exact Σx_i and Σx_i·x_j, from which any integer contrast Σc_i·x_i
 * (a difference, an average of differences over seed families) gets its exact moments and paired interval.
 */
export class Panel {
  private n = 0;
  private readonly sums: bigint[];
  private readonly cross: bigint[][];

  constructor(readonly k: number) {
    this.sums = new Array<bigint>(k).fill(0n);
    this.cross = Array.from({ length: k }, (_, i) => new Array<bigint>(k - i).fill(0n));
  }

  get wallSets(): number {
    return this.n;
  }

  addWalls(walls: readonly Float64Array[]): void {
    if (walls.length !== this.k || walls.some((w) => w.length !== walls[0]!.length)) throw new RangeError('Panel.addWalls needs every arm on the same wall sets');
    const x = new Array<bigint>(this.k);
    for (let w = 0; w < walls[0]!.length; w++) {
      for (let i = 0; i < this.k; i++) {
        const v = walls[i]![w]!;
        if (!Number.isSafeInteger(v)) throw new RangeError(`Panel: non-integer net ${v}`);
        x[i] = BigInt(v);
      }
      for (let i = 0; i < this.k; i++) {
        this.sums[i]! += x[i]!;
        for (let j = i; j < this.k; j++) this.cross[i]![j - i]! += x[i]! * x[j]!;
      }
      this.n += 1;
    }
  }

  /** Σ c_i·x_i per wall set (integer coefficients), divided by `scale`, with its 95% interval. */
  contrast(c: readonly number[], scale: number): PairedInterval {
    if (c.length !== this.k || c.some((v) => !Number.isInteger(v))) throw new RangeError('Panel.contrast needs one integer coefficient per arm');
    const b = c.map((v) => BigInt(v));
    let sum = 0n;
    let sumSq = 0n;
    for (let i = 0; i < this.k; i++) {
      sum += b[i]! * this.sums[i]!;
      for (let j = i; j < this.k; j++) sumSq += (i === j ? 1n : 2n) * b[i]! * b[j]! * this.cross[i]![j - i]!;
    }
    return pairedFromSums(this.n, sum, sumSq, scale);
  }

  mean(i: number, scale: number): PairedInterval {
    return this.contrast(this.unit(i, 1), scale);
  }

  diff(i: number, j: number, scale: number): PairedInterval {
    const c = this.unit(i, 1);
    c[j] = -1;
    return this.contrast(c, scale);
  }

  private unit(i: number, v: number): number[] {
    const c = new Array<number>(this.k).fill(0);
    c[i] = v;
    return c;
  }

  toJSON(): PanelJson {
    return { n: this.n, sums: this.sums.map(String), cross: this.cross.map((row) => row.map(String)) };
  }

  static fromJSON(j: PanelJson): Panel {
    const p = new Panel(j.sums.length);
    p.n = j.n;
    j.sums.forEach((s, i) => (p.sums[i] = BigInt(s)));
    j.cross.forEach((row, i) => row.forEach((s, k) => (p.cross[i]![k] = BigInt(s))));
    return p;
  }
}
