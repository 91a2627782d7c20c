/**
 * Shared by the fast-path tests (fast-paths, tie-break): random concealed hands with consistent live counts, and
 * the "tiles that help" count written the slow, obvious way (docs/rules.md "Playing advice").
 */
import fc from 'fast-check';
import { shanten } from '../../src/hand/index.js';
import { KINDS } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { touches } from '../../strategies/shared/draws.js';
import type { AgentView } from '../../src/agent/types.js';

/**
 * A concealed hand of 3(4 - melds) + 2 tiles from the 136, drawn from the suits of one of `suitSets` (3: honours),
 * with live counts consistent with it and a per-kind discard cost.
 */
export function handArb(suitSets: readonly (readonly number[])[]) {
  return fc
    .record({
      melds: fc.integer({ min: 0, max: 3 }),
      seed: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
      suits: fc.constantFrom(...suitSets),
    })
    .map(({ melds, seed, suits }) => {
      const pool: number[] = [];
      for (let t = 0; t < KINDS; t++) if (suits.includes(t < 27 ? Math.floor(t / 9) : 3)) for (let k = 0; k < 4; k++) pool.push(t);
      const n = 3 * (4 - melds) + 2;
      const c = new Uint8Array(KINDS);
      for (let i = 0; i < n; i++) c[pool.splice(seed[i]! % pool.length, 1)[0]!]!++;
      // Seen elsewhere: some of what is left.
      const live = new Uint8Array(KINDS);
      for (let t = 0; t < KINDS; t++) live[t] = Math.max(0, 4 - c[t]! - (seed[20 + (t % 40)]! % 3));
      const cost = new Float64Array(KINDS);
      for (let t = 0; t < KINDS; t++) cost[t] = (seed[t % 60]! % 61) - 10 + (seed[(t + 7) % 60]! % 2) * 0.5;
      return { c, melds, live, cost };
    });
}

/** Live copies of the kinds that, drawn after discarding t, bring the shanten below `below`: by brute force. */
export function refDraws(c: Counts, melds: number, t: number, live: Counts, below: number): number {
  const d = c.slice();
  d[t]!--;
  let n = 0;
  for (let u = 0; u < KINDS; u++) {
    if (live[u] === 0 || d[u]! >= 4 || !touches(d, u)) continue;
    d[u]!++;
    if (shanten(d, melds) < below) n += live[u]!;
    d[u]!--;
  }
  return n;
}

/** Visible count of each kind on the table (discards still lying and melds), counted from the view's records. */
export function tableSeen(view: AgentView, out: Counts): Counts {
  out.fill(0);
  for (const seat of view.table) {
    for (const d of seat.discards) if (!d.claimed && d.tile < KINDS) out[d.tile]!++;
    for (const m of seat.melds) {
      if (m.type === 'chow') {
        out[m.tile]!++;
        out[m.tile + 1]!++;
        out[m.tile + 2]!++;
      } else out[m.tile]! += m.type === 'pung' ? 3 : 4;
    }
  }
  return out;
}
