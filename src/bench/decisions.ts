/**
 * Where a hand of the four-strategy mix spends its time (docs/performance.md, "Where a hand's time goes"):
 * decisions per hand and microseconds per decision for each strategy and phase, and what is left for the engine
 * (deal, legality, claims, views, scoring, settlement), timed by src/runner/decision-times.ts.
 */
import { pathToFileURL } from 'node:url';
import { DEFAULT_STRATEGIES } from '../runner/run.js';
import { timeDecisions } from '../runner/decision-times.js';

export async function benchDecisions(hands = 3_000, rulesId = 'harr', strategies = DEFAULT_STRATEGIES): Promise<Record<string, string>> {
  const { tallies, totalMs: total, turns } = await timeDecisions(hands, rulesId, strategies);
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
