/** How near to complete a claim leaves the hand: the shanten after a pung, chow or kong of a discard. */
import type { Action } from '../../src/agent/types.js';
import type { HandAnalyser } from '../../src/hand/shanten.js';
import { KINDS, type Tile } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { Scratch } from './scratch.js';

/**
 * Shanten after taking `tile` from `by` with `action` and making the best following discard (for a kong: after
 * the loose tile, i.e. the 3n+1 state). Uses `s.b`; `c` is the hand before the claim. The scan over discards
 * stops once it reaches `floor` (a caller that knows no lower answer can matter: a claim gains one tile, so the
 * result is never below the hand's shanten less one). `loaded`: an analyser already holding `c` with `melds` (the
 * claims of one decision ask it for each of their claims), which answers a whole hand without loading `s.b`.
 */
export function shantenAfterClaim(s: Scratch, c: Counts, melds: number, action: Action, tile: Tile, floor = -2, loaded: HandAnalyser | null = null): number {
  if (loaded !== null) {
    // `loaded` holds `c` with `melds`: the claimed hand is one or two kinds changed and a set more, one table read
    // (min-plus combination is associative: the answer of the hand loaded afresh, below).
    let held = 0;
    for (let k = 0; k < KINDS; k++) held += c[k]!;
    if (held === 3 * (4 - melds) + 1) {
      if (action.type === 'kong') return loaded.shantenWith(tile, -3, 1);
      let x = 99;
      if (action.type === 'pung') x = loaded.shantenWith(tile, -2, 1);
      else if (action.type === 'chow') {
        const k1 = action.tile === tile ? tile + 1 : action.tile;
        const k2 = action.tile + 2 === tile ? tile - 1 : action.tile + 2;
        x = loaded.shantenWith2(k1, -1, k2, -1, 1);
      } else return 99;
      return x < 0 ? 0 : x;
    }
  }
  const t = s.tmp;
  for (let k = 0; k < KINDS; k++) t[k] = c[k]!;
  if (action.type === 'pung') t[tile]! -= 2;
  else if (action.type === 'kong') t[tile]! -= 3;
  else if (action.type === 'chow') {
    for (let k = action.tile; k < action.tile + 3; k++) if (k !== tile) t[k]!--;
  } else return 99;
  s.b.load(t, melds + 1);
  if (action.type === 'kong') return s.b.shanten();
  // A whole hand (3n + 2 tiles) that is not complete has a tile its nearest completion does not use: discarding
  // it keeps the distance, and no discard lowers it, so the best discard leaves the hand's own shanten (a complete
  // one: 0). A hand short of tiles (a projection) may use every tile: scanned.
  let n = 0;
  for (let k = 0; k < KINDS; k++) n += t[k]!;
  if (n === 3 * (3 - melds) + 2) {
    const x = s.b.shanten();
    return x < 0 ? 0 : x;
  }
  let best = 99;
  for (let k = 0; k < KINDS; k++) {
    if (t[k] === 0) continue;
    const sh = s.b.shantenWith(k, -1);
    if (sh < best) {
      best = sh;
      if (best <= floor) break;
    }
  }
  return best;
}
