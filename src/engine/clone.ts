/**
 * Copies of a hand (README.md, "The engine as a state machine"): `cloneInto` copies a state into another of the same table shape, allocated
 * once (a search copies a state thousands of times per decision); `cloneState` makes a fresh one. A copy continues
 * exactly as the original would (test/engine/machine.test.ts). Its observer is its own (none, unless set), and its
 * view caches are its own: the copy's generation moves on, so src/view rebuilds what a view of it reads.
 */
import { type HandState, createHandState } from './state.js';

export function cloneInto(dst: HandState, src: HandState): HandState {
  if (dst.players !== src.players || dst.flowers !== src.flowers || dst.rules.id !== src.rules.id) {
    throw new Error('cloneInto: the states are of different tables');
  }
  dst.slab8.set(src.slab8);
  dst.slab16.set(src.slab16);
  dst.slab32.set(src.slab32);
  const dw = dst.hidden.wall;
  const sw = src.hidden.wall;
  dw.tiles.set(sw.tiles);
  dw.head = sw.head;
  dw.tail = sw.tail;
  dst.hidden.chance = src.hidden.chance;
  dst.priv.drawn = src.priv.drawn;
  const dp = dst.pub;
  const sp = src.pub;
  dp.dealer = sp.dealer;
  dp.prevailing = sp.prevailing;
  for (let i = 0; i < src.players; i++) dp.scores[i] = sp.scores[i]!;
  dp.lastDiscard = sp.lastDiscard;
  dp.lastDiscardBy = sp.lastDiscardBy;
  dp.discardCount = sp.discardCount;
  dp.claimCount = sp.claimCount;
  dp.afterClaim = sp.afterClaim;
  const df = dst.flow;
  const sf = src.flow;
  df.phase = sf.phase;
  df.seat = sf.seat;
  df.source = sf.source;
  for (let i = 0; i < sf.n; i++) df.legal[i] = sf.legal[i]!;
  df.n = sf.n;
  df.decision = sf.decision;
  Object.assign(df.claim, sf.claim);
  Object.assign(df.rob, sf.rob);
  const dwash = df.wash;
  const swash = sf.wash;
  dwash.reshuffle = swash.reshuffle;
  dwash.k = swash.k;
  dwash.heads = swash.heads;
  dwash.washes = swash.washes.slice();
  df.inTurn = sf.inTurn;
  for (let i = 0; i < src.players; i++) df.pending[i] = sf.pending[i]!;
  df.end = sf.end;
  dst.generation++;
  return dst;
}

export function cloneState(src: HandState): HandState {
  return cloneInto(createHandState(src.rules, src.limit, src.flowers, src.players), src);
}
