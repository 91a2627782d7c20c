// The luck meter remembers the scorer's answers within a hand (src/luck/meter.ts, scoreKey and loserKey): the luck of every
// seat, channel and game is exactly what a meter that scores every value afresh measures, under the four rule sets
// (code500 with flowers and the limit), with claims and kongs (melds change the key) and across a match's hands.
// The meter without its memo also scores every kind a loser holds, so the shortcut of loserScoreMayChange (a tile
// that cannot change a loser's score is not scored) is checked here too.
import { describe, expect, it } from 'vitest';
import { LuckMeter } from '../../src/luck/meter.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { resolveLineup } from '../../src/lineup/registry.js';
import { ruleSet } from '../../src/rules/index.js';

const CASES = [
  ['harr', 'chow-mixer,suit-hunter,defender,harr', 'hand'],
  ['harr-limit', 'greedy,random,harr,defender', 'hand'],
  ['babcock', 'harr,suit-hunter,chow-mixer,harr', 'hand'],
  ['code500', 'harr,chow-mixer,harr,defender', 'match'],
] as const;

describe('the luck meter with and without its memo', () => {
  for (const [rules, lineup, unit] of CASES) {
    it(`${rules}, ${lineup}, by ${unit}: the same luck`, async () => {
      const r = ruleSet(rules);
      const config = { rules: r, limit: r.limit, flowers: r.flowers, players: 4 as const, unit, seed: 11, lineup: await resolveLineup(lineup, 4), duplicate: true };
      const engine = createEngine(config);
      const remembering = new LuckMeter(4);
      const fresh = new LuckMeter(4, false);
      let nonzero = 0;
      for (let g = 0; g < (unit === 'match' ? 4 : 24); g++) {
        const a = Array.from(engine.play(gameSetup(config, g), { record: false, luck: remembering }).hands.length ? remembering.luck : []);
        engine.play(gameSetup(config, g), { record: false, luck: fresh });
        expect(a, `game ${g}`).toEqual(Array.from(fresh.luck));
        nonzero += a.filter((x) => x !== 0).length;
      }
      expect(nonzero).toBeGreaterThan(0);
    });
  }
});
