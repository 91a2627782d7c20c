/**
 * Where a hand of the four-strategy mix spends its time (issue 5: "profile the engine and strategies' hot paths"):
 * decisions per hand and microseconds per decision for each strategy and phase, and what is left for the engine
 * (deal, legality, claims, views, scoring, settlement). One thread, one reused engine as in a runner worker; each
 * agent is wrapped by a timer (two clock reads per decision, a fraction of a microsecond, counted to the agent).
 */
import { pathToFileURL } from 'node:url';
import type { Strategy } from '../agent/types.js';
import { resolveLineup } from '../lineup/registry.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import type { TableConfig } from '../game/types.js';
import { ruleSet } from '../rules/index.js';
import { DEFAULT_STRATEGIES } from '../runner/run.js';

interface Tally {
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

export async function benchDecisions(hands = 3_000, rulesId = 'harr', strategies = DEFAULT_STRATEGIES): Promise<Record<string, string>> {
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
  const total = performance.now() - t0;
  const out: Record<string, string> = {
    [`${rulesId}, ${strategies}`]: `${((1000 * total) / hands).toFixed(0)} µs per hand, ${(turns / hands).toFixed(1)} turns per hand`,
  };
  let agents = 0;
  for (const [key, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    agents += t.ms;
    out[key] = `${(t.n / hands).toFixed(1)} decisions per hand, ${((1000 * t.ms) / t.n).toFixed(2)} µs each, ${((1000 * t.ms) / hands).toFixed(0)} µs per hand`;
  }
  out['all agents'] = `${((1000 * agents) / hands).toFixed(0)} µs per hand (${((100 * agents) / total).toFixed(0)}%)`;
  out['engine and the rest'] = `${((1000 * (total - agents)) / hands).toFixed(0)} µs per hand (${((100 * (total - agents)) / total).toFixed(0)}%)`;
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchDecisions(Number(process.argv[2] ?? 3_000)));
}
