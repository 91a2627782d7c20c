/**
 * `mjlab play`'s plug-in thread (src/sandbox/plugin-thread.ts): when an opponent is a plug-in, the whole table
 * (session.ts) lives here, its opponents held to simulate's contract (a decision watched by the main thread, whose
 * server goes on answering; Math.random and the clock refused), and every finished game is saved from here.
 */
import { resolveStrategy } from '../lineup/registry.js';
import { holdToContract, loading } from '../sandbox/contract.js';
import { hostPlugins } from '../sandbox/plugin-host.js';
import { ruleSet } from '../rules/index.js';
import { saveRecord } from './records.js';
import { PlaySession, type Answer, type SessionOptions } from './session.js';
import type { SeatMessage } from './message.js';

/** What the main thread sends: the table as plain data, the opponents as their lineup entries. */
export interface SessionJob {
  readonly rules: string;
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly seed: number;
  readonly seat: SessionOptions['seat'];
  readonly opponents: readonly string[];
  readonly recordDir: string;
  readonly firstGame: number;
}

export interface SessionReply {
  readonly answer: Answer;
  readonly message: SeatMessage;
}

hostPlugins<{ job: SessionJob }>(async ({ job }, hb, log) => {
  const opponents = holdToContract(await loading(hb, () => Promise.all(job.opponents.map(resolveStrategy))), hb);
  let session: PlaySession | null = null;
  const table = (): PlaySession => {
    if (session === null) throw new Error('the table has not started');
    return session;
  };
  // The heartbeat names the game a stalled decision was in: the one the request plays (a new game's, for 'new').
  const reply = (game: number, fn: (s: PlaySession) => Answer): SessionReply => {
    hb.setGame(game);
    const answer = fn(table());
    return { answer, message: table().message() };
  };
  return {
    start: (): SessionReply => {
      hb.setGame(job.firstGame);
      const rules = ruleSet(job.rules);
      session = new PlaySession({
        rules, limit: job.limit, flowers: job.flowers, players: job.players, unit: job.unit, seed: job.seed, seat: job.seat, opponents,
        firstGame: job.firstGame,
        save: (record) => {
          const file = saveRecord(job.recordDir, record);
          log(`saved game ${record.game}: ${file}`);
          return file;
        },
      });
      return { answer: { ok: true }, message: session.message() };
    },
    act: (b) => reply(table().game, (s) => s.act(b)),
    next: (b) => reply(table().game, (s) => s.nextHand(b)),
    new: (b) => reply(table().game + 1, (s) => s.newGame(b)),
    save: (b) => reply(table().game, (s) => s.saveAgain(b)),
  };
});
