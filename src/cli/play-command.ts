/**
 * `mjlab play` (docs/play.md): a person at the table, in the browser, against any lineup of strategies. Starts a local
 * HTTP server (src/play/server.ts; 127.0.0.1 unless --host says otherwise), prints its address, and runs until
 * Ctrl-C. Every game played is saved to --record-dir (default results/play/) as a game record that `mjlab replay
 * --record FILE` re-executes (and `--html` shows with every hand open, `--seat S --strategy harr` compares). A
 * lineup holding a plug-in plays in a thread of its own under simulate's contract (src/play/remote.ts): a plug-in
 * that loops is stopped at --decision-timeout and its game with it, one that ends its thread ends the command.
 */
import { coachOf } from '../coach/coach.js';
import { readBeliefModel } from '../belief/model-file.js';
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import type { StrategyInstance } from '../agent/types.js';
import { UserError } from '../errors.js';
import { resolveStrategy } from '../lineup/registry.js';
import { buildPlayHtml } from '../play/page.js';
import { recordDir, saveRecord } from '../play/records.js';
import { type PlayServer, startServer } from '../play/server.js';
import { PlaySession, type SessionOptions, tableWinds } from '../play/session.js';
import { RemoteSession } from '../play/remote.js';
import { isPlugin } from '../sandbox/contract.js';
import { DEFAULT_DECISION_TIMEOUT } from '../runner/options.js';
import { CLI, printable } from '../text.js';
import { rulesName } from '../rules/index.js';
import type { TableStatus } from '../play/message.js';
import { nonNegativeInt, tableOptions } from './table.js';

import { DEFAULT_PORT, DEFAULT_RECORD_DIR } from './play-defaults.js';

export { DEFAULT_PORT, DEFAULT_RECORD_DIR };

export interface PlayArgs {
  rules: string;
  strategies?: string;
  seat: string;
  seed?: number;
  unit: string;
  players?: number;
  flowers: boolean;
  limit?: number;
  port: number;
  host: string;
  open: boolean;
  'record-dir': string;
  'decision-timeout'?: number;
  /** The hint's coach (docs/play.md, "A hint from the coach"); none: no hint. */
  coach?: string;
  /** The belief model the hint's danger is read from (docs/belief.md "The danger of a discard"). */
  belief?: string;
}

/** The opponents: one strategy per other seat in the order of play after the person, or one for all of them. */
async function opponents(spec: string | undefined, players: number): Promise<{ entries: string[]; lineup: StrategyInstance[] }> {
  const entries = (spec ?? 'harr').split(',').map((s) => s.trim());
  if (entries.some((e) => e === '')) throw new UserError(`--strategies: empty strategy name in "${spec}"`);
  const others = players - 1;
  if (entries.length !== 1 && entries.length !== others) {
    throw new UserError(`--strategies: give one strategy for each of the ${others} other seats, or one for all, got ${entries.length} ("${spec}")`);
  }
  const list = entries.length === 1 ? new Array<string>(others).fill(entries[0]!) : entries;
  return { entries: list, lineup: await Promise.all(list.map(resolveStrategy)) };
}

export interface Play {
  readonly session: PlaySession | RemoteSession;
  readonly server: PlayServer;
  readonly recordDir: string;
}

/** Check the options, make the session and start serving it (the command, and tests, call this). */
export async function startPlay(a: PlayArgs, log: (line: string) => void = () => {}): Promise<Play> {
  const table = tableOptions(a);
  const seatText = a.seat.trim();
  const seat = seatText.toLowerCase() === 'random' ? 'random' : seatText.toUpperCase();
  const winds = tableWinds(table.players);
  if (seat !== 'random' && !winds.includes(seat)) {
    throw new UserError(`--seat ${seatText}: a ${table.players}-player table has ${winds.join(', ')} (or random)`);
  }
  const seed = a.seed === undefined ? randomInt(0, 2 ** 31) : a.seed;
  nonNegativeInt('--seed', seed);
  const port = a.port;
  if (!Number.isSafeInteger(port) || port < 0 || port > 65535) throw new UserError(`--port must be 0 to 65535, got ${port}`);
  const seconds = a['decision-timeout'] ?? DEFAULT_DECISION_TIMEOUT;
  if (!(Number.isFinite(seconds) && seconds > 0)) throw new UserError(`--decision-timeout must be a positive number of seconds, got ${seconds}`);
  const { entries, lineup: opp } = await opponents(a.strategies, table.players);
  const coach = a.coach === undefined ? undefined : await resolveStrategy(a.coach);
  if (a.belief !== undefined && coach === undefined) throw new UserError('--belief: the model gives the danger the hint shows; give --coach too');
  const belief = a.belief === undefined ? null : readBeliefModel(a.belief);
  if (coach !== undefined && (isPlugin(coach) || opp.some(isPlugin))) {
    throw new UserError(`--coach: the hint takes a built-in strategy, at a table of built-in opponents (a plug-in coach reviews a saved game: ${CLI} review --coach FILE)`);
  }
  const dir = recordDir(a['record-dir']);
  const options: SessionOptions = {
    ...table,
    seed,
    opponents: opp,
    seat: seat as SessionOptions['seat'],
    ...(coach !== undefined ? { coach: coachOf(coach, belief) } : {}),
    save: (record) => {
      const file = saveRecord(dir, record);
      log(`saved game ${record.game}: ${file}`);
      return file;
    },
  };
  // Built-in opponents are trusted, as simulate trusts them (sandbox/contract.ts); a plug-in plays in its own thread.
  const session = opp.some(isPlugin)
    ? await RemoteSession.start(
        options,
        { rules: rulesName(table.rules), limit: table.limit, flowers: table.flowers, players: table.players, unit: table.unit, seed, seat: options.seat, opponents: entries, recordDir: dir },
        1000 * seconds,
        log,
      )
    : new PlaySession(options);
  try {
    const server = await startServer(session, buildPlayHtml(), a.host, port, log);
    return { session, server, recordDir: dir };
  } catch (e) {
    if (session instanceof RemoteSession) await session.close();
    throw e;
  }
}

/** Open `url` in the user's browser ($BROWSER, else the platform's opener); a failure is a note, not an error. */
function openBrowser(url: string, log: (line: string) => void): void {
  const browser = process.env.BROWSER;
  const [cmd, args] =
    browser !== undefined && browser !== ''
      ? [browser, [url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : process.platform === 'win32'
          ? ['cmd', ['/c', 'start', '""', url]]
          : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
    child.on('error', (e) => log(`could not open a browser (${cmd}: ${(e as NodeJS.ErrnoException).code ?? e.message}); open ${url} yourself`));
    child.unref();
  } catch (e) {
    log(`could not open a browser (${cmd}: ${(e as Error).message}); open ${url} yourself`);
  }
}

export async function playHandler(a: PlayArgs): Promise<void> {
    const log = (line: string): void => void process.stdout.write(`${line}\n`);
    const { session, server, recordDir: dir } = await startPlay(a, log);
    const o = session.options;
    log(`mjlab play: ${server.url}`);
    log(
      `  ${rulesName(o.rules)}, ${o.players} players, ${o.unit === 'match' ? 'a match' : 'one hand'} a game, seed ${o.seed}${a.seed === undefined ? ' (random; --seed to choose)' : ''}; ` +
        `you: ${o.seat === 'random' ? 'a random seat' : o.seat}; opponents: ${o.opponents.map((x) => printable(x.label)).join(', ')}`,
    );
    log(`  it answers only for ${server.hosts.join(', ')} (the Host a page names)`);
    log(`  every game is saved in ${dir}; Ctrl-C stops the server`);
    if (a.open) openBrowser(server.url, log);
    const failed = await new Promise<Error | null>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        const status: TableStatus = session.status;
        const unfinished = status !== 'game-over' && status !== 'stopped';
        if (unfinished) log(`stopped: game ${session.game} was not finished, so it is not saved`);
        void server.close().then(() => resolve(null));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      // A plug-in that ended its thread ends the command: the games saved so far stay saved.
      if (session instanceof RemoteSession) {
        void session.failed.then((e) => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void server.close().then(() => resolve(e));
        });
      }
    });
    if (session instanceof RemoteSession) await session.close();
    if (failed) throw failed;
}
