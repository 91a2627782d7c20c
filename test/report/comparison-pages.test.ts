/**
 * A page for every comparison (docs/outputs.md, "Pages"): a league writes league.html (ratings with intervals, raw
 * and luck-adjusted, the payoff matrix as a heatmap, Nash and alpha-Rank, the reproducing command), sprt writes
 * sprt.html (the LLR's path against its bounds, the verdict), a --duplicate run's report.html shows the pairwise
 * table with its intervals; every page folds the manifest at its foot and labels its axes. Opened in headless
 * Chromium, where what each shows must equal its CSVs; the pictures in docs/ are these (MJLAB_DOCS_PICTURES=1).
 * And report.html and the largest win's page have one writer, src/report/pages.ts.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows } from '../../src/report/csv-read.js';
import { nashOfAntisymmetric } from '../../src/stats/nash.js';
import { shellWord } from '../../src/text.js';
import { runCli } from '../helpers/cli.js';
import { docsPicture } from '../support/docs-picture.js';
import { describeWithTool } from '../support/optional.js';
import { ROOT, tempDir } from '../runner/helpers.js';

const CHROMIUM = process.env.MJLAB_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const mjlab = async (args: string[]): Promise<string> => {
  const r = await runCli(args);
  if (r.code !== 0) throw new Error(`mjlab ${args.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
};
const num = (s: string | null | undefined) => Number((s ?? '').replace('−', '-'));

let tmp: string;
let league: string;
let sprt: string;
let dup: string;
beforeAll(async () => {
  tmp = tempDir('pages');
  league = join(tmp, 'league');
  sprt = join(tmp, 'sprt');
  dup = join(tmp, 'dup');
  await mjlab(['league', '--rules', 'harr', '--strategies', 'random,greedy,chow-mixer,harr', '--games', '80', '--workers', '1', '--out', league, '--no-progress']);
  await mjlab(['sprt', 'greedy', 'random', '--rules', 'harr', '--delta', '20', '--adjust', '--workers', '1', '--out', sprt, '--no-progress']);
  await mjlab(['simulate', '--games', '200', '--duplicate', '--workers', '1', '--out', dup, '--no-progress', '--quiet']);
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the pages', () => {
  it('are written beside their CSVs, self-contained, with the manifest folded at the foot', () => {
    for (const f of [join(league, 'league.html'), join(sprt, 'sprt.html'), join(dup, 'report.html')]) {
      const html = readFileSync(f, 'utf8');
      expect(html).not.toMatch(/<script|<link|src=|href="http/);
      const fold = html.indexOf('<details id="manifest-fold">');
      expect(fold, f).toBeGreaterThan(0);
      expect(html.slice(fold)).toMatch(/^<details id="manifest-fold"><summary>[^<]+<\/summary><pre id="manifest">[^<]+<\/pre><\/details>\n<\/body><\/html>\n$/);
    }
  });

  it('a run\'s report.html and largest-win.html have one writer', () => {
    const writers: string[] = [];
    const walk = (d: string) => {
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (n.endsWith('.ts') && /(write|writeAtomic)\([^)]*(REPORT_FILE|LARGEST_WIN_PAGE|'report\.html'|'largest-win\.html')/.test(readFileSync(p, 'utf8'))) writers.push(p.slice(ROOT.length + 1));
      }
    };
    walk(join(ROOT, 'src'));
    expect(writers).toEqual(['src/report/pages.ts']);
  });

  it('Nash is the equilibrium of the antisymmetric part: rock, paper, scissors mixes evenly; a dominant strategy takes all', () => {
    const rps = nashOfAntisymmetric([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]);
    for (const m of rps.mass) expect(m).toBeCloseTo(1 / 3, 2);
    expect(rps.gap).toBeLessThan(0.01);
    const dominant = nashOfAntisymmetric([[0, 2, 3], [-1, 0, 1], [-3, -2, 0]]);
    expect(dominant.mass[0]).toBeCloseTo(1, 3);
  });
});

const MISSING = existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing`;
const ENABLE = "apt-get install chromium (Debian's; .ci/run installs it), or MJLAB_CHROMIUM=/path/to/chromium";

describeWithTool('the comparison pages in headless Chromium', MISSING, ENABLE, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
  });
  afterAll(async () => browser?.close());

  async function open(file: string, width = 1000): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) errors.push(`network request: ${r.url()}`);
    });
    await page.goto(pathToFileURL(file).href);
    return { page, errors };
  }

  it('league.html: the ratings of league.csv, the matrix of matrix.csv as a heatmap, Nash and alpha-Rank, the command', async () => {
    const { page, errors } = await open(join(league, 'league.html'));
    const rows = await page.$$eval('#ratings tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const csv = csvRows(readFileSync(join(league, 'league.csv'), 'utf8'));
    expect(rows.map((r) => r[1])).toEqual(csv.map((r) => r.strategy));
    rows.forEach((r, i) => {
      expect(num(r[2])).toBeCloseTo(Number(csv[i]!.rating), 1);
      expect(r[3]).toMatch(/^[+−]\d+\.\d to [+−]\d+\.\d$/);
      expect(num(r[4])).toBeCloseTo(Number(csv[i]!.rating_adjusted), 1);
      expect(Number(r[7])).toBeCloseTo(Number(csv[i]!.alpharank_mass), 3);
    });
    const nash = rows.map((r) => Number(r[8]));
    expect(nash.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    // The heatmap: one cell per ordered pair, each the matrix.csv mean with its interval on hover, coloured.
    const cells = await page.$$eval('#matrix tbody td[title]', (tds) => tds.map((td) => ({ text: td.textContent ?? '', title: td.getAttribute('title') ?? '', bg: td.getAttribute("style") ?? "" })));
    const matrix = csvRows(readFileSync(join(league, 'matrix.csv'), 'utf8'));
    expect(cells).toHaveLength(matrix.length);
    for (const m of matrix) {
      const c = cells.find((x) => x.title.startsWith(`${m.strategy} against three ${m.opponent}:`))!;
      expect(num(c.text)).toBeCloseTo(Number(m.mean_net), 1);
      expect(c.bg).toMatch(/^background:rgb/);
    }
    expect(await page.textContent('#command')).toBe(JSON.parse(readFileSync(join(league, 'manifest.json'), 'utf8')).reproduce);
    expect(await page.isVisible('#manifest')).toBe(false);
    expect(await page.$$eval('#rating-chart text', (t) => t.length)).toBeGreaterThan(8);
    const shot = await page.screenshot({ fullPage: true, ...docsPicture('league-page.png') });
    expect(shot.length).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sprt.html: the verdict of sprt.csv, the LLR path ending where the test stopped, against its bounds', async () => {
    const { page, errors } = await open(join(sprt, 'sprt.html'));
    const row = csvRows(readFileSync(join(sprt, 'sprt.csv'), 'utf8'))[0]!;
    const verdict = (await page.textContent('#verdict'))!;
    expect(verdict).toContain(row.verdict === 'H1' ? 'gains 20 a hand over random (H1)' : '(H0)');
    expect(verdict).toContain(`LLR ${Number(row.llr).toFixed(2)} against bounds ${Number(row.llr_lower).toFixed(2)} and ${Number(row.llr_upper).toFixed(2)} after ${row.wall_sets} wall sets`);
    const labels = await page.$$eval('#llr-path text', (t) => t.map((x) => x.textContent ?? ''));
    expect(labels.some((l) => l.startsWith('upper bound') && l.includes(Number(row.llr_upper).toFixed(2)))).toBe(true);
    expect(labels.some((l) => l.startsWith('lower bound'))).toBe(true);
    expect(labels).toContain(row.wall_sets);
    expect(await page.textContent('#difference')).toContain(`+${Number(row.mean_net).toFixed(2)}`);
    expect(await page.textContent('#command')).toBe(`node bin/mjlab.js sprt greedy random --rules harr --delta 20 --alpha 0.05 --beta 0.05 --adjust --max-games 40000 --seed 1 --out ${shellWord(sprt)}`);
    const shot = await page.screenshot({ fullPage: true, ...docsPicture('sprt-page.png') });
    expect(shot.length).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('report.html of a --duplicate run: the pairwise table of pairwise.csv with its intervals; histograms with score and share axes', async () => {
    const { page, errors } = await open(join(dup, 'report.html'));
    const rows = await page.$$eval('#pairwise tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const csv = csvRows(readFileSync(join(dup, 'pairwise.csv'), 'utf8'));
    expect(rows).toHaveLength(csv.length);
    rows.forEach((r, i) => {
      expect([r[0], r[1]]).toEqual([csv[i]!.strategy_a, csv[i]!.strategy_b]);
      expect(num(r[3])).toBeCloseTo(Number(csv[i]!.mean_net_diff), 2);
      expect(r[4]).toBe(`${num(csv[i]!.diff_low) >= 0 ? '+' : '−'}${Math.abs(Number(csv[i]!.diff_low)).toFixed(2)} to ${num(csv[i]!.diff_high) >= 0 ? '+' : '−'}${Math.abs(Number(csv[i]!.diff_high)).toFixed(2)}`);
    });
    // Every histogram labels more of its score axis than 0 and the maximum, and its share axis.
    const axes = await page.$$eval('figure svg', (svgs) => svgs.map((s) => [...s.querySelectorAll('text')].map((t) => t.textContent ?? '')));
    expect(axes.length).toBeGreaterThan(0);
    for (const t of axes) {
      expect(t.filter((x) => /^\d+$/.test(x)).length).toBeGreaterThanOrEqual(4);
      expect(t.some((x) => /%$/.test(x))).toBe(true);
      expect(t.some((x) => x.startsWith('winning score'))).toBe(true);
    }
    expect(await page.isVisible('#manifest')).toBe(false);
    await page.click('#manifest-fold summary');
    expect(await page.isVisible('#manifest')).toBe(true);
    const shot = await page.screenshot({ fullPage: true, ...docsPicture('report-screenshot.png') });
    expect(shot.length).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
