/**
 * report.html (docs/outputs.md, "report.html"): written beside the CSVs of every simulate and merge output, self-contained (no
 * script, no request leaves the file), made from the run's own files; opened in headless Chromium, where what it
 * shows must equal summary.csv and totals.csv, and photographed (MJLAB_REPORT_SHOT=/tmp/x.png keeps the picture, and
 * /tmp/x-replay.png the largest win's replay page its link opens).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows } from '../../src/report/csv-read.js';
import { runCli } from '../helpers/cli.js';
import { describeWithTool } from '../support/optional.js';

const CHROMIUM = process.env.MJLAB_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const tmp = mkdtempSync(join(tmpdir(), 'mjlab-report-'));
/** The CLI in-process (test/helpers/cli.ts): its stdout, or an error with its stderr when it does not succeed. */
const mjlab = async (args: string[]): Promise<string> => {
  const r = await runCli(args);
  if (r.code !== 0) throw new Error(`mjlab ${args.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
};

let dup: string;
let plain: string;
beforeAll(async () => {
  dup = join(tmp, 'dup');
  plain = join(tmp, 'plain');
  await mjlab(['simulate', '--games', '80', '--duplicate', '--workers', '1', '--out', dup, '--no-progress', '--quiet']);
  await mjlab(['simulate', '--games', '40', '--games-csv', '--workers', '1', '--out', plain, '--no-progress', '--quiet']);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('report.html', () => {
  it('is written beside the CSVs of a simulate and of a merge, from their files, self-contained', async () => {
    await mjlab(['merge', '--out', join(tmp, 'merged'), dup, '--quiet']);
    for (const d of [dup, plain, join(tmp, 'merged')]) {
      const html = readFileSync(join(d, 'report.html'), 'utf8');
      expect(html).not.toMatch(/<script|<link|src=|href="http/);
      expect(html).toContain(readFileSync(join(d, 'manifest.json'), 'utf8').replace(/"/g, '&#34;').split('\n')[1]);
    }
    // The largest win: from games.csv, the game of the highest winning score, and the command that replays it.
    const games = csvRows(readFileSync(join(plain, 'games.csv'), 'utf8')).filter((r) => r.winner_strategy);
    const top = Math.max(...games.map((r) => Number(r.winner_score)));
    const g = games.find((r) => Number(r.winner_score) === top)!;
    expect(readFileSync(join(plain, 'report.html'), 'utf8')).toContain(`node bin/mjlab.js replay --run ${plain} --game ${g.game}`);
  });

  it('links to the largest win\'s replay page beside it: the replay viewer\'s page of that game, byte for byte', async () => {
    await mjlab(['merge', '--out', join(tmp, 'merged2'), dup, '--quiet']);
    for (const d of [dup, plain, join(tmp, 'merged2')]) {
      const html = readFileSync(join(d, 'report.html'), 'utf8');
      const game = Number(/<p id="largest-win">Game (\d+):/.exec(html)![1]);
      expect(html).toContain('<a id="largest-win-link" href="largest-win.html">');
      // The command stays beside the link, and it makes the very page linked (nothing the viewer would not show).
      const cmd = `node bin/mjlab.js replay --run ${d} --game ${game} --html ${join(d, 'largest-win.html')}`;
      expect(html).toContain(cmd);
      const again = join(tmp, `again-${game}.html`);
      await mjlab(['replay', '--run', d, '--game', String(game), '--html', again]);
      expect(readFileSync(join(d, 'largest-win.html'), 'utf8')).toBe(readFileSync(again, 'utf8'));
    }
  });

  it('a shard\'s largest win from nets.bin is named by its game in the run, not by its row in the shard\'s file', async () => {
    const shard = join(tmp, 'shard');
    await mjlab(['simulate', '--games', '80', '--duplicate', '--shard', '2/2', '--workers', '1', '--out', shard, '--no-progress', '--quiet']);
    const m = /<p id="largest-win">Game (\d+): (\S+) gained (-?\d+) points/.exec(readFileSync(join(shard, 'report.html'), 'utf8'))!;
    const game = Number(m[1]);
    expect(game).toBeGreaterThanOrEqual(40); // the shard's games are 40..79
    const record = JSON.parse(await mjlab(['replay', '--run', shard, '--game', String(game), '--json']));
    const best = Math.max(...record.result.nets);
    expect(best).toBe(Number(m[3]));
    expect(record.strategies[record.result.nets.indexOf(best)]).toBe(m[2]);
  });
});

const MISSING = existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing`;
const ENABLE = "apt-get install chromium (Debian's; .ci/run installs it), or MJLAB_CHROMIUM=/path/to/chromium";

describeWithTool('report.html in headless Chromium', MISSING, ENABLE, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
  });
  afterAll(async () => browser?.close());

  it('shows the leaderboard of summary.csv, its sentence, charts, drawn hands and the manifest, with no request', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) errors.push(`network request: ${r.url()}`);
    });
    await page.goto(pathToFileURL(join(dup, 'report.html')).href);
    const rows = await page.$$eval('#leaderboard tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const summary = csvRows(readFileSync(join(dup, 'summary.csv'), 'utf8'));
    const ranked = [...summary].sort((a, b) => Number(b.mean_net) - Number(a.mean_net));
    expect(rows.map((r) => r[1])).toEqual(ranked.map((r) => r.strategy));
    for (const [i, r] of rows.entries()) expect(Number(r[2]!.replace('−', '-'))).toBeCloseTo(Number(ranked[i]!.mean_net), 1);
    expect(await page.textContent('#verdict')).toMatch(/paired test on the same walls/);
    expect(await page.$$eval('svg.chart', (s) => s.length)).toBe(1 + summary.length);
    const totals = csvRows(readFileSync(join(dup, 'totals.csv'), 'utf8'))[0]!;
    expect(await page.textContent('#drawn')).toContain(`${totals.drawn_hands} of ${totals.hands} hands were drawn`);
    expect(JSON.parse((await page.textContent('#manifest'))!)).toEqual(JSON.parse(readFileSync(join(dup, 'manifest.json'), 'utf8')));
    expect(await page.textContent('#largest-win')).toMatch(/^Game \d+: /);
    const shot = await page.screenshot({ fullPage: true, ...(process.env.MJLAB_REPORT_SHOT ? { path: process.env.MJLAB_REPORT_SHOT } : {}) });
    expect(shot.length).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the largest win\'s link opens its replay from the disk: the game\'s hand at the table, played to its end', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) errors.push(`network request: ${r.url()}`);
    });
    await page.goto(pathToFileURL(join(plain, 'report.html')).href);
    const game = Number(/^Game (\d+):/.exec((await page.textContent('#largest-win'))!)![1]);
    await page.click('#largest-win-link');
    await page.waitForURL(/\/largest-win\.html$/);
    const record = JSON.parse(await mjlab(['replay', '--run', plain, '--game', String(game), '--json']));
    expect(await page.title()).toBe(`mjlab replay: harr, seed 1, game ${game}`);
    expect(await page.locator('.side').count()).toBe(record.players);
    await page.keyboard.press('End');
    const res = page.locator('#result');
    expect(await res.isVisible()).toBe(true);
    const last = record.hands[record.hands.length - 1].result;
    expect(await res.getAttribute('data-winner-seat')).toBe(String(last.winner_seat));
    expect(await res.getAttribute('data-winner-score')).toBe(String(last.winner_score));
    // The largest win of games.csv is this game's win.
    const row = csvRows(readFileSync(join(plain, 'games.csv'), 'utf8')).find((r) => Number(r.game) === game)!;
    expect(String(last.winner_score)).toBe(row.winner_score);
    const shot = await page.screenshot({ ...(process.env.MJLAB_REPORT_SHOT ? { path: process.env.MJLAB_REPORT_SHOT.replace(/(\.png)?$/, '-replay.png') } : {}) });
    expect(shot.length).toBeGreaterThan(10_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
