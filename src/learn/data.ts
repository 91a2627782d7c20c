/**
 * `mjlab train`'s data (docs/learning.md): self-play games, the teacher at lineup place 0 meeting every wall at
 * every seat (--duplicate), its decisions recorded by the workers (src/learn/worker.ts) into DIR/decisions.bin
 * (src/learn/record.ts), a batch at a time in batch order. DIR/checkpoint.jsonl names the data (a header with its
 * identity: rules, teacher, field, games, seed, feature layout and the hash of every file the lineup read, a
 * model among them) and commits each batch with its byte count and SHA-256 (lines sealed as simulate's are,
 * src/io/sealed-line.ts). A resumed generation proves every committed batch against its checksum and cuts off
 * what no line claims; a batch that fails its checksum is refused in one line. --shard I/M generates one block of
 * the games (src/runner/plan.ts shardRange, on wall boundaries); the shards' directories are trained on together
 * with --data, as one unsharded run's would be.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { UserError } from '../errors.js';
import { readNoFollow } from '../io/files.js';
import type { Shard } from '../io/manifest.js';
import { claimOutput } from '../io/claim.js';
import { RunDir } from '../io/run-dir.js';
import { loadsModules, resolveLineup } from '../lineup/registry.js';
import { requirePlayers, ruleSet, rulesName, variantProvenance } from '../rules/index.js';
import { describeOwner } from '../runner/describe.js';
import { identityInputs } from '../runner/stages/claim.js';
import { formatShard, shardRange } from '../runner/plan.js';
import { pluginHashes } from '../runner/plugins.js';
import { startPool } from '../runner/pool.js';
import { DecisionTimeout, WorkerDied, WorkerFailure } from '../sandbox/failures.js';
import { createProgress } from '../runner/progress.js';
import type { SignalTrap } from '../runner/signals.js';
import { DEFAULT_DECISION_TIMEOUT } from '../runner/options.js';
import { FEATURES_VERSION } from '../../strategies/learned/features.js';
import { JsonlWriter, readJsonl } from '../io/jsonl.js';
import { workerScriptFor } from '../worker-script.js';
import type { TrainOptions } from './options.js';
import type { TrainBatch, TrainDone, TrainWorkerInit } from './protocol.js';

export const PLAYERS = 4;
/** Games per batch: two wall sets, small enough that a kill loses little of a slow teacher's work. */
export const BATCH_GAMES = 8;
export const DATA_FILE = 'decisions.bin';
export const CHECKPOINT = 'checkpoint.jsonl';

export interface DataIdentity {
  readonly rules: string;
  /** `rules` names a variant file: its canonical form and SHA-256 (docs/rules.md "Variants"); absent for a book. */
  readonly rulesVariant?: { readonly sha256: string; readonly canonical: string };
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly players: number;
  readonly teacher: string;
  readonly field: string;
  readonly games: number;
  readonly seed: number;
  readonly featuresVersion: number;
  /** What the data is for: absent for a policy's decisions, 'value' for the value model's samples (src/value/). */
  readonly target?: 'value' | 'belief';
  /** SHA-256 of each file the lineup read (a model, a plug-in, a preset). */
  readonly files: Readonly<Record<string, string>> | null;
}

interface Header {
  readonly kind: 'train-header';
  readonly identity: DataIdentity;
  readonly shard: Shard | null;
}

export interface BatchLine {
  readonly kind: 'batch';
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly decisions: number;
  readonly bytes: number;
  readonly sha: string;
  readonly cpuSeconds: number;
}

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

export async function dataIdentity(o: Pick<TrainOptions, 'games' | 'seed' | 'rules' | 'field' | 'teacher' | 'limit'>): Promise<{ id: DataIdentity; lineup: string }> {
  if (!Number.isSafeInteger(o.games) || o.games < 2 * PLAYERS || o.games % PLAYERS !== 0) {
    throw new UserError(`--games must be a multiple of ${PLAYERS} (whole --duplicate wall sets), at least ${2 * PLAYERS}, got ${o.games}`);
  }
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be an integer, got ${o.seed}`);
  const rules = ruleSet(o.rules);
  requirePlayers(o.rules, PLAYERS, 'train');
  const field = o.field.split(',').map((s) => s.trim());
  if (field.length !== PLAYERS - 1 || field.some((f) => f === '')) throw new UserError(`--field must name ${PLAYERS - 1} strategies (the other seats), got "${o.field}"`);
  const lineup = [o.teacher.trim(), ...field].join(',');
  const resolved = await resolveLineup(lineup, PLAYERS);
  const limit = o.limit ?? rules.limit;
  return {
    id: {
      rules: rulesName(rules),
      ...variantProvenance(rules),
      limit,
      flowers: rules.flowers,
      players: PLAYERS,
      teacher: o.teacher.trim(),
      field: field.join(','),
      games: o.games,
      seed: o.seed,
      featuresVersion: FEATURES_VERSION,
      files: pluginHashes(resolved) ?? null,
    },
    lineup,
  };
}

/**
 * The output directory judged and taken (src/io/claim.ts): empty, this data to resume or redo, or refused in one
 * line. `fromData`: the model is trained on --data directories, so a resume has nothing of its own to read.
 */
export function claimTrainDir(o: Pick<TrainOptions, 'out' | 'force' | 'resume' | 'data' | 'keepData' | 'initModel'>, run: Readonly<Record<string, unknown>>, fromData = false): { dir: RunDir; resume: boolean } {
  const id = run.identity as Partial<DataIdentity> | undefined;
  // What the command reads: the data it trains on, the model it starts from, the teacher's and field's files.
  const inputs = [...(o.data ?? []), ...(o.keepData ?? []), ...(o.initModel !== undefined ? [o.initModel] : []), ...identityInputs({ rules: id?.rules ?? '', plugins: id?.files ?? null })];
  const c = claimOutput({
    dir: o.out, kind: 'train', run, inputs, noun: 'training data', different: 'different training data',
    same: (w) => JSON.stringify(w.run) === JSON.stringify(run),
    describe: describeOwner,
    force: o.force, resume: o.resume,
    resumable: (d) => fromData || d.has(CHECKPOINT),
    finished: (d) => d.has('manifest.json'),
    // Training data recomputes to the same bytes: the same command again redoes it, finished or not.
    unfinished: 'redo',
  });
  return { dir: c.dir, resume: c.resume };
}

/** The committed batches of a data directory, each proved against its checksum; refused in one line otherwise. */
export function readBatches(dir: RunDir, identity: DataIdentity, shard: Shard | null): { lines: BatchLine[]; bytes: number; cpBytes: number } | null {
  const cp = readJsonl<Header, BatchLine>(dir.file(CHECKPOINT), 'train-header');
  if (!cp) return null;
  if (JSON.stringify(cp.header.identity) !== JSON.stringify(identity) || JSON.stringify(cp.header.shard) !== JSON.stringify(shard)) {
    throw new UserError(`${dir.file(CHECKPOINT)} belongs to different training data; cannot --resume it`);
  }
  const data = dir.has(DATA_FILE) ? readNoFollow(dir.file(DATA_FILE)) : Buffer.alloc(0);
  let at = 0;
  const lines: BatchLine[] = [];
  for (const l of cp.lines) {
    if (l.kind !== 'batch' || l.index !== lines.length) throw new UserError(`${dir.file(CHECKPOINT)}: batch ${lines.length} is missing or out of order; rerun without --resume`);
    if (at + l.bytes > data.length) throw new UserError(`${dir.file(DATA_FILE)} is cut short: batch ${l.index} runs past its end; rerun without --resume`);
    if (sha(data.subarray(at, at + l.bytes)) !== l.sha) throw new UserError(`${dir.file(DATA_FILE)}: batch ${l.index} fails its checksum (altered or damaged); rerun without --resume`);
    at += l.bytes;
    lines.push(l);
  }
  return { lines, bytes: at, cpBytes: cp.validBytes };
}

/** The data of a complete directory: its records' bytes (proved), in batch order. */
export function readData(dir: RunDir, identity: DataIdentity, shard: Shard | null, batches: number): Buffer {
  const got = readBatches(dir, identity, shard);
  if (!got || got.lines.length !== batches) throw new UserError(`${dir.path} holds ${got?.lines.length ?? 0} of its ${batches} batches of data; finish it with --resume first`);
  return readNoFollow(dir.file(DATA_FILE)).subarray(0, got.bytes);
}

function playFailure(e: unknown): unknown {
  if (e instanceof DecisionTimeout) return new UserError(`a strategy (seat ${e.view.seat}, game ${e.view.game}) took longer than ${e.limitMs / 1000} s over one decision; its worker was stopped (raise --decision-timeout if it is only slow)`);
  if (e instanceof WorkerDied) return new UserError(`a worker thread ${e.how} (game ${e.view.game}); its worker was stopped`);
  if (e instanceof WorkerFailure) {
    const d = e.detail;
    if (d.kind === 'agent' || d.kind === 'user') return new UserError(d.message.split('\n')[0] ?? d.message);
    const err = new Error(`train worker failed: ${d.message}`);
    err.stack = d.stack ?? err.stack;
    return err;
  }
  return e;
}

export interface Generated {
  readonly status: 'complete' | 'interrupted';
  readonly batches: number;
  readonly decisions: number;
  readonly sessionGames: number;
  readonly cpuSeconds: number;
}

/**
 * Generate (or finish) this shard's data in `dir`; `worker`: the worker script under dist/src/ that plays and records
 * a batch (the policy's, or another target's that posts its records the same way).
 */
export async function generate(
  o: Pick<TrainOptions, 'out' | 'shard' | 'workers' | 'decisionTimeout' | 'progress'>, id: DataIdentity, lineup: string, claimed: { dir: RunDir; resume: boolean }, signals: SignalTrap, worker = 'learn/worker.js',
): Promise<Generated> {
  const { dir } = claimed;
  const range = shardRange(id.games, o.shard, PLAYERS);
  const total = Math.ceil((range[1] - range[0]) / BATCH_GAMES);
  const restored = claimed.resume ? readBatches(dir, id, o.shard) : null;
  if (claimed.resume && !restored) process.stderr.write(`mjlab: nothing to resume in ${o.out}; starting from the beginning\n`);
  const committed = restored?.lines ?? [];
  const cpFile = dir.append(CHECKPOINT, restored?.cpBytes ?? 0);
  const cp = new JsonlWriter<Header | BatchLine>(cpFile);
  if (!restored) cp.line({ kind: 'train-header', identity: id, shard: o.shard });
  const data = dir.append(DATA_FILE, restored?.bytes ?? 0);
  let decisions = committed.reduce((s, l) => s + l.decisions, 0);
  let cpu = committed.reduce((s, l) => s + l.cpuSeconds, 0);
  let next = committed.length;
  let commitAt = committed.length;
  const held = new Map<number, TrainDone>();
  const mode = o.progress === 'none' ? 'none' : process.stderr.isTTY ? 'bar' : 'plain';
  const gamesOf = (i: number): number => Math.min(range[1], range[0] + (i + 1) * BATCH_GAMES) - (range[0] + i * BATCH_GAMES);
  let gamesDone = 0;
  for (let i = 0; i < commitAt; i++) gamesDone += gamesOf(i);
  const progress = createProgress(range[1] - range[0], gamesDone, mode, 'train data');
  let sessionGames = 0;
  let cpu0 = process.cpuUsage();
  const pool = startPool<TrainWorkerInit, TrainDone, TrainBatch>({
    workers: o.workers ?? availableParallelism(),
    decisionLimitMs: 1000 * (o.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT),
    init: { table: { rules: id.rules, players: PLAYERS, flowers: id.flowers, limit: id.limit }, lineup, seed: id.seed },
    url: workerScriptFor(worker, loadsModules(lineup)),
    next: () => {
      if (signals.received || next >= total) return null;
      const index = next++;
      const start = range[0] + index * BATCH_GAMES;
      return { index, start, end: Math.min(range[1], start + BATCH_GAMES) };
    },
    remaining: () => total - next,
    onDone: (msg) => {
      held.set(msg.index, msg);
      // Committed in batch order, whatever order they finish in: the file is the same on any worker count.
      for (let m = held.get(commitAt); m !== undefined; m = held.get(commitAt)) {
        held.delete(commitAt);
        const bytes = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
        data.append(bytes);
        data.sync();
        const u = process.cpuUsage(cpu0);
        cpu0 = process.cpuUsage();
        const b = { index: commitAt, start: range[0] + commitAt * BATCH_GAMES, end: range[0] + commitAt * BATCH_GAMES + gamesOf(commitAt) };
        const cpuSeconds = Number(((u.user + u.system) / 1e6).toFixed(3));
        cpu += cpuSeconds;
        cp.line({ kind: 'batch', ...b, decisions: m.decisions, bytes: bytes.length, sha: sha(bytes), cpuSeconds });
        decisions += m.decisions;
        gamesDone += gamesOf(commitAt);
        sessionGames += gamesOf(commitAt);
        progress.update(gamesDone, sessionGames);
        commitAt++;
      }
    },
  });
  signals.onStop(() => void pool.stop());
  try {
    await pool.finished;
  } catch (e) {
    throw playFailure(e);
  } finally {
    progress.stop();
    data.close();
    cp.close();
  }
  const status = commitAt === total ? 'complete' : 'interrupted';
  return { status, batches: total, decisions, sessionGames, cpuSeconds: cpu };
}

export function shardWords(s: Shard | null): string {
  return s ? ` shard ${formatShard(s)}` : '';
}

