// The exact paired moments behind the race, the confirmation and the cross-play give src/stats/paired.ts's
// numbers for the same differences (pairedZ on the explicit array), whatever contrast is taken, and survive JSON.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Arms, Panel } from '../../src/tune/arms.js';
import { pairedZ } from '../../src/stats/paired.js';

const walls = (k: number, n: number) => fc.array(fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: n, maxLength: n }), { minLength: k, maxLength: k });

function expectInterval(got: { meanDiff: number; sd: number; p: number }, want: { meanDiff: number; sd: number; p: number }): void {
  expect(got.meanDiff).toBeCloseTo(want.meanDiff, 9);
  expect(got.sd).toBeCloseTo(want.sd, 6);
  expect(got.p).toBeCloseTo(want.p, 9);
}

describe('Panel', () => {
  it('contrasts equal pairedZ on the contrast values', () => {
    fc.assert(
      fc.property(walls(4, 12), fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 4, maxLength: 4 }), (xs, c) => {
        fc.pre(c.some((v) => v !== 0));
        const q = new Panel(4);
        q.addWalls(xs.map((x) => Float64Array.from(x)));
        const p = Panel.fromJSON(JSON.parse(JSON.stringify(q.toJSON())));
        const values = xs[0]!.map((_, w) => c.reduce((s, ci, i) => s + ci * xs[i]![w]!, 0) / 8);
        fc.pre(new Set(values).size > 1);
        expectInterval(p.contrast(c, 8), pairedZ(values));
        expectInterval(p.diff(2, 0, 4), pairedZ(xs[2]!.map((v, w) => (v - xs[0]![w]!) / 4)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('Arms', () => {
  it('pairs count only the wall sets both played', () => {
    fc.assert(
      fc.property(walls(3, 10), walls(3, 6), (a, b) => {
        const arms = new Arms(3);
        arms.addWalls(a.map((x) => Float64Array.from(x)));
        // Arm 1 drops out: the second batch has arms 0 and 2 only.
        arms.addWalls([Float64Array.from(b[0]!), null, Float64Array.from(b[2]!)]);
        const back = Arms.fromJSON(JSON.parse(JSON.stringify(arms.toJSON())));
        expect(back.wallSets(0)).toBe(16);
        expect(back.wallSets(1)).toBe(10);
        const d02 = [...a[0]!.map((v, w) => v - a[2]![w]!), ...b[0]!.map((v, w) => v - b[2]![w]!)].map((v) => v / 4);
        fc.pre(new Set(d02).size > 1 && new Set(a[1]!.map((v, w) => v - a[0]![w]!)).size > 1);
        expectInterval(back.diff(0, 2, 4), pairedZ(d02));
        expectInterval(back.diff(1, 0, 1), pairedZ(a[1]!.map((v, w) => v - a[0]![w]!)));
      }),
      { numRuns: 60 },
    );
  });
});
