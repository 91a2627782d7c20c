/**
 * How a run's game range is cut up (issue 5, points 1 and 5). Shards are contiguous blocks of the range, computed
 * from the total alone, so every machine of an Indexed Job or Slurm array agrees on them whatever its core count;
 * with --duplicate the cut points fall on wall boundaries (multiples of the player count) so a wall's rotations
 * stay together. Batches split a shard into fixed-size pieces; the size depends only on the shard's length, so a
 * resumed run cuts its batches exactly as the interrupted one did.
 */
import { UserError } from '../errors.js';
import type { Shard } from '../io/manifest.js';

export interface Batch {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** Largest batch: bounds the games.csv text and the aggregate held per batch, and keeps checkpoints frequent. */
export const MAX_BATCH = 500;

export function shardRange(games: number, shard: Shard | null, align: number): [number, number] {
  if (!shard) return [0, games];
  const units = Math.ceil(games / align);
  const cut = (i: number) => Math.min(games, Math.floor((i * units) / shard.count) * align);
  return [cut(shard.index), cut(shard.index + 1)];
}

export function batchSizeFor(length: number, align: number): number {
  const target = Math.min(MAX_BATCH, Math.max(1, Math.ceil(length / 64)));
  return Math.ceil(target / align) * align;
}

export function batchAt(range: readonly [number, number], size: number, index: number): Batch {
  const start = range[0] + index * size;
  return { index, start, end: Math.min(range[1], start + size) };
}

export function batchCount(range: readonly [number, number], size: number): number {
  return Math.ceil((range[1] - range[0]) / size);
}

/** Parse "I/M" (0-based I). */
export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  if (!m) throw new UserError(`bad --shard "${spec}": expected I/M with 0 <= I < M, e.g. 0/4`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (!(count >= 1) || index >= count || !Number.isSafeInteger(count)) {
    throw new UserError(`bad --shard "${spec}": expected I/M with 0 <= I < M, e.g. 0/4`);
  }
  return { index, count };
}

function envInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === '') return undefined;
  if (!/^\d+$/.test(v.trim())) throw new UserError(`${name}="${v}" is not a non-negative integer`);
  return Number(v);
}

/**
 * The shard to run: --shard, else a Kubernetes Indexed Job (JOB_COMPLETION_INDEX with --shards M), else a Slurm
 * job array (SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT, or of --shards), else none.
 */
export function resolveShard(shardOpt: string | undefined, shardsOpt: number | undefined, env: NodeJS.ProcessEnv): Shard | null {
  if (shardOpt !== undefined) {
    const s = parseShard(shardOpt);
    if (shardsOpt !== undefined && shardsOpt !== s.count) throw new UserError(`--shard ${shardOpt} disagrees with --shards ${shardsOpt}`);
    return s;
  }
  if (shardsOpt !== undefined && !(Number.isSafeInteger(shardsOpt) && shardsOpt >= 1)) {
    throw new UserError(`bad --shards ${shardsOpt}: expected a positive integer`);
  }
  const k8s = envInt(env, 'JOB_COMPLETION_INDEX');
  if (k8s !== undefined) {
    if (shardsOpt === undefined) throw new UserError('JOB_COMPLETION_INDEX is set: give --shards M (the Job\'s completions)');
    return parseShard(`${k8s}/${shardsOpt}`);
  }
  const slurmId = envInt(env, 'SLURM_ARRAY_TASK_ID');
  if (slurmId !== undefined) {
    const min = envInt(env, 'SLURM_ARRAY_TASK_MIN') ?? 0;
    const count = shardsOpt ?? envInt(env, 'SLURM_ARRAY_TASK_COUNT');
    if (count === undefined) throw new UserError('SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor --shards is');
    return parseShard(`${slurmId - min}/${count}`);
  }
  if (shardsOpt !== undefined) {
    throw new UserError('--shards needs --shard I/M, JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID to say which shard');
  }
  return null;
}
