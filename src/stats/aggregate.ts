/**
 * The runner's mergeable aggregate (docs/statistics.md). Everything is an integer count or an exact integer sum,
 * so merging batches in any order, from any number of workers or shards, gives the same bits. Nothing per hand
 * is kept: memory is bounded by the number of strategies and of distinct winning scores.
 */
import type { HandResult } from '../engine/types.js';
import type { GameOutcome } from '../game/types.js';

/** Σx and Σx² kept in doubles while provably exact (< 2^53), spilled into BigInt before they could round. */
export interface ExactSums {
  n: number;
  fastSum: number;
  fastSq: number;
  sum: bigint;
  sumSq: bigint;
}

const SPILL = 2 ** 52;
const SMALL = 2 ** 24; // x² < 2^48: one more square after a passed spill check cannot reach 2^53

export function emptySums(): ExactSums {
  return { n: 0, fastSum: 0, fastSq: 0, sum: 0n, sumSq: 0n };
}

export function addSum(s: ExactSums, x: number): void {
  if (!Number.isInteger(x)) throw new RangeError(`aggregate: non-integer value ${x}`);
  s.n += 1;
  if (x < SMALL && x > -SMALL) {
    s.fastSum += x;
    s.fastSq += x * x;
    if (s.fastSq > SPILL || s.fastSum > SPILL || s.fastSum < -SPILL) spill(s);
  } else {
    const b = BigInt(x);
    s.sum += b;
    s.sumSq += b * b;
  }
}

function spill(s: ExactSums): void {
  s.sum += BigInt(s.fastSum);
  s.sumSq += BigInt(s.fastSq);
  s.fastSum = 0;
  s.fastSq = 0;
}

export function totalSum(s: ExactSums): bigint {
  return s.sum + BigInt(s.fastSum);
}
export function totalSumSq(s: ExactSums): bigint {
  return s.sumSq + BigInt(s.fastSq);
}

export interface StrategyAgg {
  /** Seat-hands played under this label (a label at two seats counts twice per hand). */
  hands: number;
  wins: number;
  /** Wins on one's own draw (a loose tile after a kong is one's own draw too). */
  selfDraws: number;
  /** Hands lost by discarding (or adding to a kong) the winning tile. */
  dealIns: number;
  limitWins: number;
  /** Own discard turns, summed over every hand this label played (turns per win = ownTurns / wins). */
  ownTurns: number;
  /** Own discard turns, summed over this label's won hands (how long a win took it). */
  winTurns: number;
  net: ExactSums;
  /** Winning score → count. */
  scores: Map<number, number>;
  /** `--unit match` only (zero otherwise): seat-matches played, won (placed first, ties included), and placings summed. */
  matches: number;
  matchWins: number;
  placingSum: number;
}

export interface Aggregate {
  /** Labels in lineup order, duplicates removed: the row order of summary.csv. */
  readonly labels: readonly string[];
  readonly strategies: Map<string, StrategyAgg>;
  games: number;
  hands: number;
  drawn: number;
  washes: number;
}

export function emptyStrategy(): StrategyAgg {
  return {
    hands: 0, wins: 0, selfDraws: 0, dealIns: 0, limitWins: 0, ownTurns: 0, winTurns: 0, net: emptySums(), scores: new Map(),
    matches: 0, matchWins: 0, placingSum: 0,
  };
}

export function uniqueLabels(lineup: readonly string[]): string[] {
  return [...new Set(lineup)];
}

export function emptyAggregate(labels: readonly string[]): Aggregate {
  const strategies = new Map<string, StrategyAgg>();
  for (const l of labels) strategies.set(l, emptyStrategy());
  return { labels: [...labels], strategies, games: 0, hands: 0, drawn: 0, washes: 0 };
}

function strategyOf(agg: Aggregate, label: string): StrategyAgg {
  const s = agg.strategies.get(label);
  if (!s) throw new Error(`aggregate: label "${label}" is not in the lineup`);
  return s;
}

export function addHand(agg: Aggregate, seatLabels: readonly string[], h: HandResult): void {
  agg.hands += 1;
  agg.washes += h.washes.length;
  if (h.winner === null) agg.drawn += 1;
  for (let seat = 0; seat < seatLabels.length; seat++) {
    const st = strategyOf(agg, seatLabels[seat]!);
    st.hands += 1;
    addSum(st.net, h.nets[seat] ?? 0);
    const turns = h.turnsBySeat[seat] ?? 0;
    st.ownTurns += turns;
    if (h.winner === seat) {
      st.wins += 1;
      if (h.winBy === 'self-draw' || h.winBy === 'loose-tile') st.selfDraws += 1;
      if (h.limitHit) st.limitWins += 1;
      st.winTurns += turns;
      const score = h.winnerScore ?? 0;
      st.scores.set(score, (st.scores.get(score) ?? 0) + 1);
    } else if (h.discarder === seat && h.winner !== null) {
      st.dealIns += 1;
    }
  }
}

export function addGame(agg: Aggregate, g: GameOutcome): void {
  agg.games += 1;
  for (const h of g.hands) addHand(agg, g.strategies, h);
}

/** Each seat's placing by final score: 1 + the seats strictly ahead (tied seats share the better place). */
export function placings(finalScores: readonly number[]): number[] {
  return finalScores.map((x) => 1 + finalScores.filter((y) => y > x).length);
}

/** A whole match (`--unit match`): every seat's placing by its final score. */
export function addMatch(agg: Aggregate, g: GameOutcome): void {
  const place = placings(g.finalScores);
  for (let seat = 0; seat < g.strategies.length; seat++) {
    const st = strategyOf(agg, g.strategies[seat]!);
    st.matches += 1;
    if (place[seat] === 1) st.matchWins += 1;
    st.placingSum += place[seat]!;
  }
}

/**
 * out ⊕= s, in place: every field an exact integer sum, so any order of adding gives the same bits. The one place
 * that knows StrategyAgg's fields for merging (batches, shards, an experiment's cells).
 */
export function addStrategyInto(out: StrategyAgg, s: StrategyAgg): void {
  out.hands += s.hands;
  out.wins += s.wins;
  out.selfDraws += s.selfDraws;
  out.dealIns += s.dealIns;
  out.limitWins += s.limitWins;
  out.ownTurns += s.ownTurns;
  out.winTurns += s.winTurns;
  out.matches += s.matches;
  out.matchWins += s.matchWins;
  out.placingSum += s.placingSum;
  out.net.n += s.net.n;
  out.net.sum += totalSum(s.net);
  out.net.sumSq += totalSumSq(s.net);
  for (const [score, c] of s.scores) out.scores.set(score, (out.scores.get(score) ?? 0) + c);
}

function checkSameLineup(a: readonly string[], b: readonly string[]): void {
  if (a.join('\u0000') !== b.join('\u0000')) {
    throw new Error(`cannot merge aggregates of different lineups (${a.join(',')} vs ${b.join(',')})`);
  }
}

function addTotals(out: Aggregate, x: { games: number; hands: number; drawn: number; washes: number }): void {
  out.games += x.games;
  out.hands += x.hands;
  out.drawn += x.drawn;
  out.washes += x.washes;
}

/** a ⊕ b, a fresh aggregate; commutative and associative because every field is an exact integer sum. */
export function mergeAggregates(a: Aggregate, b: Aggregate): Aggregate {
  checkSameLineup(a.labels, b.labels);
  const out = emptyAggregate(a.labels);
  for (const x of [a, b]) {
    addTotals(out, x);
    for (const label of a.labels) addStrategyInto(strategyOf(out, label), strategyOf(x, label));
  }
  return out;
}

/**
 * total ⊕= j, in place: the runner's main thread folds each batch into its running total without building the
 * intermediate aggregates of mergeAggregates (the same exact integer sums, so the same bits).
 */
export function mergeJsonInto(total: Aggregate, j: AggregateJson): void {
  checkSameLineup(total.labels, j.labels);
  addTotals(total, j);
  for (const label of total.labels) addStrategyInto(strategyOf(total, label), strategyFromJson(j, label));
}

/** JSON form: BigInts as decimal strings, score maps as [score, count] pairs sorted by score. */
export interface AggregateJson {
  labels: string[];
  games: number;
  hands: number;
  drawn: number;
  washes: number;
  strategies: Record<
    string,
    {
      hands: number;
      wins: number;
      selfDraws: number;
      dealIns: number;
      limitWins: number;
      ownTurns: number;
      winTurns: number;
      netSum: string;
      netSumSq: string;
      scores: [number, number][];
      /** Present only for `--unit match` runs, so a hand run's JSON (and its checkpoint) is unchanged. */
      matches?: number;
      matchWins?: number;
      placingSum?: number;
    }
  >;
}

export function aggregateToJson(agg: Aggregate): AggregateJson {
  const strategies: AggregateJson['strategies'] = {};
  for (const label of agg.labels) {
    const s = strategyOf(agg, label);
    strategies[label] = {
      hands: s.hands,
      wins: s.wins,
      selfDraws: s.selfDraws,
      dealIns: s.dealIns,
      limitWins: s.limitWins,
      ownTurns: s.ownTurns,
      winTurns: s.winTurns,
      netSum: totalSum(s.net).toString(),
      netSumSq: totalSumSq(s.net).toString(),
      scores: [...s.scores.entries()].sort((p, q) => p[0] - q[0]),
      ...(s.matches > 0 ? { matches: s.matches, matchWins: s.matchWins, placingSum: s.placingSum } : {}),
    };
  }
  return { labels: [...agg.labels], games: agg.games, hands: agg.hands, drawn: agg.drawn, washes: agg.washes, strategies };
}

function strategyFromJson(j: AggregateJson, label: string): StrategyAgg {
  const s = j.strategies[label];
  if (!s) throw new Error(`aggregate JSON lacks strategy "${label}"`);
  return {
    hands: s.hands,
    wins: s.wins,
    selfDraws: s.selfDraws,
    dealIns: s.dealIns,
    limitWins: s.limitWins,
    ownTurns: s.ownTurns,
    winTurns: s.winTurns,
    net: { n: s.hands, fastSum: 0, fastSq: 0, sum: BigInt(s.netSum), sumSq: BigInt(s.netSumSq) },
    scores: new Map(s.scores),
    matches: s.matches ?? 0,
    matchWins: s.matchWins ?? 0,
    placingSum: s.placingSum ?? 0,
  };
}

export function aggregateFromJson(j: AggregateJson): Aggregate {
  const agg = emptyAggregate(j.labels);
  addTotals(agg, j);
  for (const label of j.labels) agg.strategies.set(label, strategyFromJson(j, label));
  return agg;
}
