/**
 * Decisions timed at one table (docs/performance.md, "Where a hand's time goes", and the ms per decision of the
 * learned-policy experiment): one thread, one reused engine as in a runner worker; each agent is wrapped by a timer (two clock reads
 * per decision, a fraction of a microsecond, counted to the agent). A timing: it depends on the machine and its
 * load, unlike every other number a run writes.
 */
import type { Strategy } from '../agent/types.js';
import { resolveLineup } from '../lineup/registry.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import type { TableConfig } from '../game/types.js';
import { ruleSet } from '../rules/index.js';

export interface Tally {
  n: number;
  ms: number;
}

function timed(inner: Strategy, label: string, tallies: Map<string, Tally>): Strategy {
  return {
    ...inner,
    create(init) {
      const agent = inner.create(init);
      return {
        act(view) {
          const key = `${label} ${view.phase}`;
          const t0 = performance.now();
          const a = agent.act(view);
          const ms = performance.now() - t0;
          const t = tallies.get(key) ?? { n: 0, ms: 0 };
          t.n++;
          t.ms += ms;
          tallies.set(key, t);
          return a;
        },
      };
    },
  };
}

/** Decisions timed at one table: per "label phase", how many and their milliseconds in all. */
export interface DecisionTally {
  readonly hands: number;
  readonly turns: number;
  readonly totalMs: number;
  readonly tallies: ReadonlyMap<string, Tally>;
}

/** `hands` hands of the lineup at one table, one thread, every agent's decisions timed (after a tenth as warm-up). */
export async function timeDecisions(hands: number, rulesId: string, strategies: string): Promise<DecisionTally> {
  const rules = ruleSet(rulesId);
  const tallies = new Map<string, Tally>();
  const lineup = (await resolveLineup(strategies, 4)).map((l) => ({ ...l, strategy: timed(l.strategy, l.label, tallies) }));
  const config: TableConfig = { rules, limit: rules.limit, flowers: rules.flowers, players: 4, unit: 'hand', seed: 1, lineup, duplicate: false };
  const engine = createEngine(config);
  for (let g = 0; g < Math.ceil(hands / 10); g++) engine.play(gameSetup(config, 1_000_000 + g), { record: false }); // warm-up
  tallies.clear();
  let turns = 0;
  const t0 = performance.now();
  for (let g = 0; g < hands; g++) turns += engine.play(gameSetup(config, g), { record: false }).hands[0]!.turns;
  return { hands, turns, totalMs: performance.now() - t0, tallies };
}

/** Milliseconds per decision of one lineup entry (every phase, every seat it holds), NaN when it made none. */
export function msPerDecision(t: DecisionTally, label: string): number {
  let n = 0;
  let ms = 0;
  for (const [key, v] of t.tallies) {
    if (key.slice(0, key.lastIndexOf(' ')) !== label) continue;
    n += v.n;
    ms += v.ms;
  }
  return n > 0 ? ms / n : NaN;
}

