// Exact mergeable aggregates (docs/statistics.md): merging is associative and commutative to the bit, and sums that
// a double would round stay exact.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addHand, aggregateFromJson, aggregateToJson, emptyAggregate, mergeAggregates, mergeJsonInto, totalSum, totalSumSq,
} from '../../src/stats/aggregate.js';
import type { HandResult } from '../../src/engine/types.js';
import { summaryCsv, scoreDistributionCsv } from '../../src/runner/csv.js';
import { percentile } from '../../src/stats/summary.js';

const LABELS = ['a', 'b', 'c'];

const handArb = fc
  .record({
    winner: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    discOffset: fc.integer({ min: 1, max: 3 }),
    byDiscard: fc.boolean(),
    score: fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 2 ** 30, max: 2 ** 45 })),
    turns: fc.integer({ min: 0, max: 120 }),
    limit: fc.boolean(),
    washes: fc.integer({ min: 0, max: 2 }),
    turnsBySeat: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ winner, discOffset, byDiscard, score, turns, limit, washes, turnsBySeat }): HandResult => {
    const discarder = winner !== null && byDiscard ? (winner + discOffset) % 4 : null;
    const nets = [0, 1, 2, 3].map((s) => (winner === null ? 0 : s === winner ? 3 * score : -score));
    return {
      hand: 0, dealer: 0, prevailingWind: null, winner, winBy: winner === null ? 'none' : byDiscard ? 'discard' : 'self-draw',
      discarder, turns, turnsBySeat, scores: [0, 0, 0, 0], nets, winnerScore: winner === null ? null : score,
      winnerPattern: winner === null ? null : 'mixed', limitHit: winner !== null && limit, penaltyPayer: null,
      washes: Array.from({ length: washes }, () => ({ seat: 0, heads: 9, payment: 1 })),
    };
  });

const seats = ['a', 'b', 'c', 'a'];

function aggOf(hands: readonly HandResult[]) {
  const agg = emptyAggregate(LABELS);
  for (const h of hands) addHand(agg, seats, h);
  return agg;
}

const bytes = (agg: ReturnType<typeof aggOf>) => JSON.stringify(aggregateToJson(agg)) + summaryCsv(agg) + scoreDistributionCsv(agg);

describe('aggregate', () => {
  it('merge is associative and commutative, and equals one pass over all hands', () => {
    fc.assert(
      fc.property(fc.array(handArb, { maxLength: 30 }), fc.array(handArb, { maxLength: 30 }), fc.array(handArb, { maxLength: 30 }), (x, y, z) => {
        const [a, b, c] = [aggOf(x), aggOf(y), aggOf(z)];
        const left = mergeAggregates(mergeAggregates(a, b), c);
        const right = mergeAggregates(a, mergeAggregates(b, c));
        const swapped = mergeAggregates(c, mergeAggregates(b, a));
        const whole = aggOf([...x, ...y, ...z]);
        expect(bytes(left)).toBe(bytes(whole));
        expect(bytes(right)).toBe(bytes(whole));
        expect(bytes(swapped)).toBe(bytes(whole));
      }),
      { numRuns: 200 },
    );
  });

  it('folding batches in place (the runner\'s main thread) equals merging them', () => {
    fc.assert(
      fc.property(fc.array(fc.array(handArb, { maxLength: 20 }), { maxLength: 6 }), (batches) => {
        const total = emptyAggregate(LABELS);
        for (const b of batches) mergeJsonInto(total, aggregateToJson(aggOf(b)));
        expect(bytes(total)).toBe(bytes(aggOf(batches.flat())));
      }),
      { numRuns: 100 },
    );
    expect(() => mergeJsonInto(emptyAggregate(['a']), aggregateToJson(emptyAggregate(['b'])))).toThrow(/different lineups/);
  });

  it('JSON round trip is lossless', () => {
    fc.assert(
      fc.property(fc.array(handArb, { maxLength: 40 }), (hs) => {
        const agg = aggOf(hs);
        expect(bytes(aggregateFromJson(aggregateToJson(agg)))).toBe(bytes(agg));
      }),
    );
  });

  it('sums of squares beyond 2^53 are exact', () => {
    const big = 2 ** 45 + 1; // (3·big)² ≈ 2^93: a double would drop the low bits
    const hands = Array.from({ length: 1000 }, (_, i): HandResult => ({
      hand: 0, dealer: 0, prevailingWind: null, winner: i % 4, winBy: 'self-draw', discarder: null, turns: 10,
      turnsBySeat: [0, 0, 0, 0], scores: [0, 0, 0, 0], nets: [0, 1, 2, 3].map((s) => (s === i % 4 ? 3 * big : -big)),
      winnerScore: big, winnerPattern: 'mixed', limitHit: false, penaltyPayer: null, washes: [],
    }));
    const agg = aggOf(hands);
    const a = agg.strategies.get('a')!;
    // Seat 0 and seat 3 are both "a": each wins 250 times (+3·big) and loses 750 times (−big).
    const B = BigInt(big);
    expect(totalSum(a.net)).toBe(2n * (250n * 3n * B - 750n * B));
    expect(totalSumSq(a.net)).toBe(2n * (250n * 9n * B * B + 750n * B * B));
    expect(a.hands).toBe(2000);
    expect(a.wins).toBe(500);
  });

  it('nearest-rank percentiles', () => {
    const m = new Map([[10, 5], [20, 4], [90, 1]]);
    expect(percentile(m, 0.5)).toBe(10);
    expect(percentile(m, 0.9)).toBe(20);
    expect(percentile(m, 1)).toBe(90);
    expect(Number.isNaN(percentile(new Map(), 0.5))).toBe(true);
  });
});
