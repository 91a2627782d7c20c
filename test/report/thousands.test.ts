// thousands (src/text.ts) writes counts as toLocaleString('en-US') does, without setting up ICU: the same string for
// every safe integer, the edges of the range, and whatever else it hands on to toLocaleString.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/text.js';

describe('thousands', () => {
  it('equals toLocaleString("en-US") on safe integers', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => thousands(n) === n.toLocaleString('en-US')), { numRuns: 5000 });
    for (let d = 0; d <= 16; d++) for (const n of [10 ** d, 10 ** d - 1, -(10 ** d), 1 - 10 ** d]) if (Number.isSafeInteger(n)) expect(thousands(n)).toBe(n.toLocaleString('en-US'));
    for (const n of [0, 1, 999, 1000, 100_000, 1_000_000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) expect(thousands(n)).toBe(n.toLocaleString('en-US'));
  });
  it('hands the rest to toLocaleString', () => {
    for (const n of [-0, 0.5, 1234.5678, 2 ** 60, Infinity, NaN]) expect(thousands(n)).toBe(n.toLocaleString('en-US'));
  });
});
