/**
 * Holding strategies to the agent contract inside a worker (docs/strategies.md, "Writing your own strategy"), wrapped
 * from the runner's side so the engine is untouched: - every create() and act() bumps a counter in a SharedArrayBuffer
 * on entry and on exit (odd: a decision is open),
 *   with the lineup index, seat and game it is for, so the main thread's watchdog (watchdog.ts) can stop a worker
 *   whose decision has been open longer than the limit and say whose it was;
 * - while a plug-in's create() or act() runs, Math.random, Date.now and performance.now throw: a strategy's only
 *   randomness is its seat stream (init.rng), or its games would not replay from their seed. The functions are
 *   replaced once, by wrappers that throw only inside a plug-in's call, so Node's internals and the runner's own
 *   timing are unaffected, and a reference a plug-in keeps (`const now = Date.now`) is caught as well.
 */
import type { Agent, AgentInit, AgentView, Strategy, StrategyInstance } from '../agent/types.js';
import { builtinStrategies } from '../../strategies/index.js';

/** Int32 slots of the heartbeat buffer, then one Float64 (the game index) at byte GAME_OFFSET. */
export const HB = { counter: 0, lineup: 1, seat: 2, phase: 3 } as const;
export const HB_PHASE = { load: 0, create: 1, act: 2 } as const;
const GAME_OFFSET = 16;
export const HEARTBEAT_BYTES = 24;

export interface HeartbeatView {
  readonly counter: number;
  readonly lineup: number;
  readonly seat: number;
  readonly phase: number;
  readonly game: number;
}

export class Heartbeat {
  private readonly ints: Int32Array;
  private readonly game: Float64Array;
  private count = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.ints = new Int32Array(buffer, 0, 4);
    this.game = new Float64Array(buffer, GAME_OFFSET, 1);
  }

  setGame(g: number): void {
    this.game[0] = g;
  }

  // Plain stores, not Atomics: only this thread writes, the watchdog needs the value within a tick, not a fence per
  // decision (Atomics.add twice a decision cost four random players 11% of their CPU time per hand).
  enter(lineup: number, seat: number, phase: number): void {
    this.ints[HB.lineup] = lineup;
    this.ints[HB.seat] = seat;
    this.ints[HB.phase] = phase;
    this.ints[HB.counter] = ++this.count;
  }

  exit(): void {
    this.ints[HB.counter] = ++this.count;
  }

  read(): HeartbeatView {
    const counter = Atomics.load(this.ints, HB.counter);
    return { counter, lineup: this.ints[HB.lineup]!, seat: this.ints[HB.seat]!, phase: this.ints[HB.phase]!, game: this.game[0]! };
  }
}

/** The functions a plug-in may not call, by the name the error gives. */
const FORBIDDEN: readonly [object, string, string][] = [
  [Math, 'random', 'Math.random'],
  [Date, 'now', 'Date.now'],
  [performance, 'now', 'performance.now'],
];

export class ContractViolation extends Error {
  constructor(what: string) {
    super(`${what} is not allowed in a strategy: use init.rng (its seat stream), so that every game replays from its seed`);
    this.name = 'ContractViolation';
  }
}

/** Nesting depth of plug-in calls in progress, and the first forbidden call seen in the current one. */
const guard = { depth: 0, violation: null as string | null, installed: false };

function installGuards(): void {
  if (guard.installed) return;
  guard.installed = true;
  for (const [obj, key, name] of FORBIDDEN) {
    const target = obj as Record<string, (...a: unknown[]) => unknown>;
    const original = target[key]!;
    target[key] = function guarded(this: unknown, ...args: unknown[]) {
      if (guard.depth > 0) {
        guard.violation ??= name;
        throw new ContractViolation(name);
      }
      return original.apply(this, args);
    };
  }
}

/** Run a plug-in's function with the forbidden globals throwing; a violation it swallowed is raised anyway. */
function guarded<T>(fn: () => T): T {
  guard.depth += 1;
  const outer = guard.violation;
  guard.violation = null;
  let result: T;
  try {
    result = fn();
  } finally {
    guard.depth -= 1;
  }
  const seen = guard.violation;
  guard.violation = outer;
  if (seen !== null) throw new ContractViolation(seen);
  return result;
}

const BUILTIN: ReadonlySet<Strategy> = new Set(builtinStrategies);

export function isPlugin(inst: StrategyInstance): boolean {
  return !BUILTIN.has(inst.strategy.boundFrom ?? inst.strategy);
}

/**
 * The same lineup, each plug-in's create() and its agents' act() reporting to the heartbeat and guarded. Built-in
 * strategies are trusted and left as they are: a wall-clock limit would stop a search with a large budget, or the
 * first decision of a worker (which builds the hand analyser's tables), on a machine loaded enough, and lose the run
 * in the middle for nothing.
 */
export function holdToContract(lineup: readonly StrategyInstance[], hb: Heartbeat): StrategyInstance[] {
  installGuards();
  return lineup.map((inst, i): StrategyInstance => {
    const plugin = isPlugin(inst);
    if (!plugin) return inst;
    const inner = inst.strategy;
    const call = guarded;
    const wrapAgent = (agent: Agent, seat: number): Agent => {
      const wrapped: Agent = {
        act(view: AgentView) {
          hb.enter(i, seat, HB_PHASE.act);
          try {
            return guarded(() => agent.act(view));
          } finally {
            hb.exit();
          }
        },
      };
      // An agent that can be reset (reused as new, src/agent/types.ts) stays so, under the same contract.
      if (agent.reset) wrapped.reset = () => call(() => agent.reset!());
      if (agent.handOver) {
        wrapped.handOver = (r) => {
          hb.enter(i, seat, HB_PHASE.act);
          try {
            call(() => agent.handOver!(r));
          } finally {
            hb.exit();
          }
        };
      }
      return wrapped;
    };
    const strategy: Strategy = {
      name: inner.name,
      description: inner.description,
      params: inner.params,
      create(init: AgentInit): Agent {
        hb.enter(i, init.seat, HB_PHASE.create);
        let agent: Agent;
        try {
          agent = call(() => inner.create(init));
        } finally {
          hb.exit();
        }
        return wrapAgent(agent, init.seat);
      },
    };
    return { ...inst, strategy };
  });
}

/**
 * Loading the lineup in a worker: plug-in modules run their top-level code here, under the watchdog and with the
 * forbidden globals throwing (a table drawn from Math.random at import would differ from run to run just the same).
 */
export async function loading<T>(hb: Heartbeat, fn: () => Promise<T>): Promise<T> {
  // The guards first: a strategy file's import locks the thread's standard library (src/lineup/lockdown.ts), Math
  // and Date included, and the guards must already have replaced Math.random and Date.now by then.
  installGuards();
  hb.enter(-1, -1, HB_PHASE.load);
  guard.depth += 1;
  try {
    return await fn();
  } finally {
    guard.depth -= 1;
    guard.violation = null;
    hb.exit();
  }
}
