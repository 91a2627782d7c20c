/**
 * league.html (docs/outputs.md, "Pages"): a league's page beside its CSVs, from the same analysis they are written
 * from (src/league/analyse.ts): the ratings with their 95% intervals, raw and luck-adjusted, as a table and a
 * chart; the payoff matrix as a heatmap (each cell i's mean net per hand in one seat against three j, its interval
 * on hover); the Nash mixture of the matrix's antisymmetric part and alpha-Rank's mass; the reproducing command;
 * the manifest folded at the foot (page.ts).
 */
import { nashOfAntisymmetric } from '../stats/nash.js';
import type { PairedInterval } from '../stats/paired.js';
import { ALPHA, POPULATION } from '../stats/ratings.js';
import { thousands } from '../text.js';
import { esc, page, signed, ticks } from './page.js';

/** What the page shows of a league (src/league/analyse.ts LeagueResult). */
export interface LeaguePageInput {
  readonly rules: string;
  readonly members: readonly string[];
  readonly wallSets: number;
  readonly matrix: readonly (readonly (PairedInterval | null)[])[];
  readonly ratings: readonly PairedInterval[];
  readonly ratingsAdjusted: readonly PairedInterval[] | null;
  readonly meanNet: readonly number[];
  readonly mass: readonly number[];
  readonly residual: number;
}

const RAW = '#1f77b4';
const ADJ = '#ff7f0e';

/** Each rating's interval as a bar on one axis (raw above, luck-adjusted below), in leaderboard order. */
function ratingChart(r: LeaguePageInput, order: readonly number[]): string {
  const w = 760;
  const left = 300;
  const rowH = r.ratingsAdjusted ? 30 : 20;
  const all = [...r.ratings, ...(r.ratingsAdjusted ?? [])];
  const lo = Math.min(0, ...all.map((g) => g.low));
  const hi = Math.max(0, ...all.map((g) => g.high));
  const x = (v: number) => left + ((v - lo) / (hi - lo || 1)) * (w - left - 20);
  const h = rowH * order.length + 44;
  const axis = ticks(lo, hi, 8).map((t) => `<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="6" y2="${h - 34}" stroke="${t === 0 ? '#888' : '#eee'}"/>` +
    `<text x="${x(t).toFixed(1)}" y="${h - 20}" text-anchor="middle" font-size="11">${t === 0 ? '0' : signed(t, 0)}</text>`);
  const bar = (g: PairedInterval, y: number, colour: string) =>
    `<line x1="${x(g.low).toFixed(1)}" x2="${x(g.high).toFixed(1)}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="2"/>` +
    `<circle cx="${x(g.meanDiff).toFixed(1)}" cy="${y}" r="3.5" fill="${colour}"/>`;
  const rows = order.map((i, k) => {
    const y = 10 + k * rowH;
    const adj = r.ratingsAdjusted?.[i];
    return `<text x="${left - 8}" y="${y + 8}" text-anchor="end" font-size="12">${esc(r.members[i]!)}</text>${bar(r.ratings[i]!, y + 4, RAW)}${adj ? bar(adj, y + 14, ADJ) : ''}`;
  });
  const legend = `<text x="${left}" y="${h - 4}" font-size="11"><tspan fill="${RAW}">● raw</tspan>${r.ratingsAdjusted ? `  <tspan fill="${ADJ}">● luck-adjusted</tspan>` : ''}  rating, points per hand, with 95% interval</text>`;
  return `<svg class="chart" id="rating-chart" role="img" aria-label="ratings with 95% intervals" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${axis.join('')}${rows.join('')}${legend}</svg>`;
}

/** A cell's colour: blue for a gain, red for a loss, the deeper the larger against the matrix's largest. */
function heat(v: number, max: number): string {
  const t = Math.min(1, Math.abs(v) / (max || 1));
  const [r, g, b] = v >= 0 ? [33, 102, 172] : [178, 24, 43];
  const mix = (c: number) => Math.round(255 + (c - 255) * t);
  return `rgb(${mix(r)},${mix(g)},${mix(b)})`;
}

function heatmap(r: LeaguePageInput, order: readonly number[]): string {
  const max = Math.max(...r.matrix.flatMap((row) => row.map((c) => (c ? Math.abs(c.meanDiff) : 0))));
  const head = order.map((j, k) => `<th title="${esc(r.members[j]!)}">${k + 1}</th>`).join('');
  const rows = order.map((i, k) => `<tr><th class="row">${k + 1}. ${esc(r.members[i]!)}</th>${order.map((j) => {
    const c = r.matrix[i]![j];
    if (!c) return '<td style="background:#f4f4f4">·</td>';
    const dark = Math.abs(c.meanDiff) > 0.55 * max;
    return `<td style="background:${heat(c.meanDiff, max)};color:${dark ? '#fff' : '#222'}" title="${esc(r.members[i]!)} against three ${esc(r.members[j]!)}: ${signed(c.meanDiff)} (95% ${signed(c.low)} to ${signed(c.high)})">${signed(c.meanDiff)}</td>`;
  }).join('')}</tr>`).join('');
  return `<table class="matrix" id="matrix"><thead><tr><th class="row">one seat ↓ against three →</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function leagueHtml(r: LeaguePageInput, o: { command: string; manifest: string | null; order: readonly number[] }): string {
  const means = r.members.map((_, i) => r.members.map((__, j) => (i === j ? 0 : r.matrix[i]![j]!.meanDiff)));
  const nash = nashOfAntisymmetric(means);
  const rows = o.order.map((i, k) => {
    const g = r.ratings[i]!;
    const a = r.ratingsAdjusted?.[i];
    return `<tr><td>${k + 1}</td><td>${esc(r.members[i]!)}</td><td>${signed(g.meanDiff)}</td><td>${signed(g.low)} to ${signed(g.high)}</td>` +
      `<td>${a ? `${signed(a.meanDiff)}` : '–'}</td><td>${a ? `${signed(a.low)} to ${signed(a.high)}` : '–'}</td><td>${signed(r.meanNet[i]!)}</td>` +
      `<td>${r.mass[i]!.toFixed(3)}</td><td>${nash.mass[i]!.toFixed(3)}</td></tr>`;
  }).join('');
  const body = `<p>${r.members.length} strategies, each in one seat against three of each other on the same ${thousands(r.wallSets)} duplicate wall sets a pairing. A rating is the expected net per hand against a table of average rating; intervals are 95% over wall sets.</p>
<h2>Ratings</h2>
<table id="ratings"><thead><tr><th>#</th><th>strategy</th><th>rating</th><th>95% interval</th><th>luck-adjusted</th><th>95% interval</th><th>mean net</th><th>alpha-rank</th><th>Nash</th></tr></thead><tbody>${rows}</tbody></table>
<p class="verdict" id="residual">The ratings leave ${(100 * r.residual).toFixed(1)}% of the matrix's antisymmetric part unexplained (a cycle, or interactions between strategies).</p>
${ratingChart(r, o.order)}
<h2>The payoff matrix</h2>
<p>Each cell: the row's mean net per hand in one seat against three of the column (blue a gain, red a loss; hover for its 95% interval).</p>
${heatmap(r, o.order)}
<h2>Who to play: Nash and alpha-Rank</h2>
<p id="nash">Nash: the equilibrium mixture of the matrix's antisymmetric part (a zero-sum game between two players each choosing a strategy), by fictitious play to within ${nash.gap.toFixed(3)} points per hand. alpha-Rank: the long-run share of a population of ${POPULATION} that adopts a strategy that beats it, alpha ${ALPHA} per point.</p>`;
  return page({ title: `mjlab league: ${r.rules}`, heading: `League under ${r.rules}`, body, command: o.command, manifest: o.manifest });
}
