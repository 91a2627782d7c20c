/**
 * A run's leaderboard from its own files (docs/outputs.md, "report.html"): summary.csv for the rows, pairwise.csv (written by
 * --duplicate runs and by merges of them) for the paired test, manifest.json for the title. An experiment's
 * leaderboards come from its strategies.csv and pairwise.csv (one board per rule set or variant), or from each of
 * its runs when it writes no strategies.csv.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { csvRows } from './csv-read.js';
import { makeBoard, type Board, type BoardRow, type PairRow } from './leaderboard.js';
import { thousands } from '../text.js';

function read(dir: string, name: string): string | null {
  const p = join(dir, name);
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
}

const n = (s: string | undefined): number => (s === undefined || s === '' ? NaN : Number(s));

export function boardRow(r: Record<string, string>): BoardRow {
  return {
    strategy: r.strategy ?? '',
    hands: n(r.hands),
    meanNet: n(r.mean_net),
    meanNetLow: n(r.mean_net_low),
    meanNetHigh: n(r.mean_net_high),
    winRate: n(r.win_rate),
    dealInRate: n(r.deal_in_rate),
  };
}

export function pairRow(r: Record<string, string>): PairRow {
  return { a: r.strategy_a ?? '', b: r.strategy_b ?? '', diff: n(r.mean_net_diff), low: n(r.diff_low), high: n(r.diff_high), pHolm: n(r.p_holm) };
}

/** What the run's manifest says it was, for the board's title. */
export interface RunIdentity {
  readonly rules?: string;
  readonly seed?: number;
  readonly players?: number;
  readonly unit?: string;
  readonly duplicate?: boolean;
  readonly limit?: number | null;
}

export function runIdentity(dir: string): { identity: RunIdentity; handsPlayed: number } | null {
  const text = read(dir, 'manifest.json');
  if (text === null) return null;
  try {
    const m = JSON.parse(text) as { identity?: RunIdentity; handsPlayed?: number };
    return { identity: m.identity ?? {}, handsPlayed: m.handsPlayed ?? NaN };
  } catch {
    return null;
  }
}

function plural(k: number, one: string, many = `${one}s`): string {
  return `${thousands(k)} ${k === 1 ? one : many}`;
}

function runTitle(dir: string): string {
  const m = runIdentity(dir);
  const id = m?.identity ?? {};
  const parts = [
    id.rules ?? 'run',
    ...(id.limit !== undefined && id.limit !== null ? [`limit ${id.limit}`] : []),
    ...(m && Number.isFinite(m.handsPlayed) ? [plural(m.handsPlayed, 'hand')] : []),
    ...(id.seed !== undefined ? [`seed ${id.seed}`] : []),
    ...(id.duplicate ? ['duplicate seating'] : []),
  ];
  return `Leaderboard (${parts.join(', ')}): mean net points per hand`;
}

/** The board of one simulate or merge output; null when it holds no summary.csv. */
export function runBoard(dir: string): Board | null {
  const summary = read(dir, 'summary.csv');
  if (summary === null) return null;
  const pairwise = read(dir, 'pairwise.csv');
  return makeBoard(runTitle(dir), csvRows(summary).map(boardRow), pairwise === null ? null : csvRows(pairwise).map(pairRow));
}

/** Directories under `dir` (itself included) holding a summary.csv and a manifest.json, in name order. */
function runDirs(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    if (existsSync(join(d, 'summary.csv')) && existsSync(join(d, 'manifest.json')) && existsSync(join(d, 'totals.csv'))) out.push(d);
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/**
 * An experiment's boards: one per group of its strategies.csv (first column: the rule set or variant) with that
 * group's rows of pairwise.csv, or else one per run.
 */
export function experimentBoards(dir: string): Board[] {
  const strategies = read(dir, 'strategies.csv');
  if (strategies === null) {
    return runDirs(dir).flatMap((d) => {
      const b = runBoard(d);
      return b ? [{ ...b, title: `${relative(dir, d)}: ${b.title}` }] : [];
    });
  }
  const rows = csvRows(strategies);
  const pairText = read(dir, 'pairwise.csv');
  const pairs = pairText === null ? [] : csvRows(pairText);
  const key = Object.keys(rows[0] ?? {})[0] ?? 'rules';
  const groups = [...new Set(rows.map((r) => r[key] ?? ''))];
  return groups.map((g) => {
    const own = pairs.filter((p) => p.rules === g).map(pairRow);
    return makeBoard(
      `Leaderboard (${key} ${g}, summed over its lineups): mean net points per hand`,
      rows.filter((r) => r[key] === g).map(boardRow),
      own.length > 0 ? own : null,
    );
  });
}
