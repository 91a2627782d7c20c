/**
 * One decision valued (docs/replay.md, "A review"): every legal answer of the open decision, each applied in the same
 * worlds sampled from the seat's own view (AgentView.sampleWorld: the seat's tiles, the table, nothing hidden) and
 * played out by the coach's policy at every seat; a candidate's value is the seat's mean net settlement of the hand
 * over those worlds. Common random numbers across candidates: world i is the same deal for all of them, and its
 * rollout agents draw from the same stream (`rollout(i)`, a fresh stream of one key per world), so two answers that
 * lead to the same play in a world get the same net there, and the paired loss of one answer against another cancels
 * the deal's luck. Each discard's danger is the estimate of docs/strategies.md, "The danger of a discard" (src/infer/danger.ts: the probability that another
 * seat may declare Mah-Jongg on it, over worlds read as the table reads them), from a stream of its own; with the
 * coach's belief model, the belief's (docs/belief.md "The danger of a discard").
 */
import type { Action, Agent, AgentView, World } from '../agent/types.js';
import { sameAction } from '../core/action.js';
import type { Rng } from '../rng/streams.js';
import type { Coach } from './coach.js';
import { discardDanger } from '../infer/danger.js';
import { type Interval, meanInterval } from './values.js';

export interface Valued {
  readonly action: Action;
  /** The seat's net in each world, world order. */
  readonly nets: readonly number[];
  readonly value: Interval;
  /** A discard: the probability that another seat may declare Mah-Jongg on it (src/infer/danger.ts). Otherwise null. */
  readonly danger: number | null;
}

export interface Streams {
  /** Deals the worlds. */
  readonly worlds: Rng;
  /** The rollout agents' stream in world i: a fresh stream, the same numbers for every candidate. */
  rollout(i: number): Rng;
  /** The danger estimate's own worlds (none: no danger is estimated). */
  readonly danger?: Rng;
}

/** An Rng that draws from the stream it was last told to use: rollout agents made once, each rollout's numbers its world's. */
class SwitchRng implements Rng {
  #at: Rng | null = null;
  use(r: Rng): void {
    this.#at = r;
  }
  next(): number {
    return this.#at!.next();
  }
  int(n: number): number {
    return this.#at!.int(n);
  }
}

/** The distinct legal answers, in the engine's order. */
function candidates(view: AgentView): Action[] {
  const out: Action[] = [];
  for (const a of view.legal) if (!out.some((x) => sameAction(x, a))) out.push(a);
  return out;
}

/**
 * Value every legal answer of `view`'s open decision (the view's own seat; nothing but the view is read), or only
 * those of `only`: world i and its rollout stream do not depend on which answers are valued, so an answer's value is
 * the same whichever others are valued beside it.
 */
export function evaluateView(view: AgentView, coach: Coach, streams: Streams, only?: readonly Action[]): Valued[] {
  const cands = only === undefined ? candidates(view) : candidates(view).filter((a) => only.some((x) => sameAction(x, a)));
  const seat = view.seat;
  const { strategy, params } = coach.policy;
  const nets: number[][] = cands.map(() => []);
  // One set of rollout agents, reset before each rollout to be as new (creating them costs a tenth of a rollout),
  // drawing from the world's own stream through `rng`; an agent without reset() is created anew each time.
  const rng = new SwitchRng();
  let pool: Agent[] | null = null;
  const agentsFor = (): Agent[] => {
    if (pool !== null && pool.every((a) => a.reset !== undefined)) for (const a of pool) a.reset!();
    else {
      pool = [];
      for (let p = 0; p < view.players; p++) pool.push(strategy.create({ seat: p, players: view.players, rules: view.rules, rng, params }));
    }
    return pool;
  };
  const guide = coach.guide(view);
  let world: World | undefined;
  let scratch: World | undefined;
  for (let i = 0; i < coach.worlds; i++) {
    world = view.sampleWorld(streams.worlds, world, guide);
    for (let c = 0; c < cands.length; c++) {
      const action = cands[c]!;
      scratch = world.copy(scratch);
      scratch.apply(action);
      rng.use(streams.rollout(i));
      nets[c]!.push(scratch.playOut(agentsFor())[seat]!);
    }
  }
  const danger = streams.danger !== undefined && cands.some((a) => a.type === 'discard') ? discardDanger(view, streams.danger, { belief: coach.belief }) : null;
  return cands.map((action, c) => ({
    action,
    nets: nets[c]!,
    value: meanInterval(nets[c]!),
    danger: action.type === 'discard' && danger !== null ? danger[action.tile]! : null,
  }));
}
