/**
 * How a run's game range is cut up (README.md, "Running at scale"), and which shard a process plays (docs/distributed.md:
 * numbered from 1, as vitest, Jest and Playwright number theirs). Shards are contiguous blocks of the range, computed
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
  // Shard I (from 1) is the I-th block: [cut(I − 1), cut(I)).
  return [cut(shard.index - 1), cut(shard.index)];
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

const SHARD_FORM = 'expected I/M with 1 <= I <= M, e.g. 1/4 (shards count from 1, as in vitest, Jest and Playwright)';

/** Parse "I/M": shard I of M, counted from 1. */
export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  if (!m) throw new UserError(`bad --shard "${spec}": ${SHARD_FORM}`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (index === 0 && count >= 1) throw new UserError(`bad --shard "${spec}": shards count from 1 (1/${count} … ${count}/${count})`);
  if (!(count >= 1) || index > count || !Number.isSafeInteger(count)) throw new UserError(`bad --shard "${spec}": ${SHARD_FORM}`);
  return { index, count };
}

/** A shard as --shard takes it (what a resume command or a message prints). */
export function formatShard(s: Shard): string {
  return `${s.index}/${s.count}`;
}

function envInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === '') return undefined;
  if (!/^\d+$/.test(v.trim())) throw new UserError(`${name}="${v}" is not a non-negative integer`);
  return Number(v);
}

/**
 * A Kubernetes Indexed Job numbers its pods 0 .. completions−1 (JOB_COMPLETION_INDEX) and does not tell a pod the
 * completion count, so --shards M must: pod i plays shard i+1 of M.
 */
function kubernetesShard(index: number, shards: number | undefined): Shard {
  if (shards === undefined) throw new UserError("JOB_COMPLETION_INDEX is set: give --shards M (the Job's completions)");
  if (index >= shards) throw new UserError(`JOB_COMPLETION_INDEX=${index} is outside --shards ${shards} (indexes 0..${shards - 1})`);
  return { index: index + 1, count: shards };
}

/**
 * A Slurm job array: its tasks, in index order, are shards 1 .. COUNT, whatever the first index and the step
 * (--array=0-7, 1-8 and 0-14:2 all give shards 1..8): task ID plays shard (ID − MIN) / STEP + 1. An array whose
 * indices are not evenly spaced (--array=1,3,8) has no such order that every task can compute from its own
 * environment, and is refused; so is --shards M that disagrees with the array's task count.
 */
function slurmShard(env: NodeJS.ProcessEnv, id: number, shards: number | undefined): Shard {
  const tasks = envInt(env, 'SLURM_ARRAY_TASK_COUNT');
  const count = tasks ?? shards;
  if (count === undefined) throw new UserError('SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor --shards is');
  if (tasks !== undefined && shards !== undefined && shards !== tasks) {
    throw new UserError(`--shards ${shards} disagrees with the Slurm array's ${tasks} tasks; give --array with ${shards} tasks, or --shard I/M for one shard`);
  }
  const min = envInt(env, 'SLURM_ARRAY_TASK_MIN') ?? 0;
  const step = envInt(env, 'SLURM_ARRAY_TASK_STEP') ?? 1;
  const max = envInt(env, 'SLURM_ARRAY_TASK_MAX') ?? min + (count - 1) * step;
  if (step < 1 || id < min || id > max || (id - min) % step !== 0 || min + (count - 1) * step !== max) {
    throw new UserError(
      `Slurm array task ${id}: ${count} tasks from ${min} to ${max} (step ${step}) are not evenly spaced, so they cannot number the shards; submit --array=A-B or A-B:S`,
    );
  }
  return { index: (id - min) / step + 1, count };
}

/**
 * The shard to run: --shard, else a Kubernetes Indexed Job (JOB_COMPLETION_INDEX with --shards M), else a Slurm
 * job array (SLURM_ARRAY_TASK_ID and its siblings), else none (the whole run). All numbered from 1.
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
  if (k8s !== undefined) return kubernetesShard(k8s, shardsOpt);
  const slurmId = envInt(env, 'SLURM_ARRAY_TASK_ID');
  if (slurmId !== undefined) return slurmShard(env, slurmId, shardsOpt);
  if (shardsOpt !== undefined) {
    throw new UserError('--shards needs --shard I/M, JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID to say which shard');
  }
  return null;
}
