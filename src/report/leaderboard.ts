/**
 * The leaderboard (docs/outputs.md, "report.html"): strategies ranked by mean net per hand, with 95% intervals, win and deal-in
 * rates, and one plain sentence on whether the top is separated from the next. With a paired test (a --duplicate
 * run's pairwise.csv: same walls, every seat) the sentence quotes it; without one it can only compare the two
 * intervals, which is weaker (overlapping intervals can still hide a real difference), and says how to get the
 * paired test. Pure: rows in, text out, so any command (simulate, merge, experiment, a league) can print one.
 */
import { printable } from '../text.js';

export interface BoardRow {
  readonly strategy: string;
  readonly hands: number;
  readonly meanNet: number;
  readonly meanNetLow: number;
  readonly meanNetHigh: number;
  readonly winRate: number;
  readonly dealInRate: number;
}

/** One paired comparison (pairwise.csv): mean net of a minus b per hand, its 95% interval and Holm p-value. */
export interface PairRow {
  readonly a: string;
  readonly b: string;
  readonly diff: number;
  readonly low: number;
  readonly high: number;
  readonly pHolm: number;
}

export interface Board {
  readonly title: string;
  /** Best first. */
  readonly rows: readonly BoardRow[];
  readonly verdict: string;
}

const num = (x: number, d = 1): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(d)}` : '–');
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');
const range = (lo: number, hi: number): string => `${num(lo)} to ${num(hi)}`;
const pText = (p: number): string => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/** The paired comparison of `top` with `next`, turned so that the difference is top minus next. */
export function pairOf(pairs: readonly PairRow[], top: string, next: string): PairRow | null {
  const same = pairs.find((p) => p.a === top && p.b === next);
  if (same) return same;
  const flip = pairs.find((p) => p.a === next && p.b === top);
  return flip ? { a: top, b: next, diff: -flip.diff, low: -flip.high, high: -flip.low, pHolm: flip.pHolm } : null;
}

/** The sentence on the top two: the paired test when there is one, the intervals and a hint when not. */
export function verdict(rows: readonly BoardRow[], pairs: readonly PairRow[] | null): string {
  const [top, next] = rows;
  if (!top) return 'No hands were played.';
  if (!next) return `${top.strategy} is the only strategy at the table: nothing to rank it against.`;
  const t = top.strategy;
  const n = next.strategy;
  const pair = pairs ? pairOf(pairs, t, next.strategy) : null;
  // Nets that never differ (four `random`, say, which almost never win): more games would not separate them. A
  // paired interval of [0, 0] is a difference of 0 on every wall set (its mean is the interval's midpoint).
  const never = pair
    ? pair.low === 0 && pair.high === 0
    : [top.meanNetLow, top.meanNetHigh, next.meanNetLow, next.meanNetHigh].every((x) => x === top.meanNet && x === next.meanNet);
  if (never) return `${t} and ${n} scored the same on every ${pair ? 'wall set' : 'hand'}: no number of games will separate them.`;
  if (pair) {
    const by = `${num(pair.diff)} a hand (95% CI ${range(pair.low, pair.high)}, Holm-corrected ${pText(pair.pHolm)})`;
    return pair.pHolm < 0.05 && pair.low > 0
      ? `${t} is ahead of ${n}: the paired test on the same walls separates them, ${by}.`
      : `${t} is not separated from ${n}: the paired test on the same walls gives ${by}; play more games to tell them apart.`;
  }
  const hint = 'run with --duplicate for a paired test on the same walls, which separates smaller differences';
  return top.meanNetLow > next.meanNetHigh
    ? `${t} is ahead of ${n}: their 95% intervals do not overlap (${range(top.meanNetLow, top.meanNetHigh)} against ${range(next.meanNetLow, next.meanNetHigh)}); ${hint}.`
    : `${t} is not separated from ${n}: their 95% intervals overlap (${range(top.meanNetLow, top.meanNetHigh)} against ${range(next.meanNetLow, next.meanNetHigh)}); ${hint}.`;
}

/** Ranked by mean net, best first (ties by name, so the order never depends on the lineup's). */
export function rankRows(rows: readonly BoardRow[]): BoardRow[] {
  return [...rows].sort((x, y) => (y.meanNet - x.meanNet) || (x.strategy < y.strategy ? -1 : x.strategy > y.strategy ? 1 : 0));
}

export function makeBoard(title: string, rows: readonly BoardRow[], pairs: readonly PairRow[] | null): Board {
  const ranked = rankRows(rows);
  return { title, rows: ranked, verdict: verdict(ranked, pairs) };
}

/** Wrap a sentence at `width` columns. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line !== '' && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The board as the terminal shows it: a title, an aligned table, the sentence; labels made printable (src/text.ts). */
export function formatBoard(b: Board, width = 100): string {
  const head = ['#', 'strategy', 'mean net', '95% interval', 'win', 'deal-in', 'hands'];
  const body = b.rows.map((r, i) => [
    String(i + 1), printable(r.strategy), num(r.meanNet), range(r.meanNetLow, r.meanNetHigh), pct(r.winRate), pct(r.dealInRate), String(r.hands),
  ]);
  const cols = head.map((h, c) => Math.max(h.length, ...body.map((r) => r[c]!.length)));
  const left = new Set([1]);
  const line = (cells: readonly string[]) =>
    cells.map((s, c) => (left.has(c) ? s.padEnd(cols[c]!) : s.padStart(cols[c]!))).join('  ').trimEnd();
  return [printable(b.title), line(head), ...body.map(line), ...wrap(printable(b.verdict), width), ''].join('\n');
}
