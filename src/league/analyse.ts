/**
 * A league's numbers from its cells (docs/statistics.md, "League ratings"): the payoff matrix with paired 95% intervals, the linear
 * ratings with theirs (src/stats/ratings.ts), both raw and luck-adjusted (src/runner/luck-adjust.ts), alpha-Rank's
 * mass, and the CSVs, chart and leaderboard made from them. One pass over the wall sets of every cell in lockstep:
 * cell (i, j) is strategy i in one seat against three of j, and every cell plays the same walls, so a wall set's
 * outcomes across cells are paired and every interval is taken over wall sets.
 */
import type { TopLevelSpec } from 'vega-lite';
import { csv, num } from '../io/csv.js';
import { luckBeta } from '../luck/beta.js';
import { type LuckFormat } from '../luck/format.js';
import { printable } from '../text.js';
import { labelLuck, luckUnit } from '../runner/luck-adjust.js';
import { forEachWall, labelHandsPerWall, WallMoments, type NetsCell } from '../runner/wall-sets.js';
import type { PairedInterval } from '../stats/paired.js';
import { alphaRank, ALPHA, linearRatings, POPULATION, residualShare } from '../stats/ratings.js';

export interface LeagueCell extends NetsCell {
  readonly i: number;
  readonly j: number;
}

export interface LeagueResult {
  readonly rules: string;
  readonly members: readonly string[];
  readonly wallSets: number;
  /** matrix[i][j]: i's mean net per hand as one seat against three j (null on the diagonal). */
  readonly matrix: readonly (readonly (PairedInterval | null)[])[];
  readonly matrixAdjusted: readonly (readonly (PairedInterval | null)[])[] | null;
  readonly ratings: readonly PairedInterval[];
  readonly ratingsAdjusted: readonly PairedInterval[] | null;
  readonly meanNet: readonly number[];
  readonly mass: readonly number[];
  readonly residual: number;
}

/** Ratings per wall set are scaled to integers by this before the exact moments (4/(3N) and the 1/8 of A). */
function ratingScale(n: number): number {
  return 6 * n;
}

/** `luck`: the format of every cell's luck.bin (null: not all of them hold one). */
export function analyseLeague(rules: string, members: readonly string[], cells: readonly LeagueCell[], wallGames: number, walls: number, luck: LuckFormat | null): LeagueResult {
  const n = members.length;
  const beta = luck ? luckBeta(rules, luck.version) : [];
  const adjust = beta.some((b) => b !== 0);
  // A wall set is one game per seat rotation: wallGames is the table's seat count.
  const unit = luckUnit(wallGames);
  const at = (i: number, j: number) => cells.findIndex((c) => c.i === i && c.j === j);
  const idx = members.map((_, i) => members.map((__, j) => (i === j ? -1 : at(i, j))));
  const cellM = cells.map(() => new WallMoments());
  const cellA = cells.map(() => new WallMoments());
  const rateM = members.map(() => new WallMoments());
  const rateA = members.map(() => new WallMoments());
  // i's label is the cell's first label (the lone seat), j's the other: lineup "i,j,j,j".
  const hands = cells.map((c) => labelHandsPerWall([c], c.labels[0]!, wallGames));
  const x = new Array<number>(cells.length).fill(0);
  const xa = new Array<number>(cells.length).fill(0);
  forEachWall(cells, wallGames, walls, (sums, lk) => {
    for (let c = 0; c < cells.length; c++) {
      x[c] = sums[c]![0]!;
      cellM[c]!.add(x[c]!);
      if (adjust) {
        xa[c] = x[c]! * unit - labelLuck([cells[c]!], [lk[c]!], cells[c]!.labels[0]!, beta, wallGames);
        cellA[c]!.add(xa[c]!);
      }
    }
    // r_i(w) = 4/(3N) Σ_j (x_ij − x_ji)/(2H) with H = hands of the lone seat per wall set (the same in every cell).
    for (let i = 0; i < n; i++) {
      let s = 0;
      let sa = 0;
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        s += x[idx[i]![j]!]! - x[idx[j]![i]!]!;
        if (adjust) sa += xa[idx[i]![j]!]! - xa[idx[j]![i]!]!;
      }
      rateM[i]!.add(4 * s);
      if (adjust) rateA[i]!.add(4 * sa);
    }
  }, adjust ? beta.length : 0);
  const h = hands[0]!;
  const matrix = members.map((_, i) => members.map((__, j) => (i === j ? null : cellM[idx[i]![j]!]!.result(hands[idx[i]![j]!]!))));
  const matrixAdjusted = adjust
    ? members.map((_, i) => members.map((__, j) => (i === j ? null : cellA[idx[i]![j]!]!.result(hands[idx[i]![j]!]! * unit))))
    : null;
  const scale = ratingScale(n) * h;
  const ratings = rateM.map((m) => m.result(scale));
  const ratingsAdjusted = adjust ? rateA.map((m) => m.result(scale * unit)) : null;
  const means = members.map((_, i) => members.map((__, j) => (i === j ? NaN : matrix[i]![j]!.meanDiff)));
  const meanNet = members.map((_, i) => {
    let s = 0;
    for (let j = 0; j < n; j++) if (j !== i) s += means[i]![j]!;
    return s / (n - 1);
  });
  return {
    rules, members, wallSets: walls, matrix, matrixAdjusted, ratings, ratingsAdjusted, meanNet,
    mass: alphaRank(means), residual: residualShare(means),
  };
}

/** Check that the per-wall-set ratings are the closed form of src/stats/ratings.ts (used by the tests). */
export function ratingsOfMeans(r: LeagueResult): number[] {
  return linearRatings(r.members.map((_, i) => r.members.map((__, j) => (i === j ? NaN : r.matrix[i]![j]!.meanDiff))));
}

/** Members in leaderboard order: by rating, then name. */
export function order(r: LeagueResult): number[] {
  return r.members.map((_, i) => i).sort((a, b) => r.ratings[b]!.meanDiff - r.ratings[a]!.meanDiff || (r.members[a]! < r.members[b]! ? -1 : 1));
}

export const LEAGUE_COLUMNS = [
  'strategy', 'rating', 'rating_low', 'rating_high', 'rating_adjusted', 'rating_adjusted_low', 'rating_adjusted_high', 'mean_net',
  'wall_sets', 'alpharank_mass',
] as const;

export function leagueCsv(r: LeagueResult): string {
  return csv([
    [...LEAGUE_COLUMNS],
    ...order(r).map((i) => {
      const a = r.ratingsAdjusted?.[i];
      return [
        r.members[i]!, num(r.ratings[i]!.meanDiff), num(r.ratings[i]!.low), num(r.ratings[i]!.high),
        a ? num(a.meanDiff) : '', a ? num(a.low) : '', a ? num(a.high) : '', num(r.meanNet[i]!), String(r.wallSets), num(r.mass[i]!),
      ];
    }),
  ]);
}

export const MATRIX_COLUMNS = [
  'rules', 'strategy', 'opponent', 'wall_sets', 'hands', 'mean_net', 'ci_low', 'ci_high', 'p', 'mean_net_adjusted', 'adjusted_low', 'adjusted_high',
] as const;

export function matrixCsv(r: LeagueResult, handsPerWall: number): string {
  const rows: string[][] = [];
  for (let i = 0; i < r.members.length; i++) {
    for (let j = 0; j < r.members.length; j++) {
      if (i === j) continue;
      const m = r.matrix[i]![j]!;
      const a = r.matrixAdjusted?.[i]![j];
      rows.push([
        r.rules, r.members[i]!, r.members[j]!, String(m.n), String(m.n * handsPerWall), num(m.meanDiff), num(m.low), num(m.high), num(m.p),
        a ? num(a.meanDiff) : '', a ? num(a.low) : '', a ? num(a.high) : '',
      ]);
    }
  }
  return csv([[...MATRIX_COLUMNS], ...rows]);
}

const f1 = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)}` : '');

/** The leaderboard as printed in the terminal and quoted in READMEs (plain text, fixed-width columns). */
export function leaderboard(r: LeagueResult): string {
  const rows = order(r).map((i, k) => {
    const g = r.ratings[i]!;
    const a = r.ratingsAdjusted?.[i];
    return [
      String(k + 1), printable(r.members[i]!), f1(g.meanDiff), `${f1(g.low)} to ${f1(g.high)}`, a ? `${f1(a.meanDiff)} (${f1(a.low)} to ${f1(a.high)})` : '',
      f1(r.meanNet[i]!), r.mass[i]!.toFixed(3),
    ];
  });
  const head = ['#', 'strategy', 'rating', '95% interval', 'luck-adjusted', 'mean net', 'alpha-rank'];
  const all = [head, ...rows];
  const w = head.map((_, c) => Math.max(...all.map((row) => row[c]!.length)));
  const line = (row: readonly string[]) => row.map((v, c) => (c === 1 ? v.padEnd(w[c]!) : v.padStart(w[c]!))).join('  ');
  return [
    `league under ${r.rules}: ${r.members.length} strategies, ${r.wallSets} wall sets per pairing (points per hand; rating = expected net against a table of average rating)`,
    line(head),
    ...rows.map(line),
    `ratings leave ${(100 * r.residual).toFixed(1)}% of the matrix's antisymmetric part unexplained (a cycle or interactions); alpha-rank: alpha ${ALPHA} per point, population ${POPULATION}`,
  ].join('\n');
}

export function leagueChart(r: LeagueResult): TopLevelSpec {
  const values = order(r).map((i) => ({
    strategy: r.members[i], rating: r.ratings[i]!.meanDiff, low: r.ratings[i]!.low, high: r.ratings[i]!.high, kind: 'raw',
  }));
  const adj = r.ratingsAdjusted
    ? order(r).map((i) => ({ strategy: r.members[i], rating: r.ratingsAdjusted![i]!.meanDiff, low: r.ratingsAdjusted![i]!.low, high: r.ratingsAdjusted![i]!.high, kind: 'luck-adjusted' }))
    : [];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `League under ${r.rules}: rating per hand with 95% interval (${r.wallSets} wall sets per pairing)`,
    data: { values: [...values, ...adj] },
    width: 420,
    height: { step: 22 },
    encoding: {
      y: { field: 'strategy', type: 'nominal', sort: values.map((v) => v.strategy), title: null },
      yOffset: { field: 'kind', type: 'nominal' },
      color: { field: 'kind', type: 'nominal', title: null },
    },
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: 'grey' }, encoding: { x: { datum: 0 } } },
      { mark: 'rule', encoding: { x: { field: 'low', type: 'quantitative', title: 'rating (points per hand)' }, x2: { field: 'high' } } },
      { mark: { type: 'point', filled: true }, encoding: { x: { field: 'rating', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}
