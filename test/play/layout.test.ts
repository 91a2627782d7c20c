/**
 * The play page's layout and labels, at 1400×900 in headless Chromium: each name plate sits by
 * its own row (nearer its seat's hand than any other), a match's plates say what their number is, and when a hand
 * ends its score breakdown is scrolled into the window.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithTool } from '../support/optional.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.MJLAB_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const MISSING = existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing`;
const ENABLE = "apt-get install chromium (Debian's; .ci/run installs it), or MJLAB_CHROMIUM=/path/to/chromium";

describeWithTool('mjlab play page layout in headless Chromium', MISSING, ENABLE, () => {
  let browser: Browser;
  let child: ChildProcess;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mjlab-play-layout-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
    child = spawn(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'play', '--port', '0', '--seed', '3', '--unit', 'match', '--record-dir', dir, '--strategies', 'greedy'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    url = await new Promise<string>((done, fail) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /^mjlab play: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out);
        if (m) done(m[1]!);
      });
      child.on('exit', (code) => fail(new Error(`mjlab play exited ${code}: ${out}`)));
    });
  });
  afterAll(async () => {
    await browser?.close();
    child?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function step(page: Page): Promise<void> {
    const before = await page.locator('#status').getAttribute('data-token');
    const phase = await page.locator('#status').getAttribute('data-phase');
    if (phase === 'turn') await page.locator('.side.you .t.own.playable').first().click();
    else await page.locator('#actions button').last().click();
    await page.waitForFunction((t) => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null; body: { dataset: Record<string, string> } } }).document;
      return d.body.dataset.busy === 'false' && d.querySelector('#status')!.getAttribute('data-token') !== t;
    }, before, { timeout: 10_000 });
  }

  it('plates by their rows, labelled match scores, the breakdown in view at the end of a hand', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });

    // Each plate is nearer its own seat's hand row than any other seat's.
    const geometry = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ getAttribute(a: string): string | null; getBoundingClientRect(): { x: number; y: number; width: number; height: number } }> } }).document;
      const centre = (r: { x: number; y: number; width: number; height: number }) => [r.x + r.width / 2, r.y + r.height / 2];
      const hands = Array.from(d.querySelectorAll('.side')).map((s) => ({ seat: s.getAttribute('data-seat'), box: (s as unknown as { querySelector(q: string): { getBoundingClientRect(): { x: number; y: number; width: number; height: number } } }).querySelector('.hand').getBoundingClientRect() }));
      return Array.from(d.querySelectorAll('.plate')).map((p) => {
        const [px, py] = centre(p.getBoundingClientRect());
        const dist = hands.map((h) => {
          const dx = Math.max(h.box.x - px!, 0, px! - (h.box.x + h.box.width));
          const dy = Math.max(h.box.y - py!, 0, py! - (h.box.y + h.box.height));
          return { seat: h.seat, d: Math.hypot(dx, dy) };
        }).sort((a, b) => a.d - b.d);
        return { seat: p.getAttribute('data-seat'), nearest: dist[0]!.seat, margin: dist[1]!.d - dist[0]!.d };
      });
    });
    expect(geometry).toHaveLength(4);
    for (const g of geometry) {
      expect(g.nearest, `plate of seat ${g.seat}`).toBe(g.seat);
      expect(g.margin).toBeGreaterThan(40);
    }
    // A match's plates say what their number is.
    const cums = await page.locator('.plate .cum').allTextContents();
    expect(cums).toHaveLength(4);
    for (const c of cums) expect(c).toMatch(/^match score -?\d+$/);

    for (let i = 0; i < 400 && (await page.locator('#status').getAttribute('data-status')) === 'decide'; i++) await step(page);
    expect(await page.locator('#status').getAttribute('data-status')).not.toBe('decide');
    const box = await page.locator('#scores .hand-score').last().evaluate((e) => {
      const r = (e as unknown as { getBoundingClientRect(): { top: number; bottom: number } }).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeLessThan(900);
    await page.screenshot({ path: join(tmpdir(), 'mjlab-play-layout.png') });
    await page.close();
  });
});
