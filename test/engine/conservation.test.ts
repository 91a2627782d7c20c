// Tile conservation after EVERY event (src/engine/validate.ts): live wall + dead
// wall + concealed hands + melds + discards still lying + flowers = the full set (136, or 144 with flowers), every
// hand holds 13 tiles plus one per kong (14 plus one per kong on its turn), and the cached hand statistics equal a
// fresh recomputation. Thousands of seeded games of `random` and `greedy` in every rule set and player count.
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { validateState } from '../../src/engine/validate.js';
import { RULESET_IDS } from '../../src/rules/index.js';
import { greedy } from '../../strategies/greedy.js';
import { random } from '../../strategies/random.js';
import { lineupOf, table } from './helpers.js';

function run(rules: string, players: number, strategy: typeof random, games: number, over = {}) {
  const config = table(rules, lineupOf(strategy, players), { seed: 7, ...over });
  let events = 0;
  let wins = 0;
  let claimsSeen = 0;
  for (let g = 0; g < games; g++) {
    const out = playGame(config, gameSetup(config, g), {
      record: false,
      check: (s) => {
        validateState(s);
        events++;
        claimsSeen = Math.max(claimsSeen, s.pub.claimCount);
      },
    });
    for (const h of out.hands) {
      if (h.winner !== null) wins++;
      expect(h.nets.reduce((a, b) => a + b, 0)).toBe(0);
    }
  }
  return { events, wins, claimsSeen };
}

describe('tile conservation after every event', () => {
  for (const rules of RULESET_IDS) {
    for (const players of [4, 3, 2]) {
      it(`${rules}, ${players} players: 200 random games`, () => {
        const r = run(rules, players, random, 200);
        expect(r.events).toBeGreaterThan(200 * 50); // the hook really ran after every event
        expect(r.claimsSeen).toBeGreaterThan(0);
      });
      it(`${rules}, ${players} players: 60 greedy games`, () => {
        const r = run(rules, players, greedy, 60);
        expect(r.wins).toBeGreaterThan(0);
      });
    }
  }
  it('harr with flowers (144 tiles), 4 players: 300 random games', () => {
    run('harr', 4, random, 300, { flowers: true });
  });
  it('matches: 10 greedy matches of babcock and code500, 3 of harr-limit', () => {
    run('babcock', 4, greedy, 10, { unit: 'match' });
    run('code500', 4, greedy, 10, { unit: 'match' });
    run('harr-limit', 4, greedy, 3, { unit: 'match' });
  });
  it('the check fails when a tile goes missing (the property can fail)', () => {
    const config = table('harr', lineupOf(random, 4));
    expect(() =>
      playGame(config, gameSetup(config, 0), {
        record: false,
        check: (s) => {
          if (s.pub.discardCount === 3) s.hidden.wall.tail--; // lose a tile
          validateState(s);
        },
      }),
    ).toThrow(/seen 3 times|cursors/);
  });
});
