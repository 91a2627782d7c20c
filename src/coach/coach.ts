/**
 * What a coach is (docs/replay.md, "A review"): a rollout policy that plays every seat after the move being valued, the
 * number of sampled worlds each candidate meets, and the opponent model those worlds are dealt with. Read from a
 * strategy as written on the command line (`--coach`):
 * - `search[:budget=B,policy=P,model=M]`: the policy P (default harr) rolls out, in B worlds per candidate
 *   (as coach, `budget` counts the rollouts of each candidate, not of the decision: every legal answer is valued),
 *   dealt by the inference over worlds (guideOf) unless model=false (uniform deals); search's other parameters
 *   (tries, infer, margin...) are the searcher's, not the coach's;
 * - any other strategy, a plug-in included: it is the rollout policy itself, in DEFAULT_WORLDS worlds per candidate,
 *   dealt by the inference over worlds (so `--coach harr` values each answer by harr playing on).
 * The coach's move is the candidate of highest mean: a one-step improvement of its policy (Tesauro & Galperin 1996),
 * as search is, without search's pruning, so that every legal answer gets a value.
 */
import type { AgentView, HandGuide, ParamValue, Strategy, StrategyInstance } from '../agent/types.js';
import { INFER_STEPS, INFER_TRIES, inferenceGuide } from '../infer/guide.js';
import { UserError } from '../errors.js';
import { isPlugin } from '../sandbox/contract.js';
import { opponentGuide } from '../infer/opponent-model.js';
import { resolvePolicy } from '../../strategies/search.js';
import type { BeliefModel } from '../belief/model-file.js';

/** The default coach: a whole hand reviewed in about 10 s on one core (measured in `npm run bench`, src/bench/review.ts). */
export { DEFAULT_COACH } from './default.js';

/** Worlds per candidate of a coach that is not a search. */
export const DEFAULT_WORLDS = 160;


export interface Coach {
  /** As given (`search:budget=48`, `./my-bot.js`). */
  readonly label: string;
  readonly policy: { readonly strategy: Strategy; readonly params: Readonly<Record<string, ParamValue>> };
  /** Sampled worlds each candidate meets: the same worlds for every candidate. */
  readonly worlds: number;
  /** The guide the worlds of a decision are dealt with (made from its view alone). */
  guide(view: AgentView): HandGuide | undefined;
  /** A belief model each discard's danger is read from (`--belief FILE`, docs/belief.md); null: the danger over worlds. */
  readonly belief: BeliefModel | null;
}

/**
 * Worlds as the table reads them (docs/strategies.md, "Reading the table"; src/infer/guide.ts): each other seat's hand weighed by the likelihood of
 * its discards and passes and by the shanten prior, INFER_TRIES deals then INFER_STEPS Metropolis swaps toward that
 * posterior, as the danger estimate deals its worlds. (No switch turns this off: a value from other worlds would
 * be a different coach, and its spec would have to say so to be in the run's provenance.)
 * The swaps are what make the values honest (docs/replay.md, "A review"): weighing a handful of uniform deals alone (no walk)
 * left the other hands farther from complete than real ones late in a hand, and the dealer's values about 90 points
 * too high; with the walk the worlds give what the true hands with a re-dealt wall give, within noise
 * (docs/replay.md "How honest are the values?", test/coach/honest.test.ts).
 */
function guideOf(): (view: AgentView) => HandGuide {
  const prior = opponentGuide(INFER_TRIES);
  return (view) => inferenceGuide(view, INFER_TRIES, prior, { steps: INFER_STEPS });
}

export function coachOf(inst: StrategyInstance, belief: BeliefModel | null = null): Coach {
  if (inst.strategy.name !== 'search' || isPlugin(inst)) {
    return { label: inst.label, policy: { strategy: inst.strategy, params: inst.params }, worlds: DEFAULT_WORLDS, guide: guideOf(), belief };
  }
  const p = inst.params;
  const worlds = Number(p.budget);
  if (!Number.isSafeInteger(worlds) || worlds < 2) throw new UserError(`--coach ${inst.label}: budget must be at least 2 worlds per candidate, got ${p.budget}`);
  return {
    label: inst.label,
    policy: resolvePolicy(String(p.policy)),
    worlds,
    guide: p.model === false ? () => undefined : guideOf(),
    belief,
  };
}
