/**
 * `mjlab play` (issue 17): a person at the table, in the browser, against any lineup of strategies. Starts a local
 * HTTP server (src/play/server.ts; 127.0.0.1 unless --host says otherwise), prints its address, and runs until
 * Ctrl-C. Every game played is saved to --record-dir (default results/play/) as a game record that `mjlab replay
 * --record FILE` re-executes (and `--html` shows with every hand open, `--seat S --strategy harr` compares).
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import type { CommandModule } from 'yargs';
import type { StrategyInstance } from '../../agent/types.js';
import { UserError } from '../../errors.js';
import { resolveStrategy } from '../../lineup/registry.js';
import { buildPlayHtml } from '../../play/page.js';
import { recordDir, saveRecord } from '../../play/records.js';
import { type PlayServer, startServer } from '../../play/server.js';
import { PlaySession, type SessionOptions, tableWinds } from '../../play/session.js';
import { ruleSetChoices } from '../../rules/index.js';
import { nonNegativeInt, tableOptions } from '../table.js';

export const DEFAULT_PORT = 8017;
export const DEFAULT_RECORD_DIR = 'results/play';

export interface PlayArgs {
  rules: string;
  strategies?: string;
  seat: string;
  seed?: number;
  unit: string;
  players: number;
  flowers: boolean;
  limit?: number;
  port: number;
  host: string;
  open: boolean;
  'record-dir': string;
}

/** The opponents: one strategy per other seat in the order of play after the person, or one for all of them. */
async function opponents(spec: string | undefined, players: number): Promise<StrategyInstance[]> {
  const entries = (spec ?? 'harr').split(',').map((s) => s.trim());
  if (entries.some((e) => e === '')) throw new UserError(`--strategies: empty strategy name in "${spec}"`);
  const others = players - 1;
  if (entries.length !== 1 && entries.length !== others) {
    throw new UserError(`--strategies: give one strategy for each of the ${others} other seats, or one for all, got ${entries.length} ("${spec}")`);
  }
  const list = entries.length === 1 ? new Array<string>(others).fill(entries[0]!) : entries;
  return Promise.all(list.map(resolveStrategy));
}

export interface Play {
  readonly session: PlaySession;
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
  const opp = await opponents(a.strategies, table.players);
  const dir = recordDir(a['record-dir']);
  const options: SessionOptions = {
    ...table,
    seed,
    opponents: opp,
    seat: seat as SessionOptions['seat'],
    save: (record) => {
      const file = saveRecord(dir, record);
      log(`saved game ${record.game}: ${file}`);
      return file;
    },
  };
  const session = new PlaySession(options);
  const server = await startServer(session, buildPlayHtml(), a.host, port);
  return { session, server, recordDir: dir };
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

export const playCommand: CommandModule<object, PlayArgs> = {
  command: 'play',
  describe: 'play at the table yourself, in the browser, against strategies (a local web server)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', default: 'harr', describe: `rule set: ${ruleSetChoices()}` })
      .option('strategies', { type: 'string', describe: 'the other seats, in the order of play after yours, comma-separated, or one for all (default harr)' })
      .option('seat', { type: 'string', default: 'E', describe: "your wind in each game's first hand: E, S, W, N (as the table has them) or random" })
      .option('seed', { type: 'number', describe: 'master seed (default: a random one, printed); the same seed and the same moves give the same game' })
      .option('unit', { type: 'string', default: 'hand', choices: ['hand', 'match'], describe: 'what one game is' })
      .option('players', { type: 'number', default: 4, choices: [2, 3, 4], describe: 'players at the table' })
      .option('flowers', { type: 'boolean', default: false, describe: 'play with flowers and seasons (where the rule set allows)' })
      .option('limit', { type: 'number', describe: "hand limit (default: the rule set's)" })
      .option('port', { type: 'number', default: DEFAULT_PORT, describe: 'port to listen on (0: any free one)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on (127.0.0.1: this machine only)' })
      .option('open', { type: 'boolean', default: false, describe: 'open the page in a browser ($BROWSER, or the system default)' })
      .option('record-dir', { type: 'string', default: DEFAULT_RECORD_DIR, describe: 'where every game played is saved as a replayable record' }) as never,
  handler: async (a) => {
    const log = (line: string): void => void process.stdout.write(`${line}\n`);
    const { session, server, recordDir: dir } = await startPlay(a, log);
    const o = session.options;
    log(`mjlab play: ${server.url}`);
    log(
      `  ${o.rules.id}, ${o.players} players, ${o.unit === 'match' ? 'a match' : 'one hand'} a game, seed ${o.seed}${a.seed === undefined ? ' (random; --seed to choose)' : ''}; ` +
        `you: ${o.seat === 'random' ? 'a random seat' : o.seat}; opponents: ${o.opponents.map((x) => x.label).join(', ')}`,
    );
    log(`  every game is saved in ${dir}; Ctrl-C stops the server`);
    if (a.open) openBrowser(server.url, log);
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        const unfinished = session.status !== 'game-over' && session.status !== 'stopped';
        if (unfinished) log(`stopped: game ${session.game} was not finished, so it is not saved`);
        void server.close().then(resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  },
};
