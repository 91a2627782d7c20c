/**
 * `mjlab play`'s local web server (docs/play.md), on Node's own http, bound to 127.0.0.1 unless told otherwise.
 *
 *   GET  /             the page (page.ts): static, it holds nothing of the game
 *   GET  /api/state    the table as the person's seat sees it (session.ts message())
 *   GET  /api/hint     with --coach: the coach's values for the person's open decision, from its view (hint.ts)
 *   POST /api/action   { token, action }: the person's answer to the open decision
 *   POST /api/next     { token }: the next hand of a match
 *   POST /api/new      { token }: a new game
 *   POST /api/save     { token }: save again a record that could not be saved
 *
 * Every answer is JSON `{ ok, error?, state }`: a bad, illegal or stale request gets `ok: false`, the reason to show
 * on the page and the table as it stands, never a crash. A POST from another site's page (its Origin) or a request
 * naming another host (DNS rebinding) is refused, whatever --host is (docs/play.md): the names it answers for are
 * the host given and the addresses it resolves to, every address of this machine when bound to all of them (0.0.0.0,
 * ::), and the loopback names when loopback is bound; the command states them at start. A client that gives up on a
 * request (closes it mid-body) costs one quiet line, never a stack trace.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { lookup } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { UserError } from '../errors.js';
import type { SeatMessage } from './message.js';
import type { Answer } from './session.js';
import type { Hint } from './hint.js';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const WILDCARD = /^(0\.0\.0\.0|::|::ffff:0\.0\.0\.0)$/;

/** What the server serves: the in-process table (session.ts), or one in a plug-in thread (remote.ts). */
export interface PlayTable {
  message(): SeatMessage;
  act(body: unknown): Answer | Promise<Answer>;
  nextHand(body: unknown): Answer | Promise<Answer>;
  newGame(body: unknown): Answer | Promise<Answer>;
  saveAgain(body: unknown): Answer | Promise<Answer>;
  /** The hint for the open decision (a table with a coach). */
  hint?(): { readonly ok: true; readonly hint: Hint } | { readonly ok: false; readonly status: 404 | 409; readonly error: string };
}

/** Larger bodies are refused: an answer is a few dozen bytes. */
const MAX_BODY = 16 * 1024;

export interface PlayServer {
  readonly url: string;
  /** The Host names (with the port) it answers for. */
  readonly hosts: readonly string[];
  readonly server: Server;
  close(): Promise<void>;
}

type Route = (s: PlayTable, body: unknown) => Answer | Promise<Answer>;

const POSTS: Readonly<Record<string, Route>> = {
  '/api/action': (s, b) => s.act(b),
  '/api/next': (s, b) => s.nextHand(b),
  '/api/new': (s, b) => s.newGame(b),
  '/api/save': (s, b) => s.saveAgain(b),
};

const SECURITY = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...SECURITY, ...extra });
  res.end(body);
}

/** The request's body, or null once it passes MAX_BODY (the rest is read and dropped, so the answer can be sent). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) parts.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** An address as a Host header names it (an IPv6 one in brackets). */
function hostName(address: string): string {
  return (address.includes(':') ? `[${address}]` : address).toLowerCase();
}

/** The names a server bound to `a` for `--host host` answers for, each with the port (see the header). */
async function servedNames(host: string, a: AddressInfo): Promise<string[]> {
  const names = new Set<string>([hostName(host.replace(/^\[|\]$/g, '')), hostName(a.address)]);
  try {
    for (const r of await lookup(host, { all: true })) names.add(hostName(r.address));
  } catch {
    // the address it is bound to stands
  }
  const all = WILDCARD.test(a.address);
  if (all) {
    names.add(hostname().toLowerCase());
    for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) if (!i.address.includes('%')) names.add(hostName(i.address));
  }
  if (all || LOOPBACK.test(a.address)) for (const h of ['localhost', '127.0.0.1', '[::1]']) names.add(h);
  return [...names].flatMap((n) => (a.port === 80 ? [n, `${n}:80`] : [`${n}:${a.port}`]));
}

/** A request the client gave up on (closed mid-body): nothing to answer, nothing to fix. */
function aborted(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'EPIPE' || (e as Error)?.message === 'aborted';
}

/**
 * Start serving `session`'s table and `page` on host:port (port 0: any free one). A port in use is a UserError.
 * `log`: where a request's trouble is told (the terminal).
 */
export function startServer(
  session: PlayTable, page: string, host: string, port: number, log: (line: string) => void = (l) => void process.stderr.write(`${l}\n`),
): Promise<PlayServer> {
  let origin = '';
  const hosts = new Set<string>();
  const state = (res: ServerResponse, status: number, error?: string): void => {
    const body = JSON.stringify({ ok: error === undefined, ...(error !== undefined ? { error } : {}), state: session.message() });
    send(res, status, 'application/json; charset=utf-8', body);
  };
  const fail = (res: ServerResponse, status: number, error: string): void =>
    send(res, status, 'application/json; charset=utf-8', JSON.stringify({ ok: false, error }));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const named = (req.headers.host ?? '').toLowerCase();
    if (!hosts.has(named)) return fail(res, 421, `this server answers only for ${origin}`);
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (path === '/' || path === '/index.html') {
        return send(res, 200, 'text/html; charset=utf-8', page, {
          'content-security-policy': "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'",
        });
      }
      if (path === '/api/state') return state(res, 200);
      if (path === '/api/hint') {
        const h = session.hint?.() ?? { ok: false as const, status: 404 as const, error: 'no coach at this table: start mjlab play with --coach STRATEGY' };
        if (!h.ok) return state(res, h.status, h.error);
        return send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ ok: true, hint: h.hint, state: session.message() }));
      }
      return fail(res, 404, `no such page: ${path}`);
    }
    const route = POSTS[path];
    if (req.method !== 'POST' || route === undefined) return fail(res, route === undefined ? 404 : 405, `${req.method} ${path}: not something this table answers`);
    const from = req.headers.origin;
    if (from !== undefined && from.toLowerCase() !== `http://${named}`) return fail(res, 403, `a request from ${from} is refused: only the table's own page may play`);
    const text = await readBody(req);
    if (text === null) return state(res, 413, 'the request is too large');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return state(res, 400, 'the request is not JSON');
    }
    const answer = await route(session, body);
    if (answer.ok) return state(res, 200);
    return state(res, answer.status, answer.error);
  }

  const server = createServer((req, res) => {
    res.on('error', () => undefined); // a client gone before its answer: said once below, if at all
    handle(req, res).catch((e: unknown) => {
      if (aborted(e)) {
        log(`mjlab play: a client closed its request (${req.method} ${(req.url ?? '/').split('?')[0]}) before it was answered`);
        return void res.destroy();
      }
      // A bug: said on the page and on the terminal, and the server goes on.
      log(`mjlab play: ${(e as Error)?.stack ?? String(e)}`);
      if (!res.headersSent) fail(res, 500, `the server failed: ${(e as Error)?.message ?? String(e)}`);
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new UserError(`port ${port} on ${host} is in use; choose another with --port (0 picks a free one)`));
      else if (e.code === 'EACCES') reject(new UserError(`port ${port} on ${host} is not allowed to this user; choose another with --port`));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') reject(new UserError(`--host ${host} is not an address of this machine`));
      else reject(new UserError(`cannot listen on ${host}:${port} (${e.code ?? e.message})`));
    });
    server.listen(port, host, () => {
      const a = server.address() as AddressInfo;
      const shown = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      origin = `http://${shown}:${a.port}`;
      // Only its own names, whatever it is bound to: a page elsewhere cannot rebind a name of its own to this server.
      void servedNames(host, a).then((names) => {
        for (const n of names) hosts.add(n);
        resolve({
          url: `${origin}/`,
          hosts: names,
          server,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              server.closeAllConnections();
            }),
        });
      });
    });
  });
}
