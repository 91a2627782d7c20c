// `mjlab play` holds plug-in opponents to simulate's contract and guards its edges whatever --host is (docs/play.md,
// "Plug-in opponents"). Before: a looping plug-in froze the server for ever (requests timed out, signals did nothing), a
// Math.random plug-in played on, process.exit(0) in one ended the command as a success; with --host other than
// loopback the Host and Origin checks were off; every aborted request printed a five-line `Error: aborted` stack.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Play, type PlayArgs, startPlay } from '../../src/cli/play-command.js';
import type { SeatMessage } from '../../src/play/message.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'runner', 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'mjlab-play-contract-'));
const running: Play[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(async () => {
  for (const p of running) await p.server.close();
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  body: { ok: boolean; error?: string; state?: SeatMessage };
}

/** One request, given up after `ms` (a frozen server fails the test instead of hanging it). */
function http(url: string, method: string, path: string, body?: string, headers: Record<string, string> = {}, ms = 10_000): Promise<Reply> {
  const u = new URL(path, url);
  return new Promise((done, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method, headers, timeout: ms }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] }));
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${ms} ms`)));
    req.on('error', fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** `mjlab play` as a child process; resolves once it printed its address. */
async function playCli(args: string[]) {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'mjlab.js'), 'play', '--port', '0', '--seed', '5', '--record-dir', join(dir, 'cli'), ...args], { cwd: ROOT });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((r) => child.on('exit', (c) => r((code = c))));
  for (let i = 0; i < 400 && code === undefined && !/Ctrl-C stops the server/.test(stdout); i++) await new Promise((r) => setTimeout(r, 25));
  const url = /^mjlab play: (http:\/\/\S+\/)$/m.exec(stdout)?.[1];
  expect(url, stdout + stderr).toBeDefined();
  return { child, url: url!, exited, out: () => stdout, err: () => stderr };
}

const discard = (st: SeatMessage) => JSON.stringify({ token: st.token, action: (st.view.legal as { type: string }[]).find((a) => a.type === 'discard') });

describe('mjlab play holds plug-in opponents to the contract', () => {
  it('a looping plug-in: the server answers all along, the game stops with one line, a new game starts', async () => {
    const p = await playCli(['--strategies', join(FIXTURES, 'loop-first.mjs'), '--decision-timeout', '3']);
    const st = (await http(p.url, 'GET', '/api/state')).body.state!;
    expect(st.status).toBe('decide'); // E: the person is the dealer, and discards first
    let answered = false;
    const answer = http(p.url, 'POST', '/api/action', discard(st)).then((r) => ((answered = true), r));
    // While the opponent loops (3 s), the page is answered.
    await new Promise((r) => setTimeout(r, 200));
    const during = await http(p.url, 'GET', '/api/state', undefined, {}, 2000);
    expect(during.status).toBe(200);
    expect(answered).toBe(false);
    const r = await answer;
    expect(r.body.state!.status).toBe('stopped');
    expect(r.body.state!.problem).toMatch(/loop-first\.mjs" at seat \d took longer than 3 s over one decision \(seed 5, game 0\); it was stopped/);
    const lines = p.out().split('\n').filter((l) => /took longer/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^game 0 stopped: strategy ".*loop-first\.mjs" at seat \d took longer than 3 s/);
    const next = await http(p.url, 'POST', '/api/new', JSON.stringify({ token: r.body.state!.token }));
    expect(next.body).toMatchObject({ ok: true, state: { status: 'decide', table: { game: 1 } } });
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.err()).toBe('');
  });

  it('a plug-in calling Math.random is refused: the game stops saying so', async () => {
    const p = await playCli(['--strategies', join(FIXTURES, 'math-random.mjs')]);
    const st = (await http(p.url, 'GET', '/api/state')).body.state!;
    const r = await http(p.url, 'POST', '/api/action', discard(st));
    expect(r.body.state!.status).toBe('stopped');
    expect(r.body.state!.problem).toMatch(/math-random\.mjs" at seat \d threw: Math\.random is not allowed in a strategy/);
    p.child.kill('SIGTERM');
    await p.exited;
  });

  it('a plug-in calling process.exit(0) ends the command with one line, exit 2', async () => {
    const bot = join(FIXTURES, 'exit-first.mjs');
    const p = await playCli(['--strategies', bot]);
    const st = (await http(p.url, 'GET', '/api/state')).body.state!;
    await http(p.url, 'POST', '/api/action', discard(st)).catch(() => undefined);
    expect(await p.exited).toBe(2);
    expect(p.err()).toBe(`mjlab: strategy "${bot}" at seat 1 called process.exit(0) during one decision (seed 5, game 0); it was stopped\n`);
  });
});

function args(over: Partial<PlayArgs>): PlayArgs {
  return { rules: 'harr', seat: 'E', unit: 'hand', players: 4, flowers: false, port: 0, host: '127.0.0.1', open: false, 'record-dir': join(dir, 'records'), ...over };
}

describe("the play server's edges", () => {
  it('--host 0.0.0.0 keeps the Host and Origin checks: a foreign name or page is refused, its own names answered', async () => {
    const p = await startPlay(args({ host: '0.0.0.0' }));
    running.push(p);
    const port = new URL(p.server.url).port;
    const local = `http://127.0.0.1:${port}/`;
    expect(p.server.hosts).toContain(`127.0.0.1:${port}`);
    expect(p.server.hosts).toContain(`0.0.0.0:${port}`);
    expect((await http(local, 'GET', '/api/state', undefined, { host: `evil.example:${port}` })).status).toBe(421);
    const st = (await http(local, 'GET', '/api/state')).body.state!;
    const foreign = await http(local, 'POST', '/api/action', discard(st), { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await http(local, 'GET', '/api/state', undefined, { host: `localhost:${port}` })).status).toBe(200);
  });

  it('a client that aborts a request mid-body is one quiet line at most, no stack', async () => {
    const logs: string[] = [];
    const p = await startPlay(args({}), (l) => logs.push(l));
    running.push(p);
    const u = new URL(p.server.url);
    let stderr = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
    await new Promise<void>((done) => {
      const s = connect(Number(u.port), u.hostname, () => {
        s.write(`POST /api/action HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"tok`);
        setTimeout(() => s.destroy(), 100);
      });
      s.on('close', () => setTimeout(done, 200));
    });
    spy.mockRestore();
    const said = [...logs, ...stderr.split('\n').filter((l) => l !== '')];
    expect(said.length, said.join('\n')).toBeLessThanOrEqual(1);
    expect(said.join('\n')).not.toMatch(/Error: aborted|\n\s+at /);
    expect((await http(p.server.url, 'GET', '/api/state')).status).toBe(200);
  });
});
