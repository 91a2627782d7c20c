/**
 * report.html (docs/outputs.md, "report.html"): one self-contained page beside a run's CSVs, made from the run's own files only
 * (summary.csv, score-distribution.csv, totals.csv, pairwise.csv, games.csv or nets.bin where written, manifest.json),
 * so it says exactly what the files say: the leaderboard with its sentence, nets with their 95% intervals as a chart,
 * win and deal-in rates, a --duplicate run's paired comparisons with their intervals, each strategy's winning-score
 * distribution on a labelled axis, the drawn hands, the commands that replay the largest win (with a link to its
 * replay page where one is written beside it), the command that made the run, and the manifest folded at the foot
 * (page.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, shellWord, thousands } from '../text.js';
import { COLOURS, esc, page, pct, signed, ticks } from './page.js';
import { csvRows } from './csv-read.js';
import { type Board } from './leaderboard.js';
import { runBoard } from './run-files.js';
import { LARGEST_WIN_PAGE } from '../io/owned-dir.js';
import { largestWin } from './largest-win.js';

function read(dir: string, name: string): string | null {
  const p = join(dir, name);
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
}

/** Mean net with its interval per strategy, as horizontal bars on one axis through zero. */
function netChart(b: Board): string {
  const w = 640;
  const rowH = 30;
  const left = 130;
  const lo = Math.min(0, ...b.rows.map((r) => r.meanNetLow).filter(Number.isFinite));
  const hi = Math.max(0, ...b.rows.map((r) => r.meanNetHigh).filter(Number.isFinite));
  const span = hi - lo || 1;
  const x = (v: number) => left + ((v - lo) / span) * (w - left - 70); // room on the right for the last label
  const h = rowH * b.rows.length + 30;
  const bars = b.rows.map((r, i) => {
    const y = 10 + i * rowH;
    const x0 = x(Math.min(0, r.meanNet));
    const x1 = x(Math.max(0, r.meanNet));
    return `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${esc(r.strategy)}</text>` +
      `<rect x="${x0.toFixed(1)}" y="${y + 4}" width="${Math.max(1, x1 - x0).toFixed(1)}" height="16" fill="${COLOURS[i % COLOURS.length]}" opacity="0.75"/>` +
      (Number.isFinite(r.meanNetLow) ? `<line x1="${x(r.meanNetLow).toFixed(1)}" x2="${x(r.meanNetHigh).toFixed(1)}" y1="${y + 12}" y2="${y + 12}" stroke="#000" stroke-width="2"/>` : '') +
      `<text x="${(x(Math.max(0, r.meanNetHigh)) + 6).toFixed(1)}" y="${y + 16}" font-size="11">${signed(r.meanNet)}</text>`;
  });
  const axis = ticks(lo, hi, 6).map((t) => `<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="4" y2="${h - 22}" stroke="${t === 0 ? '#888' : '#eee'}"/>` +
    `<text x="${x(t).toFixed(1)}" y="${h - 8}" text-anchor="middle" font-size="11">${t === 0 ? '0' : signed(t, 0)}</text>`);
  return `<svg class="chart" role="img" aria-label="mean net per hand with 95% intervals" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `${axis.join('')}${bars.join('')}</svg>`;
}

/** Each strategy's winning scores: the share of its wins at each score, as small bar charts on one score axis. */
function scoreCharts(dist: Record<string, string>[], order: readonly string[]): string {
  const by = new Map<string, [number, number][]>();
  for (const r of dist) {
    const list = by.get(r.strategy ?? '') ?? [];
    list.push([Number(r.winning_score), Number(r.count)]);
    by.set(r.strategy ?? '', list);
  }
  const all = [...by.values()].flat().map(([s]) => s);
  if (all.length === 0) return '<p>No hand was won.</p>';
  // Scores have a long tail: the axis ends at the largest 99th percentile, and the few beyond are counted in the note.
  const cap = Math.max(...[...by.values()].map((l) => {
    const n = l.reduce((a, [, c]) => a + c, 0);
    let cum = 0;
    for (const [s, c] of [...l].sort((a, b) => a[0] - b[0])) if ((cum += c) >= 0.99 * n) return s;
    return 0;
  }));
  const w = 640;
  const h = 120;
  const left = 44;
  const bottom = 34;
  const xs = ticks(0, cap, 8);
  return order.filter((s) => by.has(s)).map((s, i) => {
    const l = by.get(s)!;
    const n = l.reduce((a, [, c]) => a + c, 0);
    const max = Math.max(...l.map(([, c]) => c / n));
    const beyond = l.filter(([v]) => v > cap).reduce((a, [, c]) => a + c, 0);
    const x = (v: number) => left + (v / (cap || 1)) * (w - left - 20);
    const y = (share: number) => h - bottom - (share / max) * (h - bottom - 10);
    const bars = l.filter(([v]) => v <= cap).map(([v, c]) =>
      `<rect x="${x(v).toFixed(1)}" y="${y(c / n).toFixed(1)}" width="3" height="${(h - bottom - y(c / n)).toFixed(1)}" fill="${COLOURS[i % COLOURS.length]}"><title>${v}: ${c} wins</title></rect>`);
    const xAxis = xs.map((t) => `<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="${h - bottom}" y2="${h - bottom + 4}" stroke="#888"/>` +
      `<text x="${x(t).toFixed(1)}" y="${h - bottom + 16}" text-anchor="middle" font-size="11">${t}</text>`);
    const yAxis = ticks(0, max, 2).map((t) => `<line x1="${left - 4}" x2="${w - 20}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="${t === 0 ? '#888' : '#eee'}"/>` +
      `<text x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11">${pct(t)}</text>`);
    return `<figure><figcaption>${esc(s)}: ${thousands(n)} wins${beyond > 0 ? `, ${beyond} of them above ${cap} (not drawn)` : ''}</figcaption>` +
      `<svg class="chart" role="img" aria-label="winning scores of ${esc(s)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${yAxis.join('')}${bars.join('')}` +
      `${xAxis.join('')}<text x="${(left + w - 20) / 2}" y="${h - 4}" text-anchor="middle" font-size="11">winning score (points); bar height: share of the strategy's wins</text></svg></figure>`;
  }).join('');
}

/** A --duplicate run's paired comparisons (pairwise.csv): every pair's difference per hand with its 95% interval. */
function pairwiseTable(text: string | null): string {
  const rows = csvRows(text ?? '');
  if (rows.length === 0) return '';
  const adjusted = rows.some((r) => (r.mean_net_diff_adjusted ?? '') !== '');
  const head = ['A', 'B', 'wall sets', 'A − B per hand', '95% interval', 'p (Holm)', ...(adjusted ? ['luck-adjusted', 'its 95% interval'] : [])];
  const body = rows.map((r) => `<tr><td>${esc(r.strategy_a ?? '')}</td><td>${esc(r.strategy_b ?? '')}</td><td>${thousands(Number(r.wall_sets))}</td>` +
    `<td>${signed(Number(r.mean_net_diff), 2)}</td><td>${signed(Number(r.diff_low), 2)} to ${signed(Number(r.diff_high), 2)}</td><td>${esc(r.p_holm ?? '')}${r.significant === 'yes' ? ' *' : ''}</td>` +
    (adjusted ? `<td>${signed(Number(r.mean_net_diff_adjusted), 2)}</td><td>${signed(Number(r.adjusted_low), 2)} to ${signed(Number(r.adjusted_high), 2)}</td>` : '') + '</tr>').join('');
  return `<h2>Paired comparisons on the same walls</h2>
<p>Each pair's difference in net points per hand, over the wall sets both played (pairwise.csv; * separated after Holm's correction).</p>
<table id="pairwise"><thead><tr>${head.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * The page for the run in `dir`, from its files. `replayPage`: the largest win's replay page is written beside it
 * (src/cli/largest-win.ts), so the page links to it; the runner, which writes the report first, does not say so.
 */
export function reportHtml(dir: string, opts: { replayPage?: boolean } = {}): string {
  const board = runBoard(dir);
  const manifestText = read(dir, 'manifest.json') ?? '{}';
  const manifest = JSON.parse(manifestText) as { identity?: { strategies?: string }; handsPlayed?: number; complete?: boolean; command?: string };
  const totals = csvRows(read(dir, 'totals.csv') ?? '')[0] ?? {};
  const dist = csvRows(read(dir, 'score-distribution.csv') ?? '');
  const order = board?.rows.map((r) => r.strategy) ?? [];
  const big = largestWin(dir);
  const table = board
    ? `<table id="leaderboard"><thead><tr><th>#</th><th>strategy</th><th>mean net</th><th>95% interval</th><th>win rate</th><th>deal-in rate</th><th>hands</th></tr></thead><tbody>${
      board.rows.map((r, i) => `<tr><td>${i + 1}</td><td>${esc(r.strategy)}</td><td>${signed(r.meanNet)}</td><td>${signed(r.meanNetLow)} to ${signed(r.meanNetHigh)}</td><td>${pct(r.winRate)}</td><td>${pct(r.dealInRate)}</td><td>${thousands(r.hands)}</td></tr>`).join('')
    }</tbody></table><p class="verdict" id="verdict">${esc(board.verdict)}</p>`
    : '<p>This directory holds no summary.csv.</p>';
  const commands = big ? `${CLI} replay --run ${shellWord(dir)} --game ${big.game}\n${CLI} replay --run ${shellWord(dir)} --game ${big.game} --html ${shellWord(join(dir, LARGEST_WIN_PAGE))}` : '';
  // The link is relative, so it works from the disk wherever the directory is opened or copied to.
  const replay = big && opts.replayPage
    ? `<p id="largest-win">Game ${big.game}: ${esc(big.what)}. <a id="largest-win-link" href="${LARGEST_WIN_PAGE}">Replay it move by move</a> (the replay viewer's page of that game, beside this file), or in the terminal; the second command made the page:</p><pre>${esc(commands)}</pre>`
    : big
      ? `<p id="largest-win">Game ${big.game}: ${esc(big.what)}. Replay it move by move, or as a page:</p><pre>${esc(commands)}</pre>`
      : `<p id="largest-win">This run kept no per-game file (games.csv or nets.bin), so which game held the largest win is not known here; rerun with <code>--games-csv</code> (or <code>--duplicate</code>) and this page names it.</p>`;
  const drawn = totals.hands ? `<p id="drawn">${thousands(Number(totals.drawn_hands))} of ${thousands(Number(totals.hands))} hands were drawn (${pct(Number(totals.draw_rate))})${Number(totals.washes) > 0 ? `, ${totals.washes} washed` : ''}.</p>` : '';
  const body = `${manifest.complete === false ? '<p><strong>This run is not complete</strong>: the figures are of the games it finished.</p>' : ''}
<h2>Leaderboard</h2>
${table}
${pairwiseTable(read(dir, 'pairwise.csv'))}
<h2>Mean net per hand, with 95% intervals</h2>
${board ? netChart(board) : ''}
<h2>Winning scores</h2>
${scoreCharts(dist, order)}
<h2>Drawn hands</h2>
${drawn}
<h2>The largest win</h2>
${replay}`;
  return page({ title: `mjlab report: ${board?.title ?? dir}`, heading: board?.title ?? 'mjlab run', body, ...(manifest.command ? { command: manifest.command } : {}), manifest: manifestText });
}
