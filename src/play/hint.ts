/**
 * The hint at the table (docs/play.md, "A hint from the coach"): `mjlab play --coach STRATEGY` values the person's open decision as
 * `mjlab review` values a recorded one (src/coach/panel.ts), from the person's seat's view only (viewFor: its own
 * tiles and the table, nothing another seat holds). Named as the review names the same decision: the hand, the
 * decision's number among the hand's decisions and the event it answers. Its randomness: the stream (seed, game,
 * "hint:H:D") of the table's own seed, so the same moment of the same game gets the same hint.
 */
import type { Seat } from '../core/seat.js';
import type { HandState } from '../engine/state.js';
import type { HandEvent } from '../record/events.js';
import { makeStream } from '../rng/streams.js';
import { viewFor } from '../view/view.js';
import type { Coach } from '../coach/coach.js';
import type { Streams } from '../coach/evaluate.js';
import { type Panel, panelOf } from '../coach/panel.js';
import { answered } from '../record/names.js';
import { publicEvent } from './message.js';

export interface Hint {
  /** Hand (1 the first), the decision's number among the hand's decisions, the event it answers (1 the first) in words. */
  readonly hand: number;
  readonly decision: number;
  readonly event: number;
  readonly answers: string;
  readonly coach: string;
  readonly panel: Panel;
}

/** The streams of the hint at decision `decision` of hand `hand` (0 the first) of game `game`. */
export function hintStreams(seed: number, game: number, hand: number, decision: number): Streams {
  const purpose = `hint:${hand}:${decision}`;
  return {
    worlds: makeStream(seed, game, purpose),
    rollout: (i) => makeStream(seed, game, `${purpose}:${i}`),
    danger: makeStream(seed, game, `${purpose}:danger`),
  };
}

/** The hint for `person`'s open decision on `state`; `decisions`: the hand's decisions so far; `events`: its events. */
export function tableHint(
  state: HandState, person: Seat, coach: Coach, at: { seed: number; game: number; hand: number; decisions: number; events: readonly HandEvent[] },
): Hint {
  const view = viewFor(state, person);
  const decision = at.decisions + 1;
  const last = at.events[at.events.length - 1];
  const w = (s: number): string => 'ESWN'[state.pub.seatWind[s]!] ?? '?';
  return {
    hand: at.hand + 1,
    decision,
    event: at.events.length,
    answers: answered(last === undefined ? undefined : publicEvent(last, person), w),
    coach: coach.label,
    panel: panelOf(view, coach, undefined, hintStreams(at.seed, at.game, at.hand, decision)),
  };
}
