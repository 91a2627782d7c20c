/**
 * Worlds an agent may play forward (issue 12, point 3): a hand state sampled from the agent's view
 * (src/engine/sample.ts), wrapped so that the agent can only do what a table allows: ask whose decision it is, get
 * that seat's view of the world, apply an action, copy the world, and read each seat's net once it is over. The
 * wrapped state is a world of the agent's own making, never the true one, so reading it hides nothing from anyone.
 */
import type { Agent, AgentView, World } from '../agent/types.js';
import type { Action, HandPhase } from '../core/action.js';
import type { Seat } from '../core/seat.js';
import { cloneInto, cloneState } from '../engine/clone.js';
import { copyViewCache } from './cache.js';
import { handResult } from '../engine/result.js';
import type { HandState } from '../engine/state.js';
import { apply, isOver, legalActions } from '../engine/step.js';

/** How a world makes a seat's view of itself (view.ts viewFor; given, so that this file needs no import of it). */
export type ViewOf = (s: HandState, seat: Seat) => AgentView;

/** Every hand ends (the wall runs out), so playOut ends whatever the agents do. */
export class StateWorld implements World {
  constructor(
    readonly state: HandState,
    readonly viewOf: ViewOf,
  ) {}

  toMove(): Seat {
    return this.state.flow.seat;
  }

  phase(): HandPhase {
    return this.state.flow.phase;
  }

  view(): AgentView {
    return this.viewOf(this.state, this.state.flow.seat);
  }

  legal(): readonly Action[] {
    return legalActions(this.state);
  }

  apply(a: Action): void {
    apply(this.state, a);
  }

  isOver(): boolean {
    return isOver(this.state);
  }

  nets(): readonly number[] {
    return handResult(this.state, 0, false).nets;
  }

  copy(into?: World): World {
    const w = into instanceof StateWorld && into.state.players === this.state.players ? into : null;
    const s = w !== null ? cloneInto(w.state, this.state) : cloneState(this.state);
    copyViewCache(s, this.state);
    return w ?? new StateWorld(s, this.viewOf);
  }

  playOut(agents: readonly Agent[]): readonly number[] {
    const s = this.state;
    while (s.flow.phase !== 'over') apply(s, agents[s.flow.seat]!.act(this.viewOf(s, s.flow.seat)));
    return this.nets();
  }
}

