/**
 * The sequential test's error rates on the lab's own outcomes (docs/statistics.md, "The sequential test"): wall sets
 * resampled from every committed pair's run (sequential.csv's rows: raw and luck-adjusted outcomes of each run),
 * centred so that the true mean is known, then shifted to H0's value (0) or H1's (D); over many repetitions, the share
 * of runs that accept H1 under H0 (false H1) and H0 under H1 (false H0). A pair's own D is the one sequential.csv tests
 * it at. The test suite checks the rates of the test as it is (test/stats/sprt-heavy-tails.test.ts); this script
 * measures them for docs/statistics.md, for the test and for the plug-in rule before it:
 *
 *   nice -n 19 node dist/experiments/fits/sprt-error-rates.js [reps]
 *
 * Resampling draws from the test's own stream (xorshift32, seeded), never Math.random.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LUCK_FILE } from '../../src/runner/luck-file.js';
import { Sprt, type SprtSpec } from '../../src/stats/sprt.js';
import { ADJUSTED_PAIRS, fixedDelta, PAIRS, wallSetOutcomes } from '../../src/league/sequential-table.js';
import { LOOK_EVERY } from '../../src/league/sprt-run.js';

/** xorshift32: a resampling stream of uniform numbers in [0, 1). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

/** Outcomes centred on their mean (the resampled population's true mean is then 0), and their SD. */
export function centred(xs: readonly number[]): { values: Float64Array; sd: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const values = Float64Array.from(xs, (x) => x - mean);
  return { values, sd: Math.sqrt(values.reduce((a, b) => a + b * b, 0) / (values.length - 1)) };
}

export interface ErrorRates {
  readonly reps: number;
  readonly falseH1: number;
  readonly falseH0: number;
  /** Runs that reached `max` blocks undecided (under either hypothesis). */
  readonly undecided: number;
  /** Mean blocks a run read, over both hypotheses. */
  readonly meanBlocks: number;
}

/**
 * `reps` runs under H0 and `reps` under H1 of the test (mu0 0, mu1 `delta`, 5% both ways unless `spec` says
 * otherwise) on blocks drawn with replacement from `values` (centred) plus the hypothesis' mean, looking every
 * `every` blocks, at most `max` blocks a run.
 */
export function errorRates(
  values: Float64Array, delta: number, reps: number, seed: number,
  o: { every?: number; max?: number; spec?: Partial<SprtSpec> } = {},
): ErrorRates {
  const every = o.every ?? LOOK_EVERY;
  const max = o.max ?? 1_000_000;
  const spec: SprtSpec = { mu0: 0, mu1: delta, alpha: 0.05, beta: 0.05, ...o.spec };
  const next = rng(seed);
  let falseH1 = 0;
  let falseH0 = 0;
  let undecided = 0;
  let blocks = 0;
  for (let r = 0; r < reps; r++) {
    for (const shift of [0, delta]) {
      const t = new Sprt(spec);
      let verdict = t.look().verdict;
      while (verdict === 'continue' && t.blocks < max) {
        t.add(values[Math.floor(next() * values.length)]! + shift);
        if (t.blocks % every === 0) verdict = t.look().verdict;
      }
      if (verdict === 'continue') undecided++;
      else if (shift === 0 && verdict === 'H1') falseH1++;
      else if (shift !== 0 && verdict === 'H0') falseH0++;
      blocks += t.blocks;
    }
  }
  return { reps, falseH1, falseH0, undecided, meanBlocks: blocks / (2 * reps) };
}

export interface Pool {
  /** The run and which outcomes: `<run directory> raw` or `... luck-adjusted`. */
  readonly name: string;
  readonly values: Float64Array;
  readonly sd: number;
  /** The D sequential.csv tests the pair at. */
  readonly delta: number;
}

/** Every committed sequential.csv run's wall sets, raw and luck-adjusted (each run holds a luck.bin). */
export function committedPools(root = '.'): Pool[] {
  const pools: Pool[] = [];
  for (const p of [...PAIRS, ...ADJUSTED_PAIRS]) {
    const dir = join(root, p.dir);
    if (!existsSync(join(dir, LUCK_FILE))) throw new Error(`${p.dir}: no ${LUCK_FILE}`);
    for (const adjust of [false, true]) {
      const { values, sd } = centred(wallSetOutcomes(dir, p.rules, adjust));
      pools.push({ name: `${p.dir} ${adjust ? 'luck-adjusted' : 'raw'}`, values, sd, delta: fixedDelta(p.fixed) });
    }
  }
  return pools;
}

if (process.argv[1]?.endsWith('sprt-error-rates.js')) {
  const reps = Number(process.argv[2] ?? 2000);
  const pct = (k: number) => ((100 * k) / reps).toFixed(1);
  process.stdout.write('pool,wall_sets,D_over_sd,rule,false_h1_pct,false_h0_pct,mean_wall_sets,undecided\n');
  for (const pool of committedPools()) {
    for (const [what, delta] of [['own D', pool.delta], ['0.115 sd', 0.115 * pool.sd]] as const) {
      for (const variance of ['plug-in', 'upper'] as const) {
        const r = errorRates(pool.values, delta, reps, 2027, { spec: { variance } });
        process.stdout.write(`${pool.name},${pool.values.length},${(delta / pool.sd).toFixed(3)} (${what}),${variance},${pct(r.falseH1)},${pct(r.falseH0)},${r.meanBlocks.toFixed(0)},${r.undecided}\n`);
      }
    }
  }
}
