/**
 * sprt.html (docs/outputs.md, "Pages"): a sequential test's page beside its sprt.csv: the verdict in a sentence,
 * the LLR's path against its two bounds (the test looks every few wall sets and stops at the first crossing), A's
 * mean net per hand over B with its 95% interval, raw and luck-adjusted, the command, and the manifest folded at the
 * foot (page.ts).
 */
import type { PairedInterval } from '../stats/paired.js';
import type { SprtState } from '../stats/sprt.js';
import { thousands } from '../text.js';
import { esc, page, signed, ticks } from './page.js';

/** The test as asked (mjlab sprt's options, src/league/sprt-run.ts). */
export interface SprtAsked {
  readonly a: string;
  readonly b: string;
  readonly rules: string;
  readonly delta: number;
  readonly alpha: number;
  readonly beta: number;
  /** Run the test on luck-adjusted wall-set outcomes (wallOutcome) instead of raw ones. */
  readonly adjust: boolean;
}

export interface SprtPageInput extends SprtAsked {
  readonly maxWalls: number;
  readonly state: SprtState;
  readonly path: readonly { n: number; llr: number }[];
  readonly raw: PairedInterval;
  readonly adjusted: PairedInterval | null;
  /** The command that plays the test again. */
  readonly command: string;
  readonly manifest: string | null;
}

function pathChart(s: SprtPageInput): string {
  const w = 760;
  const h = 320;
  const left = 56;
  const bottom = 40;
  const pts = [{ n: 0, llr: 0 }, ...s.path];
  const nMax = Math.max(...pts.map((p) => p.n), 1);
  const lo = Math.min(s.state.lower * 1.15, ...pts.map((p) => p.llr));
  const hi = Math.max(s.state.upper * 1.15, ...pts.map((p) => p.llr));
  const x = (n: number) => left + (n / nMax) * (w - left - 20);
  const y = (v: number) => 10 + ((hi - v) / (hi - lo || 1)) * (h - bottom - 10);
  const grid = ticks(lo, hi, 6).map((t) => `<line x1="${left}" x2="${w - 20}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="${t === 0 ? '#888' : '#eee'}"/>` +
    `<text x="${left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11">${t === 0 ? '0' : signed(t, 0)}</text>`);
  const xs = ticks(0, nMax, 8).map((t) => `<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="${h - bottom}" y2="${h - bottom + 4}" stroke="#888"/>` +
    `<text x="${x(t).toFixed(1)}" y="${h - bottom + 16}" text-anchor="middle" font-size="11">${thousands(t)}</text>`);
  const bound = (v: number, label: string, colour: string) => `<line x1="${left}" x2="${w - 20}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${colour}" stroke-width="2" stroke-dasharray="6 4"/>` +
    `<text x="${w - 24}" y="${(y(v) - 5).toFixed(1)}" text-anchor="end" font-size="12" fill="${colour}">${esc(label)} (${v.toFixed(2)})</text>`;
  const line = pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.n).toFixed(1)},${y(p.llr).toFixed(1)}`).join('');
  return `<svg class="chart" id="llr-path" role="img" aria-label="the LLR after each look against its bounds" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `${grid.join('')}${xs.join('')}${bound(s.state.upper, `upper bound: ${s.a} gains ${s.delta} (H1)`, '#2166ac')}${bound(s.state.lower, 'lower bound: gains nothing (H0)', '#b2182b')}` +
    `<path d="${line}" fill="none" stroke="#222" stroke-width="1.8"/>` +
    `<text x="${(left + w - 20) / 2}" y="${h - 6}" text-anchor="middle" font-size="11">wall sets played (${s.rules}; each is 4 hands)</text>` +
    `<text x="14" y="${(h - bottom) / 2}" text-anchor="middle" font-size="11" transform="rotate(-90 14 ${(h - bottom) / 2})">${s.adjust ? 'luck-adjusted ' : ''}LLR</text></svg>`;
}

export function sprtHtml(s: SprtPageInput): string {
  const v = s.state.verdict;
  const verdict = v === 'H1' ? `${s.a} gains ${s.delta} a hand over ${s.b} (H1)` : v === 'H0' ? `${s.a} gains nothing over ${s.b} (H0)` : `undecided after the most wall sets allowed (${thousands(s.maxWalls)})`;
  const iv = (p: PairedInterval) => `${signed(p.meanDiff, 2)} (95% ${signed(p.low, 2)} to ${signed(p.high, 2)})`;
  const body = `<p>${esc(s.a)} in one seat against three ${esc(s.b)} on duplicate walls under ${esc(s.rules)}, a sequential test of "gains nothing" against "gains ${s.delta} a hand" on ${s.adjust ? 'luck-adjusted' : 'raw'} wall-set outcomes, error rates ${s.alpha} and ${s.beta}.</p>
<p class="verdict" id="verdict">${esc(verdict)}: LLR ${s.state.llr.toFixed(2)} against bounds ${s.state.lower.toFixed(2)} and ${s.state.upper.toFixed(2)} after ${thousands(s.state.n)} wall sets (${thousands(4 * s.state.n)} hands).</p>
<h2>The LLR's path</h2>
${pathChart(s)}
<h2>${esc(s.a)} against ${esc(s.b)}, per hand</h2>
<table id="difference"><thead><tr><th>outcome</th><th>mean net over B, with its 95% interval</th></tr></thead><tbody>
<tr><td>raw</td><td>${iv(s.raw)}</td></tr>${s.adjusted ? `<tr><td>luck-adjusted</td><td>${iv(s.adjusted)}</td></tr>` : ''}</tbody></table>
<p>An interval read after a sequential test stops is not a fixed-size test's: it leans toward the bound crossed.</p>`;
  return page({ title: `mjlab sprt: ${s.a} against ${s.b}`, heading: `Sequential test: ${s.a} against ${s.b}`, body, command: s.command, manifest: s.manifest });
}
