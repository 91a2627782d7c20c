/**
 * `mjlab replay --record FILE --seat S --strategy X` (docs/replay.md, "How would a strategy have played this seat?"): how a strategy would have played one seat
 * of a recorded game. The record is re-executed as it stands (replay.ts); at every decision of seat S a fresh agent of
 * the strategy, seated at S with the record's own seat stream seatStream(seed, stream_game, S) as every game seats
 * its agents (play.ts createSeatAgent), is shown the seat's view (src/view) and asked; its answer is compared with the
 * record's, and the record's is what is played on. So a hand played by a person can be set beside what `harr` or
 * `search` would have done in the chair, and a record of that very strategy at S compares equal at every move.
 */
import type { Action, Phase } from '../core/action.js';
import { answered, firstWind } from '../record/names.js';
import { sameAction } from '../core/action.js';
import type { Seat } from '../core/seat.js';
import type { StrategyInstance } from '../agent/types.js';
import { SEAT_WINDS, meldsOf } from '../engine/state.js';
import { matchLegal } from '../engine/step.js';
import { UserError } from '../errors.js';
import { printable, shownValue, thrownMessage } from '../text.js';
import { actionText } from '../record/actions.js';
import { formatHand, tileCode } from '../tiles/index.js';
import { viewFor } from '../view/view.js';
import { createSeatAgent, faultName } from './play.js';
import { type Scenario, executeScenario } from './replay.js';
import type { TableConfig } from './types.js';

const WINDS = 'ESWN';

/**
 * One decision where the strategy would have answered differently, named as `mjlab review`, the viewer and the play
 * page name it (docs/replay.md, "A review"): the hand (1 the first), the decision's number among the hand's recorded decisions
 * (1 the first) and the event it answers (its number among the hand's events, 1 the first), in words.
 */
export interface Difference {
  readonly hand: number;
  readonly decision: number;
  readonly event: number;
  readonly answers: string;
  readonly phase: Phase;
  /** The seat's wind in that hand. */
  readonly wind: string;
  /** The seat's tiles as it saw them: concealed (the drawn tile with them), melds. */
  readonly holding: string;
  /** In a claim or rob: the tile on offer and the wind of who gave it ("5p from S"). */
  readonly offer: string | null;
  /** The answers in notation ("discard 5p", "pass"). */
  readonly played: string;
  readonly chosen: string;
}

export interface Comparison {
  /** The seat by its wind in the record's first hand, and its number (as the record's strategies list it). */
  readonly seat: string;
  readonly seat_index: Seat;
  /** The record's label for the seat (a strategy, or "person" for `mjlab play`). */
  readonly recorded: string;
  readonly strategy: string;
  readonly hands: number;
  readonly decisions: number;
  readonly differences: readonly Difference[];
}

/** `--seat`: a physical seat (0 .. players-1) or the wind the seat held in the record's first hand. */
export function recordSeat(sc: Scenario, text: string): Seat {
  const t = text.trim().toUpperCase();
  if (/^\d+$/.test(t)) {
    const seat = Number(t);
    if (seat < sc.players) return seat;
    throw new UserError(`--seat ${text}: the record has seats 0 to ${sc.players - 1}`);
  }
  const wind = t.length === 1 ? WINDS.indexOf(t) : -1;
  const winds = SEAT_WINDS[sc.players]!;
  const k = wind < 0 ? -1 : winds.indexOf(wind);
  if (k < 0) {
    const letters = winds.map((w) => WINDS[w]).join(', ');
    throw new UserError(`--seat ${text}: name a seat 0 to ${sc.players - 1}, or a wind of the first hand (${letters})`);
  }
  return (sc.firstDealer + k) % sc.players;
}

/** Re-execute the record `sc` (read from `file`), asking `inst` at every decision of `seat`. */
export function compareSeat(sc: Scenario, file: string, seat: Seat, inst: StrategyInstance): Comparison {
  const config: TableConfig = {
    rules: sc.rules,
    limit: sc.limit,
    flowers: sc.flowers,
    players: sc.players,
    unit: sc.unit,
    seed: sc.seed,
    lineup: [inst],
    duplicate: sc.duplicate,
  };
  const setup = {
    game: sc.game,
    streamGame: sc.streamGame,
    seating: new Array<number>(sc.players).fill(0),
    firstDealer: sc.firstDealer,
    firstPrevailing: sc.firstPrevailing,
  };
  let at = '';
  const where = (): string => `${file}${at}`;
  const agent = createSeatAgent(config, setup, seat, where);
  const differences: Difference[] = [];
  let decisions = 0;
  let hands = 0;
  executeScenario(sc, file, {
    decision(state, hand, move, recorded, events) {
      if (recorded.seat !== seat) return;
      at = `, hand ${hand + 1}, move ${move}`;
      decisions++;
      const view = viewFor(state, seat);
      let chosen: Action;
      try {
        chosen = agent.act(view);
      } catch (e) {
        throw new UserError(`strategy "${faultName(inst)}" at seat ${seat} threw: ${thrownMessage(e)} (${where()})`);
      }
      const legal = matchLegal(state, chosen);
      if (legal === undefined) {
        throw new UserError(`strategy "${faultName(inst)}" at seat ${seat} returned an illegal action ${shownValue(chosen)} in phase ${state.flow.phase} (${where()})`);
      }
      if (sameAction(legal, recorded.action)) return;
      const last = view.lastDiscard;
      const w = (p: number): string => WINDS[state.pub.seatWind[p]!] ?? '?';
      differences.push({
        hand: hand + 1,
        decision: move,
        event: events.length,
        answers: answered(events[events.length - 1], w),
        phase: view.phase,
        wind: WINDS[view.seatWind]!,
        holding: formatHand({ concealed: view.concealed.slice(), melds: meldsOf(state, seat), bonus: [], winning: null }),
        offer: view.phase === 'claim' || view.phase === 'rob' ? (last ? `${tileCode(last.tile)} from ${w(last.by)}` : null) : null,
        played: actionText(recorded.action),
        chosen: actionText(legal),
      });
    },
    handOver() {
      hands++;
    },
  });
  return { seat: firstWind(sc.players, sc.firstDealer, seat), seat_index: seat, recorded: sc.strategies[seat] ?? '?', strategy: inst.label, hands, decisions, differences };
}

/** The comparison for a reader: one line of totals, then one line per decision where the strategy differs. */
export function renderComparison(c: Comparison): string {
  const out = [
    `seat ${c.seat} (${c.recorded}) against ${c.strategy}: ${c.decisions} decision${c.decisions === 1 ? '' : 's'} in ${c.hands} hand${c.hands === 1 ? '' : 's'}; ` +
      (c.differences.length === 0 ? `${c.strategy} chooses the same at every one` : `${c.strategy} would choose differently at ${c.differences.length}`),
  ];
  for (const d of c.differences) {
    const offer = d.offer === null ? '' : `, offered ${d.offer}`;
    out.push(`  hand ${d.hand}, decision ${d.decision} (answers event ${d.event}: ${d.answers}; ${d.phase}, ${d.wind}, holding ${d.holding}${offer}): played ${d.played}; ${c.strategy} would ${d.chosen}`);
  }
  return `${out.map(printable).join('\n')}\n`;
}
