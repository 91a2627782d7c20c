/**
 * summary.csv of a --duplicate run (docs/statistics.md, "The unit of a paired statistic"): the hands of one wall set share their tiles, so they are
 * not independent draws and an interval taken per hand is too narrow or too wide by however much the rotations of
 * a wall agree. Here `mean_net_low`/`mean_net_high` take the wall set as the unit: each label's net summed over the
 * wall set, divided by its seat-hands per wall set, and the normal 95% interval of the mean of those (every other
 * column as in any run's summary.csv).
 */
import { summaryCsv } from './csv.js';
import type { Aggregate } from '../stats/aggregate.js';
import { forEachWall, labelHandsPerWall, labelWall, WallMoments, type NetsCell } from './wall-sets.js';

export function duplicateSummaryCsv(cell: NetsCell, agg: Aggregate, wallGames: number, walls: number): string {
  const moments = cell.labels.map(() => new WallMoments());
  if (walls >= 2) forEachWall([cell], wallGames, walls, (sums) => cell.labels.forEach((l, i) => moments[i]!.add(labelWall([cell], sums, l))));
  const intervals = new Map(
    cell.labels.map((l, i) => {
      if (walls < 2) return [l, { low: NaN, high: NaN }];
      const r = moments[i]!.result(labelHandsPerWall([cell], l, wallGames));
      return [l, { low: r.low, high: r.high }];
    }),
  );
  return summaryCsv(agg, 'hand', intervals);
}
