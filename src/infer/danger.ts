/**
 * The danger of each discard (docs/strategies.md, "The danger of a discard"): for every kind, the probability that discarding it lets another
 * seat go Mah-Jongg on it (a deal-in: the claim the rules allow, docs/rules.md "Claims", out-of-turn Mah-Jongg
 * included; src/engine/legal.ts mayClaimMahjong), estimated over worlds sampled from the seat's own view, read as
 * the table reads it (src/infer/guide.ts: each other seat's hand weighed by what it did) unless `infer` is false.
 *
 * With `belief` (a model mjlab train --target belief wrote, src/belief/model-file.ts readBeliefModel) the danger is
 * the belief's instead (src/belief/danger.ts, docs/belief.md "The danger of a discard": read from the model's win
 * head at this view, no world sampled, nothing drawn from the stream).
 *
 * For strategies, plug-ins and reviews: `discardDanger(view, rng)` at any decision the view's seat has open. Its
 * randomness is the stream given alone, and a world is a function of the view and that stream, so the same view and
 * stream give the same danger on any truth behind the view (test/view/fair-table.test.ts).
 */
import type { AgentView, World } from '../agent/types.js';
import type { Rng } from '../rng/streams.js';
import { mayClaimMahjong } from '../engine/legal.js';
import { worldStateCopy } from '../view/world.js';
import { INFER_STEPS, INFER_TRIES, type InferenceStats, inferenceGuide } from './guide.js';
import { opponentGuide } from './opponent-model.js';
import { beliefDanger } from '../belief/danger.js';
import type { BeliefModel } from '../belief/model-file.js';

export interface DangerOptions {
  /** Worlds sampled (default 64): the standard error of a danger p is at most sqrt(p(1-p)/worlds). */
  readonly worlds?: number;
  /** Weigh each other seat's hand by its record (default true); false: the opponent model's worlds. */
  readonly infer?: boolean;
  /** Deals per other seat per world (default 4 with `infer`, then 40 Metropolis swaps; 12 without). */
  readonly tries?: number;
  /** Metropolis swaps per other seat with `infer` (default 40, as measured in results/inference-prediction). */
  readonly steps?: number;
  /** Where to add the inference's effective sample sizes. */
  readonly stats?: InferenceStats;
  /** A belief model: the danger is its prediction at this view (the options above unused, the stream untouched). */
  readonly belief?: BeliefModel | null;
}

export const DANGER_WORLDS = 64;

/**
 * Per kind (34 entries), the estimated probability that discarding it now is claimed for Mah-Jongg by another seat.
 * Only while the view's decision is open and its seat is to move (AgentView.sampleWorld). Kinds the seat does not
 * hold are estimated too (a review may ask of any tile).
 */
export function discardDanger(view: AgentView, rng: Rng, opts: DangerOptions = {}): Float64Array {
  if (opts.belief) return beliefDanger(opts.belief, view);
  const n = opts.worlds ?? DANGER_WORLDS;
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`discardDanger: worlds must be a whole number of at least 1, got ${n}`);
  const infer = opts.infer ?? true;
  const tries = opts.tries ?? (infer ? INFER_TRIES : 12);
  const prior = opponentGuide(tries);
  const guide = infer ? inferenceGuide(view, tries, prior, { stats: opts.stats, steps: opts.steps ?? INFER_STEPS }) : prior;
  const out = new Float64Array(34);
  const seat = view.seat;
  const p = view.players;
  let world: World | undefined;
  for (let i = 0; i < n; i++) {
    world = view.sampleWorld(rng, world, guide);
    const s = worldStateCopy(world);
    for (let t = 0; t < 34; t++) {
      for (let q = (seat + 1) % p; q !== seat; q = (q + 1) % p) {
        if (mayClaimMahjong(s, q, t, q === (seat + 1) % p)) {
          out[t]!++;
          break;
        }
      }
    }
  }
  for (let t = 0; t < 34; t++) out[t]! /= n;
  return out;
}
