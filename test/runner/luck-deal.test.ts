// The luck meter in the deal (docs/statistics.md, "The luck adjustment"): under code500 (flowers) a seat that replaces a flower in the deal
// draws while East already holds 14 tiles. The meter valued East's "wait" on that draw and scored 15 tiles, which
// crashed the held-out code500 run (seed 2, game 1748). Each other seat's wait is valued only at a waiting count.
import { describe, expect, it } from 'vitest';
import { LUCK_CHANNELS } from '../../src/luck/format.js';
import { LuckMeter } from '../../src/luck/meter.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { resolveLineup } from '../../src/lineup/registry.js';
import { ruleSet } from '../../src/rules/index.js';

describe('luck meter in the deal', () => {
  it("plays code500's seed-2 game 1748 (a flower replaced while East holds 14) and its terms stay finite", async () => {
    const r = ruleSet('code500');
    const config = { rules: r, limit: r.limit, flowers: true, players: 4 as const, unit: 'hand' as const, seed: 2, lineup: await resolveLineup('harr,harr,harr,harr', 4), duplicate: true };
    const engine = createEngine(config);
    const meter = new LuckMeter(4);
    for (const g of [1748, 1749, 1750, 1751]) {
      meter.luck.fill(0);
      engine.play(gameSetup(config, g), { record: false, luck: meter });
      expect(meter.luck.length).toBe(4 * LUCK_CHANNELS);
      for (const x of meter.luck) expect(Number.isFinite(x)).toBe(true);
    }
  });
});
