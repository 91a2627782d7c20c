/**
 * The output directory (issue 5, points 3 and 7): what files a run owns, whether a directory already holds a
 * different run, and writing the final outputs atomically (write to a temporary name, then rename), so a kill
 * while writing never leaves a half-written summary.csv behind.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { CHECKPOINT_FILE, readCheckpointHeader } from './checkpoint.js';
import type { Manifest, RunIdentity, Shard } from '../io/manifest.js';
import { manifestJson } from '../io/manifest.js';
import { aggregateToJson, type Aggregate } from '../stats/aggregate.js';
import { scoreDistributionCsv, summaryCsv, totalsCsv } from '../io/csv.js';

export const OUTPUT_FILES = [
  CHECKPOINT_FILE, 'games.csv', 'summary.csv', 'score-distribution.csv', 'totals.csv', 'aggregate.json', 'manifest.json', 'nets.bin',
] as const;

export function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.mjlab-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    throw new UserError(`cannot write to output directory ${dir}${code ? ` (${code})` : ''}`);
  }
}

export interface ExistingRun {
  readonly identity: RunIdentity;
  readonly shard: Shard | null;
  readonly hasCheckpoint: boolean;
}

export function existingRun(dir: string): ExistingRun | null {
  const cp = readCheckpointHeader(join(dir, CHECKPOINT_FILE));
  if (cp) return { identity: cp.identity, shard: cp.shard, hasCheckpoint: true };
  const mpath = join(dir, 'manifest.json');
  if (!existsSync(mpath)) return null;
  try {
    const m = JSON.parse(readFileSync(mpath, 'utf8')) as Manifest;
    if (m.tool !== 'mjlab' || !m.identity) return null;
    return { identity: m.identity, shard: m.shard, hasCheckpoint: false };
  } catch {
    return null;
  }
}

export function describe(id: RunIdentity, shard: Shard | null): string {
  const s = shard ? ` shard ${shard.index}/${shard.count}` : '';
  return `${id.rules} ${id.strategies} seed ${id.seed} ${id.games} games${s}`;
}

export function clearRun(dir: string): void {
  for (const f of OUTPUT_FILES) rmSync(join(dir, f), { force: true });
}

function writeAtomic(dir: string, name: string, text: string): void {
  const tmp = join(dir, `.${name}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, join(dir, name));
}

export function writeOutputs(dir: string, agg: Aggregate, manifest: Manifest): void {
  writeAtomic(dir, 'summary.csv', summaryCsv(agg));
  writeAtomic(dir, 'score-distribution.csv', scoreDistributionCsv(agg));
  writeAtomic(dir, 'totals.csv', totalsCsv(agg));
  writeAtomic(dir, 'aggregate.json', `${JSON.stringify(aggregateToJson(agg))}\n`);
  writeAtomic(dir, 'manifest.json', manifestJson(manifest));
}
