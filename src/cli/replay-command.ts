/**
 * `mjlab replay` (docs/notation.md, "Game records"): replays one game from (rules, strategies, seed, game) and prints it move by move
 * in tile notation, or the whole record with --json. The same arguments give the same record on any machine,
 * whatever ran before: every stream is derived from (seed, game, purpose) alone (src/rng/streams.ts).
 * `--record FILE` instead re-executes a game record or a hand-written scenario through the engine (docs/notation.md,
 * "Game records"; src/game/replay.ts): its wall orders and decisions alone give the game. `--run DIR` takes all but the
 * game from a run's manifest (src/cli/replay-run.ts). A lineup (or a review) holding a plug-in is
 * played in a thread of its own under simulate's contract (src/cli/replay-worker.ts): the same
 * decision limit (--decision-timeout), Math.random and the clock refused, its memory capped.
 */
import { join } from 'node:path';
import { resolveStrategy } from '../lineup/registry.js';
import { strategyFiles } from '../io/output-file.js';
import { faultName, playGame } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { UserError } from '../errors.js';
import type { GameRecord } from '../record/record.js';
import { renderRecord } from '../record/render.js';
import { checkReplayHtml, htmlOutput, writeReplayHtml } from '../viewer/write.js';
import { readScenario, replayRecordFile } from '../game/replay.js';
import { type Comparison, compareSeat, recordSeat, renderComparison } from '../game/compare.js';
import { gameFromRun } from './replay-run.js';
import { replayConfig, type GameArgs } from './replay-args.js';
import { isPlugin } from '../sandbox/contract.js';
import { PluginThread, threadFailure } from '../sandbox/plugin-thread.js';
import { DEFAULT_DECISION_TIMEOUT } from '../runner/options.js';
import { workerScript } from '../worker-script.js';
import type { ReplayJob } from './replay-worker.js';

/** Options that define a game from its seed: a record defines its own. */
const SEEDED = ['rules', 'strategies', 'seed', 'game', 'players', 'unit', 'limit', 'flowers', 'duplicate'] as const;

export interface ReplayArgs extends Partial<GameArgs> {
  /** Take the game's options from this run's manifest.json. */
  run?: string;
  /** Re-execute this game record (or scenario) instead of playing from a seed. */
  record?: string;
  json: boolean;
  /** --html may replace a file mjlab did not write. */
  force?: boolean;
  /** Write the browser replay viewer page here (docs/replay.md, src/viewer/). */
  html?: string;
  /** With --record and --strategy: compare this seat's decisions with the strategy's (src/game/compare.ts). */
  seat?: string;
  strategy?: string;
  'decision-timeout'?: number;
}

/** --decision-timeout in milliseconds, checked as simulate checks it. */
export function limitMs(seconds: number | undefined): number {
  const s = seconds ?? DEFAULT_DECISION_TIMEOUT;
  if (!(Number.isFinite(s) && s > 0)) throw new UserError(`--decision-timeout must be a positive number of seconds, got ${s}`);
  return 1000 * s;
}

/** Run `job` in a plug-in thread; its failure as one line (threadFailure) naming `who` decided and `where`. */
export async function inThread<R>(job: ReplayJob, ms: number, who: (lineup: number, seat: number) => string, where: (game: number) => string, strategies: string): Promise<R> {
  const t = new PluginThread(workerScript('cli/replay-worker.js'), { job }, ms);
  try {
    return await t.call<R>('run');
  } catch (e) {
    throw threadFailure(e, who, where, strategies);
  } finally {
    await t.close();
  }
}

export async function replayRecord(a: GameArgs, decisionLimitMs = limitMs(undefined)): Promise<GameRecord> {
  const config = await replayConfig(a);
  if (config.lineup.some(isPlugin)) {
    const who = (i: number, seat: number): string => `strategy "${config.lineup[i] ? faultName(config.lineup[i]!) : '?'}" at seat ${seat}`;
    return inThread<GameRecord>({ kind: 'game', args: a }, decisionLimitMs, who, (g) => `(seed ${a.seed}, game ${g})`, a.strategies);
  }
  const outcome = playGame(config, gameSetup(config, a.game), { record: true });
  return outcome.record as GameRecord;
}

/** `--record FILE --seat S --strategy X`: the strategy's decisions at the seat beside the record's. */
async function compareCommand(a: ReplayArgs): Promise<void> {
  if (a.record === undefined || a.seat === undefined || a.strategy === undefined) {
    throw new UserError('--seat and --strategy go together, with --record FILE (mjlab replay --record FILE --seat S --strategy harr)');
  }
  const given = [...SEEDED, 'run' as const, 'html' as const].filter((k) => a[k] !== undefined).map((k) => `--${k}`);
  if (given.length > 0) throw new UserError(`--seat and --strategy compare the decisions of --record FILE; drop ${given.join(', ')}`);
  const file = a.record;
  const sc = readScenario(file);
  const seat = recordSeat(sc, a.seat);
  const ms = limitMs(a['decision-timeout']);
  const inst = await resolveStrategy(a.strategy);
  const c = isPlugin(inst)
    ? await inThread<Comparison>({ kind: 'compare', file, seat, strategy: a.strategy }, ms, (_i, s) => `strategy "${faultName(inst)}" at seat ${s}`, () => `(${file})`, a.strategy)
    : compareSeat(sc, file, seat, inst);
  process.stdout.write(a.json ? `${JSON.stringify(c, null, 2)}\n` : renderComparison(c));
}

export async function replayHandler(a: ReplayArgs): Promise<void> {
    let record: GameRecord;
    if (a.seat !== undefined || a.strategy !== undefined) return compareCommand(a);
    // The page's target is judged before the game is played: never the record read, never a file of someone else's.
    const inputs = [...(a.record !== undefined ? [a.record] : []), ...(a.run !== undefined ? [join(a.run, 'manifest.json')] : []), ...strategyFiles(a.strategies)];
    const page = a.html !== undefined ? htmlOutput(a.html, inputs, a.force ?? false) : undefined;
    if (page) checkReplayHtml(page);
    if (a.record !== undefined) {
      const given = [...SEEDED, 'run' as const].filter((k) => a[k] !== undefined).map((k) => `--${k}`);
      if (given.length > 0) throw new UserError(`--record FILE defines the game itself; drop ${given.join(', ')}`);
      record = replayRecordFile(a.record);
    } else if (a.run !== undefined) {
      record = await replayRecord(gameFromRun(a.run, a), limitMs(a['decision-timeout']));
    } else {
      for (const k of ['rules', 'strategies', 'seed', 'game'] as const) {
        if (a[k] === undefined) throw new UserError(`--${k} is required (or --run DIR, or --record FILE to re-execute a game record)`);
      }
      record = await replayRecord({
        ...(a as GameArgs),
        unit: a.unit ?? 'hand',
        flowers: a.flowers ?? false,
        duplicate: a.duplicate ?? false,
      }, limitMs(a['decision-timeout']));
    }
    if (page) {
      const note = writeReplayHtml(record, page);
      if (!a.json) return void process.stdout.write(`${note}\n`);
    }
    process.stdout.write(a.json ? `${JSON.stringify(record, null, 2)}\n` : renderRecord(record));
}
