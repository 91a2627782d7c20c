/**
 * `net` — the learned policy (docs/learning.md): a network trained by `mjlab train` from the decisions of a teacher
 * (by default `search`), read from `model=FILE` (strategies/learned/model-file.ts). At each decision it computes the
 * seat's features from its view alone (strategies/learned/features.ts), scores the legal actions with the policy
 * head and plays the best; ties go to the earlier legal action. It draws no random numbers.
 *
 * The model is read by the lineup, once per process (src/lineup/models.ts), which binds it into the strategy
 * (`netWith`): the built-in `net` without a model names the missing parameter. The file's hash is part of a run's
 * identity like a plug-in's.
 */
import type { Action, Agent, AgentInit, AgentView, Strategy } from '../src/agent/types.js';
import { UserError } from '../src/errors.js';
import { actionIndex } from './learned/actions.js';
import { Featurizer, emptySparse } from './learned/features.js';
import { Pass, forward } from './learned/mlp.js';
import type { Model } from './learned/model-file.js';

const PARAMS: Strategy['params'] = [{ name: 'model', default: '', description: 'the model file mjlab train wrote (model.mjnet)' }];

/** A net agent: act, and the legal actions ranked best first (search's prior). */
export interface NetAgent extends Agent {
  ranked(view: AgentView): Action[];
  /** The value head's estimate of the seat's net for the hand, in points, at the last decision ranked. */
  lastValue(): number;
}

function createNet(model: Model, init: AgentInit): NetAgent {
  const feat = new Featurizer(init);
  const x = emptySparse();
  const pass = new Pass(model.dims);
  const legalIdx = new Uint8Array(64);
  const scoreOf = (view: AgentView): readonly Action[] => {
    const prior = feat.priorChoice(view);
    const legal = view.legal;
    if (legal.length < 2) return legal;
    feat.encode(view, prior, x);
    for (let q = 0; q < legal.length; q++) legalIdx[q] = actionIndex(legal[q]!);
    forward(model.params, model.layout, x, legalIdx, legal.length, pass);
    pass.value *= model.header.valueScale;
    return legal;
  };
  return {
    act(view: AgentView): Action {
      const legal = scoreOf(view);
      if (legal.length < 2) return legal[0]!;
      let best = 0;
      for (let q = 1; q < legal.length; q++) if (pass.logits[q]! > pass.logits[best]!) best = q;
      return legal[best]!;
    },
    ranked(view: AgentView): Action[] {
      const legal = scoreOf(view);
      const order = legal.map((_, q) => q);
      if (legal.length >= 2) order.sort((a, b) => pass.logits[b]! - pass.logits[a]! || a - b);
      return order.map((q) => legal[q]!);
    },
    lastValue: () => pass.value,
    reset(): void {
      feat.reset();
    },
  };
}

/** `net` with its model bound (the lineup reads the file). */
export function netWith(model: Model): Strategy & { create(init: AgentInit): NetAgent } {
  return { ...net, boundFrom: net, create: (init) => createNet(model, init) };
}

export const net: Strategy = {
  name: 'net',
  description: 'the learned policy: a network trained by mjlab train from the search\'s decisions (net:model=FILE)',
  params: PARAMS,
  create(): Agent {
    throw new UserError('net needs its model file: net:model=FILE (the model.mjnet mjlab train wrote)');
  },
};
