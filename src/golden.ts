/**
 * Golden playthroughs (README.md, "Layout"): one hand per rule set, seed
 * 1, game 0, four `greedy`, rendered as the replay text. `npm run golden` rewrites test/golden/<rules>.txt; review
 * the diff when a rule change is intended. test/golden/golden.test.ts compares them with a fresh replay.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveLineup } from './lineup/registry.js';
import { playGame } from './game/play.js';
import { gameSetup } from './game/setup.js';
import { RULESET_IDS, ruleSet } from './rules/index.js';
import type { GameRecord } from './record/record.js';
import { renderRecord } from './record/render.js';

export const GOLDEN_SEED = 1;
export const GOLDEN_GAME = 0;
export const GOLDEN_STRATEGIES = 'greedy,greedy,greedy,greedy';

/** The golden text of one rule set. */
export async function goldenText(rules: string): Promise<string> {
  const r = ruleSet(rules);
  const lineup = await resolveLineup(GOLDEN_STRATEGIES, 4);
  const config = { rules: r, limit: r.limit, flowers: r.flowers, players: 4 as const, unit: 'hand' as const, seed: GOLDEN_SEED, lineup, duplicate: false };
  const out = playGame(config, gameSetup(config, GOLDEN_GAME), { record: true });
  return renderRecord(out.record as GameRecord);
}

async function main(): Promise<void> {
  const dir = fileURLToPath(new URL('../../test/golden/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  for (const rules of RULESET_IDS) {
    const file = `${dir}${rules}.txt`;
    writeFileSync(file, await goldenText(rules));
    console.log(`wrote ${file}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
