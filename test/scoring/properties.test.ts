/**
 * Properties over random complete hands (issue 3 "Tests that must exist"): score ≥ 0; the limit is respected;
 * the chosen arrangement scores at least as much as any other; settlement sums to zero; East pays and receives
 * double (docs/rules.md "Arrangement", "Settling").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RULESET_IDS, ruleSet } from '../../src/rules/index.js';
import { loserScoreMayChange, readings, scoreHand, scoreValue, settle, type ScoreContext } from '../../src/scoring/index.js';
import { handArb, ctxArb } from './random-hands.js';

const rulesArb = fc.constantFrom(...RULESET_IDS);
const RUNS = 400;

describe('scoring properties', () => {
  it('winners and losers: score is a whole number ≥ 0, within the limit; lean path agrees', () => {
    fc.assert(
      fc.property(rulesArb, handArb, ctxArb, fc.boolean(), (id, hand, c, asLoser) => {
        const rules = ruleSet(id);
        const h = asLoser ? { ...hand, concealed: hand.concealed, winning: null } : hand;
        const ctx: ScoreContext = { ...c, prevailingWind: rules.prevailingWind ? c.prevailingWind : null, win: asLoser ? null : c.win };
        const r = scoreHand(rules, h, ctx);
        expect(Number.isInteger(r.score)).toBe(true);
        expect(r.score).toBeGreaterThanOrEqual(0);
        if (ctx.limit !== null) expect(r.score).toBeLessThanOrEqual(ctx.limit);
        if (r.limit && ctx.limit !== null && r.pattern !== 'limit') expect(r.score).toBe(ctx.limit);
        expect(scoreValue(rules, h, ctx)).toBe(r.score);
        if (!r.limit && r.pattern !== 'limit' && !r.lines.some((l) => l.group === 'limit')) {
          expect(r.score).toBe(r.points * 2 ** r.doubles);
        }
        expect(r.pattern === null).toBe(asLoser);
      }),
      { numRuns: RUNS },
    );
  });

  it('the chosen arrangement scores at least as much as any other valid arrangement', () => {
    fc.assert(
      fc.property(rulesArb, handArb, ctxArb, (id, hand, c) => {
        const rules = ruleSet(id);
        const ctx: ScoreContext = { ...c, prevailingWind: rules.prevailingWind ? c.prevailingWind : null };
        const { values, chosen } = readings(rules, hand, ctx);
        expect(values.length).toBeGreaterThan(0);
        for (const v of values) expect(chosen).toBeGreaterThanOrEqual(v);
        expect(values).toContain(chosen);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("a loser's score with one more tile of a kind it holds (the luck meter's shortcut, src/game/luck.ts)", () => {
  it('is unchanged wherever loserScoreMayChange says it cannot change, and the predicate does let changes through', () => {
    let changed = 0;
    fc.assert(
      fc.property(rulesArb, handArb, ctxArb, (id, hand, c) => {
        const rules = ruleSet(id);
        const loser = { ...hand, winning: null };
        const ctx: ScoreContext = { ...c, prevailingWind: rules.prevailingWind ? c.prevailingWind : null, win: null };
        const base = scoreValue(rules, loser, ctx);
        const held = new Uint8Array(34);
        for (const t of loser.concealed) held[t]!++;
        for (let k = 0; k < 34; k++) {
          if (held[k] === 0 || held[k] === 4) continue;
          const plus = scoreValue(rules, { ...loser, concealed: [...loser.concealed, k] }, ctx);
          if (!loserScoreMayChange(k, held[k]!)) expect(plus, `kind ${k} held ${held[k]}`).toBe(base);
          else if (plus !== base) changed++;
        }
      }),
      { numRuns: RUNS },
    );
    expect(changed).toBeGreaterThan(0);
  });
});

describe('settlement properties', () => {
  const scoresArb = fc.integer({ min: 2, max: 4 }).chain((n) =>
    fc.record({
      scores: fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: n, maxLength: n }),
      winner: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
      east: fc.integer({ min: 0, max: n - 1 }),
      limit: fc.option(fc.integer({ min: 100, max: 1000 }), { nil: null }),
    }),
  );

  it('nets sum to zero in every rule set', () => {
    fc.assert(
      fc.property(rulesArb, scoresArb, (id, input) => {
        const nets = settle(ruleSet(id), input);
        expect(nets.length).toBe(input.scores.length);
        expect(nets.reduce((a, b) => a + b, 0)).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it("East's payments are double: with only the winner scoring, East pays twice what any other loser pays", () => {
    fc.assert(
      fc.property(rulesArb, scoresArb, fc.integer({ min: 1, max: 5000 }), (id, input, s) => {
        const n = input.scores.length;
        const winner = input.winner ?? 0;
        const scores = new Array<number>(n).fill(0);
        scores[winner] = s;
        const nets = settle(ruleSet(id), { ...input, winner, scores });
        const capped = input.limit === null ? s : Math.min(s, input.limit);
        for (let seat = 0; seat < n; seat++) {
          if (seat === winner) continue;
          const factor = seat === input.east || winner === input.east ? 2 : 1;
          expect(nets[seat]).toBe(-factor * capped);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
