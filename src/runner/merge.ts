/**
 * `mjlab merge` (issue 5, point 5): combine the exact aggregates of shard (or earlier merge) directories of one
 * run. Inputs must be complete, of the same run, and cover disjoint game ranges; the output is itself mergeable,
 * so merging is associative, and merging every shard gives byte-for-byte the single-machine summary.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { aggregateFromJson, mergeAggregates, type Aggregate, type AggregateJson } from '../stats/aggregate.js';
import { commandLine, gitCommit, packageVersion, sameIdentity, type Manifest } from '../io/manifest.js';
import { clearRun, describe, ensureWritableDir, existingRun, writeOutputs } from './outdir.js';

interface Input {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly agg: Aggregate;
}

function readInput(dir: string): Input {
  const mpath = join(dir, 'manifest.json');
  const apath = join(dir, 'aggregate.json');
  if (!existsSync(mpath) || !existsSync(apath)) throw new UserError(`${dir} is not a simulate output (no manifest.json / aggregate.json)`);
  let manifest: Manifest;
  let agg: Aggregate;
  try {
    manifest = JSON.parse(readFileSync(mpath, 'utf8')) as Manifest;
    agg = aggregateFromJson(JSON.parse(readFileSync(apath, 'utf8')) as AggregateJson);
  } catch (e) {
    throw new UserError(`${dir}: unreadable output (${(e as Error).message.split('\n')[0]})`);
  }
  if (manifest.tool !== 'mjlab' || !manifest.identity) throw new UserError(`${dir}/manifest.json is not an mjlab manifest`);
  if (!manifest.complete) throw new UserError(`${dir} holds an unfinished run; finish it with --resume before merging`);
  return { dir, manifest, agg };
}

/** Sorted, adjacent ranges joined; throws on overlap. */
export function unionRanges(ranges: readonly (readonly [number, number])[], owners: readonly string[]): [number, number][] {
  const items = ranges.map((r, i) => ({ r, who: owners[i] ?? '' })).sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1]);
  const out: [number, number][] = [];
  let lastWho = '';
  for (const { r, who } of items) {
    if (r[0] === r[1]) continue;
    const last = out[out.length - 1];
    if (last && r[0] < last[1]) throw new UserError(`${who} and ${lastWho} overlap (games ${r[0]}..${Math.min(r[1], last[1]) - 1}); each shard may be merged once`);
    if (last && r[0] === last[1]) last[1] = r[1];
    else out.push([r[0], r[1]]);
    lastWho = who;
  }
  return out;
}

function copyGames(inputs: readonly Input[], outPath: string): void {
  const fd = openSync(outPath, 'w');
  const buf = Buffer.alloc(1 << 20);
  try {
    let first = true;
    for (const inp of inputs) {
      const src = openSync(join(inp.dir, 'games.csv'), 'r');
      try {
        let skipHeader = !first;
        let n: number;
        while ((n = readSync(src, buf, 0, buf.length, null)) > 0) {
          let from = 0;
          if (skipHeader) {
            const nl = buf.subarray(0, n).indexOf(10);
            if (nl < 0) continue; // header longer than a chunk: impossible for our header
            from = nl + 1;
            skipHeader = false;
          }
          writeSync(fd, buf, from, n - from);
        }
      } finally {
        closeSync(src);
      }
      first = false;
    }
  } finally {
    closeSync(fd);
  }
}

export interface MergeOptions {
  readonly out: string;
  readonly inputs: readonly string[];
  readonly force: boolean;
  readonly command?: string;
}

export function mergeRuns(o: MergeOptions): Manifest {
  const t0 = performance.now();
  if (o.inputs.length === 0) throw new UserError('merge needs at least one shard directory');
  const inputs = o.inputs.map(readInput);
  const first = inputs[0]!;
  for (const inp of inputs.slice(1)) {
    if (!sameIdentity(inp.manifest.identity, first.manifest.identity)) {
      throw new UserError(
        `${inp.dir} is a different run (${describe(inp.manifest.identity, null)}) from ${first.dir} (${describe(first.manifest.identity, null)})`,
      );
    }
  }
  const ranges = unionRanges(
    inputs.flatMap((i) => i.manifest.ranges),
    inputs.flatMap((i) => i.manifest.ranges.map(() => i.dir)),
  );
  inputs.sort((a, b) => (a.manifest.ranges[0]?.[0] ?? 0) - (b.manifest.ranges[0]?.[0] ?? 0));
  let agg = inputs[0]!.agg;
  for (const inp of inputs.slice(1)) agg = mergeAggregates(agg, inp.agg);

  ensureWritableDir(o.out);
  const prior = existingRun(o.out);
  if (prior && !o.force && !(sameIdentity(prior.identity, first.manifest.identity) && !prior.hasCheckpoint)) {
    throw new UserError(`${o.out} already holds a different run (${describe(prior.identity, prior.shard)}); use --force or another --out`);
  }
  if (inputs.some((i) => o.out === i.dir)) throw new UserError(`--out ${o.out} is one of the inputs`);
  clearRun(o.out);
  const withGames = inputs.every((i) => existsSync(join(i.dir, 'games.csv')));
  if (withGames) copyGames(inputs, join(o.out, 'games.csv'));

  const seconds = inputs.reduce((s, i) => s + i.manifest.durationSeconds, 0);
  const manifest: Manifest = {
    tool: 'mjlab',
    version: packageVersion(),
    commit: gitCommit(),
    command: o.command ?? commandLine(),
    identity: first.manifest.identity,
    shard: null,
    ranges,
    complete: true,
    gamesPlayed: agg.games,
    handsPlayed: agg.hands,
    drawnHands: agg.drawn,
    washes: agg.washes,
    workers: null,
    startedAt: new Date().toISOString(),
    durationSeconds: Number(((performance.now() - t0) / 1000).toFixed(3)),
    // Hands per second of the shards' own compute time (their durations summed).
    handsPerSecond: seconds > 0 ? Math.round(agg.hands / seconds) : 0,
    node: process.version,
    mergedFrom: inputs.map((i) => i.dir),
  };
  writeOutputs(o.out, agg, manifest);
  return manifest;
}
