/**
 * results/league/sequential.csv (docs/statistics.md, "The sequential test"): the sequential test against the committed fixed-size
 * experiments, pair by pair. Each pair names a one-against-three --duplicate run (a `mjlab sprt` output, or a
 * simulate run of the same lineup: the test replayed over its nets.bin with the same looks every LOOK_EVERY wall
 * sets decides exactly as `mjlab sprt` would on those walls) and the fixed experiment's hands and verdict. The
 * intervals are at equal hands: both over every wall set the run holds, raw and luck-adjusted.
 *
 * H1's gain D is the fixed experiment's own sensitivity, not a round number: the gain its test (95% interval off
 * zero) detects with the sequential test's power 1 − beta, D = (z(0.975) + z(1 − beta)) · SE, SE its interval's
 * half-width over z(0.975). Both tests then answer the same question at the same error rates; with a D larger
 * than the pair's gain (the first table used D = 3 throughout), the sequential test accepts H0 for gains the fixed
 * experiment calls real (harr tuned for harr-limit: +3.26 there, D = 3: H0). Units: D, the fixed experiment's
 * numbers and the blocks the test reads are all A's one-seat mean net per hand (its gain over B), not
 * pairwise.csv's A − B, which is 4/3 of it (docs/statistics.md).
 *
 *   node dist/src/league/sequential-table.js results/league/sequential.csv
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csv, num } from '../io/csv.js';
import { luckBeta } from '../luck/beta.js';
import { luckFormatOf } from '../runner/luck-file.js';
import { NETS_FILE } from '../runner/nets-file.js';
import { forEachWall } from '../runner/wall-sets.js';
import { normalQuantile, zCritical } from '../stats/erf.js';
import { runSprt } from '../stats/sprt.js';
import { challengerIntervals, LOOK_EVERY, wallOutcome } from './sprt-run.js';

interface Pair {
  readonly pair: string;
  readonly rules: string;
  readonly dir: string;
  /** The fixed experiment's estimate of A's gain per hand and its 95% interval (D is computed from it: fixedDelta). */
  readonly fixed: { readonly mean: number; readonly low: number; readonly high: number };
  /** Hands of the committed fixed-size experiment for this pair, and where. */
  readonly handsFixed: number;
  readonly fixedVerdict: 'H1' | 'H0';
  readonly fixedFrom: string;
  /** The test on luck-adjusted wall-set outcomes (`mjlab sprt --adjust`), not raw ones. */
  readonly adjust?: boolean;
}

export const PAIRS: readonly Pair[] = [
  {
    pair: 'search vs harr', rules: 'harr-limit', dir: 'results/search-vs-harr-held-out/harr-limit', fixed: { mean: 6.195, low: 2.931888, high: 9.458112 }, handsFixed: 2400, fixedVerdict: 'H1',
    fixedFrom: 'results/search-vs-harr/summary.csv (harr-limit, budget 256: +6.2, 2.9 to 9.5)',
  },
  {
    pair: 'harr tuned for harr vs harr', rules: 'harr', dir: 'results/league/sequential/harr-tuned-harr', fixed: { mean: 6.889167, low: 5.632411, high: 8.145922 }, handsFixed: 48000, fixedVerdict: 'H1',
    fixedFrom: 'results/tuned-plans/cross-play.csv (harr, harr, seed 1: +6.89, 5.63 to 8.15)',
  },
  {
    pair: 'harr tuned for harr-limit vs harr', rules: 'harr-limit', dir: 'results/league/sequential/harr-tuned-harr-limit', fixed: { mean: 3.25875, low: 2.361051, high: 4.156449 }, handsFixed: 48000, fixedVerdict: 'H1',
    fixedFrom: 'results/tuned-plans/cross-play.csv (harr, harr-limit, seed 1: +3.26, 2.36 to 4.16)',
  },
  {
    pair: 'suit-hunter tuned for harr vs suit-hunter', rules: 'harr', dir: 'results/league/sequential/suit-hunter-tuned-harr', fixed: { mean: 28.793625, low: 26.554997, high: 31.032253 }, handsFixed: 48000, fixedVerdict: 'H1',
    fixedFrom: 'results/tuned-plans/cross-play.csv (suit-hunter, harr, seed 1: +28.79, 26.55 to 31.03)',
  },
];

/**
 * The luck-adjusted test's runs (`mjlab sprt --adjust`), planned in docs/statistics.md before they were played on
 * seed 2712, which no other committed run plays: the four pairs above, with their D and fixed experiments (the
 * search pair's run, `sequential-adjusted/search-vs-harr`, was played after the three tuned pairs', by the same plan).
 */
export const ADJUSTED_PAIRS: readonly Pair[] = PAIRS.map((p) => ({
  ...p,
  dir: p.dir.startsWith('results/league/sequential/')
    ? p.dir.replace('results/league/sequential/', 'results/league/sequential-adjusted/')
    : 'results/league/sequential-adjusted/search-vs-harr',
  adjust: true,
}));

/** The sequential test's error rates (both ways), as `mjlab sprt` defaults them. */
const ALPHA = 0.05;
const BETA = 0.05;

/**
 * H1's gain for a pair: what the fixed experiment detects with power 1 − BETA, to two decimals (the value the
 * pair's `mjlab sprt --delta` was given).
 */
export function fixedDelta(fixed: Pair['fixed'], beta = BETA): number {
  const z = zCritical(0.95);
  const se = (fixed.high - fixed.low) / 2 / z;
  return Math.round((z + normalQuantile(1 - beta)) * se * 100) / 100;
}

export const SEQUENTIAL_COLUMNS = [
  'pair', 'rules', 'delta', 'verdict', 'fixed_verdict', 'agrees', 'hands_sequential', 'hands_fixed', 'ratio', 'hands_compared',
  'ci_halfwidth_raw', 'ci_halfwidth_adjusted', 'narrowing', 'run', 'fixed_from', 'test',
] as const;

/** A's outcome per wall set as the test reads it (sprt-run.ts wallOutcome): raw, or luck-adjusted with the run's own format. */
export function wallSetOutcomes(dir: string, rules: string, adjust: boolean): number[] {
  const walls = Math.floor(statSync(join(dir, NETS_FILE)).size / (4 * 8));
  const format = adjust ? luckFormatOf(dir) : null;
  if (adjust && !format) throw new Error(`${dir}: the luck-adjusted test needs its luck.bin`);
  const beta = format ? luckBeta(rules, format.version) : null;
  const out: number[] = [];
  forEachWall([{ dir, labels: ['a', 'b'], seats: [1, 3] }], 4, walls, (sums, luck) => out.push(wallOutcome(sums[0]![0]!, beta ? luck[0]! : null, beta)), beta?.length ?? 0);
  return out;
}

export function sequentialRows(pairs: readonly Pair[], root = '.'): string[][] {
  return pairs
    .filter((p) => existsSync(join(root, p.dir, NETS_FILE)))
    .map((p) => {
      const dir = join(root, p.dir);
      const blocks = wallSetOutcomes(dir, p.rules, p.adjust === true);
      const delta = fixedDelta(p.fixed);
      const s = runSprt({ mu0: 0, mu1: delta, alpha: ALPHA, beta: BETA }, blocks, LOOK_EVERY);
      const verdict = s.verdict === 'continue' ? 'undecided' : s.verdict;
      const ci = challengerIntervals(dir, p.rules, blocks.length, existsSync(join(dir, 'luck.bin')));
      const raw = (ci.raw.high - ci.raw.low) / 2;
      const adj = ci.adjusted ? (ci.adjusted.high - ci.adjusted.low) / 2 : NaN;
      const hs = s.n * 4;
      return [
        p.pair, p.rules, num(delta), verdict, p.fixedVerdict, verdict === 'undecided' ? '' : verdict === p.fixedVerdict ? 'yes' : 'no', String(hs), String(p.handsFixed), num(hs / p.handsFixed),
        String(blocks.length * 4), num(raw), Number.isNaN(adj) ? '' : num(adj), Number.isNaN(adj) ? '' : num(1 - adj / raw), p.dir, p.fixedFrom,
        p.adjust ? 'luck-adjusted' : 'raw',
      ];
    });
}

if (process.argv[1]?.endsWith('sequential-table.js')) {
  const out = process.argv[2] ?? 'results/league/sequential.csv';
  writeFileSync(out, csv([[...SEQUENTIAL_COLUMNS], ...sequentialRows([...PAIRS, ...ADJUSTED_PAIRS])]));
  process.stdout.write(`${out}\n`);
}
