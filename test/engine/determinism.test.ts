// Determinism (every stream from (seed, game, purpose): src/rng/streams.ts): a replay equals the original record; game G's record is
// the same whether or not games before it were played; the runner's fast path (record: false) plays exactly the
// hands the recorded path plays; duplicate seating rotates the lineup over one wall.
import { describe, expect, it } from 'vitest';
import type { Strategy } from '../../src/agent/types.js';
import { createEngine, playGame } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { RULESET_IDS } from '../../src/rules/index.js';
import { greedy } from '../../strategies/greedy.js';
import { random } from '../../strategies/random.js';
import { lineupOf, table } from './helpers.js';

const mixed = [...lineupOf(greedy, 2), ...lineupOf(random, 2)];

describe('determinism', () => {
  for (const rules of RULESET_IDS) {
    it(`${rules}: game 7's record is identical fresh, after games 0..6, and on replay`, () => {
      const config = table(rules, mixed, { seed: 11 });
      const fresh = playGame(config, gameSetup(config, 7), { record: true });
      const again = table(rules, mixed, { seed: 11 });
      for (let g = 0; g < 7; g++) playGame(again, gameSetup(again, g), { record: g % 2 === 0 });
      const after = playGame(again, gameSetup(again, 7), { record: true });
      expect(after.record).toEqual(fresh.record);
      expect(JSON.stringify(after.record)).toBe(JSON.stringify(fresh.record));
      // a different game differs (the comparison can fail)
      expect(playGame(config, gameSetup(config, 8), { record: true }).record).not.toEqual(fresh.record);
    });
  }

  it('one reused engine (the runner keeps one per worker) plays every game exactly as a fresh playGame does', () => {
    // Flowers, a match, a thrown agent error mid-hand: the reused hand state must be fully reset every deal.
    const boom: Strategy = {
      name: 'boom',
      description: '',
      params: [],
      create: ({ rng }) => ({
        act: (v) => {
          if (rng.int(40) === 0) throw new Error('boom');
          return v.legal[rng.int(v.legal.length)]!;
        },
      }),
    };
    const cases = [
      table('code500', mixed, { seed: 5 }),
      table('harr', mixed, { seed: 6, flowers: true, players: 4 }),
      table('babcock', mixed.slice(0, 3), { seed: 7, unit: 'match' }),
      table('harr-limit', [...mixed.slice(0, 3), { label: 'boom', strategy: boom, params: {} }], { seed: 8 }),
    ];
    for (const config of cases) {
      const engine = createEngine(config);
      const games = config.unit === 'match' ? 2 : 12;
      let errors = 0;
      for (let g = 0; g < games; g++) {
        const run = (f: () => unknown): unknown => {
          try {
            return f();
          } catch (e) {
            return String(e);
          }
        };
        const reused = run(() => engine.play(gameSetup(config, g), { record: g % 3 === 0 }));
        const fresh = run(() => playGame(config, gameSetup(config, g), { record: g % 3 === 0 }));
        if (typeof fresh === 'string') errors++;
        expect(JSON.stringify(reused)).toBe(JSON.stringify(fresh));
      }
      if (config.lineup.some((l) => l.label === 'boom')) expect(errors).toBeGreaterThan(0);
    }
  });

  it('the fast path (no record) yields the same hand results as the recorded path', () => {
    for (const rules of RULESET_IDS) {
      const config = table(rules, mixed, { seed: 3, unit: 'match' });
      for (let g = 0; g < 2; g++) {
        const fast = playGame(config, gameSetup(config, g), { record: false });
        const slow = playGame(config, gameSetup(config, g), { record: true });
        expect(fast.hands).toEqual(slow.hands.map(({ lines: _lines, scoredHands: _hands, ...h }) => h));
        expect(fast.finalScores).toEqual(slow.finalScores);
      }
    }
  });

  it('the fast path scores (scoreSummary / scoreValue) equal the recorded path (scoreHand) over many won hands', () => {
    let wins = 0;
    for (const rules of RULESET_IDS) {
      const config = table(rules, lineupOf(greedy, 4), { seed: 21 });
      const engine = createEngine(config);
      for (let g = 0; g < 25; g++) {
        const fast = engine.play(gameSetup(config, g), { record: false }).hands[0]!;
        const { lines: _lines, scoredHands: _hands, ...slow } = engine.play(gameSetup(config, g), { record: true }).hands[0]!;
        expect(fast).toEqual(slow);
        if (fast.winner !== null) wins++;
      }
    }
    expect(wins).toBeGreaterThan(40);
  });

  it('gameSetup: East and the prevailing wind rotate with the game; duplicate rotates the lineup over one wall', () => {
    const config = table('harr-limit', lineupOf(random, 4));
    expect([0, 1, 2, 3, 4, 5].map((g) => gameSetup(config, g).firstDealer)).toEqual([0, 1, 2, 3, 0, 1]);
    expect([0, 3, 4, 8, 12, 16].map((g) => gameSetup(config, g).firstPrevailing)).toEqual([0, 0, 1, 2, 3, 0]);
    const dup = { ...config, duplicate: true };
    const setups = [4, 5, 6, 7].map((g) => gameSetup(dup, g));
    expect(setups.map((s) => s.streamGame)).toEqual([1, 1, 1, 1]);
    expect(setups.map((s) => s.seating)).toEqual([[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]);
    expect(new Set(setups.map((s) => s.firstDealer)).size).toBe(1);
    // the same wall for the four games: identical deals
    const deals = [4, 5, 6, 7].map((g) => {
      const rec = playGame(dup, gameSetup(dup, g), { record: true }).record as { hands: { events: { e: string }[] }[] };
      return rec.hands[0]!.events[0];
    });
    for (const d of deals) expect(d).toEqual(deals[0]);
  });

  it('a match plays until four rounds have passed, with East keeping the deal on his wins', () => {
    const config = table('babcock', lineupOf(greedy, 4), { unit: 'match', seed: 2 });
    const out = playGame(config, gameSetup(config, 0), { record: false });
    let passes = 0;
    for (let i = 1; i < out.hands.length; i++) {
      const prev = out.hands[i - 1]!;
      const kept = prev.winner === prev.dealer || prev.winner === null;
      expect(out.hands[i]!.dealer).toBe(kept ? prev.dealer : (prev.dealer + 1) % 4);
      if (!kept) passes++;
    }
    expect(passes + 1).toBe(16); // the 16th pass ends the match
    expect(out.finalScores.reduce((a, b) => a + b, 0)).toBe(4 * 2000);
  });
});
