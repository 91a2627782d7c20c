/**
 * Plays tuning jobs on one worker pool kept for the whole tune (src/runner/pool.ts with src/tune/worker.ts: a
 * worker's start-up — modules, the 20 MB hand table, a cold JIT — costs about as much as a thousand hands) and
 * returns each job's per-wall-set nets for its candidate. Every value is an integer sum over fixed games, stored
 * by position, so a result does not depend on the worker count or the order batches finish in.
 * Ctrl-C or SIGTERM stops the pool (src/runner/signals.ts); a run() then reports 'interrupted', never anything
 * partial. A decision past the time limit stops its worker (src/sandbox/watchdog.ts) and fails the run in one line.
 */
import { UserError } from '../errors.js';
import { HB_PHASE } from '../sandbox/contract.js';
import { loadsModules } from '../lineup/registry.js';
import { startPool, type PoolHandle, type WorkerKeep } from '../runner/pool.js';
import { DecisionTimeout, WorkerDied, WorkerFailure } from '../sandbox/failures.js';
import { deathWords } from '../sandbox/died.js';
import { workerScriptFor } from '../worker-script.js';
import { trapSignals, type SignalTrap, type StopSignal } from '../runner/signals.js';
import type { TuneBatch, TuneDone, TuneJob, TuneTable, TuneWorkerInit } from './protocol.js';

/** Games per batch (50 wall sets of four): small enough for an even spread and a live progress bar. */
const BATCH_GAMES = 200;

export interface EvalJob extends TuneJob {
  /** Games [start, end), whole wall sets. */
  readonly start: number;
  readonly end: number;
}

export type EvalResult = { readonly status: 'done'; readonly walls: Float64Array[] } | { readonly status: 'interrupted'; readonly signal: StopSignal };

interface Run {
  readonly jobs: readonly EvalJob[];
  readonly walls: Float64Array[];
  left: number;
  readonly onGames?: (games: number) => void;
  readonly settle: (r: EvalResult) => void;
  readonly fail: (e: unknown) => void;
}

/** A game of a tune could not be played (a strategy threw, returned an illegal action or stalled): one line. */
export class PlayFailure extends UserError {
  override name = 'PlayFailure';
}

function userFacing(e: unknown): unknown {
  if (e instanceof DecisionTimeout) {
    const v = e.view;
    const seconds = e.limitMs / 1000;
    if (v.phase === HB_PHASE.load) return new PlayFailure(`a strategy file did not finish loading in a worker within ${seconds} s`);
    const who = v.lineup === 0 ? 'the candidate' : `the field's strategy at lineup place ${v.lineup}`;
    return new PlayFailure(`${who} (seat ${v.seat}, game ${v.game}) took longer than ${seconds} s over ${v.phase === HB_PHASE.create ? 'create()' : 'one decision'}; its worker was stopped (raise --decision-timeout if it is only slow)`);
  }
  if (e instanceof WorkerDied) {
    // Lineup place 0 is the candidate, the rest the field (tune/worker.ts).
    const who = (i: number, seat: number): string => `${i === 0 ? 'the candidate' : `the field's strategy at lineup place ${i}`} (seat ${seat})`;
    return new PlayFailure(`${deathWords(e, who, (g) => `(game ${g})`, 'the tune').text}; its worker was stopped`);
  }
  if (!(e instanceof WorkerFailure)) return e;
  const d = e.detail;
  if (d.kind === 'agent' || d.kind === 'user') return new PlayFailure(d.message.split('\n')[0] ?? d.message);
  const err = new Error(`tune worker failed: ${d.message}`);
  err.stack = d.stack ?? err.stack;
  return err;
}

export class Evaluator {
  private readonly pool: PoolHandle;
  private readonly queue: TuneBatch[] = [];
  private readonly byIndex = new Map<number, { run: Run; job: number; offset: number; games: number }>();
  private nextIndex = 0;
  private closing = false;
  private interrupted = false;
  private failure: unknown = null;
  private readonly active = new Set<Run>();
  private readonly signals: SignalTrap;
  private readonly ownTrap: boolean;

  /** `signals`: the caller's trap, held over all its writes; by default the evaluator holds one while it lives. */
  constructor(
    private readonly table: TuneTable,
    workers: number,
    decisionLimitMs: number,
    signals?: SignalTrap,
    keep?: WorkerKeep,
    /**
     * The lineups of its jobs may load a strategy file that imports the library (loadsModules): its workers then
     * start from the compiled modules, else from the tune worker's bundle. Every job is checked against it.
     */
    private readonly modules = true,
  ) {
    this.ownTrap = signals === undefined;
    this.signals = signals ?? trapSignals();
    this.pool = startPool<TuneWorkerInit, TuneDone, TuneBatch>({
      workers,
      decisionLimitMs,
      init: { table },
      url: workerScriptFor('tune/worker.js', modules),
      ...(keep ? { keep } : {}),
      next: () => {
        if (this.interrupted) return null;
        return this.queue.shift() ?? (this.closing ? null : 'wait');
      },
      remaining: () => this.queue.length,
      onDone: (msg) => {
        const at = this.byIndex.get(msg.index)!;
        this.byIndex.delete(msg.index);
        at.run.walls[at.job]!.set(msg.walls, at.offset);
        at.run.onGames?.(at.games);
        if (--at.run.left === 0) {
          this.active.delete(at.run);
          at.run.settle({ status: 'done', walls: at.run.walls });
        }
      },
    });
    this.pool.finished.then(
      () => this.endRuns(),
      (e: unknown) => {
        this.failure = userFacing(e);
        this.endRuns();
      },
    );
    this.signals.onStop(() => {
      this.interrupted = true;
      void this.pool.stop();
    });
  }

  /** The signal that stopped the pool, once one has. */
  get signal(): StopSignal | null {
    return this.signals.received;
  }

  private endRuns(): void {
    for (const r of this.active) {
      if (this.failure) r.fail(this.failure);
      else r.settle({ status: 'interrupted', signal: this.signals.received ?? 'SIGINT' });
    }
    this.active.clear();
  }

  /** Play every job; resolves with their per-wall-set nets, in job order. */
  run(jobs: readonly EvalJob[], onGames?: (games: number) => void): Promise<EvalResult> {
    const p = this.table.players;
    const size = Math.max(p, Math.floor(BATCH_GAMES / p) * p);
    // A lineup that needs the modules on a bundle's workers would meet a second copy of the library.
    if (!this.modules) for (const j of jobs) if (loadsModules(j.lineup)) throw new Error(`tune: lineup ${j.lineup} loads a strategy file, on workers started from the bundle`);
    return new Promise<EvalResult>((settle, fail) => {
      if (this.failure) return fail(this.failure);
      if (this.interrupted) return settle({ status: 'interrupted', signal: this.signals.received ?? 'SIGINT' });
      const walls = jobs.map((j) => new Float64Array((j.end - j.start) / p));
      const run: Run = { jobs, walls, left: 0, ...(onGames ? { onGames } : {}), settle, fail };
      jobs.forEach((j, job) => {
        if ((j.end - j.start) % p !== 0 || j.start % p !== 0) throw new Error(`tune job ${job}: games ${j.start}..${j.end} are not whole wall sets`);
        for (let s = j.start; s < j.end; s += size) {
          const index = this.nextIndex++;
          const end = Math.min(j.end, s + size);
          this.byIndex.set(index, { run, job, offset: (s - j.start) / p, games: end - s });
          this.queue.push({ index, lineup: j.lineup, seed: j.seed, start: s, end });
          run.left += 1;
        }
      });
      if (run.left === 0) return settle({ status: 'done', walls });
      this.active.add(run);
      this.pool.wake();
    });
  }

  /** Stop the workers (after the runs in flight, unless interrupted). */
  async close(): Promise<void> {
    this.closing = true;
    if (this.ownTrap) this.signals.release();
    this.pool.wake();
    if (this.active.size > 0 || this.queue.length > 0) await this.pool.stop();
    await this.pool.finished.catch(() => undefined);
  }
}
