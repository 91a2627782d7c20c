/**
 * A world sampled for one seat (the determinisation of OpenSpiel's ResampleFromInfostate): every
 * tile the seat cannot see (the other seats' concealed tiles, the whole wall, dead wall and loose tiles included,
 * and the flowers nobody has exposed) dealt afresh, uniformly, consistent with everything the seat has seen: its own
 * tiles, every discard, meld and flower, each seat's concealed count and the wall's length are as they were.
 *
 * The tiles to deal are counted from the seat's own information only (four of each kind less its own and those the
 * table shows, the bonus tiles not exposed), in kind order, never read from where they truly lie: the world is a
 * function of the seat's view and the stream alone, so two true states that give the seat the same view give it the
 * same worlds. Other hands hold no flowers (a flower is always exposed), so flowers go to the wall only.
 *
 * In a robbing round the tile being added to the pung is still in its owner's hand, but every seat has seen it (it is
 * shown as the last discard): it is not dealt, and the owner keeps it, as the round's outcome needs (robbing takes it
 * from that hand; passing adds it to the pung).
 *
 * Only the seat to move may sample (the state's open decision is its own, so its legal list holds). A claim already
 * made in the open claim round by a seat asked earlier is not shown to the seat; the world forgets it (those seats
 * passed, as far as the seat can tell), as it must: the claimant's sampled hand may not hold the tiles for it.
 * Reshuffles after a wash in the world come from the same stream (chance.ts streamWalls), not from the true seed.
 *
 * Nothing hidden is carried over (docs/strategies.md, "What a world holds"): the copy of the state is cleared of every other seat's concealed tiles
 * and what the engine keeps beside them, of the whole wall (the drawn positions and the ones past the tail hold
 * NO_TILE in a world: nothing reads them, and their true tiles went into hands the seat cannot see), of another
 * seat's drawn tile, of a claim not yet shown, and of the true walls' source, before any callback (the agent's rng,
 * a guide) runs: at no moment does the world being written hold a true hidden tile.
 */
import type { Seat } from '../core/seat.js';
import { type Rng, intFrom, rawInt32 } from '../rng/streams.js';
import { FIRST_BONUS, KINDS } from '../tiles/index.js';
import { type WallSource, streamWalls } from './chance.js';
import { cloneInto } from './clone.js';
import { recountSeat } from './moves.js';
import type { HandGuide } from '../agent/types.js';
import { type HandState, MAX_BONUS, createHandState } from './state.js';

/** The most tiles a seat cannot see: 144 less its own. */
const POOL = 144;

/**
 * The tiles `seat` cannot see, in kind order, into `out` (144 long); returns how many. From the seat's own hand and
 * the public state only.
 */
export function unseenTiles(s: HandState, seat: Seat, out: Uint8Array): number {
  const hand = s.priv.hand;
  const seen = s.pub.seen;
  const shown = shownInHand(s);
  let n = 0;
  for (let t = 0; t < KINDS; t++) {
    for (let k = 4 - hand[seat * 34 + t]! - seen[t]! - (t === shown.tile ? 1 : 0); k > 0; k--) out[n++] = t;
  }
  if (s.flowers) {
    let exposed = 0;
    for (let p = 0; p < s.players; p++) {
      for (let i = 0; i < s.pub.bonusCount[p]!; i++) exposed |= 1 << (s.pub.bonus[p * MAX_BONUS + i]! - FIRST_BONUS);
    }
    for (let b = 0; b < 8; b++) if ((exposed & (1 << b)) === 0) out[n++] = FIRST_BONUS + b;
  }
  return n;
}

/** A tile every seat has seen that is still in a hand: the robbing round's added tile, in its owner's (or none). */
function shownInHand(s: HandState): { readonly seat: number; readonly tile: number } {
  return s.flow.phase === 'rob' ? { seat: s.flow.rob.from, tile: s.flow.rob.tile } : NONE_SHOWN;
}
const NONE_SHOWN = { seat: -1, tile: -1 } as const;

/** A wall position that holds no tile in a world: drawn already, or (until dealt) not yet known. */
export const NO_TILE = 255;

/**
 * Copy `src` into `dst` and forget there everything `seat` cannot see, before any tile is dealt: the other seats'
 * concealed tiles and statistics, every wall position, another seat's drawn tile, an unshown claim, the walls' source.
 */
function copyPublic(dst: HandState, src: HandState, seat: Seat): void {
  if (src.flow.phase === 'over') throw new Error('sampleWorld: the hand is over');
  if (src.flow.seat !== seat) throw new Error(`sampleWorld: seat ${seat} is not the seat to move (${src.flow.seat})`);
  cloneInto(dst, src);
  const priv = dst.priv;
  for (let q = 0; q < dst.players; q++) {
    if (q === seat) continue;
    priv.hand.fill(0, q * 34, q * 34 + 34);
    priv.suitKey.fill(0, q * 3, q * 3 + 3);
    priv.suitN.fill(0, q * 3, q * 3 + 3);
    priv.held.fill(0, q * 2, q * 2 + 2);
    priv.oddKinds[q] = 0;
    priv.nonHeads[q] = 0;
    priv.honSingles[q] = 0;
    priv.honPairs[q] = 0;
    priv.fours[q] = 0;
    priv.winMask[q] = 0;
    priv.winMaskVer[q] = -1;
  }
  dst.hidden.wall.tiles.fill(NO_TILE);
  dst.hidden.chance = NOT_YET;
  const f = dst.flow;
  // The tile another seat drew is not the seat's to know; no rule reads it before that seat draws again.
  if (!(f.phase === 'turn' && f.seat === seat)) priv.drawn = -1;
  if (f.phase === 'claim') {
    f.claim.bestSeat = -1;
    f.claim.bestAction = null;
  }
}

/** A world's walls' source until it is given its own (finishWorld). */
const NOT_YET: WallSource = Object.freeze({
  fill(): never {
    throw new Error('sampleWorld: the world is not finished');
  },
});

/** Sample a world for `seat` (the seat to move in `src`) into `dst`, a state of the same table. */
export function sampleWorldInto(dst: HandState, src: HandState, seat: Seat, rng: Rng): HandState {
  copyPublic(dst, src, seat);
  const pool = dst.scratch;
  const n = unseenTiles(src, seat, pool);
  const g = rawInt32(rng);
  for (let i = n - 1; i > 0; i--) {
    const j = g !== null ? intFrom(g, i + 1) : rng.int(i + 1);
    const tmp = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = tmp;
  }
  // The other seats, in seat order after `seat`, take the first playing tiles; everything else, in order, is the wall.
  const p = dst.players;
  const hand = dst.priv.hand;
  const count = dst.pub.handCount;
  const shown = shownInHand(src);
  let q = seat;
  let need = 0;
  const nextTaker = (): void => {
    while (need === 0) {
      q = q + 1 === p ? 0 : q + 1;
      if (q === seat) return;
      need = count[q]!; // its hand was cleared by copyPublic
      if (q === shown.seat) {
        hand[q * 34 + shown.tile]!++;
        need--;
      }
    }
  };
  nextTaker();
  const wall = dst.hidden.wall;
  let w = wall.head;
  for (let i = 0; i < n; i++) {
    const t = pool[i]!;
    if (q !== seat && t < FIRST_BONUS) {
      hand[q * 34 + t]!++;
      if (--need === 0) nextTaker();
    } else wall.tiles[w++] = t;
  }
  if (q !== seat || w !== wall.tail) throw new Error(`sampleWorld: ${n} unseen tiles do not fill the other hands and the wall`);
  for (let o = seat + 1 === p ? 0 : seat + 1; o !== seat; o = o + 1 === p ? 0 : o + 1) recountSeat(dst, o);
  finishWorld(dst, rng);
  return dst;
}

export function sampleWorld(src: HandState, seat: Seat, rng: Rng, guide?: HandGuide): HandState {
  const dst = createHandState(src.rules, src.limit, src.flowers, src.players);
  return guide ? sampleGuidedInto(dst, src, seat, rng, guide) : sampleWorldInto(dst, src, seat, rng);
}

function randomBelow(g: (() => number) | null, rng: Rng, n: number): number {
  return g !== null ? intFrom(g, n) : rng.int(n);
}

/**
 * sampleWorldInto with an opponent model: each other seat, in seat order after `seat`, is dealt its concealed count
 * from the unseen playing tiles up to `guide.tries` times, until the guide finds the hand plausible (misfit ≤ 0), or
 * keeps the best-fitting deal; the tiles left, with the unseen flowers, are shuffled into the wall. The guide is told
 * only the hand dealt and the seat's public record (its declared sets and discards), so the world is still a function
 * of the seat's view and the stream.
 *
 * A guide with `weight` (the inference over worlds, src/infer/guide.ts) is asked the weight of every one of the
 * `tries` deals, and the deal kept is drawn in proportion to it (a weighted reservoir of one); when no weight is
 * positive and finite the best-fitting deal is kept, as without it. Then `steps` Metropolis swaps, each of a tile of
 * the hand with one of the unseen playing tiles not yet dealt, kept with probability min(1, w'/w). The guide sees
 * only the hands dealt, so the world is still a function of the view and the stream.
 */
export function sampleGuidedInto(dst: HandState, src: HandState, seat: Seat, rng: Rng, guide: HandGuide): HandState {
  copyPublic(dst, src, seat);
  const pool = dst.scratch.subarray(0, POOL);
  const counts = dst.scratch.subarray(POOL, POOL + KINDS);
  const best = dst.scratch.subarray(POOL + KINDS, POOL + KINDS + 14);
  const picked = dst.scratch.subarray(POOL + KINDS + 14, POOL + KINDS + 28);
  const weigh = guide.weight;
  const n = unseenTiles(src, seat, pool);
  let nf = 0; // unseenTiles lists the playing kinds first, flowers last
  while (nf < n && pool[nf]! < FIRST_BONUS) nf++;
  const g = rawInt32(rng);
  const p = dst.players;
  const hand = dst.priv.hand;
  const pub = dst.pub;
  const shown = shownInHand(src);
  let k = 0;
  for (let q = seat + 1 === p ? 0 : seat + 1; q !== seat; q = q + 1 === p ? 0 : q + 1) {
    const keeps = q === shown.seat ? shown.tile : -1;
    const h = pub.handCount[q]! - (keeps >= 0 ? 1 : 0);
    if (h > nf - k) throw new Error(`sampleWorld: ${nf - k} unseen playing tiles for a hand of ${h}`);
    let bestMisfit = Infinity;
    let last = true;
    let total = 0;
    let squares = 0;
    for (let attempt = 0; attempt < guide.tries; attempt++) {
      for (let i = 0; i < h; i++) {
        const j = k + i + randomBelow(g, rng, nf - k - i);
        const tmp = pool[k + i]!;
        pool[k + i] = pool[j]!;
        pool[j] = tmp;
      }
      counts.fill(0);
      for (let i = 0; i < h; i++) counts[pool[k + i]!]!++;
      if (keeps >= 0) counts[keeps]!++;
      const m = guide.misfit(counts, pub.meldCount[q]!, pub.turnsBySeat[q]!);
      last = m < bestMisfit;
      if (last) {
        bestMisfit = m;
        best.set(pool.subarray(k, k + h));
      }
      if (weigh !== undefined) {
        // Weighted reservoir of one: the deal kept is drawn with probability proportional to its weight.
        const w = weigh(counts, q, m);
        if (!(w >= 0 && w < Infinity)) total = NaN;
        else if (w > 0) {
          total += w;
          squares += w * w;
          if (rng.next() * total < w) picked.set(pool.subarray(k, k + h));
        }
        last = false;
      } else if (m <= 0) break;
    }
    let walk = false;
    if (weigh !== undefined) {
      const ok = total > 0; // false for NaN too
      guide.report?.(q, ok ? (total * total) / squares : 0);
      if (ok) best.set(picked.subarray(0, h));
      walk = ok && (guide.steps ?? 0) > 0 && nf - k - h > 0;
    }
    if (!last) {
      // Bring the best deal's tiles back to the front of what is left (they are all still there, somewhere).
      for (let i = 0; i < h; i++) {
        let j = k + i;
        while (pool[j] !== best[i]) j++;
        const tmp = pool[k + i]!;
        pool[k + i] = pool[j]!;
        pool[j] = tmp;
      }
    }
    if (walk) {
      // Metropolis: swap one tile of the hand with one of the unseen tiles left (a symmetric proposal), kept with
      // probability min(1, weight after / weight before), so the hand drifts toward the guide's posterior.
      counts.fill(0);
      for (let i = 0; i < h; i++) counts[pool[k + i]!]!++;
      if (keeps >= 0) counts[keeps]!++;
      let w = weigh!(counts, q, 0);
      for (let step = guide.steps!; step > 0; step--) {
        const i = k + randomBelow(g, rng, h);
        const j = k + h + randomBelow(g, rng, nf - k - h);
        const a = pool[i]!;
        const b = pool[j]!;
        if (a === b) continue;
        counts[a]!--;
        counts[b]!++;
        const w2 = weigh!(counts, q, 0);
        if (w2 >= w || rng.next() * w < w2) {
          pool[i] = b;
          pool[j] = a;
          w = w2;
        } else {
          counts[a]!++;
          counts[b]!--;
        }
      }
    }
    for (let i = 0; i < h; i++) hand[q * 34 + pool[k + i]!]!++;
    if (keeps >= 0) hand[q * 34 + keeps]!++;
    recountSeat(dst, q);
    k += h;
  }
  // The rest, flowers included, shuffled into the wall.
  const wall = dst.hidden.wall;
  if (n - k !== wall.tail - wall.head) throw new Error(`sampleWorld: ${n - k} unseen tiles for a wall of ${wall.tail - wall.head}`);
  for (let i = n - 1; i > k; i--) {
    const j = k + randomBelow(g, rng, i - k + 1);
    const tmp = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = tmp;
  }
  for (let i = k; i < n; i++) wall.tiles[wall.head + i - k] = pool[i]!;
  finishWorld(dst, rng);
  return dst;
}

/** What every sampled world is given after dealing: walls of its own for a reshuffle after a wash. */
function finishWorld(dst: HandState, rng: Rng): void {
  dst.hidden.chance = streamWalls(rng);
}
