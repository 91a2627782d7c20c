/**
 * Replay viewer end to end (docs/replay.md): `mjlab replay ... --html FILE` from the built CLI,
 * opened in headless Chromium (Debian's chromium driven by playwright-core) from a file:// URL. Keyboard only:
 * → to a middle move, whose live wall and river must equal what the record's events imply (computed here from the
 * events directly, not with the viewer's own code); → to the end, where the shown final hands, winner, hand score,
 * score breakdown and settlement must equal the record (`mjlab replay --json` for the same arguments).
 * Where Debian's chromium is missing the suite is skipped with a line saying how to enable it, and required (it fails)
 * where CI is set or MJLAB_E2E=1 (test/support/optional.ts; .ci/run installs chromium). MJLAB_CHROMIUM names
 * another binary. A chromium that is there but cannot launch fails the test with a message saying so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { replayRecord } from '../../src/cli/replay-command.js';
import type { GameRecord } from '../../src/record/record.js';
import type { Review } from '../../src/coach/review.js';
import { formatMeld, parseHand } from '../../src/tiles/notation.js';
import { tileCode } from '../../src/tiles/tile.js';
import { describeWithTool } from '../support/optional.js';
import { docsPicture } from '../support/docs-picture.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.MJLAB_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let browser: Browser;
let dir: string;

function cli(args: string[]): string {
  return execFileSync(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'replay', ...args], { cwd: ROOT, encoding: 'utf8' });
}

/** The page and the record for the same replay arguments, both from the built CLI. */
async function open(args: string[], name: string): Promise<{ page: Page; record: GameRecord }> {
  const file = join(dir, `${name}.html`);
  const note = cli([...args, '--html', file]);
  expect(note).toMatch(/^wrote .*\.html/);
  // The record as `--json` prints it, built in-process by the same function (the last test checks the page's
  // embedded copy against the CLI's --json output itself).
  const record = JSON.parse(JSON.stringify(await replayRecord(replayArgs(args)))) as GameRecord;
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith('file:')) errors.push(`network request: ${r.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
  expect(errors).toEqual([]);
  return { page, record };
}

/** CLI replay arguments as the replay command's options object. */
function replayArgs(args: readonly string[]): Parameters<typeof replayRecord>[0] {
  const get = (k: string): string | undefined => {
    const i = args.indexOf(`--${k}`);
    return i < 0 ? undefined : args[i + 1];
  };
  return {
    rules: get('rules')!,
    strategies: get('strategies')!,
    seed: Number(get('seed')),
    game: Number(get('game')),
    players: Number(get('players') ?? 4),
    unit: get('unit') ?? 'hand',
    flowers: args.includes('--flowers'),
    duplicate: false,
  };
}

const sorted = (xs: string[]): string[] => xs.slice().sort();

async function shownStep(page: Page): Promise<number> {
  return Number(await page.locator('#step').getAttribute('data-step'));
}

async function tilesIn(page: Page, seat: number, role: string): Promise<string[]> {
  return page.locator(`.side[data-seat="${seat}"] [data-role="${role}"] .t`).evaluateAll((els) => els.map((e) => e.getAttribute('data-tile') ?? ''));
}

/** Final hands, winner, score breakdown and settlement shown for the last hand equal the record. */
async function expectFinal(page: Page, record: GameRecord): Promise<void> {
  const h = record.hands.length - 1;
  const hr = record.hands[h]!;
  const res = page.locator('#result');
  await expect(res.isVisible()).resolves.toBe(true);
  expect(await res.getAttribute('data-hand')).toBe(String(h));
  expect(await res.getAttribute('data-winner-seat')).toBe(hr.result.winner_seat === null ? '' : String(hr.result.winner_seat));
  if (hr.result.winner_seat !== null) {
    expect(await res.getAttribute('data-winner-score')).toBe(String(hr.result.winner_score));
    expect(await res.getAttribute('data-win-by')).toBe(hr.result.win_by);
  }
  let scored = 0;
  for (const ev of hr.events) {
    if (ev.e === 'score') {
      scored++;
      const spec = parseHand(ev.hand);
      const concealed = spec.concealed.map(tileCode);
      if (spec.winning !== null) concealed.push(tileCode(spec.winning));
      expect(sorted(await tilesIn(page, ev.seat, 'concealed')), `seat ${ev.seat} concealed`).toEqual(sorted(concealed));
      const melds = await page.locator(`.side[data-seat="${ev.seat}"] .meld`).evaluateAll((els) => els.map((e) => e.getAttribute('data-meld') ?? ''));
      expect(sorted(melds.map((m) => formatMeld(parseHand(m).melds[0]!))), `seat ${ev.seat} melds`).toEqual(sorted(spec.melds.map(formatMeld)));
      const flowers = await page.locator(`.plate[data-seat="${ev.seat}"] [data-role="flowers"] .t`).evaluateAll((els) => els.map((e) => e.getAttribute('data-tile') ?? ''));
      expect(sorted(flowers)).toEqual(sorted(spec.bonus.map(tileCode)));
      const row = page.locator(`.hand-score[data-hand="${h}"] [data-score-seat="${ev.seat}"]`);
      expect(await row.getAttribute('data-score')).toBe(String(ev.score));
      expect(await row.getAttribute('data-hand-notation')).toBe(ev.hand);
      // the book-style lines, in order
      const lines = await row.locator('tr.line td:first-child').allTextContents();
      expect(lines).toEqual(ev.lines.length ? ev.lines.map((l) => l.label) : ['—']);
    }
    if (ev.e === 'settle') {
      for (const [seat, net] of ev.nets.entries()) {
        expect(await page.locator(`.hand-score[data-hand="${h}"] [data-net-seat="${seat}"]`).getAttribute('data-net')).toBe(String(net));
      }
    }
  }
  expect(scored).toBe(hr.events.filter((e) => e.e === 'score').length);
}

const MISSING = existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing`;
const ENABLE = "apt-get install chromium (Debian's; .ci/run installs it), or MJLAB_CHROMIUM=/path/to/chromium";

describeWithTool('replay viewer in headless Chromium', MISSING, ENABLE, () => {
  beforeAll(async () => {
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
    } catch (e) {
      throw new Error(`replay viewer e2e: headless Chromium (${CHROMIUM}) could not launch: ${(e as Error).message}`);
    }
    dir = mkdtempSync(join(tmpdir(), 'mjlab-viewer-'));
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('harr seed 1: keyboard to a middle move (wall, rivers) and to the end (hands, winner, score)', async () => {
    const args = ['--rules', 'harr', '--strategies', 'greedy,greedy,random,random', '--seed', '1', '--game', '0'];
    const { page, record } = await open(args, 'harr-1');
    const events = record.hands[0]!.events;
    expect(record.flowers).toBe(false); // so every wall change is a reported draw
    expect(await shownStep(page)).toBe(0);
    // The table as first drawn, whole: stepping redraws only the seats that changed (widgets.ts patch), so after the
    // walk to the end and back it must be this again, element for element.
    const table = () => page.evaluate(() => ['table-sides', 'scores'].map((id) => (globalThis as any).document.getElementById(id).innerHTML as string));
    const first = await table();

    // A middle step: the move k events in.
    const k = Math.floor(events.length / 2);
    for (let i = 0; i < k; i++) await page.keyboard.press('ArrowRight');
    expect(await shownStep(page)).toBe(k);
    let wall = -1;
    const rivers: { tile: string; claimedBy: number | null }[][] = record.strategies.map(() => []);
    for (const ev of events.slice(0, k + 1)) {
      if (ev.e === 'deal' || ev.e === 'draw' || ev.e === 'loose') wall = ev.wall;
      if (ev.e === 'discard') rivers[ev.seat]!.push({ tile: ev.tile, claimedBy: null });
      if (ev.e === 'claim' || (ev.e === 'mahjong' && ev.by === 'discard' && ev.from !== null)) {
        rivers[ev.from!]!.at(-1)!.claimedBy = ev.seat;
      }
    }
    expect(await page.locator('#wall').getAttribute('data-wall')).toBe(String(wall));
    expect((await page.locator('#wall').textContent())?.trim()).toBe(String(wall));
    for (let seat = 0; seat < record.players; seat++) {
      const shown = await page
        .locator(`.side[data-seat="${seat}"] [data-role="discards"] .t`)
        .evaluateAll((els) => els.map((e) => ({ tile: e.getAttribute('data-tile'), by: e.getAttribute('data-claimed-by') })));
      expect(shown, `seat ${seat} river at move ${k}`).toEqual(rivers[seat]!.map((d) => ({ tile: d.tile, by: d.claimedBy === null ? '' : String(d.claimedBy) })));
    }
    expect(rivers.some((r) => r.length > 0)).toBe(true);
    // the move list highlights the current move
    expect(await page.locator('#moves li.current').getAttribute('data-step')).toBe(String(k));
    // tile code on hover
    expect(await page.locator('.side[data-seat="0"] [data-role="concealed"] .t').first().getAttribute('title')).toMatch(/^[1-9][mpsz] — /);
    // step back and forward again
    await page.keyboard.press('ArrowLeft');
    expect(await shownStep(page)).toBe(k - 1);
    await page.keyboard.press('ArrowRight');

    // To the end, one move at a time.
    for (let i = k; i < events.length - 1; i++) await page.keyboard.press('ArrowRight');
    expect(await shownStep(page)).toBe(events.length - 1);
    await page.keyboard.press('ArrowRight'); // already at the end: stays
    expect(await shownStep(page)).toBe(events.length - 1);
    expect(record.result.winner_seat).not.toBeNull();
    await expectFinal(page, record);

    // Home, then space plays and space pauses.
    await page.keyboard.press('Home');
    expect(await shownStep(page)).toBe(0);
    expect(await table()).toEqual(first);
    await page.locator('#speed').selectOption('80');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(' ');
    expect(await page.locator('#play').getAttribute('data-playing')).toBe('true');
    await page.waitForFunction("Number(document.querySelector('#step').getAttribute('data-step')) >= 3", null, { timeout: 5000 });
    await page.keyboard.press(' ');
    expect(await page.locator('#play').getAttribute('data-playing')).toBe('false');
    const paused = await shownStep(page);
    await page.waitForTimeout(300);
    expect(await shownStep(page)).toBe(paused);
    await page.close();
  });

  it('3 players (code500, flowers) and a 2-player table: End shows the record final position', async () => {
    for (const [name, args] of [
      ['code500-3p', ['--rules', 'code500', '--strategies', 'greedy,random,greedy', '--players', '3', '--seed', '3', '--game', '1']],
      ['babcock-2p', ['--rules', 'babcock', '--strategies', 'greedy,random', '--players', '2', '--seed', '9', '--game', '2']],
    ] as const) {
      const { page, record } = await open([...args], name);
      expect(await page.locator('.side').count()).toBe(record.players);
      await page.keyboard.press('End');
      await expectFinal(page, record);
      await page.close();
    }
  });

  it('a match record: hand selector, every hand scored at the end, final scores', async () => {
    const args = ['--rules', 'babcock', '--strategies', 'greedy,greedy,greedy,greedy', '--unit', 'match', '--seed', '2', '--game', '0'];
    const { page, record } = await open(args, 'match');
    expect(record.hands.length).toBeGreaterThan(1);
    expect(await page.locator('#hand-select option').count()).toBe(record.hands.length);
    expect(await page.locator('#moves li.hand-head').count()).toBe(record.hands.length);
    await page.keyboard.press('PageDown');
    const second = record.hands[0]!.events.length;
    expect(await shownStep(page)).toBe(second);
    await page.keyboard.press('End');
    await expectFinal(page, record);
    const decided = record.hands.filter((h) => h.events.some((e) => e.e === 'mahjong' || e.e === 'exhausted')).length;
    expect(await page.locator('.hand-score').count()).toBe(decided);
    const final = await page.locator('[data-role="final-scores"]').textContent();
    for (const s of record.result.final_scores) expect(final).toContain(String(s));
    await page.close();
  });

  it('a match: the name plates keep the running score, and PgUp/PgDn go by hand with the slider focused', async () => {
    // A record whose plates once said 2532 / -20 / -1254 / -1258 at the end, the final line 4684 /
    // 1932 / 706 / 678 (they started from 0 and left out the hand just shown).
    const args = ['--rules', 'babcock', '--strategies', 'greedy,greedy,random,random', '--unit', 'match', '--seed', '2', '--game', '0'];
    const { page, record } = await open(args, 'match-plates');
    const plates = () => page.locator('.plate .cum').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-score'))));
    const plateOf = async () => {
      const seats = await page.locator('.plate').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seat'))));
      const scores = await plates();
      return seats.map((_, i) => scores[seats.indexOf(i)]!);
    };
    expect(await plateOf()).toEqual([2000, 2000, 2000, 2000]); // Babcock: 2,000 each to start
    // The last move of the first hand (its settlement): the first hand is in.
    const firstLen = record.hands[0]!.events.length;
    for (let i = 0; i < firstLen - 1; i++) await page.keyboard.press('ArrowRight');
    expect(await shownStep(page)).toBe(firstLen - 1);
    expect(await plateOf()).toEqual(record.hands[0]!.result.nets.map((n) => 2000 + n));
    await page.keyboard.press('End');
    expect(await plateOf()).toEqual([4684, 1932, 706, 678]);
    expect(record.result.final_scores).toEqual([4684, 1932, 706, 678]);

    // The slider focused: PgDn is the next hand, PgUp the previous one, as everywhere else on the page.
    await page.keyboard.press('Home');
    await page.locator('#slider').focus();
    const starts = record.hands.map((_, h) => record.hands.slice(0, h).reduce((n, hr) => n + hr.events.length, 0));
    await page.keyboard.press('PageDown');
    expect(await shownStep(page)).toBe(starts[1]);
    await page.keyboard.press('PageDown');
    expect(await shownStep(page)).toBe(starts[2]);
    await page.keyboard.press('PageUp');
    expect(await shownStep(page)).toBe(starts[1]);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe('slider');
    expect(await page.locator('#slider').inputValue()).toBe(String(starts[1]));
    await page.close();
  });

  it('embeds the record safely and needs nothing from the network', () => {
    const file = join(dir, 'harr-1-again.html');
    cli(['--rules', 'harr', '--strategies', 'greedy,greedy,random,random', '--seed', '1', '--game', '0', '--html', file]);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    const json = /<script type="application\/json" id="mjlab-record">([^]*?)<\/script>/.exec(html)![1]!;
    const record = JSON.parse(cli(['--rules', 'harr', '--strategies', 'greedy,greedy,random,random', '--seed', '1', '--game', '0', '--json']));
    expect(JSON.parse(json)).toEqual(record);
  });
  it('the review page: a panel per decision of the seat (bars with intervals, played and coach marked), n / p to the mistakes; a picture in docs/', async () => {
    const rec = join(dir, 'review-game.json');
    // East plays at random against three harr: a hand with a mistake the coach is sure of at this budget.
    writeFileSync(rec, cli(['--rules', 'harr', '--strategies', 'random,harr,harr,harr', '--seed', '9', '--game', '0', '--json']));
    const file = join(dir, 'review.html');
    const review = JSON.parse(
      execFileSync(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'review', '--record', rec, '--seat', 'E', '--coach', 'search:budget=96', '--html', file, '--json'], { cwd: ROOT, encoding: 'utf8' }),
    ) as Review;
    const mistakes = review.decisions.filter((d) => d.mistake);
    expect(mistakes.length).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
    const event = async (): Promise<string> => (await page.locator('#moves li.current').getAttribute('data-event')) ?? '';
    // Step through the hand: at each decision of E (the event it answers), its panel; elsewhere none.
    const byEvent = new Map(review.decisions.map((d) => [String(d.event), d]));
    const total = Number(await page.locator('#step').getAttribute('data-total'));
    let panels = 0;
    for (let i = 0; i < total; i++) {
      const d = byEvent.get(await event());
      const box = page.locator('#coach-panel');
      expect(await box.getAttribute('data-decision')).toBe(d === undefined ? '' : `${d.hand}:${d.decision}`);
      if (d !== undefined) {
        panels++;
        const rows = await box.locator('.cand').evaluateAll((els) =>
          els.map((e) => ({ action: e.getAttribute('data-action'), mean: Number(e.getAttribute('data-mean')), low: Number(e.getAttribute('data-ci-low')), high: Number(e.getAttribute('data-ci-high')), played: e.classList.contains('is-played'), coach: e.classList.contains('is-coach'), bar: e.querySelector('.fill') !== null && e.querySelector('.ci') !== null })),
        );
        expect(rows).toEqual(d.candidates.map((c) => ({ action: c.action, mean: c.mean, low: c.ci_low, high: c.ci_high, played: c.action === d.played, coach: c.action === d.coach, bar: true })));
      }
      await page.keyboard.press('ArrowRight');
    }
    expect(panels).toBe(review.decisions.length);
    // n from the start: the first mistake; n again: the next (or stays at the last); p: back.
    await page.keyboard.press('Home');
    await page.keyboard.press('n');
    expect(await event()).toBe(String(mistakes[0]!.event));
    expect(await page.locator('#coach-panel .coach-panel').getAttribute('data-mistake')).toBe('true');
    // docs/'s picture is rewritten only when asked (test/support/docs-picture.ts).
    expect((await page.screenshot(docsPicture('review-screenshot.png'))).length).toBeGreaterThan(10_000);
    await page.keyboard.press('n');
    expect(await event()).toBe(String((mistakes[1] ?? mistakes[0]!).event));
    await page.keyboard.press('End');
    await page.keyboard.press('p');
    expect(await event()).toBe(String(mistakes[mistakes.length - 1]!.event));
    expect(await page.locator('#title').textContent()).toMatch(/^Review of E \(random\) by search:budget=96/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
