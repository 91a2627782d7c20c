/**
 * The data half of a training target other than the policy (`mjlab train --target belief|value`; docs/learning.md,
 * docs/belief.md, docs/statistics.md "The learned value"): --data's shards read, or this run's self-play played in
 * worker threads through the policy's resumable, checksummed, shardable data files (data.ts), under one signal trap
 * from the claim to the last file; a --shard run ends with its data's manifest. What the target then does with the
 * data (its fit and its files) is `then`, inside the same trap; a file that cannot be written is one line.
 */
import { UserError } from '../errors.js';
import { IoFailure } from '../io/files.js';
import { commandLine, gitState, packageVersion } from '../io/manifest.js';
import type { RunDir } from '../io/run-dir.js';
import { trapSignals, type SignalTrap, type StopSignal } from '../runner/signals.js';
import { claimTrainDir, dataIdentity, generate, readData, type DataIdentity } from './data.js';
import type { TrainOptions } from './options.js';
import { readShards, resumeCommand } from './train.js';

/** What a target's data is: its name, its worker script (under dist/src/), its record check and feature layout. */
export interface TargetSpec {
  readonly target: 'belief' | 'value';
  readonly worker: string;
  readonly featuresVersion: number;
  /** The word the shard's manifest counts its records by ("records", "samples"). */
  readonly count: string;
  /** Refuses records mjlab did not write, in one line (src/learn/train.ts readShards). */
  check(b: Buffer, name: string): void;
  /** Checks a freshly planned identity before anything is claimed. */
  planned?(id: DataIdentity): void;
}

export type TargetOptions = Omit<TrainOptions, 'fit' | 'keepData' | 'initModel'>;

/** The data gathered, the claimed directory, the run's CPU seconds of play (null with --data) and its trap. */
export interface Gathered {
  readonly id: DataIdentity;
  readonly data: Buffer[];
  readonly dir: RunDir;
  readonly cpuSeconds: number | null;
  readonly signals: SignalTrap;
}

/** Stopped before the fit: by a signal during the play, or at the end of a --shard's data. */
export type Stopped = { readonly status: 'interrupted'; readonly signal: StopSignal; readonly count: number } | { readonly status: 'data'; readonly count: number };

export async function withTargetData<R>(o: TargetOptions, spec: TargetSpec, t0: number, startedAt: string, then: (g: Gathered) => Promise<R>): Promise<R | Stopped> {
  if (o.data && o.shard) throw new UserError('--data trains on shards already generated; --shard generates one: give one or the other');
  const fromDirs = o.data ? readShards(o.data, '--data', spec.check, spec.target) : null;
  let planned: { id: DataIdentity; lineup: string } | null = null;
  if (!fromDirs) {
    const p = await dataIdentity(o);
    spec.planned?.(p.id);
    planned = { id: { ...p.id, featuresVersion: spec.featuresVersion, target: spec.target }, lineup: p.lineup };
  }
  const id = fromDirs?.id ?? planned!.id;
  const run = fromDirs ? { identity: id, shard: null, data: o.data } : { identity: id, shard: o.shard };
  const signals = trapSignals();
  try {
    const claimed = claimTrainDir(o, run, fromDirs !== null);
    if (fromDirs) return await then({ id, data: fromDirs.data, dir: claimed.dir, cpuSeconds: null, signals });
    const gen = await generate(o, id, planned!.lineup, claimed, signals, spec.worker);
    if (gen.status === 'interrupted') {
      process.stderr.write(`mjlab: ${spec.target} data interrupted; committed batches are kept in ${o.out}; resume with: ${resumeCommand(o)}\n`);
      return { status: 'interrupted', signal: signals.received ?? 'SIGINT', count: gen.decisions };
    }
    const cpuSeconds = Number(gen.cpuSeconds.toFixed(1));
    if (o.shard) {
      const meta = { shard: o.shard, [spec.count]: gen.decisions, cpuSeconds, startedAt, hours: Number(((performance.now() - t0) / 3.6e6).toFixed(4)) };
      claimed.dir.write('manifest.json', `${JSON.stringify({ tool: 'mjlab', kind: 'train-data', target: spec.target, version: packageVersion(), ...gitState(), command: o.command ?? commandLine(), identity: id, ...meta, node: process.version }, null, 2)}\n`);
      return { status: 'data', count: gen.decisions };
    }
    return await then({ id, data: [readData(claimed.dir, id, null, gen.batches)], dir: claimed.dir, cpuSeconds, signals });
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}; committed batches are kept in ${o.out}`);
    throw e;
  } finally {
    signals.release();
  }
}
