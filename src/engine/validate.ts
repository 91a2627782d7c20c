/**
 * Debug invariant check (tile conservation after every event): live wall + dead
 * wall + concealed hands + melds + discards still lying + flowers = the full set, and every hand holds the right
 * number of tiles for its kongs (13 plus one per kong, 14 plus one per kong for the seat whose turn it is).
 * Throws an Error describing the first violation. Used by tests through PlayOptions.check; never on the fast path.
 */
import type { Seat } from '../core/seat.js';
import { FIRST_BONUS, tileCode } from '../tiles/index.js';
import { CHOW, type HandState, HEAD_KIND, KONG, MAX_BONUS, MAX_DISCARDS, MAX_MELDS, POW5 } from './state.js';

/** What the table shows of each kind (AgentView.seen), counted afresh from the discard and meld slabs. */
export function seenFresh(s: HandState): Uint8Array {
  const out = new Uint8Array(34);
  for (let p = 0; p < s.players; p++) {
    for (let i = 0, j = p * MAX_DISCARDS; i < s.pub.discCount[p]!; i++, j++) if (s.pub.discClaimed[j] === 0) out[s.pub.discTile[j]!]!++;
    for (let i = 0, j = p * MAX_MELDS; i < s.pub.meldCount[p]!; i++, j++) {
      const t = s.pub.meldTile[j]!;
      const type = s.pub.meldType[j]!;
      if (type === CHOW) {
        out[t]!++;
        out[t + 1]!++;
        out[t + 2]!++;
      } else out[t]! += type === KONG ? 4 : 3;
    }
  }
  return out;
}

export function validateState(s: HandState, inTurn: Seat | null = s.flow.inTurn): void {
  const fresh = seenFresh(s);
  for (let t = 0; t < 34; t++) if (fresh[t] !== s.pub.seen[t]) throw new Error(`stale count of ${tileCode(t)} seen on the table`);
  const seen = new Uint8Array(42);
  const w = s.hidden.wall;
  if (w.head < 0 || w.tail > w.size || w.head > w.tail) throw new Error(`wall cursors out of range: ${w.head}..${w.tail}`);
  for (let i = w.head; i < w.tail; i++) seen[w.tiles[i]!]!++;
  for (let p = 0; p < s.players; p++) {
    let n = 0;
    for (let t = 0; t < 34; t++) {
      seen[t]! += s.priv.hand[p * 34 + t]!;
      n += s.priv.hand[p * 34 + t]!;
    }
    if (n !== s.pub.handCount[p]) throw new Error(`seat ${p}: handCount ${s.pub.handCount[p]} but ${n} tiles held`);
    // cached statistics equal a fresh recomputation
    let odd = 0;
    let nonHeads = 0;
    for (let t = 0; t < 34; t++) {
      const x = s.priv.hand[p * 34 + t]!;
      if ((x & 1) === 1) odd++;
      if (HEAD_KIND[t] === 0) nonHeads += x;
    }
    for (let u = 0; u < 3; u++) {
      let key = 0;
      let cnt = 0;
      for (let r = 0; r < 9; r++) {
        key += s.priv.hand[p * 34 + u * 9 + r]! * POW5[r]!;
        cnt += s.priv.hand[p * 34 + u * 9 + r]!;
      }
      if (key !== s.priv.suitKey[p * 3 + u] || cnt !== s.priv.suitN[p * 3 + u]) throw new Error(`seat ${p}: stale suit cache`);
    }
    if (odd !== s.priv.oddKinds[p] || nonHeads !== s.priv.nonHeads[p]) throw new Error(`seat ${p}: stale parity/heads cache`);
    let singles = 0;
    let pairs = 0;
    for (let t = 27; t < 34; t++) {
      const x = s.priv.hand[p * 34 + t]!;
      if (x === 1 || x === 4) singles++;
      else if (x === 2) pairs++;
    }
    if (singles !== s.priv.honSingles[p] || pairs !== s.priv.honPairs[p]) throw new Error(`seat ${p}: stale honours cache`);
    let fours = 0;
    for (let t = 0; t < 34; t++) if (s.priv.hand[p * 34 + t] === 4) fours++;
    if (fours !== s.priv.fours[p]) throw new Error(`seat ${p}: stale count of kinds held four times`);
    let lo = 0;
    let hi = 0;
    for (let t = 0; t < 34; t++) {
      if (s.priv.hand[p * 34 + t] === 0) continue;
      if (t < 17) lo |= 1 << t;
      else hi |= 1 << (t - 17);
    }
    if (lo !== s.priv.held[p * 2] || hi !== s.priv.held[p * 2 + 1]) throw new Error(`seat ${p}: stale held-kinds mask`);
    let size = n;
    for (let i = 0; i < s.pub.meldCount[p]!; i++) {
      const j = p * MAX_MELDS + i;
      const t = s.pub.meldTile[j]!;
      const type = s.pub.meldType[j]!;
      if (type === 0) {
        seen[t]!++;
        seen[t + 1]!++;
        seen[t + 2]!++;
      } else seen[t]! += type === KONG ? 4 : 3;
      size += 3;
    }
    for (let i = 0; i < s.pub.bonusCount[p]!; i++) seen[s.pub.bonus[p * MAX_BONUS + i]!]!++;
    for (let i = 0; i < s.pub.discCount[p]!; i++) {
      if (s.pub.discClaimed[p * MAX_DISCARDS + i] === 0) seen[s.pub.discTile[p * MAX_DISCARDS + i]!]!++;
    }
    if (inTurn !== -1) {
      const want = p === inTurn ? 14 : 13;
      if (size !== want) throw new Error(`seat ${p} holds ${size} tiles counting each set as three, expected ${want}`);
    }
  }
  for (let t = 0; t < 42; t++) {
    const want = t < FIRST_BONUS ? 4 : s.flowers ? 1 : 0;
    if (seen[t] !== want) throw new Error(`tile ${tileCode(t)} seen ${seen[t]} times, expected ${want}`);
  }
}

/**
 * validateState at a decision (between applies, not inside one, where observers also check): an open robbing
 * round's tile is still in the hand of the seat adding it to its pung, to be robbed from there or added.
 */
export function validateDecision(s: HandState): void {
  validateState(s);
  if (s.flow.phase === 'rob' && s.priv.hand[s.flow.rob.from * 34 + s.flow.rob.tile] === 0) {
    throw new Error(`seat ${s.flow.rob.from} adds ${tileCode(s.flow.rob.tile)} to its pung but does not hold it`);
  }
}
