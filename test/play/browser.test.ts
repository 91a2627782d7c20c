/**
 * `mjlab play` end to end (docs/play.md): the built CLI started on a free port, its page opened
 * in headless Chromium (Debian's chromium driven by playwright-core, as the replay viewer's test), a whole hand
 * played by clicking and pressing the keys of legal answers (a scripted choice read from the page), and then:
 * - every response the server sent to the page is inspected: the page is the same for any game, and every table
 *   message is exactly the seat's view at that moment and the public events (seat-check.ts), never another seat's
 *   concealed tile, a tile it drew, or the wall;
 * - the server refuses an illegal and a stale answer with a message on the page, and play goes on;
 * - the saved record replays (`mjlab replay --record FILE --json`) to the same bytes and the result the page showed;
 * - a second run with the same seed and the same clicks saves the same record; another seed another.
 * Skipped with a line saying how to enable it where chromium is missing; required with CI or MJLAB_E2E=1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readScenario } from '../../src/game/replay.js';
import type { GameRecord } from '../../src/record/record.js';
import { describeWithTool } from '../support/optional.js';
import { checkSeatMessages } from './seat-check.js';
import { coachOf } from '../../src/coach/coach.js';
import { panelOf } from '../../src/coach/panel.js';
import { executeScenario } from '../../src/game/replay.js';
import { resolveStrategy } from '../../src/lineup/registry.js';
import { type Hint, hintStreams } from '../../src/play/hint.js';
import { viewFor } from '../../src/view/view.js';
import { docsPicture } from '../support/docs-picture.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.MJLAB_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let browser: Browser;
let dir: string;
const children: ChildProcess[] = [];

type Json = Record<string, unknown>;

interface Run {
  readonly record: GameRecord;
  readonly file: string;
  readonly text: string;
  readonly html: string[];
  readonly states: Json[];
  readonly others: Json[];
  /** The hints the page got (--coach), each with the table it was asked at. */
  readonly hints: { hint: Hint; state: Json }[];
  readonly clicks: string[];
  readonly claims: number;
  readonly shown: { winnerSeat: string; winnerScore: string; winBy: string; scores: string[] };
}

/** `mjlab play` from the built CLI on a free port; resolves with its printed address. */
async function startCli(seed: number, out: string, coach?: string): Promise<{ url: string; child: ChildProcess }> {
  const extra = coach === undefined ? [] : ['--coach', coach];
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'play', '--port', '0', '--seed', String(seed), '--record-dir', out, '--strategies', 'harr,chow-mixer,greedy', ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const m = /^mjlab play: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(stdout);
      if (m) done(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`mjlab play exited ${code}: ${stdout}${stderr}`)));
  });
  return { url, child };
}

async function token(page: Page): Promise<string> {
  return (await page.locator('#status').getAttribute('data-token')) ?? '';
}

/** Do `act` on the page and wait for the table it brings (a new token), or for a refusal shown on the page. */
async function answer(page: Page, act: () => Promise<unknown>): Promise<void> {
  const before = await token(page);
  await act();
  await page.waitForFunction((t) => {
    const d = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null; body: { dataset: Record<string, string> } } }).document;
    return d.body.dataset.busy === 'false' && d.querySelector('#status')!.getAttribute('data-token') !== t;
  }, before, { timeout: 10_000 });
}

/** Play game 0 of `seed` by the script; every response the page got. */
async function playRun(seed: number, name: string, refusals: boolean, coach?: string): Promise<Run> {
  const out = join(dir, name);
  const { url, child } = await startCli(seed, out, coach);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  const bodies: Promise<{ url: string; status: number; type: string; text: string }>[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(url)) errors.push(`request elsewhere: ${r.url()}`);
  });
  page.on('response', (r) => bodies.push(r.text().then((text) => ({ url: r.url(), status: r.status(), type: r.headers()['content-type'] ?? '', text }))));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
  const clicks: string[] = [];
  let claims = 0;
  let turns = 0;
  for (let i = 0; i < 300; i++) {
    const status = await page.locator('#status').getAttribute('data-status');
    if (status !== 'decide') break;
    const phase = await page.locator('#status').getAttribute('data-phase');
    expect(await page.locator('#coach-box').isVisible()).toBe(coach !== undefined);
    if (coach !== undefined) {
      // The hint: by its key at most decisions, by its button at some; the panel for this very moment appears.
      const now = await token(page);
      if (i % 4 === 3) await page.locator('#hint-button').click();
      else await page.keyboard.press('h');
      await page.waitForSelector(`#hint[data-token="${now}"] .coach-panel`, { timeout: 60_000 });
      // docs/'s picture is rewritten only when asked (test/support/docs-picture.ts).
      if (i === 2) expect((await page.screenshot(docsPicture('play-hint-screenshot.png'))).length).toBeGreaterThan(10_000);
    }
    const buttons = await page.locator('#actions button').evaluateAll((els) => els.map((e) => ({ key: e.getAttribute('data-key') ?? '', action: e.getAttribute('data-action') ?? '' })));
    const win = buttons.findIndex((b) => b.key === 'm' || b.key === 'r');
    if (phase === 'turn') {
      turns++;
      const playable = page.locator('.side.you .t.own.playable');
      const n = await playable.count();
      expect(n).toBeGreaterThan(0);
      if (win >= 0) {
        clicks.push('m');
        await answer(page, () => page.locator('#actions button').nth(win).click());
      } else if (turns % 3 === 0) {
        // by keyboard: two to the left of the preselected tile, then Enter
        clicks.push('← ← ↵');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        const chosen = await page.locator('.side.you .t.own.sel').getAttribute('data-tile');
        await answer(page, () => page.keyboard.press('Enter'));
        clicks.push(`=${chosen}`);
      } else {
        const k = (turns * 5) % n;
        clicks.push(`tile ${k}`);
        await answer(page, () => playable.nth(k).click());
      }
      if (refusals && turns === 2) await refuse(page);
    } else {
      claims++;
      if (phase === 'claim') {
        // The claim window: the live discard is outlined in its discarder's river, and shown in the prompt.
        const live = page.locator('.river .t.live');
        expect(await live.count()).toBe(1);
        expect(await page.locator('#prompt .t.offer').getAttribute('data-tile')).toBe(await live.getAttribute('data-tile'));
      }
      const take = win >= 0 ? win : buttons.findIndex((b) => b.key === 'p' || b.key === 'k' || (b.key === 'c' && claims % 2 === 1));
      if (take >= 0) {
        clicks.push(`button ${buttons[take]!.action}`);
        await answer(page, () => page.locator('#actions button').nth(take).click());
      } else {
        clicks.push('space');
        await answer(page, () => page.keyboard.press(' '));
      }
    }
  }
  expect(await page.locator('#status').getAttribute('data-status')).toBe('game-over');
  // The log numbers every event by its place in the hand (1 the first), as the viewer, replay and review do.
  const numbers = await page.locator('#log li').evaluateAll((els) => els.map((e) => [e.getAttribute('data-event'), e.querySelector('.n')?.textContent ?? '']));
  expect(numbers.length).toBeGreaterThan(10);
  for (const [i, n] of numbers) expect(n).toBe(String(Number(i) + 1));
  const file = (await page.locator('#saved').getAttribute('data-file'))!;
  const res = page.locator('#result');
  const shown = {
    winnerSeat: (await res.getAttribute('data-winner-seat')) ?? '',
    winnerScore: (await res.getAttribute('data-winner-score')) ?? '',
    winBy: (await res.getAttribute('data-win-by')) ?? '',
    scores: await page.locator('.hand-score [data-score-seat]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-score-seat')}:${e.getAttribute('data-score')}`)),
  };
  await page.close();
  child.kill('SIGTERM');
  expect(errors).toEqual([]);
  const got = await Promise.all(bodies);
  const html = got.filter((b) => b.type.startsWith('text/html')).map((b) => b.text);
  const json = got.filter((b) => b.type.startsWith('application/json')).map((b) => JSON.parse(b.text) as Json);
  expect(html.length + json.length).toBe(got.length); // nothing else was sent
  const text = readFileSync(file, 'utf8');
  return {
    record: JSON.parse(text) as GameRecord,
    file,
    text,
    html,
    states: json.filter((j) => j.state !== undefined).map((j) => j.state as Json),
    hints: json.filter((j) => j.hint !== undefined).map((j) => ({ hint: j.hint as Hint, state: j.state as Json })),
    others: json.filter((j) => j.state === undefined),
    clicks,
    claims,
    shown,
  };
}

/** An illegal answer and a stale one, sent as the page sends answers: refused, said on the page, nothing changed. */
async function refuse(page: Page): Promise<void> {
  const before = await token(page);
  const state = (await page.evaluate(() => (globalThis as unknown as { mjlabPlay: { state(): unknown } }).mjlabPlay.state())) as { view: { concealed: number[] }; token: number };
  const notHeld = [...Array(34).keys()].find((t) => !state.view.concealed.includes(t))!;
  const illegal = (await page.evaluate(
    (t) => (globalThis as unknown as { mjlabPlay: { send(a: unknown): Promise<unknown> } }).mjlabPlay.send({ type: 'discard', tile: t }),
    notHeld,
  )) as { ok: boolean; error: string };
  expect(illegal.ok).toBe(false);
  expect(illegal.error).toMatch(/is not legal now \(turn\); you may: discard/);
  await expect(page.locator('#notice').isVisible()).resolves.toBe(true);
  expect(await page.locator('#notice').textContent()).toBe(illegal.error);
  expect(await token(page)).toBe(before);
  const stale = (await page.evaluate(
    (s) => (globalThis as unknown as { mjlabPlay: { call(p: string, b: unknown): Promise<unknown> } }).mjlabPlay.call('/api/action', { token: s.token - 1, action: { type: 'discard', tile: s.view.concealed[0] } }),
    state,
  )) as { ok: boolean; error: string };
  expect(stale.ok).toBe(false);
  expect(await page.locator('#notice').textContent()).toMatch(/an earlier moment of the game/);
  expect(await token(page)).toBe(before);
}

const MISSING = existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing`;
const ENABLE = "apt-get install chromium (Debian's; .ci/run installs it), or MJLAB_CHROMIUM=/path/to/chromium";

describeWithTool('mjlab play in headless Chromium', MISSING, ENABLE, () => {
  beforeAll(async () => {
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
    } catch (e) {
      throw new Error(`mjlab play e2e: headless Chromium (${CHROMIUM}) could not launch: ${(e as Error).message}`);
    }
    dir = mkdtempSync(join(tmpdir(), 'mjlab-play-e2e-'));
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a whole hand by clicks and keys: the page never holds a hidden tile, refusals show, the record replays; the same clicks the same record', async () => {
    const first = await playRun(6, 'first', true);
    const seat = first.record.strategies.indexOf('person');
    expect(seat).toBe(0); // game 0: East is seat 0
    expect(first.claims).toBeGreaterThan(0);
    expect(first.clicks.some((c) => c.startsWith('tile'))).toBe(true);
    expect(first.clicks).toContain('← ← ↵');

    // Every message the server sent.
    const checked = checkSeatMessages(first.states, first.record, readScenario(first.file), seat);
    expect(checked.decisions).toBeGreaterThan(5);
    expect(checked.ends).toBeGreaterThan(0);
    for (const o of first.others) expect(Object.keys(o).sort()).toEqual(['error', 'ok']);
    const refused = first.states.length - new Set(first.states.map((s) => s.token)).size;
    expect(refused).toBeGreaterThanOrEqual(2); // the illegal and the stale answer got the table as it stood

    // The saved record re-executes to the same bytes, and to the result the page showed.
    const replayed = execFileSync(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'replay', '--record', first.file, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(replayed).toBe(first.text);
    const r = first.record.result;
    expect(first.shown.winnerSeat).toBe(r.winner_seat === null ? '' : String(r.winner_seat));
    expect(first.shown.winnerScore).toBe(r.winner_score === null ? '' : String(r.winner_score));
    expect(first.shown.winBy).toBe(r.win_by);
    expect(first.shown.scores).toEqual(first.record.hands[0]!.events.flatMap((e) => (e.e === 'score' ? [`${e.seat}:${e.score}`] : [])));
    const html = join(dir, 'first.html');
    expect(execFileSync(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'replay', '--record', first.file, '--html', html], { cwd: ROOT, encoding: 'utf8' })).toMatch(/^wrote /);

    // The same seed and the same clicks: the same record, byte for byte. Another seed: another game, the same page.
    const again = await playRun(6, 'again', false);
    expect(again.clicks).toEqual(first.clicks);
    expect(again.text).toBe(first.text);
    const other = await playRun(7, 'other', false);
    expect(other.text).not.toBe(first.text);
    expect(new Set([...first.html, ...again.html, ...other.html]).size).toBe(1);
  });
  it('--coach: the hint key and button show the panel for the open decision, computed from the person\'s view only, and change nothing', async () => {
    const coach = 'search:budget=4';
    const plain = await playRun(6, 'plain', false);
    expect(plain.hints).toEqual([]);
    const run = await playRun(6, 'coached', false, coach);
    expect(run.text).toBe(plain.text);
    const sc = readScenario(run.file);
    const seat = run.record.strategies.indexOf('person');
    // Every response, the hints' tables too, holds the seat's view and nothing else.
    checkSeatMessages(run.states, run.record, sc, seat);
    expect(run.hints.length).toBeGreaterThan(5);
    // Each hint is exactly the coach's panel of the seat's view at that decision (with the table's streams), so
    // it was computed from that view alone and holds nothing more: its answers are the view's legal ones.
    const c = coachOf(await resolveStrategy(coach));
    const byDecision = new Map(run.hints.map((h) => [`${h.hint.hand}:${h.hint.decision}`, h.hint]));
    let checked = 0;
    executeScenario(sc, run.file, {
      decision(state, hand, move, recorded, events) {
        const h = byDecision.get(`${hand + 1}:${move}`);
        if (h === undefined) return;
        expect(recorded.seat).toBe(seat);
        expect(h.event).toBe(events.length);
        expect(h.panel).toEqual(JSON.parse(JSON.stringify(panelOf(viewFor(state, seat), c, undefined, hintStreams(run.record.seed, run.record.game, hand, move)))));
        checked++;
      },
    });
    expect(checked).toBe(run.hints.length);
  });
});
