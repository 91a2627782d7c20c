/**
 * Properties over random complete hands (docs/rules.md): score ≥ 0; the limit is respected;
 * the chosen arrangement scores at least as much as any other; settlement sums to zero; East pays and receives
 * double (docs/rules.md "Arrangement", "Settling").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RULESET_IDS, ruleSet } from '../../src/rules/index.js';
import { loserScoreMayChange, loserShapeKey, loserShapeKeyWith, loserValue, readings, scoreHand, scoreValue, settle, type ScoreContext } from '../../src/scoring/index.js';
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

describe("a loser's score with one more tile of a kind it holds (the luck meter's shortcut, src/luck/meter.ts)", () => {
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

/**
 * `hand`'s concealed tiles with what loserShapeKey does not read moved about, using `pick` for each choice: in each
 * suit, the tiles of kinds held once or twice go to kinds of that suit again held at most twice (not a pung's kind);
 * single honours go to honours held at most once. Pungs, honour pairs and the suits held stay. `across`: the suit
 * tiles go to any suit, so a suit may come or go (and the key change with it).
 */
function reshuffled(concealed: readonly number[], pick: (n: number) => number, across: boolean): number[] {
  const c = new Array<number>(34).fill(0);
  for (const t of concealed) c[t]!++;
  const out: number[] = [];
  for (let k = 0; k < 34; k++) if (c[k]! >= 3 || (k >= 27 && c[k] === 2)) for (let i = 0; i < c[k]!; i++) out.push(k);
  const place = (room: Map<number, number>, moving: number): void => {
    for (let i = 0; i < moving; i++) {
      const open = [...room.keys()].filter((k) => room.get(k)! > 0);
      const k = open[pick(open.length)]!;
      room.set(k, room.get(k)! - 1);
      out.push(k);
    }
  };
  if (across) {
    const kinds = Array.from({ length: 27 }, (_, k) => k).filter((k) => c[k]! < 3);
    place(new Map(kinds.map((k) => [k, 2])), kinds.reduce((n, k) => n + c[k]!, 0));
  }
  for (let s = 0; s < (across ? 0 : 3); s++) {
    const kinds = Array.from({ length: 9 }, (_, i) => 9 * s + i).filter((k) => c[k]! < 3);
    const moving = kinds.reduce((n, k) => n + c[k]!, 0);
    if (moving === 0) continue;
    // The suit stays held: one tile back where one was, the rest anywhere at most twice.
    const first = kinds.find((k) => c[k]! > 0)!;
    out.push(first);
    place(new Map(kinds.map((k) => [k, k === first ? 1 : 2])), moving - 1);
  }
  const singles = Array.from({ length: 7 }, (_, i) => 27 + i).filter((k) => c[k]! <= 1);
  place(new Map(singles.map((k) => [k, 1])), singles.reduce((n, k) => n + c[k]!, 0));
  return out.sort((a, b) => a - b);
}

describe("a loser's shape key (the luck meter's memo, src/luck/meter.ts)", () => {
  it('two losing hands with one key score the same; the key with one more tile is loserShapeKeyWith', () => {
    let same = 0;
    let differ = 0;
    fc.assert(
      fc.property(rulesArb, handArb, ctxArb, fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), (id, hand, c, choices) => {
        const rules = ruleSet(id);
        const loser = { ...hand, winning: null };
        const ctx: ScoreContext = { ...c, prevailingWind: rules.prevailingWind ? c.prevailingWind : null, win: null };
        let i = 0;
        const other = reshuffled(loser.concealed, (n) => choices[i++ % choices.length]! % n, choices[0]! % 2 === 1);
        const counts = (tiles: readonly number[]): Uint8Array => {
          const x = new Uint8Array(34);
          for (const t of tiles) x[t]!++;
          return x;
        };
        const a = counts(loser.concealed);
        const key = loserShapeKey(a);
        if (choices[0]! % 2 === 0) expect(loserShapeKey(counts(other))).toBe(key);
        if (loserShapeKey(counts(other)) === key) {
          if (other.join() !== [...loser.concealed].sort((x, y) => x - y).join()) same++;
          expect(scoreValue(rules, { ...loser, concealed: other }, ctx)).toBe(scoreValue(rules, loser, ctx));
        } else differ++;
        for (let k = 0; k < 34; k++) if (a[k]! > 0 && a[k]! < 4) expect(loserShapeKeyWith(key, k, a[k]!), `kind ${k}`).toBe(loserShapeKey(counts([...loser.concealed, k])));
      }),
      { numRuns: RUNS },
    );
    expect(same).toBeGreaterThan(RUNS / 4);
    expect(differ).toBeGreaterThan(RUNS / 20);
  });
});

describe("a loser's score from counts (loserValue, the luck meter's path)", () => {
  it('is scoreValue of the same losing hand', () => {
    fc.assert(
      fc.property(rulesArb, handArb, ctxArb, (id, hand, c) => {
        const rules = ruleSet(id);
        const ctx: ScoreContext = { ...c, prevailingWind: rules.prevailingWind ? c.prevailingWind : null, win: null };
        const counts = new Uint8Array(34);
        for (const t of hand.concealed) counts[t]!++;
        const before = counts.slice();
        expect(loserValue(rules, counts, hand.melds, hand.bonus, ctx)).toBe(scoreValue(rules, { ...hand, winning: null }, ctx));
        expect(counts).toEqual(before);
      }),
      { numRuns: RUNS },
    );
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
