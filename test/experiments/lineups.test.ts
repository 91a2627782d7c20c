// The shared five-strategy field (experiments/lineups.ts): leave-one-out lineups whose cyclic orders give every
// ordered pair of strategies (x discards straight to y, docs/rules.md "Seats" and "Claims": only the next player may
// chow) exactly once, so no strategy is favoured by whom it follows.
import { describe, expect, it } from 'vitest';
import { FIELD, LEAVE_ONE_OUT } from '../../experiments/lineups.js';
import { DEFAULT_STRATEGIES } from '../../src/runner/run.js';

const lineups = LEAVE_ONE_OUT.map((l) => l.split(','));

describe('the leave-one-out field', () => {
  it('lineup k leaves out FIELD[4 - k], and the first is the runner default', () => {
    expect(lineups).toHaveLength(FIELD.length);
    lineups.forEach((l, k) => {
      expect(l).toHaveLength(4);
      expect(new Set(l).size).toBe(4);
      expect([...FIELD].filter((f) => !l.includes(f))).toEqual([FIELD[FIELD.length - 1 - k]]);
    });
    expect(LEAVE_ONE_OUT[0]).toBe(DEFAULT_STRATEGIES);
  });

  it('every ordered pair of strategies sits next in turn (x then y) in exactly one lineup', () => {
    const seen = new Map<string, number>();
    for (const l of lineups) for (let i = 0; i < 4; i++) {
      const arc = `${l[i]}→${l[(i + 1) % 4]}`;
      seen.set(arc, (seen.get(arc) ?? 0) + 1);
    }
    expect(seen.size).toBe(FIELD.length * (FIELD.length - 1));
    for (const [arc, n] of seen) expect(n, arc).toBe(1);
  });

  it('every pair of strategies meets in three lineups', () => {
    for (const a of FIELD) for (const b of FIELD) {
      if (a >= b) continue;
      expect(lineups.filter((l) => l.includes(a) && l.includes(b)), `${a} & ${b}`).toHaveLength(3);
    }
  });
});
