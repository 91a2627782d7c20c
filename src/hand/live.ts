/**
 * Tiles still unseen from one player's own view (issue 4, "tiles still live"): four of each kind minus those the
 * player can see — its own concealed tiles, every seat's discards still lying in the pool, and every meld on the
 * table (a claimed discard is counted once, in the meld that took it; a declared concealed kong is laid out and
 * counted as seen). Harr: "watch discards for what others collect" — this is the count that watching gives.
 */
import type { AgentView } from '../agent/types.js';
import { KINDS } from '../tiles/tile.js';
import type { Counts } from '../tiles/counts.js';

export function liveCounts(view: AgentView): Counts {
  const c = new Uint8Array(KINDS).fill(4);
  const see = (t: number, n: number): void => {
    if (t < KINDS) c[t] = Math.max(0, c[t]! - n);
  };
  for (const t of view.concealed) see(t, 1);
  for (const seat of view.table) {
    for (const d of seat.discards) if (!d.claimed) see(d.tile, 1);
    for (const m of seat.melds) {
      if (m.type === 'chow') {
        see(m.tile, 1);
        see(m.tile + 1, 1);
        see(m.tile + 2, 1);
      } else see(m.tile, m.type === 'pung' ? 3 : 4);
    }
  }
  return c;
}
