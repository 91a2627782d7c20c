/**
 * `mjlab merge` (README.md, "Running at scale"): combine the exact aggregates of shard (or earlier
 * merge) directories of one run. Inputs must be of the same run (plug-in hashes included), cover disjoint game
 * ranges, and together the whole run, unless --allow-partial (then the manifest says "complete": false and lists
 * the missing ranges). The output is itself mergeable, so merging is associative, and merging every shard gives
 * byte-for-byte the single-machine outputs. Every file is written atomically into an owned directory.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { aggregateFromJson, mergeAggregates, type Aggregate, type AggregateJson } from '../stats/aggregate.js';
import { IoFailure, onFile } from '../io/files.js';
import { refuseOverInputs } from '../io/guard.js';
import type { RunDir } from '../io/run-dir.js';
import { commandLine, gitState, packageVersion, sameIdentity, type Manifest, type PluginSpan, type RunIdentity } from '../io/manifest.js';
import { sha256 } from './checkpoint.js';
import { describe } from './describe.js';
import { claimRunDir } from './stages/claim.js';
import { streamedRecords, writeOutputs } from './stages/finish.js';
import { writeRunPages, type ReplayPage } from '../report/pages.js';
import { pairwiseCsv, pairwiseTests } from './pairwise.js';
import { seatsOf } from './wall-sets.js';
import type { StreamedName } from './protocol.js';
import { LUCK_FILE } from './luck-file.js';
import { luckBeta } from '../luck/beta.js';
import { luckFormat } from '../luck/format.js';
import { duplicateSummaryCsv } from './duplicate-summary.js';
import { trapSignals, type SignalTrap, type StopSignal } from './signals.js';

/** The files a run streams (src/runner/protocol.ts StreamedName), merged by copyStreamed. */
const STREAMED: ReadonlySet<string> = new Set<StreamedName>(['games.csv', 'matches.csv', 'nets.bin', LUCK_FILE]);

interface Input {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly agg: Aggregate;
}

function readInput(dir: string, allowPartial: boolean): Input {
  const mpath = join(dir, 'manifest.json');
  const apath = join(dir, 'aggregate.json');
  if (!existsSync(mpath) || !existsSync(apath)) throw new UserError(`${dir} is not a simulate output (no manifest.json / aggregate.json)`);
  let manifest: Manifest;
  let aggText: string;
  let agg: Aggregate;
  try {
    manifest = JSON.parse(readFileSync(mpath, 'utf8')) as Manifest;
    aggText = readFileSync(apath, 'utf8');
    agg = aggregateFromJson(JSON.parse(aggText) as AggregateJson);
  } catch (e) {
    throw new UserError(`${dir}: unreadable output (${(e as Error).message.split('\n')[0]})`);
  }
  if (manifest.tool !== 'mjlab' || !manifest.identity) throw new UserError(`${dir}/manifest.json is not an mjlab manifest`);
  // The manifest is written last and lists aggregate.json's hash: a kill between the two, or an edit, shows here.
  const want = manifest.outputs?.['aggregate.json']?.sha256;
  if (want !== undefined && want !== sha256(aggText)) throw new UserError(`${dir}/aggregate.json does not match its manifest (edited, or written by another run)`);
  if (agg.games !== manifest.gamesPlayed) throw new UserError(`${dir}/aggregate.json holds ${agg.games} games, its manifest ${manifest.gamesPlayed}`);
  // Every streamed file the manifest lists is there, whole, before the merge claims its output (refused touching nothing).
  for (const [name, rec] of Object.entries(manifest.outputs ?? {})) {
    if (!STREAMED.has(name)) continue;
    const size = statSync(join(dir, name), { throwIfNoEntry: false })?.size;
    if (size === undefined) throw new UserError(`${dir}/${name} is missing (its manifest lists it)`);
    if (size < rec.bytes) throw new UserError(`${join(dir, name)} is shorter (${size} bytes) than its manifest says (${rec.bytes})`);
  }
  if (!manifest.complete && !manifest.mergedFrom && !allowPartial) {
    throw new UserError(`${dir} holds an unfinished run; finish it with --resume before merging (or merge what it has with --allow-partial)`);
  }
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

/** The parts of [0, games) that `covered` (sorted, disjoint) leaves out. */
export function missingRanges(covered: readonly (readonly [number, number])[], games: number): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  for (const [s, e] of covered) {
    if (s > at) out.push([at, s]);
    at = Math.max(at, e);
  }
  if (at < games) out.push([at, games]);
  return out;
}

const show = (ranges: readonly (readonly [number, number])[]) => ranges.map(([s, e]) => `${s}..${e - 1}`).join(', ');

interface Segment {
  readonly range: readonly [number, number];
  readonly fd: number;
  readonly path: string;
  readonly from: number;
  readonly to: number;
}

function readAt(fd: number, path: string, buf: Buffer, pos: number, max: number): number {
  return onFile(path, () => readSync(fd, buf, 0, Math.min(buf.length, max), pos));
}

/** Where each game range of an input sits in its streamed file (a CSV after its header line; nets.bin by records). */
function segmentsOf(inp: Input, name: StreamedName, fd: number, path: string, size: number): { header: number; parts: Segment[] } {
  const ranges = inp.manifest.ranges;
  if (!name.endsWith('.csv')) {
    const record = inp.agg.labels.length * 4 * (name === LUCK_FILE ? (luckFormat(inp.manifest.identity.luck)?.channels ?? 0) : 1);
    let at = 0;
    const parts = ranges.map((range) => {
      const from = at;
      at += (range[1] - range[0]) * record;
      return { range, fd, path, from, to: at };
    });
    if (at !== size) throw new UserError(`${path} holds ${size} bytes, not the ${at} its game ranges need`);
    return { header: 0, parts };
  }
  // Rows are in game order, the game number first: a range starts at the first row of its first game.
  const buf = Buffer.alloc(1 << 20);
  const starts: number[] = [];
  let header = -1;
  let next = 1;
  let pos = 0;
  let lineStart = 0;
  let game = '';
  let inGame = true;
  while (pos < size && next < ranges.length) {
    const n = readAt(fd, path, buf, pos, size - pos);
    if (n === 0) break;
    for (let i = 0; i < n && next < ranges.length; i++) {
      const c = buf[i]!;
      if (c === 10) {
        if (header < 0) header = pos + i + 1;
        lineStart = pos + i + 1;
        game = '';
        inGame = true;
      } else if (inGame && header >= 0) {
        if (c >= 48 && c <= 57) game += String.fromCharCode(c);
        else {
          inGame = false;
          if (Number(game) >= ranges[next]![0]) starts[next++] = lineStart;
        }
      }
    }
    pos += n;
  }
  if (header < 0) {
    const n = readAt(fd, path, buf, 0, size);
    header = buf.subarray(0, n).indexOf(10) + 1;
    if (header === 0) throw new UserError(`${path} has no header line`);
  }
  if (next < ranges.length) throw new UserError(`${path} has no rows for games from ${ranges[next]![0]} on`);
  const parts = ranges.map((range, k) => ({ range, fd, path, from: k === 0 ? header : starts[k]!, to: k + 1 < ranges.length ? starts[k + 1]! : size }));
  return { header, parts };
}

/**
 * A streamed file of the inputs, merged in game order (ranges of several inputs interleave), the header rows once.
 * A signal stops the copy between two reads: the file's temporary copy is removed (nothing half-written) and false
 * comes back.
 */
function copyStreamed(inputs: readonly Input[], name: StreamedName, outDir: RunDir, signals: SignalTrap): boolean {
  const fds: number[] = [];
  const outPath = outDir.file(name);
  const out = onFile(outPath, () => outDir.atomic(name));
  const buf = Buffer.alloc(1 << 20);
  try {
    const parts: Segment[] = [];
    let header: Segment | null = null;
    for (const inp of inputs) {
      const path = join(inp.dir, name);
      const fd = onFile(path, () => openSync(path, 'r'));
      fds.push(fd);
      // Only the bytes the input's manifest accounts for (a run resumed and killed since may have written more).
      const size = inp.manifest.outputs?.[name]?.bytes ?? fstatSync(fd).size;
      if (fstatSync(fd).size < size) throw new UserError(`${path} is shorter (${fstatSync(fd).size} bytes) than its manifest says (${size})`);
      const seg = segmentsOf(inp, name, fd, path, size);
      header ??= { range: [0, 0], fd, path, from: 0, to: seg.header };
      parts.push(...seg.parts);
    }
    parts.sort((a, b) => a.range[0] - b.range[0]);
    for (const p of header ? [header, ...parts] : parts) {
      for (let pos = p.from; pos < p.to; ) {
        if (signals.received !== null) {
          out.abort();
          return false;
        }
        const n = readAt(p.fd, p.path, buf, pos, p.to - pos);
        if (n === 0) throw new UserError(`${p.path} ends before byte ${p.to}`);
        onFile(outPath, () => out.write(buf, 0, n));
        pos += n;
      }
    }
    onFile(outPath, () => out.commit());
    return true;
  } catch (e) {
    out.abort();
    throw e;
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

export interface MergeOptions {
  readonly out: string;
  readonly inputs: readonly string[];
  readonly force: boolean;
  /** Merge even when the inputs do not cover the whole run (the manifest then lists what is missing). */
  readonly allowPartial?: boolean;
  readonly command?: string;
  /** How to replay a game, for the largest win's page beside report.html (src/report/pages.ts); none: no page. */
  readonly replayPage?: ReplayPage;
  /** The trap of a command that merges several runs (a league's pairings); by default the merge sets its own. */
  readonly signals?: SignalTrap;
}

/**
 * A merge's end: written whole, or stopped by a signal while it copied the streamed files (those copied are whole,
 * the one being copied is removed, no manifest is written: the same command redoes it from the untouched inputs).
 */
export type MergeOutcome = { readonly status: 'complete'; readonly manifest: Manifest } | { readonly status: 'interrupted'; readonly signal: StopSignal };

/** A merge judged from its inputs alone: every refusal made, nothing written yet. */
export interface MergePlan {
  readonly o: MergeOptions;
  readonly t0: number;
  readonly inputs: ReturnType<typeof readInput>[];
  readonly identity: RunIdentity;
  readonly ranges: ReturnType<typeof unionRanges>;
  readonly missing: ReturnType<typeof missingRanges>;
  readonly agg: Aggregate;
}

/**
 * The merged manifest's pluginHistory (docs/outputs.md, manifest.json): which plug-in and preset files played which
 * games, over every input, in game order; an input without one played its ranges with its identity's files. Spans
 * next to each other with the same files are one; none when every game was played by the same files.
 */
function mergedPluginHistory(inputs: readonly Input[]): PluginSpan[] | undefined {
  const key = (p: Readonly<Record<string, string>>): string => JSON.stringify(Object.entries(p).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const spans = inputs
    .flatMap((i) => i.manifest.pluginHistory ?? i.manifest.ranges.map((games) => ({ games, plugins: i.manifest.identity.plugins ?? {} })))
    .filter((s) => s.games[1] > s.games[0])
    .sort((a, b) => a.games[0] - b.games[0]);
  const out: PluginSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && last.games[1] === s.games[0] && key(last.plugins) === key(s.plugins)) out[out.length - 1] = { games: [last.games[0], s.games[1]], plugins: last.plugins };
    else out.push({ games: [s.games[0], s.games[1]], plugins: s.plugins });
  }
  return new Set(out.map((s) => key(s.plugins))).size > 1 ? out : undefined;
}

/** Merge shard runs into o.out: judged first (planMerge), then the output claimed and written (writeMerge). */
export async function mergeRuns(o: MergeOptions): Promise<MergeOutcome> {
  return writeMerge(planMerge(o));
}

/** Read and judge the inputs of a merge; refused in one line before anything is written. */
export function planMerge(o: MergeOptions): MergePlan {
  const t0 = performance.now();
  if (o.inputs.length === 0) throw new UserError('merge needs at least one shard directory');
  const allowPartial = o.allowPartial ?? false;
  const inputs = o.inputs.map((d) => readInput(d, allowPartial));
  refuseOverInputs(o.out, o.inputs, 'write the merge elsewhere');
  const first = inputs[0]!;
  const identity = first.manifest.identity;
  for (const inp of inputs.slice(1)) {
    if (!sameIdentity(inp.manifest.identity, identity)) {
      throw new UserError(`${inp.dir} is a different run (${describe(inp.manifest.identity, null)}) from ${first.dir} (${describe(identity, null)})`);
    }
  }
  const ranges = unionRanges(
    inputs.flatMap((i) => i.manifest.ranges),
    inputs.flatMap((i) => i.manifest.ranges.map(() => i.dir)),
  );
  const missing = missingRanges(ranges, identity.games);
  if (missing.length > 0 && !allowPartial) {
    throw new UserError(
      `the inputs cover games ${show(ranges) || 'none'} of 0..${identity.games - 1} (missing ${show(missing)}); merge every shard, or pass --allow-partial`,
    );
  }
  inputs.sort((a, b) => (a.manifest.ranges[0]?.[0] ?? 0) - (b.manifest.ranges[0]?.[0] ?? 0));
  let agg = inputs[0]!.agg;
  for (const inp of inputs.slice(1)) agg = mergeAggregates(agg, inp.agg);
  return { o, t0, inputs, identity, ranges, missing, agg };
}

/**
 * Claim the merge's output and write it, under a signal trap from the claim to the last file (src/runner/signals.ts):
 * a SIGINT or SIGTERM while the streamed files are copied stops the merge there; one after them lets it finish its
 * small files first; either way it comes back interrupted, for the caller to say so and exit 130 or 143.
 */
export async function writeMerge(p: MergePlan): Promise<MergeOutcome> {
  const signals = p.o.signals ?? trapSignals();
  try {
    return await writeTrapped(p, signals);
  } finally {
    if (!p.o.signals) signals.release();
  }
}

async function writeTrapped(p: MergePlan, signals: SignalTrap): Promise<MergeOutcome> {
  const { o, t0, inputs, identity, ranges, missing, agg } = p;
  const { dir: outDir } = claimRunDir({ dir: o.out, kind: 'merge', identity, shard: null, isDefault: false, force: o.force, resume: false, inputs: o.inputs });
  const streamed: StreamedName[] = [
    ...(identity.gamesCsv ? ['games.csv' as const] : []),
    ...(identity.unit === 'match' ? ['matches.csv' as const] : []),
    ...(identity.nets ? ['nets.bin' as const] : []),
    ...(identity.luck ? [LUCK_FILE] : []),
  ];
  try {
    for (const name of streamed) {
      if (inputs.every((i) => existsSync(join(i.dir, name))) && !copyStreamed(inputs, name, outDir, signals)) return { status: 'interrupted', signal: signals.received! };
    }
    const extra: Record<string, string> = {};
    if (identity.duplicate && outDir.has('nets.bin')) {
      const cell = { dir: o.out, labels: agg.labels, seats: seatsOf(agg) };
      extra['pairwise.csv'] = pairwiseCsv(pairwiseTests([cell], new Map([[identity.rules, [cell]]]), identity.players, Math.floor(agg.games / identity.players), luckFormat(identity.luck) && outDir.has(LUCK_FILE) ? luckBeta(identity.rules, luckFormat(identity.luck)!.version) : undefined));
      if (identity.unit === 'hand') extra['summary.csv'] = duplicateSummaryCsv(cell, agg, identity.players, Math.floor(agg.games / identity.players));
    }
    const seconds = inputs.reduce((s, i) => s + i.manifest.durationSeconds, 0);
    const history = mergedPluginHistory(inputs);
    const git = gitState();
    const written = writeOutputs(outDir, agg, {
      tool: 'mjlab',
      version: packageVersion(),
      commit: git.commit,
      dirty: git.dirty,
      command: o.command ?? commandLine(),
      identity,
      shard: null,
      ranges,
      complete: missing.length === 0,
      ...(missing.length > 0 ? { missing } : {}),
      ...(history ? { pluginHistory: history } : {}),
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
    }, streamedRecords(outDir, streamed), extra);
    await writeRunPages(outDir, o.replayPage ?? null);
    // A signal after the copies is honoured once the small files are written: the merge is whole, and said stopped.
    return signals.received !== null ? { status: 'interrupted', signal: signals.received } : { status: 'complete', manifest: written };
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}; the inputs are untouched, rerun the merge once it is fixed`);
    throw e;
  }
}
