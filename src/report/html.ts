/**
 * report.html (docs/outputs.md, "report.html"): one self-contained page beside a run's CSVs, made from the run's own files only
 * (summary.csv, score-distribution.csv, totals.csv, pairwise.csv, games.csv or nets.bin where written, manifest.json),
 * so it says exactly what the files say: the leaderboard with its sentence, nets with their 95% intervals as a chart,
 * win and deal-in rates, each strategy's winning-score distribution, the drawn hands, the manifest, and the commands
 * that replay the largest win, with a link to its replay page where one is written beside it. No script, no external
 * resource: it opens from the disk, offline, anywhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, printable, thousands } from '../text.js';
import { csvRows } from './csv-read.js';
import { type Board } from './leaderboard.js';
import { runBoard } from './run-files.js';
import { LARGEST_WIN_PAGE } from '../io/owned-dir.js';
import { largestWin } from './largest-win.js';

/**
 * Text into the page: control characters shown as escapes (src/text.ts; line breaks kept, the manifest is shown
 * as written), markup characters as references.
 */
const esc = (s: string): string => s.split('\n').map(printable).join('\n').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const signed = (x: number, d = 1): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(d)}` : '–');
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

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
  return `<svg class="chart" role="img" aria-label="mean net per hand with 95% intervals" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<line x1="${x(0).toFixed(1)}" x2="${x(0).toFixed(1)}" y1="4" y2="${h - 22}" stroke="#888"/>` +
    `<text x="${x(0).toFixed(1)}" y="${h - 6}" text-anchor="middle" font-size="11">0</text>` +
    `<text x="${x(lo).toFixed(1)}" y="${h - 6}" font-size="11">${signed(lo, 0)}</text>` +
    `<text x="${x(hi).toFixed(1)}" y="${h - 6}" text-anchor="end" font-size="11">${signed(hi, 0)}</text>` +
    `${bars.join('')}</svg>`;
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
  const h = 90;
  return order.filter((s) => by.has(s)).map((s, i) => {
    const l = by.get(s)!;
    const n = l.reduce((a, [, c]) => a + c, 0);
    const max = Math.max(...l.map(([, c]) => c / n));
    const beyond = l.filter(([v]) => v > cap).reduce((a, [, c]) => a + c, 0);
    const bars = l.filter(([v]) => v <= cap).map(([v, c]) => {
      const x = 10 + (v / cap) * (w - 30);
      const bh = ((c / n) / max) * (h - 30);
      return `<rect x="${x.toFixed(1)}" y="${(h - 20 - bh).toFixed(1)}" width="3" height="${bh.toFixed(1)}" fill="${COLOURS[i % COLOURS.length]}"><title>${v}: ${c}</title></rect>`;
    });
    return `<figure><figcaption>${esc(s)}: ${thousands(n)} wins${beyond > 0 ? `, ${beyond} of them above ${cap} (not drawn)` : ''}</figcaption>` +
      `<svg class="chart" role="img" aria-label="winning scores of ${esc(s)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${bars.join('')}` +
      `<line x1="10" x2="${w - 20}" y1="${h - 20}" y2="${h - 20}" stroke="#888"/><text x="10" y="${h - 6}" font-size="11">0</text>` +
      `<text x="${w - 20}" y="${h - 6}" text-anchor="end" font-size="11">${cap}</text></svg></figure>`;
  }).join('');
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:900px;padding:0 16px;color:#222}
table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:right}
td:nth-child(2),th:nth-child(2){text-align:left}h1{font-size:22px}h2{font-size:18px;margin-top:28px}
.verdict{background:#f4f4f0;border-left:4px solid #888;padding:8px 12px}pre{background:#f6f6f6;padding:10px;overflow:auto;font-size:12px}
code{background:#f2f2f2;padding:1px 4px}figure{margin:8px 0}figcaption{font-size:13px}`;

/**
 * The page for the run in `dir`, from its files. `replayPage`: the largest win's replay page is written beside it
 * (src/cli/largest-win.ts), so the page links to it; the runner, which writes the report first, does not say so.
 */
export function reportHtml(dir: string, opts: { replayPage?: boolean } = {}): string {
  const board = runBoard(dir);
  const manifestText = read(dir, 'manifest.json') ?? '{}';
  const manifest = JSON.parse(manifestText) as { identity?: { strategies?: string }; handsPlayed?: number; complete?: boolean };
  const totals = csvRows(read(dir, 'totals.csv') ?? '')[0] ?? {};
  const dist = csvRows(read(dir, 'score-distribution.csv') ?? '');
  const order = board?.rows.map((r) => r.strategy) ?? [];
  const big = largestWin(dir);
  const table = board
    ? `<table id="leaderboard"><thead><tr><th>#</th><th>strategy</th><th>mean net</th><th>95% interval</th><th>win rate</th><th>deal-in rate</th><th>hands</th></tr></thead><tbody>${
      board.rows.map((r, i) => `<tr><td>${i + 1}</td><td>${esc(r.strategy)}</td><td>${signed(r.meanNet)}</td><td>${signed(r.meanNetLow)} to ${signed(r.meanNetHigh)}</td><td>${pct(r.winRate)}</td><td>${pct(r.dealInRate)}</td><td>${thousands(r.hands)}</td></tr>`).join('')
    }</tbody></table><p class="verdict" id="verdict">${esc(board.verdict)}</p>`
    : '<p>This directory holds no summary.csv.</p>';
  const commands = big ? `${CLI} replay --run ${dir} --game ${big.game}\n${CLI} replay --run ${dir} --game ${big.game} --html ${join(dir, LARGEST_WIN_PAGE)}` : '';
  // The link is relative, so it works from the disk wherever the directory is opened or copied to.
  const replay = big && opts.replayPage
    ? `<p id="largest-win">Game ${big.game}: ${esc(big.what)}. <a id="largest-win-link" href="${LARGEST_WIN_PAGE}">Replay it move by move</a> (the replay viewer's page of that game, beside this file), or in the terminal; the second command made the page:</p><pre>${esc(commands)}</pre>`
    : big
      ? `<p id="largest-win">Game ${big.game}: ${esc(big.what)}. Replay it move by move, or as a page:</p><pre>${esc(commands)}</pre>`
      : `<p id="largest-win">This run kept no per-game file (games.csv or nets.bin), so which game held the largest win is not known here; rerun with <code>--games-csv</code> (or <code>--duplicate</code>) and this page names it.</p>`;
  const drawn = totals.hands ? `<p id="drawn">${thousands(Number(totals.drawn_hands))} of ${thousands(Number(totals.hands))} hands were drawn (${pct(Number(totals.draw_rate))})${Number(totals.washes) > 0 ? `, ${totals.washes} washed` : ''}.</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mjlab report: ${esc(board?.title ?? dir)}</title><style>${STYLE}</style></head>
<body>
<h1>${esc(board?.title ?? 'mjlab run')}</h1>
${manifest.complete === false ? '<p><strong>This run is not complete</strong>: the figures are of the games it finished.</p>' : ''}
<h2>Leaderboard</h2>
${table}
<h2>Mean net per hand, with 95% intervals</h2>
${board ? netChart(board) : ''}
<h2>Winning scores</h2>
${scoreCharts(dist, order)}
<h2>Drawn hands</h2>
${drawn}
<h2>The largest win</h2>
${replay}
<h2>Manifest</h2>
<pre id="manifest">${esc(manifestText)}</pre>
</body></html>
`;
}
