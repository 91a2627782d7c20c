/**
 * Inference over worlds (docs/strategies.md, "Reading the table"): a HandGuide for AgentView.sampleWorld that weighs each hand dealt to
 * another seat by the likelihood of that seat's record under the policy model (likelihood.ts) times the fitted
 * shanten prior of its cell (model.ts shantenPrior: hands as near complete as real ones). The sampler deals `tries`
 * hands per seat and keeps one with probability proportional to its weight (sampling-importance-resampling), then
 * walks it `steps` Metropolis swaps toward the posterior (src/engine/sample.ts), so each world's hands are drawn,
 * approximately, from the posterior given what the table shows. `prior` (the opponent model's misfit) only picks
 * the deal kept when the weights collapse.
 *
 * The effective sample size of each seat's deals, (Σw)²/Σw² out of `tries`, is collected (`stats`); when every weight
 * of a seat is 0 (or not finite) the sampler keeps the best-fitting deal, as the opponent model alone would, and the
 * seat counts as collapsed. Everything here is made from the view alone and told only the dealt hands: a world is
 * still a function of the seat's view and its stream (test/view/fair-table.test.ts).
 */
import type { AgentView, HandGuide } from '../agent/types.js';
import type { Seat } from '../core/seat.js';
import { specialShapesOf } from '../rules/special.js';
import { Likelihood } from './likelihood.js';
import { HandAnalyser } from '../hand/shanten.js';
import { LATE_WALL, POLICY_MODEL, type PolicyModel, priorColumn, turnBand } from './model.js';
import { discardOrder } from './order.js';
import { type SeatRecord, seatRecord } from './record.js';

/** The shanten prior a guide builds on: misfit ≤ 0 is a plausible hand (strategies/opponent-model.ts). */
export type Prior = Pick<HandGuide, 'misfit'>;

export interface InferenceStats {
  /** Seats dealt (one per other seat per world). */
  seats: number;
  /** Sum of their effective sample sizes. */
  essSum: number;
  /** Seats whose weights collapsed (the best-fitting deal kept). */
  collapsed: number;
}

export interface InferenceGuide extends HandGuide {
  readonly stats: InferenceStats;
}

/** The deals weighed and the Metropolis swaps per other seat that the prediction measurement and the danger use. */
export const INFER_TRIES = 4;
export const INFER_STEPS = 40;

/** A fresh stats record. */
export function noStats(): InferenceStats {
  return { seats: 0, essSum: 0, collapsed: 0 };
}

/**
 * The guide for worlds sampled from `view`: `tries` deals per other seat, weighed; `prior` the opponent model (none:
 * every dealt hand equally likely before the record), `stats` where to add the ESS (a fresh record by default).
 */
export function inferenceGuide(
  view: AgentView,
  tries: number,
  prior: Prior | undefined,
  opts: { model?: PolicyModel; stats?: InferenceStats; steps?: number } = {},
): InferenceGuide {
  const given = opts.model ?? POLICY_MODEL;
  const model = view.wallCount < LATE_WALL ? { ...given, older: given.olderLate } : given;
  // Built here, from the model as it stands at this view (late, the older discards weigh olderLate).
  const lik = new Likelihood(model, specialShapesOf(view.rules.table), view.rules);
  const order = discardOrder(view);
  const records: (SeatRecord | null)[] = [];
  for (let q = 0; q < view.players; q++) records.push(q === view.seat ? null : seatRecord(view, q, model.recent, order));
  const stats = opts.stats ?? noStats();
  const a = new HandAnalyser(new ArrayBuffer(HandAnalyser.BYTES), 0);
  const priors: (readonly number[])[] = [];
  const melds: number[] = [];
  for (let q = 0; q < view.players; q++) {
    const m = view.meldCount(q);
    melds.push(m);
    priors.push(model.shantenPrior[view.rules.id][Math.min(m, 4)]![turnBand(view.table[q]!.discards.length)]!);
  }
  return {
    tries,
    steps: opts.steps ?? 0,
    stats,
    misfit: prior ? (counts, m, turns) => prior.misfit(counts, m, turns) : () => 0,
    weight(counts: Uint8Array, seat: Seat): number {
      const rec = records[seat];
      if (rec === null || rec === undefined) return 1;
      const sh = a.load(counts, melds[seat]!).shanten();
      return Math.exp(lik.logLik(rec, counts) + priors[seat]![priorColumn(sh)]!);
    },
    report(_seat: Seat, ess: number): void {
      stats.seats++;
      stats.essSum += ess;
      if (ess === 0) stats.collapsed++;
    },
  };
}
