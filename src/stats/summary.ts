/**
 * From an exact aggregate to the numbers in summary.csv (docs/statistics.md). Percentiles of the winning
 * score use the nearest-rank definition on the exact distribution (the smallest score whose cumulative count
 * reaches ⌈p·n⌉), so they are actual scores and independent of merge order.
 */
import { type Aggregate, type StrategyAgg, totalSum, totalSumSq } from './aggregate.js';
import { meanInterval, ratio } from './moments.js';
import { wilson } from './wilson.js';

export interface StrategySummary {
  readonly strategy: string;
  readonly hands: number;
  readonly wins: number;
  readonly winRate: number;
  readonly winRateLow: number;
  readonly winRateHigh: number;
  readonly selfDraws: number;
  readonly dealIns: number;
  readonly dealInRate: number;
  readonly dealInRateLow: number;
  readonly dealInRateHigh: number;
  readonly meanNet: number;
  readonly meanNetLow: number;
  readonly meanNetHigh: number;
  readonly meanWinScore: number;
  readonly medianWinScore: number;
  readonly p90WinScore: number;
  readonly maxWinScore: number;
  readonly limitWins: number;
  /**
   * Own turns played per win, over all its hands (as "minutes per goal"): how many turns of play a win costs.
   * The lowest belongs to the strategy that wins most for the turns it plays.
   */
  readonly turnsPerWin: number;
  /**
   * Mean own turns in its won hands: how long a win took. A strategy that plays to win only with hands dealt near
   * complete (the defender) wins early in the few hands it wins, by selection.
   */
  readonly meanWinTurns: number;
  /** `--unit match`: seat-matches, those placed first (ties included), the share with its Wilson 95% interval, mean placing. */
  readonly matches: number;
  readonly matchWins: number;
  readonly matchWinRate: number;
  readonly matchWinRateLow: number;
  readonly matchWinRateHigh: number;
  readonly meanPlacing: number;
}

/** Nearest-rank percentile of a score→count distribution; NaN when empty. */
export function percentile(scores: ReadonlyMap<number, number>, p: number): number {
  const sorted = [...scores.entries()].sort((a, b) => a[0] - b[0]);
  let n = 0;
  for (const [, c] of sorted) n += c;
  if (n === 0) return NaN;
  const rank = Math.max(1, Math.ceil(p * n));
  let cum = 0;
  for (const [s, c] of sorted) {
    cum += c;
    if (cum >= rank) return s;
  }
  return sorted[sorted.length - 1]![0];
}

function meanScore(scores: ReadonlyMap<number, number>): number {
  let n = 0n;
  let sum = 0n;
  for (const [s, c] of scores) {
    n += BigInt(c);
    sum += BigInt(s) * BigInt(c);
  }
  return ratio(sum, n);
}

export function summariseStrategy(label: string, s: StrategyAgg): StrategySummary {
  const win = wilson(s.wins, s.hands);
  const dealIn = wilson(s.dealIns, s.hands);
  const net = meanInterval({ n: s.net.n, sum: totalSum(s.net), sumSq: totalSumSq(s.net) });
  const matchWin = wilson(s.matchWins, s.matches);
  let max = NaN;
  for (const score of s.scores.keys()) max = Number.isNaN(max) ? score : Math.max(max, score);
  return {
    strategy: label,
    hands: s.hands,
    wins: s.wins,
    winRate: win.estimate,
    winRateLow: win.low,
    winRateHigh: win.high,
    selfDraws: s.selfDraws,
    dealIns: s.dealIns,
    dealInRate: dealIn.estimate,
    dealInRateLow: dealIn.low,
    dealInRateHigh: dealIn.high,
    meanNet: net.estimate,
    meanNetLow: net.low,
    meanNetHigh: net.high,
    meanWinScore: meanScore(s.scores),
    medianWinScore: percentile(s.scores, 0.5),
    p90WinScore: percentile(s.scores, 0.9),
    maxWinScore: max,
    limitWins: s.limitWins,
    turnsPerWin: s.wins > 0 ? s.ownTurns / s.wins : NaN,
    meanWinTurns: s.wins > 0 ? s.winTurns / s.wins : NaN,
    matches: s.matches,
    matchWins: s.matchWins,
    matchWinRate: matchWin.estimate,
    matchWinRateLow: matchWin.low,
    matchWinRateHigh: matchWin.high,
    meanPlacing: s.matches > 0 ? s.placingSum / s.matches : NaN,
  };
}

export function summarise(agg: Aggregate): StrategySummary[] {
  return agg.labels.map((label) => summariseStrategy(label, agg.strategies.get(label)!));
}
