/**
 * Stage 4 of a tune, the play (docs/tuning.md): CMA-ES generations, the race of the
 * finalists and the confirmation, each step either replayed from the checkpoint's lines (restored by
 * src/tune/restore.ts) or played on the evaluator's workers and appended to the checkpoint. CMA-ES is replayed
 * from the lines (its sampling streams derive from the seed and the generation), which restores its state exactly.
 */
import { UserError } from '../errors.js';
import { loadsModules, resolveStrategy } from '../lineup/registry.js';
import { makeStream } from '../rng/streams.js';
import { createProgress, type Progress } from '../runner/progress.js';
import type { SignalTrap } from '../runner/signals.js';
import { addValue, emptyMoments, type IntMoments } from '../stats/moments.js';
import { DEFAULT_DECISION_TIMEOUT } from '../runner/options.js';
import { Arms, Panel } from './arms.js';
import type { JsonlWriter, TuneHeader, TuneLine } from './checkpoint.js';
import { CmaEs } from './cmaes.js';
import { Evaluator, PlayFailure, type EvalJob } from './evaluate.js';
import type { TuneOptions } from './options.js';
import type { TuneRecord } from './outputs.js';
import { PLAYERS, type TunePlan } from './plan.js';
import { leaderOf, pickFinalists, survivors, type Evaluated, type Finalist } from './race.js';
import type { TuneRestored } from './restore.js';
import { candidateEntry, dimName, fromUnit, toUnit } from './space.js';
import type { TuneIdentity } from './types.js';
import { confirmGames, generationGames, raceGames } from './walls.js';

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


/** What the play leaves for the finish: the record (null when interrupted) and the session's counts. */
export interface TunePlayed {
  readonly record: TuneRecord | null;
  /** The signal that stopped an interrupted tune. */
  readonly signal: SignalTrap['received'];
  readonly sessionHands: number;
  /** CPU seconds over every session (the checkpoint's and this one's). */
  readonly cpuTotal: number;
}

/** The steps in order, each replayed or played: null as soon as one is interrupted. */
async function steps(session: Session, id: TuneIdentity): Promise<TuneRecord | null> {
  const gens = await session.generations();
  const finalists = gens && pickFinalists(gens.history, { entry: candidateEntry(id.strategy, id.dims, gens.mean), values: gens.mean }, id.finalists);
  const race = finalists && (await session.race(finalists));
  const winner = race && leaderOf(race.arms, race.alive, PLAYERS);
  const confirm = race && finalists && winner !== null && (await session.confirm(finalists[winner]!.entry));
  if (!(gens && finalists && race && winner !== null && confirm)) return null;
  const winnerInst = await resolveStrategy(finalists[winner]!.entry);
  return {
    id, dims: id.dims, columns: id.dims.map(dimName), history: gens.history, trace: gens.trace, finalists,
    arms: race.arms, eliminatedAfter: race.eliminatedAfter, winner, confirm, winnerParams: winnerInst.params,
  };
}

export async function playTune(plan: TunePlan, restored: TuneRestored, signals: SignalTrap): Promise<TunePlayed> {
  const { o, id } = plan;
  const modules = loadsModules([id.strategy, ...plan.field].join(','));
  const evaluator = new Evaluator(plan.table, plan.workers, 1000 * (o.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT), signals, o.keep, modules);
  const session = new Session(o, id, plan.field, restored.resumed, restored.cp, evaluator);
  let record: TuneRecord | null;
  try {
    record = await steps(session, id);
  } catch (e) {
    if (e instanceof PlayFailure) throw new UserError(`${e.message.split('\n')[0]}; completed steps are kept in ${o.out}, fix it and resume with: ${plan.hint}`);
    throw e;
  } finally {
    await session.close();
  }
  return { record, signal: evaluator.signal ?? null, sessionHands: session.sessionHands, cpuTotal: session.cpuTotal };
}
