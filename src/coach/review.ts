/**
 * `mjlab review` (docs/replay.md, "A review"): a recorded game re-executed (src/game/replay.ts) and, at every decision of one
 * seat, every legal answer valued by the coach from that seat's view at that moment (evaluate.ts: the seat's own
 * tiles and the table, nothing hidden), beside the answer the record played. A decision is named as every tool names
 * it (docs/replay.md, "A review"): the hand, the decision's number among the hand's recorded decisions (1 the first, as
 * `mjlab replay --seat` and the record's `actions` count them) and the event it answers (its number among the hand's
 * events, 1 the first: the replay viewer's move within the hand). Seats are named by wind, tiles in notation.
 *
 * The coach's randomness comes from the review's own seed alone: decision D of hand H deals its worlds from the
 * stream (seed, game, "review:H:D") and world i's rollouts draw from (seed, game, "review:H:D:i"), so the same
 * record, seat, coach and seed give the same review on any machine.
 */
import { faultName } from '../game/play.js';
import type { AgentView, StrategyInstance } from '../agent/types.js';
import { meldsOf } from '../engine/state.js';
import type { HandState } from '../engine/state.js';
import { UserError } from '../errors.js';
import { actionText } from '../record/actions.js';
import { answered, firstWind } from '../record/names.js';
import { makeStream } from '../rng/streams.js';
import { thrownMessage } from '../text.js';
import { formatHand } from '../tiles/index.js';
import { viewFor } from '../view/view.js';
import { type Scenario, executeScenario } from '../game/replay.js';
import type { BeliefModel } from '../belief/model-file.js';
import { coachOf } from './coach.js';
import { type Panel, panelOf } from './panel.js';
import { MISTAKE_RULE, mistakesOf, type MistakeAt } from './mistake.js';
import { round2 } from './values.js';

const WINDS = 'ESWN';


export interface ReviewDecision extends Panel {
  /** Hand number, 1 the first. */
  readonly hand: number;
  /** The decision's number among the hand's recorded decisions, 1 the first. */
  readonly decision: number;
  /** The event it answers: its number among the hand's events (1 the first) and the event in words, from the seat's view. */
  readonly event: number;
  readonly answers: string;
  /** The seat's tiles as it saw them: concealed (the drawn tile with them), then its melds. */
  readonly holding: string;
  /** The answer the record played. */
  readonly played: string;
  /** Only one legal answer: nothing to value. */
  readonly forced: boolean;
}

export interface Review {
  /** The seat by its wind in the first hand, and its physical seat number (as the record's strategies list it). */
  readonly seat: string;
  readonly seat_index: number;
  readonly recorded: string;
  readonly coach: string;
  readonly seed: number;
  readonly worlds: number;
  /** With `--belief FILE`: the belief model each discard's danger is read from, by its file and SHA-256. */
  readonly belief?: { readonly file: string; readonly sha256: string };
  readonly decisions: readonly ReviewDecision[];
  readonly summary: {
    readonly decisions: number;
    /** Decisions with more than one legal answer, each valued. */
    readonly valued: number;
    /** Share of the valued decisions where the record played the coach's move (or one of equal mean). */
    readonly agreement: number;
    readonly total_loss: number;
    readonly mistake_rule: string;
    readonly mistakes: number;
    /** The mistakes in the order of play (src/coach/mistake.ts): what `mistakes` counts and the page's buttons step through. */
    readonly mistake_at: readonly MistakeAt[];
    /** The valued decisions by expected loss, largest first (ties: in order of play). */
    readonly ranked: readonly { readonly hand: number; readonly decision: number; readonly loss: number; readonly played: string; readonly coach: string; readonly mistake: boolean }[];
  };
}

export interface ReviewOptions {
  readonly seed: number;
  /** The belief model each discard's danger is read from (`--belief FILE`), and the file it was read from. */
  readonly belief?: { readonly model: BeliefModel; readonly file: string };
  /** Told after each decision (the terminal's progress line). */
  readonly progress?: (done: number) => void;
}

/** Review seat `seat` of the record `sc` (read from `file`) with the coach `inst`. */
export function reviewSeat(sc: Scenario, file: string, seat: number, inst: StrategyInstance, opts: ReviewOptions): Review {
  const coach = coachOf(inst, opts.belief?.model ?? null);
  const decisions: ReviewDecision[] = [];
  executeScenario(sc, file, {
    decision(state: HandState, hand, move, recorded, events) {
      if (recorded.seat !== seat) return;
      const view: AgentView = viewFor(state, seat);
      const w = (s: number): string => WINDS[state.pub.seatWind[s]!] ?? '?';
      const base = {
        hand: hand + 1,
        decision: move,
        event: events.length,
        answers: answered(events[events.length - 1], w),
        holding: formatHand({ concealed: view.concealed.slice(), melds: meldsOf(state, seat), bonus: [], winning: null }),
        played: actionText(recorded.action),
      };
      const purpose = `review:${hand}:${move}`;
      let panel: Panel;
      try {
        panel = panelOf(view, coach, recorded.action, {
          worlds: makeStream(opts.seed, sc.game, purpose),
          rollout: (i) => makeStream(opts.seed, sc.game, `${purpose}:${i}`),
          danger: makeStream(opts.seed, sc.game, `${purpose}:danger`),
        });
      } catch (e) {
        if (e instanceof UserError) throw e;
        throw new UserError(`coach "${faultName(inst)}" failed at hand ${hand + 1}, decision ${move}: ${thrownMessage(e)} (${file})`);
      }
      decisions.push({ ...base, ...panel, forced: view.legal.length < 2 });
      opts.progress?.(decisions.length);
    },
  });
  const valued = decisions.filter((d) => !d.forced);
  const ranked = valued
    .map((d) => ({ hand: d.hand, decision: d.decision, loss: d.loss, played: d.played, coach: d.coach, mistake: d.mistake }))
    .sort((a, b) => b.loss - a.loss || a.hand - b.hand || a.decision - b.decision);
  const agree = valued.filter((d) => d.loss === 0).length;
  return {
    seat: firstWind(sc.players, sc.firstDealer, seat),
    seat_index: seat,
    recorded: sc.strategies[seat] ?? '?',
    coach: inst.label,
    seed: opts.seed,
    worlds: coach.worlds,
    ...(opts.belief ? { belief: { file: opts.belief.file, sha256: opts.belief.model.sha256 } } : {}),
    decisions,
    summary: {
      decisions: decisions.length,
      valued: valued.length,
      agreement: valued.length === 0 ? 1 : round2(agree / valued.length),
      total_loss: round2(valued.reduce((s, d) => s + d.loss, 0)),
      mistake_rule: MISTAKE_RULE,
      mistakes: mistakesOf(decisions).length,
      mistake_at: mistakesOf(decisions),
      ranked,
    },
  };
}

