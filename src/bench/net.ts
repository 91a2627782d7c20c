/**
 * The learned policy's cost (docs/learning.md): one `net` against three `harr`, one thread, microseconds per net
 * decision by phase (its features, the prior harr it consults and the network; src/bench/decisions.ts times it).
 * Target: at most 1 ms a decision on one core. The model is the committed experiment's generation 1 for harr
 * (results/learned-policy-pilot/), or MODEL as the first argument.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchDecisions } from './decisions.js';

const COMMITTED = fileURLToPath(new URL('../../../results/learned-policy-pilot/harr/gen1/model.mjnet', import.meta.url));

export async function benchNet(model = COMMITTED, hands = 600): Promise<Record<string, string>> {
  if (!existsSync(model)) return { net: `no model at ${model} (skipped)` };
  const r = await benchDecisions(hands, 'harr', `net:model=${model},harr,harr,harr`);
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k.replace(`net:model=${model}`, 'net'), v]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchNet(process.argv[2] ?? COMMITTED, Number(process.argv[3] ?? 600)));
}
