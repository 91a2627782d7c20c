// Every numeric parameter of every built-in strategy has the bounds and grid step `mjlab tune` searches (docs/tuning.md,
// "Choosing the dimensions"), with its default on the grid inside them; non-numeric parameters have none.
import { describe, expect, it } from 'vitest';
import { builtinStrategies } from '../../strategies/index.js';

describe('parameter bounds of the built-in strategies', () => {
  for (const s of builtinStrategies) {
    for (const p of s.params) {
      it(`${s.name}.${p.name}`, () => {
        if (typeof p.default !== 'number') {
          expect([p.min, p.max, p.step]).toEqual([undefined, undefined, undefined]);
          return;
        }
        expect(typeof p.min).toBe('number');
        expect(typeof p.max).toBe('number');
        expect(p.min!).toBeLessThan(p.max!);
        expect(p.default).toBeGreaterThanOrEqual(p.min!);
        expect(p.default).toBeLessThanOrEqual(p.max!);
        // A stepped parameter's default and maximum lie on its grid from the minimum; no step: a continuous value.
        if (p.step !== undefined) {
          expect(p.step).toBeGreaterThan(0);
          for (const v of [p.default, p.max!]) expect(Number.isInteger((v - p.min!) / p.step), `${v} on the grid`).toBe(true);
        }
      });
    }
  }
});
