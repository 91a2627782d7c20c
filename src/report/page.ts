/**
 * What every page mjlab writes beside its files shares (report.html, league.html, sprt.html; docs/outputs.md,
 * "Pages"): one self-contained document, no script and no external resource, so it opens from the disk, offline,
 * anywhere; the same style; the command that reproduces it; and the manifest folded away at the foot (its
 * provenance is there to check, not to read first).
 */
import { printable } from '../text.js';

/**
 * Text into the page: control characters shown as escapes (src/text.ts; line breaks kept, the manifest is shown
 * as written), markup characters as references.
 */
export const esc = (s: string): string => s.split('\n').map(printable).join('\n').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A signed number as the pages print it (a true minus sign); a dash when there is none. */
export const signed = (x: number, d = 1): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(d)}` : '–');

export const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');

export const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:980px;padding:0 16px;color:#222}
table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:right}
td:nth-child(2),th:nth-child(2){text-align:left}h1{font-size:22px}h2{font-size:18px;margin-top:28px}
.verdict{background:#f4f4f0;border-left:4px solid #888;padding:8px 12px}pre{background:#f6f6f6;padding:10px;overflow:auto;font-size:12px}
code{background:#f2f2f2;padding:1px 4px}figure{margin:8px 0}figcaption{font-size:13px}svg text{font-family:system-ui,sans-serif}
table.matrix td,table.matrix th{text-align:center;font-size:13px;padding:4px 6px}table.matrix th.row{text-align:left}
details{margin-top:28px}summary{cursor:pointer;font-weight:600}
#pairwise td,#pairwise th{white-space:nowrap}#pairwise td:first-child,#pairwise th:first-child{text-align:left}`;

/**
 * Round steps for an axis from `lo` to `hi`: about `count` ticks at 1, 2 or 5 times a power of ten, so a reader can
 * read a bar's value off the axis, not only its two ends.
 */
export function ticks(lo: number, hi: number, count = 6): number[] {
  const span = hi - lo;
  if (!(span > 0) || !Number.isFinite(span)) return [lo];
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/**
 * The page: a title, the body's sections, the reproducing command (when there is one) and the manifest folded
 * at the foot (`<details id="manifest">`, its JSON as written).
 */
export function page(o: { title: string; heading: string; body: string; command?: string; manifest: string | null }): string {
  const command = o.command ? `<h2>Reproduce</h2>\n<pre id="command">${esc(o.command)}</pre>\n` : '';
  const manifest = o.manifest === null ? '' : `<details id="manifest-fold"><summary>Manifest (what made these files)</summary><pre id="manifest">${esc(o.manifest)}</pre></details>\n`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(o.title)}</title><style>${STYLE}</style></head>
<body>
<h1>${esc(o.heading)}</h1>
${o.body}
${command}${manifest}</body></html>
`;
}
