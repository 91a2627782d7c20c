/**
 * Stage 5 of a run, the finish (docs/outputs.md): where a run ends. The
 * manifest is made (a finished run resumed again keeps its provenance), the final outputs are written through the
 * claimed directory, each atomically and the manifest last, listing the others with their sizes and hashes, so a
 * kill while writing leaves the previous complete set or the new one, never half a file; and whatever stopped the
 * run (a signal, a strategy's failure, a full disk) becomes one line saying what was kept and how to go on.
 */
import { UserError } from '../../errors.js';
import { scoreDistributionCsv, summaryCsv, totalsCsv } from '../csv.js';
import { IoFailure } from '../../io/files.js';
import { gitState, manifestJson, packageVersion, type Manifest, type OutputRecord } from '../../io/manifest.js';
import type { RunDir } from '../../io/run-dir.js';
import { writeRunPages, type ReplayPage } from '../../report/pages.js';
import { aggregateToJson, type Aggregate } from '../../stats/aggregate.js';
import { sha256 } from '../checkpoint.js';
import { failureMessage } from '../failure.js';
import type { SimulateResult } from '../options.js';
import { pairwiseCsv, pairwiseTests } from '../pairwise.js';
import type { SignalTrap } from '../signals.js';
import { seatsOf } from '../wall-sets.js';
import { luckBeta } from '../../luck/beta.js';
import { duplicateSummaryCsv } from '../duplicate-summary.js';
import type { Claimed } from './claim.js';
import { runSeconds, type Played } from './play.js';
import type { RunPlan } from './plan.js';
import { pluginHistory, type Restored } from './restore.js';

function record(text: string): OutputRecord {
  return { bytes: Buffer.byteLength(text, 'utf8'), sha256: sha256(text) };
}

/** Sizes of the streamed files as they stand (their content is proved batch by batch by the checkpoint). */
export function streamedRecords(dir: RunDir, names: readonly string[]): Record<string, OutputRecord> {
  const out: Record<string, OutputRecord> = {};
  for (const n of names) {
    const bytes = dir.size(n);
    if (bytes !== null) out[n] = { bytes };
  }
  return out;
}

/**
 * The final files, each atomically, the manifest last and listing the others with their sizes and hashes (merge
 * checks aggregate.json against it). `extra` are further whole files of this kind of run (pairwise.csv).
 */
export function writeOutputs(
  dir: RunDir, agg: Aggregate, manifest: Omit<Manifest, 'outputs'>, streamed: Record<string, OutputRecord>, extra: Record<string, string> = {},
): Manifest {
  const files: Record<string, string> = {
    'summary.csv': summaryCsv(agg, manifest.identity.unit),
    'score-distribution.csv': scoreDistributionCsv(agg),
    'totals.csv': totalsCsv(agg),
    'aggregate.json': `${JSON.stringify(aggregateToJson(agg))}\n`,
    ...extra,
  };
  const outputs: Record<string, OutputRecord> = { ...streamed };
  for (const [name, text] of Object.entries(files)) {
    dir.write(name, text);
    outputs[name] = record(text);
  }
  const full: Manifest = { ...manifest, outputs };
  dir.write('manifest.json', manifestJson(full));
  return full;
}

/**
 * Whether the manifest's duration may leave out sessions: resumed from a checkpoint that kept no timing (an older
 * mjlab's), or a finished run's manifest written by such an mjlab in a session that did not play the whole run (it
 * timed that session only; its hands per second times its duration then falls short of the run's hands).
 */
function partialDuration(finished: Manifest | null, priorSeconds: number | null): boolean {
  if (!finished) return priorSeconds === null;
  if (finished.durationPartial === true) return true;
  return priorSeconds === null && finished.handsPerSecond * finished.durationSeconds < 0.99 * finished.handsPlayed;
}

/** Games of this shard in the checkpoint. */
function committedGames(plan: RunPlan, played: Played): number {
  return Math.min(plan.range[1], plan.range[0] + played.committed * plan.batchSize) - plan.range[0];
}

/** The manifest of the run as it stands (its outputs listed when they are written). */
function runManifest(plan: RunPlan, restored: Restored, played: Played): Omit<Manifest, 'outputs'> {
  const { o, range } = plan;
  const { total, finished } = restored;
  const complete = played.committed === plan.nBatches;
  const seconds = (performance.now() - plan.t0) / 1000;
  const sessionHands = total.hands - played.resumedHands;
  const git = gitState();
  const history = pluginHistory(restored, range[0] + committedGames(plan, played));
  const made = finished ?? {
    version: packageVersion(), commit: git.commit, dirty: git.dirty, command: plan.command, workers: plan.workers, node: process.version,
    startedAt: restored.header.startedAt ?? plan.startedAt,
    durationSeconds: Number(runSeconds(plan, restored).toFixed(3)),
    handsPerSecond: seconds > 0 ? Math.round(sessionHands / seconds) : 0,
  };
  return {
    tool: 'mjlab',
    version: made.version,
    commit: made.commit,
    dirty: made.dirty,
    command: made.command,
    identity: plan.identity,
    shard: o.shard,
    ranges: complete ? [range] : [[range[0], range[0] + committedGames(plan, played)]],
    complete,
    ...(history ? { pluginHistory: history } : {}),
    gamesPlayed: total.games,
    handsPlayed: total.hands,
    drawnHands: total.drawn,
    washes: total.washes,
    workers: made.workers,
    startedAt: made.startedAt,
    durationSeconds: made.durationSeconds,
    ...(partialDuration(finished, restored.priorSeconds) ? { durationPartial: true as const } : {}),
    handsPerSecond: made.handsPerSecond,
    node: made.node,
  };
}

/** The outputs of simulate: the common ones, and pairwise.csv for a --duplicate run. */
function writeRunOutputs(plan: RunPlan, claimed: Claimed, restored: Restored, played: Played, manifest: Omit<Manifest, 'outputs'>, kept: string): Manifest {
  const { o, spec, labels } = plan;
  try {
    const extra: Record<string, string> = {};
    if (spec.duplicate) {
      const cell = { dir: o.out, labels, seats: seatsOf(restored.total) };
      const sets = Math.floor(committedGames(plan, played) / spec.players);
      extra['pairwise.csv'] = pairwiseCsv(pairwiseTests([cell], new Map([[spec.rules, [cell]]]), spec.players, sets, plan.luck ? luckBeta(spec.rules, plan.luckModel ? 4 : 3) : undefined));
      if (spec.unit === 'hand') extra['summary.csv'] = duplicateSummaryCsv(cell, restored.total, spec.players, sets);
    }
    const streamed = streamedRecords(claimed.dir, plan.streams.map((s) => s.name));
    return writeOutputs(claimed.dir, restored.total, manifest, streamed, extra);
  } catch (e) {
    if (!(e instanceof IoFailure)) throw e;
    throw new UserError(`cannot write ${e.path}: ${e.reason}; ${kept} (its checkpoint); free space and rerun with: ${plan.resumeHint}`);
  }
}

/**
 * The run's pages (src/report/pages.ts, their one writer), after the manifest they show, so not listed among its
 * outputs; the largest win's replay page only for a finished run (`replay`: the caller's way to replay a game).
 */
export async function writePages(dir: RunDir, replay: ReplayPage | null, kept: string, resumeHint: string): Promise<void> {
  try {
    await writeRunPages(dir, replay);
  } catch (e) {
    if (!(e instanceof IoFailure)) throw e;
    throw new UserError(`cannot write ${e.path}: ${e.reason}; ${kept}; free space and rerun with: ${resumeHint}`);
  }
}

export async function finish(plan: RunPlan, claimed: Claimed, restored: Restored, played: Played, signals: SignalTrap): Promise<SimulateResult> {
  const { o, spec, range, labels, resumeHint } = plan;
  const { failure } = played;
  const all = range[1] - range[0];
  const done = committedGames(plan, played);
  const kept = `${played.durableGames} of ${all} games kept in ${o.out}`;
  if (failure instanceof IoFailure) {
    throw new UserError(`cannot write ${failure.path}: ${failure.reason}; ${kept}; free space (or fix the directory) and resume with: ${resumeHint}`);
  }
  const manifest = runManifest(plan, restored, played);
  const complete = manifest.complete;
  const workerTime = { busy: played.busyMs / 1000, waiting: played.waitMs / 1000 };
  const signal = signals.received !== null && !complete ? { signal: signals.received } : {};
  if (played.appended < restored.marks.length) {
    // Stopped while rebuilding: the checkpoint is as it was, and the next --resume goes on rebuilding.
    if (failure) throw failureMessage(failure, spec, o.out, done, all, labels, plan.fixHint);
    process.stderr.write(`mjlab: interrupted while rebuilding the streamed files of ${o.out}; resume with: ${resumeHint}\n`);
    return {
      status: 'interrupted', ...(signals.received !== null ? { signal: signals.received } : {}), aggregate: restored.total,
      manifest: { ...manifest, outputs: {} }, workerTime,
    };
  }
  const written = writeRunOutputs(plan, claimed, restored, played, manifest, kept);
  await writePages(claimed.dir, complete && !failure ? o.replayPage ?? null : null, `the run's results in ${o.out} are complete`, resumeHint);
  if (failure) throw failureMessage(failure, spec, o.out, done, all, labels, plan.fixHint);
  if (signals.received !== null && !complete) {
    process.stderr.write(`mjlab: interrupted after ${done} of ${all} games; partial results in ${o.out}; resume with: ${resumeHint}\n`);
  }
  return { status: complete ? 'complete' : 'interrupted', ...signal, aggregate: restored.total, manifest: written, workerTime };
}
