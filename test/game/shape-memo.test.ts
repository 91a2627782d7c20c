// The luck meter's memo of loser scores (src/luck/shape-memo.ts) against a Map: the same answers through growth and
// clears, for keys across loserShapeKey's whole range (to 2^43) and keys that share their low 27 bits.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ShapeMemo } from '../../src/luck/shape-memo.js';

const keyArb = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 43 - 1 }),
  fc.integer({ min: 0, max: 63 }).map((i) => 5 + i * 2 ** 27),
  fc.integer({ min: 0, max: 200 }),
);
const opArb = fc.oneof(
  { weight: 60, arbitrary: fc.record({ op: fc.constant('put' as const), key: keyArb, value: fc.double({ noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
);

describe('ShapeMemo', () => {
  it('answers as a Map would, through growth and clears', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 50, maxLength: 600, size: 'max' }), (ops) => {
        const memo = new ShapeMemo();
        const model = new Map<number, number>();
        for (const o of ops) {
          if (o.op === 'clear') {
            memo.clear();
            model.clear();
            continue;
          }
          if (model.has(o.key)) expect(memo.get(o.key)).toBe(model.get(o.key));
          else {
            expect(memo.get(o.key)).toBeNaN();
            memo.set(o.key, o.value);
            model.set(o.key, o.value);
          }
        }
        for (const [k, v] of model) expect(memo.get(k)).toBe(v);
      }),
      { numRuns: 100 },
    );
  });
});
