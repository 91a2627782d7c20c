/**
 * One decision as the coach shows it (docs/replay.md, "A review"): the same panel in `mjlab review`'s text and JSON, on
 * the review page and as the hint at `mjlab play`'s table. Every legal answer with its expected net for the seat and
 * 95% interval, its danger (a discard), the coach's move (the answer of highest mean) and, where the answer played is
 * known, its expected loss against the coach's move with the paired interval (the same worlds for both).
 */
import type { Action, AgentView } from '../agent/types.js';
import { sameAction } from '../core/action.js';
import { actionText } from '../record/actions.js';
import { tileCode } from '../tiles/index.js';
import type { Coach } from './coach.js';
import { type Streams, evaluateView } from './evaluate.js';
import { pairedInterval, round2 } from './values.js';
import { isMistake } from './mistake.js';

const WINDS = 'ESWN';

export interface PanelCandidate {
  /** In notation, as a record writes it without the seat: "discard 5p", "chow 3m", "pass". */
  readonly action: string;
  readonly mean: number;
  readonly ci_low: number;
  readonly ci_high: number;
  /** The coach's move's mean less this one's (0 for the coach's move). */
  readonly loss: number;
  /** A discard: the probability that another seat may declare Mah-Jongg on it (docs/strategies.md, "The danger of a discard"); else null. */
  readonly danger: number | null;
}

export interface Panel {
  readonly phase: string;
  /** The seat's wind in the hand. */
  readonly wind: string;
  /** In a claim or rob: the tile on offer and the wind of who gave it ("5p from S"). */
  readonly offer: string | null;
  /** The answers by mean, best first (ties: the engine's order). */
  readonly candidates: readonly PanelCandidate[];
  /** The answer of highest mean: the coach's move. */
  readonly best: string;
  readonly coach: string;
  /** With the answer played: its expected loss against the coach's move (0 when it is the move, or of equal mean), the paired 95% interval. */
  readonly loss: number;
  readonly loss_ci_low: number;
  readonly loss_ci_high: number;
  readonly mistake: boolean;
}

/** The panel of `view`'s open decision; `played`: the answer given, when it is known (a review). */
export function panelOf(view: AgentView, coach: Coach, played: Action | undefined, streams: Streams): Panel {
  const valued = evaluateView(view, coach, streams);
  const order = valued.map((_, i) => i).sort((a, b) => valued[b]!.value.mean - valued[a]!.value.mean || a - b);
  const top = valued[order[0]!]!;
  const mine = played === undefined ? undefined : valued.find((v) => sameAction(v.action, played));
  // The answer played, when its mean equals the best's, is the coach's move: no loss, and the review agrees.
  const coachMove = mine !== undefined && mine.value.mean === top.value.mean ? mine : top;
  const d = mine === undefined ? undefined : pairedInterval(coachMove.nets, mine.nets);
  const loss = d === undefined ? 0 : d.mean;
  const last = view.lastDiscard;
  return {
    phase: view.phase,
    wind: WINDS[view.seatWind]!,
    offer: (view.phase === 'claim' || view.phase === 'rob') && last ? `${tileCode(last.tile)} from ${WINDS[view.table[last.by]!.seatWind]}` : null,
    candidates: order.map((i) => {
      const v = valued[i]!;
      return {
        action: actionText(v.action),
        mean: round2(v.value.mean),
        ci_low: round2(v.value.low),
        ci_high: round2(v.value.high),
        loss: round2(coachMove.value.mean - v.value.mean),
        danger: v.danger === null ? null : round2(v.danger),
      };
    }),
    best: actionText(top.action),
    coach: actionText(coachMove.action),
    loss: round2(loss),
    loss_ci_low: round2(d?.low ?? 0),
    loss_ci_high: round2(d?.high ?? 0),
    // Judged on the figures shown (rounded as printed), so the text, the JSON and the page agree.
    mistake: d !== undefined && isMistake(round2(loss), round2(d.low)),
  };
}
