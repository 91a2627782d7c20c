/**
 * User strategy files (docs/strategies.md, "Writing your own strategy"): `--strategies ./my-bot.js,greedy,greedy,greedy` loads a module
 * with the documented agent interface; a module that is missing, does not export an agent, throws or returns an
 * illegal action fails with a clear message naming it (and, in play, the seed and game to replay).
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveLineup } from '../../src/lineup/registry.js';
import { ruleSet } from '../../src/rules/index.js';
import { playGame } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import type { TableConfig } from '../../src/game/types.js';
import { play } from './harness.js';
import { tempDir } from '../runner/helpers.js';

const dir = tempDir('user');
function bot(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

async function playOne(spec: string, game = 3) {
  const rules = ruleSet('harr');
  const lineup = await resolveLineup(spec, 4);
  const config: TableConfig = { rules, limit: null, flowers: false, players: 4, unit: 'hand', seed: 11, lineup, duplicate: false };
  return playGame(config, gameSetup(config, game), { record: false });
}

describe('user strategy files', () => {
  it('the example bot loads, takes parameters and plays complete hands', async () => {
    const figs = await play('harr', './strategies/example-user-bot.js:keepHonours=true,greedy,greedy,greedy', 100, 3);
    expect(figs[0]!.label).toBe('example-user-bot:keepHonours=true');
    expect(figs[0]!.hands).toBe(100);
    expect(figs.reduce((a, f) => a + f.wins, 0)).toBeGreaterThan(50);
  });
  it('a missing file is named', async () => {
    await expect(resolveLineup('./no-such-bot.js,greedy,greedy,greedy', 4)).rejects.toThrow(/strategy file \.\/no-such-bot\.js not found/);
  });
  it('a module without a strategy export is named', async () => {
    const p = bot('empty.js', 'export const x = 1;\n');
    await expect(resolveLineup(`${p},greedy,greedy,greedy`, 4)).rejects.toThrow(new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} does not export a strategy`));
  });
  it('a module that throws while loading is named', async () => {
    const p = bot('broken.js', 'throw new Error("boom at load");\n');
    await expect(resolveLineup(`${p},greedy,greedy,greedy`, 4)).rejects.toThrow(/broken\.js failed to load: boom at load/);
  });
  it('bad parameter declarations are named', async () => {
    const p = bot('badparams.js', 'export default { name: "x", params: [{ name: "a" }], create: () => ({ act: (v) => v.legal[0] }) };\n');
    await expect(resolveLineup(`${p},greedy,greedy,greedy`, 4)).rejects.toThrow(/badparams\.js: "params" must be a list/);
  });
  it('an agent that throws in play is reported with its name, the seed and the game', async () => {
    const p = bot('thrower.js', 'export default { name: "thrower", create: () => ({ act() { throw new Error("no idea"); } }) };\n');
    await expect(playOne(`${p},greedy,greedy,greedy`)).rejects.toThrow(/thrower\.js" at seat \d threw: no idea \(seed 11, game 3/);
  });
  it('an illegal action is reported with its name, the seed and the game', async () => {
    const p = bot('cheat.js', 'export default { name: "cheat", create: () => ({ act: () => ({ type: "mahjong" }) }) };\n');
    await expect(playOne(`${p},greedy,greedy,greedy`)).rejects.toThrow(/cheat\.js" at seat \d returned an illegal action .*seed 11, game 3/);
  });
});
