/**
 * `mjlab tune` as a library call (issue 16, point 1): CMA-ES over a strategy's numeric parameters, each candidate
 * playing one seat against a fixed field on --duplicate walls (every candidate of a generation the same walls,
 * each generation new ones; objective: mean net per hand), then a race of the finalists on held-out walls and a
 * confirmation of the winner against the strategy as given on further walls, with a 95% paired interval.
 * Checkpointed after every generation, race round and the confirmation (src/tune/checkpoint.ts); every number
 * is an exact integer sum over fixed games, so the history is the same whatever the worker count, and a resumed
 * tune continues to exactly the files of an uninterrupted one.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { resolveLineup, resolveStrategy } from '../lineup/registry.js';
import { ruleSet } from '../rules/index.js';
import { makeStream } from '../rng/streams.js';
import { addValue, emptyMoments, type IntMoments } from '../stats/moments.js';
import { commandLine } from '../io/manifest.js';
import { emptyDir, foreignEntries, holds, inspectDir, MARKER, refusalHint, removeTemps, writeMarker } from '../io/owned-dir.js';
import { describeOwner, describeTune } from '../runner/describe.js';
import { createProgress, type Progress } from '../runner/progress.js';
import { DEFAULT_DECISION_TIMEOUT } from '../runner/run.js';
import { trapSignals, type StopSignal } from '../runner/signals.js';
import { IoFailure, makeDir } from '../io/files.js';
import { Arms, Panel } from './arms.js';
import { CmaEs, defaultLambda } from './cmaes.js';
import { JsonlWriter, readTuneCheckpoint, TUNE_CHECKPOINT, type TuneHeader, type TuneLine } from './checkpoint.js';
import { Evaluator, PlayFailure, type EvalJob } from './evaluate.js';
import { handsPlayed, writeTuneOutputs, type TuneRecord } from './outputs.js';
import { leaderOf, pickFinalists, survivors, type Evaluated, type Finalist } from './race.js';
import { candidateEntry, dimName, fromUnit, parseSpace, toUnit } from './space.js';
import type { TuneTable } from './protocol.js';
import type { TuneIdentity } from './types.js';
import { confirmGames, generationGames, raceGames } from './walls.js';

export type { TuneIdentity } from './types.js';

export interface TuneOptions {
  readonly rules: string;
  /** `--limit N` on top of the rule set. */
  readonly limit?: number;
  /** The strategy to tune, as a lineup entry (name, name:param=value, file, preset): its values are the start and the baseline. */
  readonly strategy: string;
  /** `--params`: dimensions (default every numeric parameter with bounds). */
  readonly params?: string;
  /** The fixed field, players − 1 entries (default: the strategy as given, at every other seat). */
  readonly against?: string;
  readonly generations: number;
  /** λ; default 4 + ⌊3 ln n⌋. */
  readonly population?: number;
  /** Games per candidate per generation (whole wall sets). */
  readonly games: number;
  readonly seed: number;
  /** Initial step size in the unit cube (default 0.2). */
  readonly sigma?: number;
  /** Finalists raced (default 4). */
  readonly finalists?: number;
  /** Race rounds (default 3). */
  readonly raceRounds?: number;
  /** Games per finalist per race round (default --games). */
  readonly raceGames?: number;
  /** Games of the confirmation, for the winner and for the strategy as given each (default 4 × --games). */
  readonly confirmGames?: number;
  readonly out: string;
  readonly resume: boolean;
  /** Replace a different tune in --out. */
  readonly force: boolean;
  readonly workers?: number;
  /** Seconds one strategy decision may take (default the runner's). */
  readonly decisionTimeout?: number;
  readonly progress: 'auto' | 'none';
  readonly command?: string;
}

export interface TuneResult {
  readonly status: 'complete' | 'interrupted';
  /** The signal that stopped an interrupted tune. */
  readonly signal?: StopSignal;
  readonly record: TuneRecord | null;
  /** Games played and CPU seconds spent over every session of the tune (0 when interrupted). */
  readonly hands: number;
  readonly cpuSeconds: number;
}

const PLAYERS = 4;

function positiveInt(name: string, v: number | undefined): void {
  if (v !== undefined && (!Number.isSafeInteger(v) || v <= 0)) throw new UserError(`${name} must be a positive integer, got ${v}`);
}

function wallSetGames(name: string, v: number): void {
  positiveInt(name, v);
  if (v % PLAYERS !== 0 || v < 2 * PLAYERS) {
    throw new UserError(`${name} must be a multiple of ${PLAYERS} (whole --duplicate wall sets), at least ${2 * PLAYERS}, got ${v}`);
  }
}

interface Prepared {
  readonly id: TuneIdentity;
  readonly table: TuneTable;
  readonly field: readonly string[];
}

async function prepare(o: TuneOptions): Promise<Prepared> {
  positiveInt('--generations', o.generations);
  positiveInt('--population', o.population);
  if (o.population !== undefined && o.population < 2) throw new UserError(`--population must be at least 2 (CMA-ES recombines the better half), got ${o.population}`);
  wallSetGames('--games', o.games);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be an integer, got ${o.seed}`);
  positiveInt('--limit', o.limit);
  positiveInt('--workers', o.workers);
  if (o.decisionTimeout !== undefined && !(Number.isFinite(o.decisionTimeout) && o.decisionTimeout > 0)) {
    throw new UserError(`--decision-timeout must be a positive number of seconds, got ${o.decisionTimeout}`);
  }
  positiveInt('--finalists', o.finalists);
  positiveInt('--race-rounds', o.raceRounds);
  if (o.raceGames !== undefined) wallSetGames('--race-games', o.raceGames);
  if (o.confirmGames !== undefined) wallSetGames('--confirm-games', o.confirmGames);
  const sigma = o.sigma ?? 0.2;
  if (!(sigma > 0 && sigma <= 1)) throw new UserError(`--sigma is a step size in the unit cube, in (0, 1], got ${o.sigma}`);
  const rules = ruleSet(o.rules);
  const inst = await resolveStrategy(o.strategy);
  const dims = parseSpace(o.params, inst);
  const field = (o.against ?? new Array<string>(PLAYERS - 1).fill(o.strategy.trim()).join(',')).split(',').map((s) => s.trim());
  if (field.length !== PLAYERS - 1 || field.some((f) => f === '')) {
    throw new UserError(`--against must name ${PLAYERS - 1} strategies (the other seats), got "${o.against}"`);
  }
  // Resolve a whole lineup once here, so a bad field or parameter value fails before any worker starts.
  await resolveLineup([candidateEntry(o.strategy.trim(), dims, dims.map((d) => d.start)), ...field].join(','), PLAYERS);
  const limit = o.limit ?? rules.limit;
  const id: TuneIdentity = {
    rules: rules.id,
    limit,
    flowers: rules.flowers,
    players: PLAYERS,
    strategy: o.strategy.trim(),
    dims,
    against: field.join(','),
    generations: o.generations,
    population: o.population ?? defaultLambda(dims.length),
    games: o.games,
    seed: o.seed,
    sigma,
    finalists: o.finalists ?? 4,
    raceRounds: o.raceRounds ?? 3,
    raceGames: o.raceGames ?? o.games,
    confirmGames: o.confirmGames ?? 4 * o.games,
  };
  return { id, table: { rules: rules.id, players: PLAYERS, flowers: rules.flowers, limit }, field };
}

/**
 * The output directory (owned, src/io/owned-dir.ts): empty, or this tune to resume or redo; a different tune or another
 * kind of output is refused unless --force, which removes it first; files mjlab did not write are refused always.
 */
function prepareDir(o: TuneOptions, id: TuneIdentity): { resuming: readonly TuneLine[] | null; validBytes: number } {
  const state = inspectDir(o.out, o.force);
  const fresh = () => {
    if (state.entries.length > 0) emptyDir(o.out, state);
    makeDir(o.out);
    writeMarker(o.out, 'tune', { identity: id });
    return { resuming: null, validBytes: 0 };
  };
  if (state.entries.length === 0) {
    if (o.resume) process.stderr.write(`mjlab: nothing to resume in ${o.out}; starting from the beginning\n`);
    return fresh();
  }
  const owner = state.owner;
  if (owner?.kind !== 'tune' || foreignEntries(state, 'tune').length > 0) {
    if (o.force && owner && foreignEntries(state, owner.kind).length === 0) return fresh();
    const what = owner?.kind === 'tune' ? `${foreignEntries(state, 'tune').slice(0, 3).join(', ')}, which mjlab did not write` : holds(state, describeOwner);
    throw new UserError(`${o.out} holds ${what}; ${refusalHint(state)}`);
  }
  const same = JSON.stringify(owner.run?.identity) === JSON.stringify(id);
  if (!same) {
    if (o.resume) throw new UserError(`${o.out} holds a different tune (${describeTune(owner.run?.identity)}); cannot --resume it`);
    if (o.force) return fresh();
    throw new UserError(`${o.out} already holds a different tune (${describeTune(owner.run?.identity)}); use --force to replace it or another --out`);
  }
  if (!o.resume) return fresh();
  removeTemps(o.out, state);
  // A kill before the checkpoint's header was complete leaves none to read: start again under the same marker.
  const cp = readTuneCheckpoint(join(o.out, TUNE_CHECKPOINT));
  if (!cp) {
    process.stderr.write(`mjlab: nothing to resume in ${o.out}; starting from the beginning\n`);
    return fresh();
  }
  if (JSON.stringify(cp.header.identity) !== JSON.stringify(id)) throw new UserError(`${join(o.out, TUNE_CHECKPOINT)} belongs to a different tune; cannot --resume it`);
  if (!state.entries.includes(MARKER)) writeMarker(o.out, 'tune', { identity: id });
  return { resuming: cp.lines, validBytes: cp.validBytes };
}

function momentsOf(walls: Float64Array): IntMoments {
  const m = emptyMoments();
  for (const x of walls) addValue(m, x);
  return m;
}

const toJson = (m: IntMoments) => ({ n: m.n, sum: m.sum.toString(), sumSq: m.sumSq.toString() });
const fromJson = (m: { n: number; sum: string; sumSq: string }): IntMoments => ({ n: m.n, sum: BigInt(m.sum), sumSq: BigInt(m.sumSq) });

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return Number(((u.user + u.system) / 1e6).toFixed(3));
}

type History = (Evaluated & { candidate: number; sigma: number })[];

/**
 * One session of a tune: the steps already in the checkpoint are replayed from it, the others played and
 * appended. Progress counts planned games (skipped duplicates and eliminated finalists count as done).
 */
class Session {
  private readonly pending: TuneLine[];
  private readonly progress: Progress;
  private readonly mode: 'bar' | 'plain' | 'none';
  private readonly genGames: number;
  private readonly roundGames: number;
  readonly planned: number;
  private gamesDone: number;
  sessionHands = 0;
  cpuTotal: number;

  constructor(
    private readonly o: TuneOptions,
    readonly id: TuneIdentity,
    private readonly field: readonly string[],
    resumed: readonly TuneLine[],
    private readonly cp: JsonlWriter<TuneHeader | TuneLine>,
    private readonly evaluator: Evaluator,
  ) {
    this.pending = [...resumed];
    this.genGames = id.population * id.games;
    this.roundGames = id.finalists * id.raceGames;
    this.planned = id.generations * this.genGames + id.raceRounds * this.roundGames + 2 * id.confirmGames;
    this.gamesDone = resumed.reduce((s, l) => s + this.plannedFor(l.kind), 0);
    this.cpuTotal = resumed.reduce((s, l) => s + l.cpuSeconds, 0);
    this.mode = o.progress === 'none' ? 'none' : process.stderr.isTTY ? 'bar' : 'plain';
    this.progress = createProgress(this.planned, this.gamesDone, this.mode, 'tune');
  }

  private plannedFor(kind: TuneLine['kind']): number {
    return kind === 'generation' ? this.genGames : kind === 'race' ? this.roundGames : 2 * this.id.confirmGames;
  }

  /** The next checkpointed step, if it is of this kind. */
  private replay<K extends TuneLine['kind']>(kind: K): Extract<TuneLine, { kind: K }> | undefined {
    const line = this.pending[0];
    if (!line || line.kind !== kind) return undefined;
    this.pending.shift();
    return line as Extract<TuneLine, { kind: K }>;
  }

  /** Checkpoint a played step; the progress jumps to its planned end. */
  private commit(line: TuneLine, plannedEnd: number, message: string): void {
    this.cp.line(line);
    this.cpuTotal += line.cpuSeconds;
    this.gamesDone = plannedEnd;
    this.progress.update(this.gamesDone, this.sessionHands);
    if (this.mode === 'plain') process.stderr.write(`tune: ${message}\n`);
  }

  private lineup(entry: string): string {
    return [entry, ...this.field].join(',');
  }

  /** Each entry's per-wall-set nets on games [start, end) of the seed; null when interrupted. */
  private async play(entries: readonly string[], [start, end]: readonly [number, number]): Promise<Float64Array[] | null> {
    const jobs: EvalJob[] = entries.map((e) => ({ lineup: this.lineup(e), seed: this.id.seed, start, end }));
    const r = await this.evaluator.run(jobs, (g) => {
      this.gamesDone += g;
      this.sessionHands += g;
      this.progress.update(this.gamesDone, this.sessionHands);
    });
    return r.status === 'done' ? r.walls : null;
  }

  async generations(): Promise<{ history: History; trace: TuneRecord['trace']; mean: number[] } | null> {
    const { id } = this;
    const dims = id.dims;
    const es = new CmaEs({
      mean: dims.map((d) => toUnit(d, d.start)),
      sigma: id.sigma,
      lambda: id.population,
      lower: dims.map(() => 0),
      upper: dims.map(() => 1),
    });
    const history: History = [];
    const trace: { generation: number; sigma: number; mean: number[] }[] = [];
    for (let g = 0; g < id.generations; g++) {
      const sigma = es.sigma;
      trace.push({ generation: g, sigma, mean: [...es.mean] });
      const values = es.ask(makeStream(id.seed, g, 'tune:cmaes')).map((p) => dims.map((d, i) => fromUnit(d, p[i]!)));
      const entries = values.map((v) => candidateEntry(id.strategy, dims, v));
      let nets: IntMoments[];
      const past = this.replay('generation');
      if (past) {
        if (past.generation !== g || past.candidates.some((c, k) => JSON.stringify(c.values) !== JSON.stringify(values[k]))) {
          throw new UserError(`the checkpoint in ${this.o.out} does not match this tune's candidates at generation ${g} (another version of mjlab?); rerun with --force`);
        }
        nets = past.candidates.map((c) => fromJson(c.net));
      } else {
        const cpu0 = process.cpuUsage();
        // Equal rounded candidates play the same games identically: each is played once.
        const distinct = [...new Set(entries)];
        const walls = await this.play(distinct, generationGames(g, id.games));
        if (!walls) return null;
        const byEntry = new Map(distinct.map((e, k) => [e, momentsOf(walls[k]!)]));
        nets = entries.map((e) => byEntry.get(e)!);
        const means = nets.map((m) => Number(m.sum) / (m.n * PLAYERS));
        this.commit(
          { kind: 'generation', generation: g, candidates: values.map((v, k) => ({ values: v, net: toJson(nets[k]!) })), cpuSeconds: cpuSeconds(cpu0) },
          (g + 1) * this.genGames,
          `generation ${g + 1}/${id.generations} checkpointed: best ${Math.max(...means).toFixed(2)}, mean ${(means.reduce((s, x) => s + x, 0) / means.length).toFixed(2)} per hand, sigma ${sigma.toFixed(3)}`,
        );
      }
      values.forEach((v, k) => history.push({ generation: g, candidate: k, entry: entries[k]!, values: v, net: nets[k]!, sigma }));
      // CMA-ES minimises: the negated total net (every candidate played the same games).
      es.tell(nets.map((m) => -Number(m.sum)));
    }
    trace.push({ generation: id.generations, sigma: es.sigma, mean: [...es.mean] });
    return { history, trace, mean: dims.map((d, i) => fromUnit(d, es.mean[i]!)) };
  }

  async race(finalists: readonly Finalist[]): Promise<{ arms: Arms; alive: number[]; eliminatedAfter: (number | null)[] } | null> {
    const { id } = this;
    let arms = new Arms(finalists.length);
    let alive = finalists.map((_, i) => i);
    const eliminatedAfter = new Array<number | null>(finalists.length).fill(null);
    for (let r = 0; r < id.raceRounds; r++) {
      const past = this.replay('race');
      let next: number[];
      if (past) {
        if (past.round !== r) throw new UserError(`the checkpoint in ${this.o.out} is out of order at race round ${r}; rerun with --force`);
        arms = Arms.fromJSON(past.arms);
        next = [...past.alive];
      } else {
        const cpu0 = process.cpuUsage();
        const walls = await this.play(alive.map((i) => finalists[i]!.entry), raceGames(r, id.raceGames));
        if (!walls) return null;
        arms.addWalls(finalists.map((_, i) => (alive.includes(i) ? walls[alive.indexOf(i)]! : null)));
        next = survivors(arms, alive, PLAYERS);
        this.commit(
          { kind: 'race', round: r, alive: next, arms: arms.toJSON(), cpuSeconds: cpuSeconds(cpu0) },
          id.generations * this.genGames + (r + 1) * this.roundGames,
          `race round ${r + 1}/${id.raceRounds} checkpointed: ${next.length} of ${finalists.length} finalists left`,
        );
      }
      for (const i of alive) if (!next.includes(i)) eliminatedAfter[i] = r + 1;
      alive = next;
    }
    return { arms, alive, eliminatedAfter };
  }

  /** The winner and the strategy as given, on the same further walls. */
  async confirm(winner: string): Promise<Panel | null> {
    const past = this.replay('confirm');
    if (past) return Panel.fromJSON(past.arms);
    const cpu0 = process.cpuUsage();
    const walls = await this.play([winner, this.id.strategy], confirmGames(this.id.confirmGames));
    if (!walls) return null;
    const panel = new Panel(2);
    panel.addWalls(walls);
    this.commit({ kind: 'confirm', arms: panel.toJSON(), cpuSeconds: cpuSeconds(cpu0) }, this.planned, 'confirmation checkpointed');
    return panel;
  }

  async close(): Promise<void> {
    this.progress.stop();
    this.cp.close();
    await this.evaluator.close();
  }
}

export async function tune(o: TuneOptions): Promise<TuneResult> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const { id, table, field } = await prepare(o);
  const workers = o.workers ?? availableParallelism();
  const command = o.command ?? commandLine();
  const hint = `${command.replace(/\s--(resume|force)\b/g, '')} --resume`;
  // From here on a signal stops the tune at its next safe point, never in the middle of a write.
  const signals = trapSignals();
  try {
    const { resuming, validBytes } = prepareDir(o, id);
    const cp = new JsonlWriter<TuneHeader | TuneLine>(join(o.out, TUNE_CHECKPOINT), validBytes);
    if (!resuming) cp.line({ kind: 'tune-header', identity: id as unknown as TuneHeader['identity'] });
    const evaluator = new Evaluator(table, workers, 1000 * (o.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT), signals);
    const session = new Session(o, id, field, resuming ?? [], cp, evaluator);
    let record: TuneRecord | null = null;
    try {
      const gens = await session.generations();
      const finalists = gens && pickFinalists(gens.history, { entry: candidateEntry(id.strategy, id.dims, gens.mean), values: gens.mean }, id.finalists);
      const race = finalists && (await session.race(finalists));
      const winner = race && leaderOf(race.arms, race.alive, PLAYERS);
      const confirm = race && finalists && winner !== null && (await session.confirm(finalists[winner]!.entry));
      if (gens && finalists && race && winner !== null && confirm) {
        const winnerInst = await resolveStrategy(finalists[winner]!.entry);
        record = {
          id, dims: id.dims, columns: id.dims.map(dimName), history: gens.history, trace: gens.trace, finalists,
          arms: race.arms, eliminatedAfter: race.eliminatedAfter, winner, confirm, winnerParams: winnerInst.params,
        };
      }
    } catch (e) {
      if (e instanceof PlayFailure) throw new UserError(`${e.message.split('\n')[0]}; completed steps are kept in ${o.out}, fix it and resume with: ${hint}`);
      throw e;
    } finally {
      await session.close();
    }
    if (!record) {
      process.stderr.write(`mjlab: tune interrupted; completed steps are kept in ${o.out}; resume with: ${hint}\n`);
      return { status: 'interrupted', signal: evaluator.signal ?? 'SIGINT', record: null, hands: 0, cpuSeconds: 0 };
    }
    const cpu = Number(session.cpuTotal.toFixed(3));
    await writeTuneOutputs(o.out, record, {
      command,
      startedAt,
      durationSeconds: (performance.now() - t0) / 1000,
      sessionHands: session.sessionHands,
      workers,
      cpuSeconds: cpu,
    });
    return { status: 'complete', record, hands: handsPlayed(record), cpuSeconds: cpu };
  } catch (e) {
    if (e instanceof IoFailure) throw new UserError(`cannot write ${e.path}: ${e.reason}; completed steps are kept in ${o.out}, resume with: ${hint} once it is fixed`);
    throw e;
  } finally {
    signals.release();
  }
}
