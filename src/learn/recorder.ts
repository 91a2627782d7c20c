/**
 * The teacher's seat, recorded (docs/learning.md): a strategy wrapping the teacher whose agents, at every decision
 * with a choice, compute the seat's features from the view they are given (strategies/learned/features.ts: the
 * view alone), the legal actions, the teacher's answer and, for a search, its candidates' rollout counts and means
 * (strategies/search.ts lastSearch). The value target is filled in once the hand is over (src/learn/worker.ts).
 * The featurizer's prior (a harr agent) draws no random numbers, so the teacher plays exactly as unrecorded.
 */
import type { Action, Agent, AgentInit, AgentView, Strategy } from '../agent/types.js';
import { sameAction } from '../agent/types.js';
import { actionIndex } from '../../strategies/learned/actions.js';
import { Featurizer, emptySparse } from '../../strategies/learned/features.js';
import type { SearchStats } from '../../strategies/search.js';
import type { Decision } from './record.js';

export interface Sink {
  game: number;
  readonly decisions: Decision[];
}

export function recording(teacher: Strategy, sink: Sink): Strategy {
  return {
    ...teacher,
    create(init: AgentInit): Agent {
      const inner = teacher.create(init) as Agent & { lastSearch?: () => SearchStats | null };
      const feat = new Featurizer(init);
      const x = emptySparse();
      return {
        act(view: AgentView): Action {
          const prior = feat.priorChoice(view);
          const legal = view.legal;
          if (legal.length < 2) return inner.act(view);
          // Features first: the view is the teacher's to use up (a search samples worlds from it).
          feat.encode(view, prior, x);
          const index = Array.from(x.index.subarray(0, x.n));
          const values = Array.from(x.value.subarray(0, x.n));
          const legalIdx = legal.map(actionIndex);
          const chosen = inner.act(view);
          const stats = inner.lastSearch?.() ?? null;
          const cands = (stats?.candidates ?? []).map((c, k) => ({ at: legal.findIndex((a) => sameAction(a, c)), n: stats!.counts[k]!, mean: stats!.means[k]! }));
          sink.decisions.push({
            game: sink.game,
            seat: init.seat,
            legal: legalIdx,
            choice: legal.findIndex((a) => sameAction(a, chosen)),
            cands: cands.filter((c) => c.at >= 0 && c.n > 0),
            value: 0,
            index,
            values,
          });
          return chosen;
        },
      };
    },
  };
}
