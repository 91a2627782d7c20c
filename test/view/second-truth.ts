/**
 * A second truth for information-hiding tests (docs/strategies.md, "What a world holds"), built independently of the code under test: from
 * a true state and the seat to move, another true state that gives that seat exactly the same view, with every tile
 * the seat has not seen dealt afresh wherever it lies: the other seats' concealed tiles, the wall still to be drawn
 * (dead wall and loose tiles included), and the positions already drawn or taken as loose tiles, whose tiles went
 * where the seat cannot follow. Another seat's drawn tile, a claim not yet shown and the source of later walls
 * (a reshuffle after washing) differ too.
 *
 * The tiles to deal are counted here from the seat's view alone (four of each kind less its own tiles, the table's
 * discards, melds and flowers), not with the engine's sampler (src/engine/sample.ts), which is what is tested: a
 * sampler that kept some true tile would give the two truths different worlds. The result is checked with the
 * engine's conservation check (validateState), so a miscount here fails loudly instead of passing quietly.
 */
import type { Seat } from '../../src/core/seat.js';
import { seededWalls } from '../../src/engine/chance.js';
import { cloneState } from '../../src/engine/clone.js';
import { recountSeat } from '../../src/engine/moves.js';
import type { HandState } from '../../src/engine/state.js';
import { validateState } from '../../src/engine/validate.js';
import { makeStream, type Rng } from '../../src/rng/streams.js';
import { viewFor } from '../../src/view/view.js';

const KINDS = 34;
const FIRST_FLOWER = 34;

/** How many of each tile `seat` has not seen, from its view: index 0..33 the kinds, 34..41 the flowers. */
export function unseenByView(s: HandState, seat: Seat): number[] {
  const v = viewFor(s, seat);
  const left = new Array<number>(42).fill(0);
  for (let t = 0; t < KINDS; t++) left[t] = 4;
  if (s.flowers) for (let b = FIRST_FLOWER; b < 42; b++) left[b] = 1;
  const take = (t: number, n = 1): void => {
    left[t]! -= n;
  };
  for (const t of v.concealed) take(t);
  for (const p of v.table) {
    for (const d of p.discards) if (!d.claimed) take(d.tile);
    for (const m of p.melds) {
      if (m.type === 'chow') for (let i = 0; i < 3; i++) take(m.tile + i);
      else take(m.tile, m.type === 'pung' ? 3 : 4);
    }
    for (const f of p.flowers) take(f);
  }
  // In a robbing round the tile being added to a pung is shown as the last discard, still in its owner's hand.
  if (v.phase === 'rob' && v.lastDiscard) take(v.lastDiscard.tile);
  if (left.some((n) => n < 0)) throw new Error(`second truth: the view shows more than the set holds (${left.join(',')})`);
  return left;
}

function shuffle(a: number[], rng: Rng): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}

/** Another true state giving `seat` (the seat to move in `s`) the same view; `s` is left as it was. */
export function secondTruth(s: HandState, seat: Seat, rng: Rng): HandState {
  const t = cloneState(s);
  const v = viewFor(s, seat);
  const left = unseenByView(s, seat);
  const playing: number[] = [];
  const flowers: number[] = [];
  left.forEach((n, tile) => {
    for (let k = 0; k < n; k++) (tile < FIRST_FLOWER ? playing : flowers).push(tile);
  });
  shuffle(playing, rng);
  const robOwner = v.phase === 'rob' && v.lastDiscard ? v.lastDiscard.by : -1;
  // The robbing round's owner is the seat that added the tile (shown as the last discard, `by`).
  for (let q = 0; q < s.players; q++) {
    if (q === seat) continue;
    const n = v.table[q]!.concealedCount;
    t.priv.hand.fill(0, q * 34, q * 34 + 34);
    let need = n;
    if (q === robOwner) {
      t.priv.hand[q * 34 + v.lastDiscard!.tile]!++;
      need--;
    }
    for (let i = 0; i < need; i++) t.priv.hand[q * 34 + playing.pop()!]!++;
    recountSeat(t, q);
    // Whatever the engine cached of the old hand is stale: the cache is marked so, and its bits made junk.
    t.priv.winMaskVer[q] = -1;
    t.priv.winMask[q] = rng.int(256);
  }
  const wall = t.hidden.wall;
  const rest = [...playing, ...flowers];
  shuffle(rest, rng);
  if (rest.length !== wall.tail - wall.head) throw new Error(`second truth: ${rest.length} tiles for a wall of ${wall.tail - wall.head}`);
  for (let i = 0; i < rest.length; i++) wall.tiles[wall.head + i] = rest[i]!;
  // Drawn positions and loose tiles taken: another history, whose tiles nobody can see the order of.
  for (let i = 0; i < wall.head; i++) wall.tiles[i] = rng.int(KINDS);
  for (let i = wall.tail; i < wall.size; i++) wall.tiles[i] = rng.int(KINDS);
  if (!(t.flow.phase === 'turn' && t.flow.seat === seat)) t.priv.drawn = t.priv.drawn >= 0 ? rng.int(KINDS) : -1;
  if (t.flow.phase === 'claim') {
    t.flow.claim.bestSeat = -1; // in this truth the seats asked before the viewer passed
    t.flow.claim.bestAction = null;
  }
  const key = rng.int(1 << 30);
  t.hidden.chance = seededWalls((w) => makeStream(key, 0, `second-truth:${w}`));
  validateState(t, t.flow.inTurn);
  return t;
}

/** Every byte and field of a state that a world could carry, as one string (its observer and view cache aside). */
export function stateBytes(s: HandState): string {
  const w = s.hidden.wall;
  const f = s.flow;
  return JSON.stringify({
    slab8: Array.from(s.slab8),
    slab16: Array.from(s.slab16),
    slab32: Array.from(s.slab32),
    wall: Array.from(w.tiles),
    head: w.head,
    tail: w.tail,
    scratch: Array.from(s.scratch),
    drawn: s.priv.drawn,
    scores: s.pub.scores,
    pub: [s.pub.dealer, s.pub.prevailing, s.pub.lastDiscard, s.pub.lastDiscardBy, s.pub.discardCount, s.pub.claimCount, s.pub.afterClaim],
    flow: { phase: f.phase, seat: f.seat, source: f.source, legal: f.legal.slice(0, f.n), decision: f.decision, claim: f.claim, rob: f.rob, wash: f.wash, inTurn: f.inTurn, pending: f.pending, end: f.end },
  });
}
