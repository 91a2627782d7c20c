// `mjlab play`'s server and command line (docs/play.md): the page holds nothing of the game;
// every request gets JSON with the table as the seat sees it; bad, illegal, stale, foreign or oversized requests are
// refused with a reason and the server goes on; a whole hand over HTTP is saved and replays; bad options are one
// line and exit 2; --open starts the browser on the printed address; Ctrl-C (SIGTERM) stops it.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Play, type PlayArgs, startPlay } from '../../src/cli/play-command.js';
import { replayRecordFile } from '../../src/game/replay.js';
import type { SeatMessage } from '../../src/play/message.js';
import { recordText } from '../../src/play/records.js';
import { runCli } from '../helpers/cli.js';
import { scripted } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'mjlab-play-server-'));
const running: Play[] = [];
afterAll(async () => {
  for (const p of running) await p.server.close();
  rmSync(dir, { recursive: true, force: true });
});

function args(over: Partial<PlayArgs>): PlayArgs {
  return { rules: 'harr', seat: 'E', unit: 'hand', players: 4, flowers: false, port: 0, host: '127.0.0.1', open: false, 'record-dir': join(dir, 'records'), ...over };
}

async function start(over: Partial<PlayArgs> = {}): Promise<Play> {
  const p = await startPlay(args(over));
  running.push(p);
  return p;
}

interface Reply {
  status: number;
  body: { ok: boolean; error?: string; state?: SeatMessage };
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with whatever headers (fetch will not send a Host or an Origin of our choosing). */
function http(url: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
  const u = new URL(path, url);
  return new Promise((done, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let parsed: Reply['body'] = { ok: false };
        try {
          parsed = JSON.parse(text) as Reply['body'];
        } catch {
          // the page
        }
        done({ status: res.statusCode ?? 0, body: parsed, headers: res.headers, text });
      });
    });
    req.on('error', fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('mjlab play server', () => {
  it('serves a page that holds nothing of the game, and the table as JSON', async () => {
    const a = await start({ seed: 1 });
    const b = await start({ seed: 2, rules: 'babcock' });
    const pa = await http(a.server.url, 'GET', '/');
    const pb = await http(b.server.url, 'GET', '/');
    expect(pa.status).toBe(200);
    expect(pa.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pa.headers['content-security-policy']).toMatch(/default-src 'none'.*connect-src 'self'/);
    expect(pa.text).toBe(pb.text); // the same page whatever the game
    expect(pa.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    const st = await http(a.server.url, 'GET', '/api/state');
    expect(st.status).toBe(200);
    expect(st.headers['cache-control']).toBe('no-store');
    expect(st.body.ok).toBe(true);
    expect(st.body.state!.status).toBe('decide');
    expect(st.body.state!.table).toMatchObject({ rules: 'harr', seed: 1, game: 0, seat: 0, labels: ['person', 'harr', 'harr', 'harr'] });
  });

  it('refuses what is not an answer of the moment, says why, and goes on', async () => {
    const p = await start({ seed: 3 });
    const url = p.server.url;
    const st = (await http(url, 'GET', '/api/state')).body.state!;
    const token = st.token;
    const held = new Set(st.view.concealed as number[]);
    const notHeld = [...Array(34).keys()].find((t) => !held.has(t))!;
    const cases: [string, string, string | undefined, Record<string, string>, number, RegExp][] = [
      ['POST', '/api/action', JSON.stringify({ token, action: { type: 'discard', tile: notHeld } }), {}, 400, /is not legal now \(turn\)/],
      ['POST', '/api/action', JSON.stringify({ token: token + 5, action: scripted(st) }), {}, 409, /an earlier moment/],
      ['POST', '/api/action', '{"token":', {}, 400, /not JSON/],
      ['POST', '/api/action', JSON.stringify({ token, action: scripted(st), pad: 'x'.repeat(20_000) }), {}, 413, /too large/],
      ['POST', '/api/next', JSON.stringify({ token }), {}, 409, /still being played/],
      ['GET', '/api/action', undefined, {}, 404, /no such page/],
      ['PUT', '/api/state', '{}', {}, 404, /not something this table answers/],
      ['DELETE', '/api/action', undefined, {}, 405, /not something this table answers/],
      ['POST', '/api/action', JSON.stringify({ token, action: scripted(st) }), { origin: 'http://evil.example' }, 403, /only the table's own page/],
      ['GET', '/api/state', undefined, { host: 'evil.example' }, 421, /answers only for http:\/\/127\.0\.0\.1:/],
    ];
    for (const [method, path, body, headers, status, msg] of cases) {
      const r = await http(url, method, path, body, headers);
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(r.body.ok).toBe(false);
      expect(r.body.error).toMatch(msg);
      if (r.body.state) expect(r.body.state).toEqual(st); // nothing changed
    }
    // The table is as it was, and a good answer (same-origin, as the page sends it) goes through.
    const origin = new URL(url).origin;
    const ok = await http(url, 'POST', '/api/action', JSON.stringify({ token, action: scripted(st) }), { origin });
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    expect(ok.body.state!.token).toBeGreaterThan(token);
  });

  it('a whole hand over HTTP is saved where the page says, and replays to the same bytes', async () => {
    const out = join(dir, 'whole');
    const p = await start({ seed: 8, 'record-dir': out, seat: 'S', strategies: 'greedy,harr,chow-mixer' });
    let st = (await http(p.server.url, 'GET', '/api/state')).body.state!;
    for (let i = 0; st.status === 'decide' && i < 500; i++) {
      const r = await http(p.server.url, 'POST', '/api/action', JSON.stringify({ token: st.token, action: scripted(st) }));
      expect(r.body.ok, r.body.error).toBe(true);
      st = r.body.state!;
    }
    expect(st.status).toBe('game-over');
    const file = st.saved!.file;
    expect(readdirSync(out)).toEqual([file.slice(out.length + 1)]);
    expect(recordText(replayRecordFile(file))).toBe(readFileSync(file, 'utf8'));
    expect(st.table.labels).toEqual(['chow-mixer', 'person', 'greedy', 'harr']); // S is seat 1 in game 0
  });
});

describe('mjlab play: bad input is one line and exit 2', () => {
  const rd = ['--record-dir', join(dir, 'bad')];
  const cases: [string, string[], RegExp][] = [
    ['an unknown strategy', ['--strategies', 'harr,nobody,harr'], /unknown strategy "nobody"/],
    ['a lineup of the wrong size', ['--strategies', 'harr,greedy'], /--strategies: give one strategy for each of the 3 other seats, or one for all, got 2/],
    ['an unknown seat', ['--seat', 'X'], /--seat X: a 4-player table has E, S, W, N \(or random\)/],
    ['a seat the table does not have', ['--seat', 'N', '--players', '3'], /--seat N: a 3-player table has E, S, W \(or random\)/],
    ['South at two players', ['--seat', 'S', '--players', '2'], /--seat S: a 2-player table has E, W/],
    ['--players the rule set does not allow', ['--players', '5'], /--players 5 is not allowed: choose one of 2, 3, 4/],
    ['an unknown rule set', ['--rules', 'mahjong'], /unknown rule set "mahjong"/],
    ['flowers where the rule set has none', ['--rules', 'babcock', '--flowers'], /rule set babcock is not played with flowers/],
    ['a negative seed', ['--seed', '-1'], /--seed must be a non-negative integer, got -1/],
    ['a port out of range', ['--port', '70000'], /--port must be 0 to 65535, got 70000/],
    ['a unit that is none', ['--unit', 'set'], /--unit set is not allowed: choose one of hand, match/],
    ['a host that is not here', ['--host', '203.0.113.9', '--port', '0'], /--host 203\.0\.113\.9 is not an address of this machine/],
  ];
  for (const [what, extra, msg] of cases) {
    it(what, async () => {
      const res = await runCli(['play', ...rd, ...extra]);
      expect(res.err).toMatch(msg);
      expect(res.code).toBe(2);
      expect(res.err.trim().split('\n')).toHaveLength(1);
      expect(res.out).toBe('');
    });
  }

  it('a port in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const res = await runCli(['play', ...rd, '--port', String(port)]);
      expect(res.code).toBe(2);
      expect(res.err).toBe(`mjlab: port ${port} on 127.0.0.1 is in use; choose another with --port (0 picks a free one)\n`);
      expect(res.out).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('a record directory that is a file, or cannot be written', async () => {
    const f = join(dir, 'plain-file');
    writeFileSync(f, 'x');
    const res = await runCli(['play', '--record-dir', f, '--port', '0']);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/--record-dir: cannot write to output directory .*plain-file: .*plain-file is a file, not a directory/);
    if (process.getuid?.() !== 0) {
      const ro = join(dir, 'ro');
      mkdirSync(ro);
      chmodSync(ro, 0o500);
      const r2 = await runCli(['play', '--record-dir', ro, '--port', '0']);
      expect(r2.err).toMatch(/cannot write there: permission denied \(EACCES\)/);
      chmodSync(ro, 0o700);
    }
  });
});

describe('mjlab play from the command line', () => {
  it('prints its address, --open starts $BROWSER on it, SIGTERM stops it and says the game was not saved', async () => {
    const seen = join(dir, 'browser-args');
    const browser = join(dir, 'fake-browser.sh');
    // Written aside and renamed: the redirection creates the file before printf fills it, and the wait below starts
    // reading as soon as it exists (a loaded CI run read it empty).
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" > '${seen}.part' && mv '${seen}.part' '${seen}'\n`);
    chmodSync(browser, 0o755);
    const out = join(dir, 'cli-records');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'play', '--port', '0', '--seed', '4', '--record-dir', out, '--open'], {
      cwd: ROOT,
      env: { ...process.env, BROWSER: browser },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    for (let i = 0; i < 200 && !(existsSync(seen) && /every game is saved/.test(stdout)); i++) await new Promise((r) => setTimeout(r, 50));
    const url = /^mjlab play: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(stdout)?.[1];
    expect(url, stdout + stderr).toBeDefined();
    expect(stdout).toMatch(/harr, 4 players, one hand a game, seed 4; you: E; opponents: harr, harr, harr/);
    expect(readFileSync(seen, 'utf8')).toBe(`${url}\n`);
    const st = (await http(url!, 'GET', '/api/state')).body.state!;
    expect(st.status).toBe('decide');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/stopped: game 0 was not finished, so it is not saved/);
    expect(stderr).toBe('');
    expect(readdirSync(out)).toEqual([]);
  });
});
