/**
 * `search` — determinised Monte Carlo over sampled worlds (docs/strategies.md, "The search agent"): at each decision with more than one candidate,
 * worlds consistent with the seat's own view only (AgentView.sampleWorld) are dealt; each candidate is applied in
 * them and the hand is played out by a policy at every seat, each acting through its own view of that world (a
 * one-step rollout improvement of the policy: Tesauro & Galperin 1996; the determinisation of information-set
 * search), and scored by the searcher's net settlement. Every candidate meets the same worlds (common random
 * numbers); rollouts are allocated by sequential halving (Karnin, Koren & Somekh 2013), the policy's own choice
 * never eliminated, and it is kept unless another candidate beats it in the paired comparison by `margin` standard
 * errors. When after a round every candidate has come out exactly as the policy's choice in every world, the search
 * stops there (the choice does not matter in this position) and keeps the policy's choice.
 *
 * Worlds deal the other seats hands about as near complete as the policy's own would be with as many declared sets
 * and discards (strategies/opponent-model.ts): a uniform deal leaves opponents far from complete late in a hand, and a
 * search in such worlds underrates the danger of every discard (measured: it lost 11 points a hand to harr under
 * harr-limit at 64 rollouts, where deal-ins can cost the whole table's losses). With `infer` (docs/strategies.md, "Reading the table") they are dealt
 * by the inference over worlds instead (src/infer/guide.ts): each other seat's hand weighed by the likelihood of its
 * discards and passes under a softmax policy model, then walked toward that posterior; off by default until the
 * experiment `inference` shows it wins. With `belief=FILE` they are dealt from a learned belief model instead
 * (docs/belief.md "Worlds from the belief", src/belief/guide.ts): each other seat's hand weighed by the model's
 * prediction of its counts from the view's features, then walked toward it; the model is read and checked by the
 * lineup (src/lineup/models.ts), its file's hash part of the run's identity.
 *
 * Candidates: the policy's choice; on a turn, the next best discards by the shared shape evaluation (least shanten,
 * then shape: strategies/shared/ pickDiscard), up to `candidates` in all, plus the safest discard (Harr's "watch
 * discards": strategies/shared/modes.ts defendTurn); on a claim, rob or wash, every legal answer (at most a few).
 *
 * Randomness comes only from the seat's own stream: the same seed gives the same decisions on any worker count.
 * The agent never reads hidden state: a world is a function of the view and the stream (src/engine/sample.ts), so
 * two true states that give the seat the same view give it the same decision (test/strategies/search.test.ts).
 */
import { applyParams } from '../src/agent/params.js';
import type { Action, Agent, AgentInit, AgentView, ParamValue, Strategy, World } from '../src/agent/types.js';
import { UserError } from '../src/errors.js';
import { KINDS } from '../src/tiles/tile.js';
import { chowMixer } from './chow-mixer.js';
import { Scratch } from './shared/scratch.js';
import { legalOf, readHand } from './shared/view.js';
import { pickDiscard, shapeValue } from './shared/discard.js';
import { defender } from './defender.js';
import { greedy } from './greedy.js';
import { harr } from './harr.js';
import { defendTurn } from './shared/defend.js';
import { type InferenceStats, inferenceGuide, noStats } from '../src/infer/guide.js';
import { beliefGuide } from '../src/belief/guide.js';
import type { BeliefModel } from '../src/belief/model-file.js';
import { pairedSums } from './paired-sums.js';
import { opponentGuide } from '../src/infer/opponent-model.js';
import { random } from './random.js';
import { suitHunter } from './suit-hunter.js';

/** The strategies a search may roll out with. */
const POLICIES: readonly Strategy[] = [harr, chowMixer, suitHunter, defender, greedy, random];

/** A policy bound by the lineup (a `net/model=FILE`, its model read: src/lineup/models.ts), by its spec as written. */
export type BoundPolicies = ReadonlyMap<string, { strategy: Strategy; params: Readonly<Record<string, ParamValue>> }>;

/** A policy as written in the `policy` parameter: a name, with its own parameters after `/` ("harr/lateWall=12"). */
export function resolvePolicy(spec: string, bound: BoundPolicies = new Map()): { strategy: Strategy; params: Readonly<Record<string, ParamValue>> } {
  const found = bound.get(spec);
  if (found) return found;
  const [name, ...overrides] = spec.split('/');
  if (name === 'net') throw new UserError(`search: the policy "${spec}" needs its model file: net/model=FILE`);
  const strategy = POLICIES.find((p) => p.name === name);
  if (!strategy) throw new UserError(`search: unknown policy "${name}" (known: ${POLICIES.map((p) => p.name).join(', ')})`);
  return { strategy, params: applyParams(strategy, overrides, spec) };
}

function sameAction(a: Action, b: Action): boolean {
  return a.type === b.type && (a as { tile?: number }).tile === (b as { tile?: number }).tile;
}

/** A prior's ranking of the legal actions, best first (a net agent: strategies/net.ts). */
interface Ranker {
  ranked(view: AgentView): readonly Action[];
}

/**
 * The actions worth searching at this decision, the policy's choice first. With a prior, the next are the prior's
 * best (docs/learning.md), instead of the shape evaluation's.
 */
function candidatesOf(view: AgentView, s: Scratch, chosen: Action, n: number, ranking: readonly Action[] | null): Action[] {
  const out: Action[] = [chosen];
  const add = (a: Action | undefined): void => {
    if (a !== undefined && !out.some((x) => sameAction(x, a))) out.push(a);
  };
  if (view.phase !== 'turn') {
    for (const a of view.legal) add(a);
    return out;
  }
  add(legalOf(view, 'mahjong'));
  const melds = readHand(view, s.counts);
  if (ranking !== null) {
    for (const a of ranking) if (out.length < n) add(a);
    add(defendTurn(view, s, melds, null));
    return out;
  }
  const c = s.counts;
  // The next best discards by shape: pickDiscard over the kinds not yet taken.
  const a = s.a.load(c, melds);
  const held = s.tmp;
  held.set(c);
  for (const x of out) if (x.type === 'discard') held[x.tile] = 0;
  for (let t = 0; t < KINDS; t++) if (c[t] !== 0) s.cost[t] = shapeValue(c, t);
  while (out.length < n) {
    let any = false;
    for (let t = 0; t < KINDS; t++) if (held[t] !== 0) any = true;
    if (!any) break;
    const t = pickDiscard(a, c, held, s, null);
    held[t] = 0;
    add(legalOf(view, 'discard', t));
  }
  add(defendTurn(view, s, melds, null));
  return out;
}

/** What the last searched decision found: each candidate's rollouts and mean net (mjlab train's soft targets). */
export interface SearchStats {
  readonly candidates: readonly Action[];
  readonly counts: readonly number[];
  readonly means: readonly number[];
}

/** `search` with policies the lineup bound (a net's model read) and its belief model (`belief=FILE`, read); `search` itself binds none. */
export function searchWith(bound: BoundPolicies, belief: BeliefModel | null = null): Strategy {
  return { ...search, boundFrom: search, create: (init) => search.create(init, bound, belief) };
}

export const search: Strategy & { create(init: AgentInit, bound?: BoundPolicies, belief?: BeliefModel | null): Agent } = {
  name: 'search',
  description: 'determinised Monte Carlo: each candidate played out by the policy at every seat in worlds sampled from its own view',
  params: [
    { name: 'budget', default: 256, min: 0, max: 1024, step: 16, description: 'rollouts per searched decision' },
    {
      name: 'policy', default: 'harr', policy: true,
      description: 'the strategy that plays every seat in the rollouts; its parameters after "/" (harr/lateWall=12), or a preset file (./best.json)',
    },
    { name: 'candidates', default: 2, min: 1, max: 8, step: 1, description: "how many of the policy's preferred discards are searched (the policy's own choice first), plus the safest discard" },
    { name: 'worlds', default: 0, min: 0, max: 256, step: 16, description: 'distinct sampled worlds per decision, shared by all candidates (0: one per rollout of a candidate)' },
    { name: 'margin', default: 2, min: 0, max: 4, description: "standard errors by which another candidate must beat the policy's choice in the paired comparison" },
    { name: 'model', default: true, description: "deal the other seats hands about as near complete as harr's with as many sets and discards (strategies/opponent-model.ts); false: uniformly" },
    { name: 'tries', default: 12, min: 1, max: 64, step: 1, description: 'deals per other seat to find a hand the opponent model finds plausible (with model)' },
    {
      name: 'prior', default: '', policy: true,
      description: "which discards to search besides the policy's choice: '' the shape evaluation's next best; net/model=FILE a learned net's",
    },
    {
      name: 'infer', default: false,
      description: "read the table: weigh each other seat's dealt hand by the likelihood of what it did under a policy model (src/infer/guide.ts); replaces model",
    },
    { name: 'inferTries', default: 4, min: 1, max: 64, step: 1, description: 'deals per other seat weighed before the Metropolis walk (with infer)' },
    { name: 'inferSteps', default: 10, min: 0, max: 200, step: 5, description: 'Metropolis swaps per other seat toward the posterior (with infer)' },
    {
      name: 'belief', default: '',
      description: "deal the worlds from a belief model (the model.mjbelief mjlab train --target belief wrote, docs/belief.md); replaces model and infer",
    },
    { name: 'beliefTries', default: 4, min: 1, max: 64, step: 1, description: 'deals per other seat weighed by the belief before the Metropolis walk (with belief)' },
    { name: 'beliefSteps', default: 20, min: 0, max: 200, step: 5, description: "Metropolis swaps per other seat toward the belief's prediction (with belief)" },
  ],
  create(init: AgentInit, bound: BoundPolicies = new Map(), belief: BeliefModel | null = null): Agent {
    const budget = Number(init.params.budget);
    const nCand = Number(init.params.candidates);
    const worldsParam = Number(init.params.worlds);
    const margin = Number(init.params.margin);
    if (!Number.isSafeInteger(budget) || budget < 0) throw new UserError(`search: budget must be a whole number of rollouts, got ${init.params.budget}`);
    if (!Number.isSafeInteger(nCand) || nCand < 1) throw new UserError(`search: candidates must be at least 1, got ${init.params.candidates}`);
    if (!Number.isSafeInteger(worldsParam) || worldsParam < 0) throw new UserError(`search: worlds must be a whole number (0: as many as rollouts), got ${init.params.worlds}`);
    if (!Number.isFinite(margin)) throw new UserError(`search: margin must be a number, got ${init.params.margin}`);
    const tries = Number(init.params.tries);
    if (!Number.isSafeInteger(tries) || tries < 1) throw new UserError(`search: tries must be at least 1, got ${init.params.tries}`);
    const guide = init.params.model === false ? undefined : opponentGuide(tries);
    const infer = init.params.infer === true;
    const inferTries = Number(init.params.inferTries ?? 4);
    const inferSteps = Number(init.params.inferSteps ?? 10);
    if (infer && (!Number.isSafeInteger(inferTries) || inferTries < 1)) throw new UserError(`search: inferTries must be at least 1, got ${init.params.inferTries}`);
    if (infer && (!Number.isSafeInteger(inferSteps) || inferSteps < 0)) throw new UserError(`search: inferSteps must be a whole number, got ${init.params.inferSteps}`);
    const inferPrior = infer ? opponentGuide(inferTries) : undefined;
    const beliefFile = String(init.params.belief ?? '');
    const beliefTries = Number(init.params.beliefTries ?? 4);
    const beliefSteps = Number(init.params.beliefSteps ?? 20);
    if (beliefFile !== '') {
      // The lineup reads the file and binds the model (src/lineup/models.ts); a strategy reads no file.
      if (belief === null) throw new UserError(`search: belief=${beliefFile} needs its model read by the lineup (give search:belief=FILE in a lineup)`);
      if (infer) throw new UserError('search: belief and infer both choose how the worlds are dealt; give one');
      if (!Number.isSafeInteger(beliefTries) || beliefTries < 1) throw new UserError(`search: beliefTries must be at least 1, got ${init.params.beliefTries}`);
      if (!Number.isSafeInteger(beliefSteps) || beliefSteps < 0) throw new UserError(`search: beliefSteps must be a whole number, got ${init.params.beliefSteps}`);
    }
    const beliefModel = beliefFile === '' ? null : belief;
    const inferStats = noStats();
    const policy = resolvePolicy(String(init.params.policy), bound);
    const priorSpec = String(init.params.prior ?? '');
    const priorPolicy = priorSpec === '' ? null : resolvePolicy(priorSpec, bound);
    const prior = priorPolicy === null ? null : (priorPolicy.strategy.create({ ...init, params: priorPolicy.params }) as Agent & Partial<Ranker>);
    if (prior !== null && typeof prior.ranked !== 'function') throw new UserError(`search: the prior "${priorSpec}" cannot rank actions (a prior is a net/model=FILE)`);
    // The policy's own agent for this seat follows the real hand (it is asked at every decision, so any plan it keeps
    // is the one it would have): its choice is the default.
    const own = policy.strategy.create({ ...init, params: policy.params });
    const s = new Scratch();
    const rng = init.rng;
    const players = init.players;
    /** Sampled worlds of the decision under way, kept for reuse from one decision to the next (no allocation). */
    const worlds: World[] = [];
    let scratch: World | null = null;
    const createAgents = (): Agent[] => {
      const agents: Agent[] = [];
      for (let seat = 0; seat < players; seat++) agents.push(policy.strategy.create({ seat, players, rules: init.rules, rng, params: policy.params }));
      return agents;
    };
    // One set of rollout agents, reset before each rollout to be as new (creating them is a tenth of a rollout).
    let pool: Agent[] | null = null;
    const rollAgents = (): Agent[] => {
      if (pool === null) pool = createAgents();
      else if (pool.every((a) => a.reset !== undefined)) for (const a of pool) a.reset!();
      else pool = createAgents();
      return pool;
    };
    let rollouts = 0;
    let lastCandidates = 0;
    let stats: SearchStats | null = null;
    const agent: Agent & { rollouts(): number; lastCandidates(): number; lastSearch(): SearchStats | null; inference(): InferenceStats } = {
      /** Rollouts played so far, the candidates of the last decision, the inference's ESS (tests, the bench). */
      rollouts: () => rollouts,
      lastCandidates: () => lastCandidates,
      /** The last decision's candidates with their rollout counts and means; null when it was not searched. */
      lastSearch: () => stats,
      inference: () => inferStats,
      act(view: AgentView): Action {
        const chosen = own.act(view);
        // The prior, like the policy, is asked at every decision, so that whatever it keeps follows the real hand.
        const ranking = prior === null ? null : prior.ranked!(view);
        lastCandidates = 1;
        stats = null;
        if (budget === 0 || view.legal.length < 2) return chosen;
        const cands = candidatesOf(view, s, chosen, nCand, ranking);
        lastCandidates = cands.length;
        if (cands.length < 2) return chosen;
        const seat = view.seat;
        const k = cands.length;
        const nets: number[][] = cands.map(() => []);
        let nWorlds = 0;
        // The record each other seat's hand is weighed by is this decision's.
        // The belief's prediction is made once per decision, from this view's features alone.
        const dealer =
          beliefModel !== null
            ? beliefGuide(beliefModel, view, beliefTries, beliefSteps)
            : infer
              ? inferenceGuide(view, inferTries, inferPrior, { stats: inferStats, steps: inferSteps })
              : guide;
        const worldFor = (i: number): World => {
          const w = worldsParam > 0 ? i % worldsParam : i;
          while (nWorlds <= w) {
            worlds[nWorlds] = view.sampleWorld(rng, worlds[nWorlds], dealer);
            nWorlds++;
          }
          return worlds[w]!;
        };
        const roll = (ci: number): void => {
          const i = nets[ci]!.length;
          const world = worldFor(i).copy(scratch ?? undefined);
          scratch = world;
          world.apply(cands[ci]!);
          nets[ci]!.push(world.playOut(rollAgents())[seat]!);
          rollouts++;
        };
        // Sequential halving; the policy's choice (index 0) is never eliminated.
        const mean = (ci: number): number => nets[ci]!.reduce((x, y) => x + y, 0) / nets[ci]!.length;
        const keepStats = (): void => {
          stats = { candidates: cands, counts: nets.map((n) => n.length), means: nets.map((n, ci) => (n.length === 0 ? 0 : mean(ci))) };
        };
        let alive = cands.map((_, i) => i);
        const rounds = Math.max(1, Math.ceil(Math.log2(k)));
        for (let r = 0; r < rounds; r++) {
          const each = Math.max(1, Math.floor(budget / (alive.length * rounds)));
          for (let j = 0; j < each; j++) for (const ci of alive) roll(ci);
          if (r === rounds - 1) break;
          // Every candidate came out exactly as the policy's choice in every world so far: the choice does not
          // matter here, and no further world is likely to show it does. Keep the policy's choice.
          if (alive.every((ci) => nets[ci]!.every((x, i) => x === nets[0]![i]))) {
            keepStats();
            return chosen;
          }
          const keep = Math.ceil(alive.length / 2);
          const ranked = [...alive].sort((x, y) => mean(y) - mean(x) || x - y);
          alive = ranked.slice(0, keep);
          if (!alive.includes(0)) alive.push(0);
        }
        // The best survivor against the policy's choice, paired over the worlds both met.
        let best = 0;
        let bestZ = -Infinity;
        for (const ci of alive) {
          if (ci === 0) continue;
          const { n, sum, sq } = pairedSums(nets[ci]!, nets[0]!);
          if (n === 0 || sum <= 0) continue;
          const mean = sum / n;
          const sd = n > 1 ? Math.sqrt(Math.max(0, (sq - n * mean * mean) / (n - 1))) : 0;
          const z = sd === 0 ? Infinity : mean / (sd / Math.sqrt(n));
          if (z > bestZ) {
            bestZ = z;
            best = ci;
          }
        }
        keepStats();
        return best !== 0 && bestZ > margin ? cands[best]! : chosen;
      },
    };
    return agent;
  },
};
