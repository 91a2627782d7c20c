/**
 * A run's CSV files (docs/outputs.md): the columns and rows of summary.csv, score-distribution.csv, totals.csv,
 * games.csv and matches.csv. They hold no timings and format every number the same way (src/io/csv.ts), so equal
 * aggregates give equal bytes. games.csv rows are produced per batch in the worker and appended in game order by
 * the runner.
 */
import { stringify } from 'csv-stringify/sync';
import type { Aggregate } from '../stats/aggregate.js';
import { summarise } from '../stats/summary.js';
import type { GameOutcome } from '../game/types.js';
import { fmt } from '../io/csv.js';

export const SUMMARY_COLUMNS = [
  'strategy', 'hands', 'wins', 'win_rate', 'win_rate_low', 'win_rate_high', 'self_draws', 'deal_ins',
  'deal_in_rate', 'deal_in_rate_low', 'deal_in_rate_high', 'mean_net', 'mean_net_low', 'mean_net_high',
  'mean_win_score', 'median_win_score', 'p90_win_score', 'max_win_score', 'limit_wins', 'turns_per_win',
  'mean_win_turns',
] as const;

// Rates are always printed with decimals, even when exactly 0 or 1, so a column has one format.
function rate(x: number): string {
  return Number.isNaN(x) ? '' : x.toFixed(6);
}

/** Added to summary.csv for `--unit match` runs only (a hand run's summary.csv is unchanged). */
export const MATCH_SUMMARY_COLUMNS = ['matches', 'match_wins', 'match_win_rate', 'match_win_rate_low', 'match_win_rate_high', 'mean_placing'] as const;

/**
 * `netIntervals`: the mean net's 95% interval by label where the hands are not independent (a --duplicate run's,
 * over wall sets: runner/duplicate-summary.ts); otherwise the per-hand interval of summarise().
 */
export function summaryCsv(agg: Aggregate, unit: 'hand' | 'match' = 'hand', netIntervals?: ReadonlyMap<string, { readonly low: number; readonly high: number }>): string {
  const match = unit === 'match';
  const rows = summarise(agg).map((s) => [
    s.strategy, String(s.hands), String(s.wins), rate(s.winRate), rate(s.winRateLow), rate(s.winRateHigh),
    String(s.selfDraws), String(s.dealIns), rate(s.dealInRate), rate(s.dealInRateLow), rate(s.dealInRateHigh),
    rate(s.meanNet), rate(netIntervals?.get(s.strategy)?.low ?? s.meanNetLow), rate(netIntervals?.get(s.strategy)?.high ?? s.meanNetHigh), rate(s.meanWinScore), fmt(s.medianWinScore),
    fmt(s.p90WinScore), fmt(s.maxWinScore), String(s.limitWins), rate(s.turnsPerWin),
    rate(s.meanWinTurns),
    ...(match
      ? [String(s.matches), String(s.matchWins), rate(s.matchWinRate), rate(s.matchWinRateLow), rate(s.matchWinRateHigh), rate(s.meanPlacing)]
      : []),
  ]);
  return stringify([[...SUMMARY_COLUMNS, ...(match ? MATCH_SUMMARY_COLUMNS : [])], ...rows]);
}

export function scoreDistributionCsv(agg: Aggregate): string {
  const rows: string[][] = [['strategy', 'winning_score', 'count']];
  for (const label of agg.labels) {
    const scores = [...agg.strategies.get(label)!.scores.entries()].sort((a, b) => a[0] - b[0]);
    for (const [score, count] of scores) rows.push([label, String(score), String(count)]);
  }
  return stringify(rows);
}

/** Run-level counts: drawn hands, washes (docs/outputs.md, "totals.csv"). */
export function totalsCsv(agg: Aggregate): string {
  return stringify([
    ['games', 'hands', 'drawn_hands', 'draw_rate', 'washes'],
    [String(agg.games), String(agg.hands), String(agg.drawn), rate(agg.hands ? agg.drawn / agg.hands : NaN), String(agg.washes)],
  ]);
}

export const GAMES_COLUMNS = [
  'game', 'hand', 'winner_strategy', 'win_by', 'discarder_strategy', 'turns', 'winner_score', 'winner_pattern',
  'dealer_seat', 'winner_seat', 'discarder_seat',
] as const;

/** Per physical seat, after GAMES_COLUMNS: the strategy label sitting there and its net settlement for the hand. */
export function seatColumns(players: number, fields: readonly string[]): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < players; seat++) for (const f of fields) out.push(`seat${seat}_${f}`);
  return out;
}

const GAME_SEAT_FIELDS = ['strategy', 'net'] as const;

export function gamesCsvHeader(players: number): string {
  return stringify([[...GAMES_COLUMNS, ...seatColumns(players, GAME_SEAT_FIELDS)]]);
}

const seatText = (seat: number | null) => (seat === null ? '' : String(seat));

/** One row per hand of the game; a drawn hand has win_by "none" and empty winner fields. */
export function gameRows(g: GameOutcome): string[][] {
  return g.hands.map((h) => {
    const won = h.winner !== null;
    const row = [
      String(g.game),
      String(h.hand),
      won ? (g.strategies[h.winner!] ?? '') : '',
      h.winBy,
      won && h.discarder !== null ? (g.strategies[h.discarder] ?? '') : '',
      String(h.turns),
      won && h.winnerScore !== null ? String(h.winnerScore) : '',
      won && h.winnerPattern !== null ? h.winnerPattern : '',
      String(h.dealer),
      seatText(h.winner),
      won ? seatText(h.discarder) : '',
    ];
    for (let seat = 0; seat < g.strategies.length; seat++) row.push(g.strategies[seat]!, String(h.nets[seat] ?? 0));
    return row;
  });
}

export const MATCHES_COLUMNS = ['game', 'hands', 'first_dealer_seat'] as const;
const MATCH_SEAT_FIELDS = ['strategy', 'final_score', 'placing'] as const;

export function matchesCsvHeader(players: number): string {
  return stringify([[...MATCHES_COLUMNS, ...seatColumns(players, MATCH_SEAT_FIELDS)]]);
}

/** One row per match (`--unit match`): each seat's final cumulative score and placing (ties share the better place). */
export function matchRow(g: GameOutcome, place: readonly number[]): string[] {
  const row = [String(g.game), String(g.hands.length), String(g.setup.firstDealer)];
  for (let seat = 0; seat < g.strategies.length; seat++) row.push(g.strategies[seat]!, String(g.finalScores[seat]), String(place[seat]));
  return row;
}
