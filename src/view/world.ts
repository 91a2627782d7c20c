/**
 * Worlds an agent may play forward (README.md, "The engine as a state machine"): a hand state sampled from the agent's view
 * (src/engine/sample.ts), wrapped so that the agent can only do what a table allows: ask whose decision it is, get
 * that seat's view of the world, apply an action, copy the world, and read each seat's net once it is over.
 *
 * The state is held in an ES private field: no property, symbol, prototype or closure of a world leads to it, so an
 * agent reaches a world's tiles only through the views it hands out, as a player at that (imagined) table would. A
 * world is made only by the sampler or by `copy`; anything else offered as `into` is refused (a forged object
 * could otherwise be handed the engine's memory while the world is written). The prototype is frozen, so no agent
 * can wrap a method and watch other agents' worlds through it.
 */
import type { Agent, AgentView, HandGuide, World } from '../agent/types.js';
import type { Action, HandPhase } from '../core/action.js';
import type { Seat } from '../core/seat.js';
import { cloneInto, cloneState } from '../engine/clone.js';
import { copyViewCache } from './cache.js';
import { handResult } from '../engine/result.js';
import { type HandState, createHandState } from '../engine/state.js';
import { sampleGuidedInto, sampleWorldInto } from '../engine/sample.js';
import type { Rng } from '../rng/streams.js';
import { apply, isOver, legalActions } from '../engine/step.js';

/** How a world makes a seat's view of itself (view.ts viewFor; given, so that this file needs no import of it). */
export type ViewOf = (s: HandState, seat: Seat) => AgentView;

/**
 * The state inside `w` when it is a world made here, undefined for anything else. Module-private (set once, by the
 * class's static block): no static member of the class, which an agent could reach as `world.constructor`, leads in.
 */
let stateIn: (w: unknown) => HandState | undefined;

/** Every hand ends (the wall runs out), so playOut ends whatever the agents do. */
export class StateWorld implements World {
  readonly #state: HandState;
  readonly #viewOf: ViewOf;

  static {
    stateIn = (w) => (typeof w === 'object' && w !== null && #state in w ? (w as StateWorld).#state : undefined);
  }

  constructor(state: HandState, viewOf: ViewOf) {
    this.#state = state;
    this.#viewOf = viewOf;
  }

  toMove(): Seat {
    return this.#state.flow.seat;
  }

  phase(): HandPhase {
    return this.#state.flow.phase;
  }

  view(): AgentView {
    return this.#viewOf(this.#state, this.#state.flow.seat);
  }

  legal(): readonly Action[] {
    return legalActions(this.#state);
  }

  apply(a: Action): void {
    apply(this.#state, a);
  }

  isOver(): boolean {
    return isOver(this.#state);
  }

  nets(): readonly number[] {
    return handResult(this.#state, 0, false).nets;
  }

  copy(into?: World): World {
    const src = this.#state;
    const dst = into === undefined ? null : intoState(into, src);
    const s = dst !== null ? cloneInto(dst, src) : cloneState(src);
    copyViewCache(s, src);
    return dst !== null ? (into as World) : new StateWorld(s, this.#viewOf);
  }

  playOut(agents: readonly Agent[]): readonly number[] {
    const s = this.#state;
    const viewOf = this.#viewOf;
    while (s.flow.phase !== 'over') apply(s, agents[s.flow.seat]!.act(viewOf(s, s.flow.seat)));
    return this.nets();
  }
}
Object.freeze(StateWorld.prototype);
Object.freeze(StateWorld);

/**
 * A world sampled for `seat`, the seat to move in `s` (its view's sampleWorld): written into `into` when that is a
 * world of the same table, made anew otherwise. Anything else offered as `into` is refused before anything is
 * written. The world shows the table as the state does (the views' frozen public records are shared).
 */
export function sampleWorldFor(s: HandState, seat: Seat, rng: Rng, into: World | undefined, guide: HandGuide | undefined, viewOf: ViewOf): World {
  let dst: HandState | null = null;
  if (into !== undefined) {
    const t = stateIn(into);
    if (t === undefined) throw new TypeError('sampleWorld: into is not a world made by sampleWorld or copy (a world cannot be built by hand)');
    if (t.players === s.players && t.flowers === s.flowers && t.rules.id === s.rules.id) dst = t;
  }
  const world = dst ?? createHandState(s.rules, s.limit, s.flowers, s.players);
  if (guide) sampleGuidedInto(world, s, seat, rng, guide);
  else sampleWorldInto(world, s, seat, rng);
  copyViewCache(world, s);
  return dst !== null ? (into as World) : new StateWorld(world, viewOf);
}

/** The state of `into` (a world offered to be written over) when it is a world of `like`'s table, else null. */
function intoState(into: World, like: HandState): HandState | null {
  const s = stateIn(into);
  if (s === undefined) throw new TypeError('copy: into is not a world made by sampleWorld or copy (a world cannot be built by hand)');
  return s.players === like.players && s.flowers === like.flowers && s.rules.id === like.rules.id ? s : null;
}

/** A copy of the state inside a world (tests compare worlds through it); a copy, so it gives no world's memory. */
export function worldStateCopy(w: World): HandState {
  const s = stateIn(w);
  if (s === undefined) throw new TypeError('not a world made by sampleWorld or copy');
  return cloneState(s);
}
