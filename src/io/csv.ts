/**
 * CSV text as every output of mjlab writes it (csv-stringify): numbers in one fixed format, so equal values give
 * equal bytes, and rows to text. The columns of a run's files are the runner's (src/runner/csv.ts).
 */
import { stringify } from 'csv-stringify/sync';

/** Fixed six decimals; NaN (no data: no wins, fewer than two hands) becomes an empty field. */
export function fmt(x: number): string {
  if (Number.isNaN(x)) return '';
  if (Number.isInteger(x)) return String(x);
  const s = x.toFixed(6);
  return s === '-0.000000' ? '0.000000' : s;
}

/** Fixed six decimals, negative zero printed as zero; NaN → empty field (the experiments' tables and pairwise.csv). */
export function num(x: number): string {
  if (Number.isNaN(x)) return '';
  const s = x.toFixed(6);
  return s === '-0.000000' ? '0.000000' : s;
}

/** p-values span many orders of magnitude: four significant digits. */
export function pval(p: number): string {
  if (Number.isNaN(p)) return '';
  if (p === 0) return '0';
  return p >= 1e-4 ? p.toFixed(6) : p.toExponential(3);
}

/** Rows as CSV text (a header row first, where there is one). */
export function csv(rows: readonly (readonly string[])[]): string {
  return stringify(rows.map((r) => [...r]));
}

export function csvChunk(rows: string[][]): string {
  return rows.length === 0 ? '' : stringify(rows);
}
