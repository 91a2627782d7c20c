/**
 * Engine benchmark (docs/performance.md): hands per second of the engine alone, one thread,
 * four `random` agents, each rule set, one-hand games on the fast path (no record), median of 5 runs. Called by
 * src/bench/index.ts (`npm run bench`); `node dist/src/bench/engine.js` runs it alone.
 */
import { pathToFileURL } from 'node:url';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import type { TableConfig } from '../game/types.js';
import { RULESET_IDS, ruleSet } from '../rules/index.js';
import { random } from '../../strategies/random.js';
import { greedy } from '../../strategies/greedy.js';
import type { Strategy } from '../agent/types.js';
import { median } from 'simple-statistics';

const RUNS = 5;

/** One-hand games of `rules` with `strategy` in all four seats, seed 1, the rule set's own limit and flowers. */
export function fourOf(rules: string, strategy: Strategy): TableConfig {
  const r = ruleSet(rules);
  return {
    rules: r,
    limit: r.limit,
    flowers: r.flowers,
    players: 4,
    unit: 'hand',
    seed: 1,
    lineup: Array.from({ length: 4 }, () => ({ label: strategy.name, strategy, params: {} })),
    duplicate: false,
  };
}

function handsPerSecond(c: TableConfig, hands: number, run: number): number {
  const first = run * hands;
  const engine = createEngine(c); // as a runner worker does: one engine, its hand state reused game after game
  const t0 = performance.now();
  for (let g = first; g < first + hands; g++) engine.play(gameSetup(c, g), { record: false });
  return hands / ((performance.now() - t0) / 1000);
}

export async function benchEngine(hands = 10_000): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, strategy, n] of [['random', random, hands], ['greedy', greedy, Math.ceil(hands / 10)]] as const) {
    for (const rules of RULESET_IDS) {
      const c = fourOf(rules, strategy);
      handsPerSecond(c, Math.ceil(n / 5), 99); // warm-up
      const runs = Array.from({ length: RUNS }, (_, i) => handsPerSecond(c, n, i));
      out[`${rules} four ${name}, hands/s`] = Math.round(median(runs));
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchEngine(Number(process.argv[2] ?? 10_000)));
}
