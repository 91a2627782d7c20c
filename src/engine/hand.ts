/**
 * Plays one hand (RULES.md "Common to all" and each rule set's section): deal (East 14), flowers exposed and replaced
 * from the loose end, washing (harr-limit), draw/discard turns, claims on the last discard with their priorities,
 * kongs and loose tiles, robbing the kong, the dead wall and drawn hands. Scoring and settlement are in result.ts.
 *
 * Agents are asked only when they have a choice beyond passing: claims are offered only to seats holding a legal
 * claim, and a seat's legal list is built only when that seat is asked.
 */
import type { Action, Agent, Phase, Seat } from '../agent/types.js';
import { AgentError } from '../errors.js';
import { arrangements } from '../hand/index.js';
import { isWinningHand } from '../scoring/index.js';
import type { HandSpec, Tile } from '../tiles/index.js';
import { FIRST_BONUS, formatHand, formatMeld, isHead, tileCode } from '../tiles/index.js';
import { washPayment } from '../scoring/index.js';
import { drawHead, drawLoose, fillWall, liveCount, setWallOrder } from '../wall/wall.js';
import type { Rng } from '../rng/streams.js';
import type { HandEvent } from '../record/events.js';
import { viewFor } from '../view/view.js';
import {
  ADD_KONG,
  CHOW_FROM,
  CONCEALED_KONG,
  DISCARD,
  KONG_ACTION,
  MAHJONG,
  PASS,
  PUNG_ACTION,
  ROB,
  WASH,
} from './actions.js';
import { seatCouldWinHeld, seatCouldWinWith } from './agari.js';
import { penaltyPayer } from './penalty.js';
import {
  CHOW,
  type HandState,
  KONG,
  MAX_BONUS,
  MAX_DISCARDS,
  MAX_MELDS,
  PUNG,
  addMeld,
  addTiles,
  removeTiles,
  bonusOf,
  concealedOf,
  meldsOf,
  nextSeat,
  resetHand,
} from './state.js';
import type { WashResult, WinKind } from './types.js';

/** Safety cap on reshuffles within one hand (a strategy that always washes must not loop for ever). */
export const MAX_WASHES = 20;

export interface HandEnd {
  readonly winner: Seat | null;
  readonly winBy: WinKind;
  readonly discarder: Seat | null;
  /** The winning tile (-1 for a drawn hand). */
  readonly winTile: Tile;
  readonly lastTile: boolean;
  /** The other three of the winning tile were visible on the table (code500 "on the last possible tile"). */
  readonly lastOfKind: boolean;
  readonly firstTurn: boolean;
  readonly penaltyPayer: Seat | null;
  readonly washes: readonly WashResult[];
}

export interface HandRun {
  readonly state: HandState;
  readonly agents: readonly Agent[];
  /** Strategy label at each seat (error messages). */
  readonly labels: readonly string[];
  /** Message tail for agent errors: seed, game and the replay command (built only when needed). */
  readonly where: () => string;
  /** Wall stream for reshuffle W (W = 0: the first deal). */
  readonly wallRng: (reshuffle: number) => Rng;
  /** Tests: constructed wall orders, one per deal; used instead of wallRng while available. */
  readonly wallOrders?: readonly (readonly number[])[];
  readonly events: HandEvent[] | null;
  /**
   * Debug hook called after every event (tests: tile conservation). `inTurn` is the seat holding 3n+2 tiles, null
   * when every seat holds 3n+1, -1 while a seat waits for a loose tile (hand sizes not checkable).
   */
  readonly check?: (s: HandState, inTurn: Seat | null) => void;
  readonly seed: number;
  readonly game: number;
}

/** Longest legal list: 14 discards, 3 concealed and 4 added kongs, Mah-Jongg (turn); 7 in a claim. */
const MAX_LEGAL = 32;

/**
 * A hand in progress: the run plus the engine's scratch. A class with every field always present, so the hot loop
 * sees one object shape (an object spread of the run, with its optional fields, gave several shapes).
 */
class Ctx {
  readonly state: HandState;
  readonly agents: readonly Agent[];
  readonly labels: readonly string[];
  readonly where: () => string;
  readonly wallRng: (reshuffle: number) => Rng;
  readonly wallOrders: readonly (readonly number[])[] | undefined;
  readonly events: HandEvent[] | null;
  readonly check: ((s: HandState, inTurn: Seat | null) => void) | undefined;
  readonly seed: number;
  readonly game: number;
  /** The seat whose turn it is (holds 3n+2 tiles), for the check hook. */
  turnSeat: Seat | null = null;
  /**
   * The legal actions of the decision being built, in legal[0 .. n). Engine-private and reused: the agent gets a
   * copy (ask), so whatever it does to its copy, the answer is validated against this one. A copy costs less than
   * freezing a fresh list (freezing moves arrays to a slower elements kind on every path that reads them).
   */
  readonly legal: Action[] = new Array<Action>(MAX_LEGAL).fill(PASS);
  n = 0;
  /** Per seat, flowers dealt and not yet replaced (deal). */
  readonly pending: number[] = [0, 0, 0, 0];

  constructor(run: HandRun) {
    this.state = run.state;
    this.agents = run.agents;
    this.labels = run.labels;
    this.where = run.where;
    this.wallRng = run.wallRng;
    this.wallOrders = run.wallOrders;
    this.events = run.events;
    this.check = run.check;
    this.seed = run.seed;
    this.game = run.game;
  }
}

function push(c: Ctx, a: Action): void {
  c.legal[c.n++] = a;
}

function legalHas(c: Ctx, a: Action): boolean {
  for (let i = 0; i < c.n; i++) if (c.legal[i] === a) return true;
  return false;
}

/** Ask `seat` to choose among c.legal[0 .. c.n). */
function ask(c: Ctx, seat: Seat, phase: Phase): Action {
  const s = c.state;
  const legal = c.legal;
  const n = c.n;
  s.phase = phase;
  s.decision++;
  let a: Action;
  try {
    a = c.agents[seat]!.act(viewFor(s, seat, legal.slice(0, n)));
  } catch (e) {
    s.decision++;
    throw new AgentError(
      `strategy "${c.labels[seat]}" at seat ${seat} threw: ${(e as Error)?.message ?? String(e)} (${c.where()})`,
      c.labels[seat]!,
      c.seed,
      c.game,
    );
  }
  s.decision++;
  for (let i = 0; i < n; i++) if (legal[i] === a) return a; // the usual case: one of the canonical objects
  const t = (a as { type?: unknown } | null)?.type;
  const tile = (a as { tile?: unknown } | null)?.tile;
  for (let i = 0; i < n; i++) {
    const l = legal[i]!;
    if (l.type === t && (l as { tile?: number }).tile === tile) return l;
  }
  let shown: string;
  try {
    shown = JSON.stringify(a) ?? String(a);
  } catch {
    shown = String(a);
  }
  throw new AgentError(
    `strategy "${c.labels[seat]}" at seat ${seat} returned an illegal action ${shown} in phase ${phase} (${c.where()})`,
    c.labels[seat]!,
    c.seed,
    c.game,
  );
}

/** After every event: the test hook (never set on the fast path). Events themselves are pushed only when recording. */
function tick(c: Ctx): void {
  if (c.check) c.check(c.state, c.turnSeat);
}

function handSpec(s: HandState, seat: Seat, winning: Tile | null, extra: Tile): HandSpec {
  const concealed = concealedOf(s, seat);
  if (extra >= 0) concealed.push(extra);
  if (winning !== null) {
    const i = concealed.indexOf(winning);
    if (i >= 0) concealed.splice(i, 1);
  }
  return { concealed, melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning };
}

function handText(s: HandState, seat: Seat): string {
  return formatHand({ concealed: concealedOf(s, seat), melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning: null });
}

/** Would `seat` be complete with `extra` added (-1: as held)? Cheap prefilter, then the scorer's verdict. */
function wins(s: HandState, seat: Seat, extra: Tile): boolean {
  if (!(extra < 0 ? seatCouldWinHeld(s, seat) : seatCouldWinWith(s, seat, extra))) return false;
  const winning = extra >= 0 ? extra : s.drawn >= 0 ? s.drawn : lastConcealed(s, seat);
  return isWinningHand(s.rules, handSpec(s, seat, winning, extra));
}

/** wins() for a discard or robbed tile: the seat's cached win mask rules most seats out first. */
function winsWith(s: HandState, seat: Seat, tile: Tile): boolean {
  if (!seatCouldWinWith(s, seat, tile)) return false;
  return isWinningHand(s.rules, handSpec(s, seat, tile, tile));
}

function lastConcealed(s: HandState, seat: Seat): Tile {
  for (let t = 33; t >= 0; t--) if (s.hand[seat * 34 + t]! > 0) return t;
  return 0;
}

/** RULES.md Claims, Reading: in harr / harr-limit an out-of-turn Mah-Jongg must complete a pung or the pair. */
function completesPungOrPair(s: HandState, seat: Seat, tile: Tile): boolean {
  const counts = s.hand.slice(seat * 34, seat * 34 + 34);
  counts[tile]!++;
  const arr = arrangements(counts);
  if (arr.length === 0) return true; // a special (non-standard) hand: the tile completes its pair or its shape
  return arr.some((a) => a.pair === tile || a.sets.some((x) => x.type === 'pung' && x.tile === tile));
}

function addTile(s: HandState, seat: Seat, t: Tile): void {
  addTiles(s, seat, t, 1);
}

function exposeBonus(c: Ctx, seat: Seat, t: Tile): void {
  const s = c.state;
  s.bonus[seat * MAX_BONUS + s.bonusCount[seat]!] = t;
  s.bonusCount[seat]!++;
  s.pubVer[seat]!++;
  c.turnSeat = -1;
  if (c.events !== null) c.events.push({ e: 'flower', seat, tile: tileCode(t) });
  tick(c);
}

/** Draw loose tiles until one is not a flower; -1 when none may be drawn (RULES.md: dead wall per rule set). */
function drawLooseFor(c: Ctx, seat: Seat, turnAfter: Seat): Tile {
  const s = c.state;
  for (;;) {
    if (liveCount(s.wall) === 0) return -1;
    const t = drawLoose(s.wall);
    if (t >= FIRST_BONUS) {
      exposeBonus(c, seat, t);
      continue;
    }
    addTile(s, seat, t);
    s.drawn = t;
    c.turnSeat = turnAfter;
    if (c.events !== null) c.events.push({ e: 'loose', seat, tile: tileCode(t), wall: liveCount(s.wall) });
    tick(c);
    return t;
  }
}

/** A turn's draw from the wall; a flower is exposed and replaced from the loose end. Returns whether loose. */
function drawFor(c: Ctx, seat: Seat): 'wall' | 'loose' | null {
  const s = c.state;
  if (liveCount(s.wall) === 0) return null;
  const t = drawHead(s.wall);
  if (t >= FIRST_BONUS) {
    exposeBonus(c, seat, t);
    return drawLooseFor(c, seat, seat) < 0 ? null : 'loose';
  }
  addTile(s, seat, t);
  s.drawn = t;
  if (c.events !== null) c.events.push({ e: 'draw', seat, tile: tileCode(t), wall: liveCount(s.wall) });
  tick(c);
  return 'wall';
}

function deal(c: Ctx): void {
  const s = c.state;
  c.turnSeat = -1;
  const pending = c.pending.fill(0);
  for (let k = 0; k < s.players; k++) {
    const seat = (s.dealer + k) % s.players;
    const n = seat === s.dealer ? 14 : 13;
    for (let i = 0; i < n; i++) {
      const t = drawHead(s.wall);
      if (t >= FIRST_BONUS) {
        s.bonus[seat * MAX_BONUS + s.bonusCount[seat]!] = t;
        s.bonusCount[seat]!++;
        s.pubVer[seat]!++;
        pending[seat]!++;
      } else addTile(s, seat, t);
    }
  }
  const winds = 'ESWN';
  if (c.events !== null) c.events.push({
    e: 'deal',
    dealer: s.dealer,
    winds: Array.from(s.seatWind, (w) => winds[w]!),
    hands: Array.from({ length: s.players }, (_, p) => handText(s, p)),
    wall: liveCount(s.wall),
  });
  tick(c);
  // Flowers in the deal are exposed and replaced from the loose end, East first (RULES.md "A turn").
  for (let k = 0; k < s.players; k++) {
    const seat = (s.dealer + k) % s.players;
    for (let i = 0; i < pending[seat]!; i++) {
      const b = s.bonus[seat * MAX_BONUS + i]!;
      if (c.events !== null) c.events.push({ e: 'flower', seat, tile: tileCode(b) });
      tick(c);
    }
    for (let i = 0; i < pending[seat]!; i++) drawLooseFor(c, seat, -1);
  }
  s.drawn = -1;
  c.turnSeat = s.dealer;
}

function distinctHeads(s: HandState, seat: Seat): number {
  let n = 0;
  for (let t = 0; t < 34; t++) if (s.hand[seat * 34 + t]! > 0 && isHead(t)) n++;
  return n;
}

/**
 * harr-limit washing (RULES.md "Washing the tiles"): asked of each seat, East first, whose original hand holds 9+
 * different heads. East's heavenly hand takes precedence: no seat may wash when East's dealt fourteen are complete.
 */
function washPhase(c: Ctx): WashResult | null {
  const s = c.state;
  if (wins(s, s.dealer, -1)) return null;
  for (let k = 0; k < s.players; k++) {
    const seat = (s.dealer + k) % s.players;
    const heads = distinctHeads(s, seat);
    if (heads < 9) continue;
    c.n = 0;
    push(c, PASS);
    push(c, WASH);
    const a = ask(c, seat, 'wash');
    if (a.type === 'wash') {
      const payment = washPayment(heads); // RULES.md: 9 → 50, 10 → 70, 11 → 100, 12 → 150, 13 → 200
      if (c.events !== null) c.events.push({ e: 'wash', seat, heads, payment, hand: handText(s, seat) });
      tick(c);
      return { seat, heads, payment };
    }
  }
  return null;
}

/**
 * Own-turn kongs. Babcock: "Not straight after a pung or chow", "and not once the live wall is exhausted". The second
 * applies to every rule set here (**Reading**): a kong must be followed by a loose tile, and RULES.md allows none
 * once the live wall is exhausted (harr: the loose tiles are the last of the wall; harr-limit: "no loose tile is drawn
 * once only 14 remain"). Claimed kongs likewise need a live wall.
 */
function kongAllowed(s: HandState): boolean {
  return liveCount(s.wall) > 0 && !(s.rules.noKongAfterClaim && s.afterClaim);
}

/** The own-turn legal actions of `seat`, into c.legal. */
function turnLegal(c: Ctx, seat: Seat): void {
  const s = c.state;
  const base = seat * 34;
  const legal = c.legal;
  let n = 0;
  if (!s.afterClaim && wins(s, seat, -1)) legal[n++] = MAHJONG;
  const kongs = kongAllowed(s);
  // Concealed kongs are looked for only when the seat holds a kind four times (state.fours).
  const fours = kongs && s.fours[seat]! > 0;
  for (let w = 0; w < 2; w++) {
    // The kinds held, lowest first (state.held): the same list, in the same order, as a scan of all 34 kinds.
    const off = 17 * w;
    for (let m = s.held[seat * 2 + w]!; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m) + off;
      if (fours && s.hand[base + t] === 4) legal[n++] = CONCEALED_KONG[t]!;
      legal[n++] = DISCARD[t]!;
    }
  }
  if (kongs) {
    for (let i = 0; i < s.meldCount[seat]!; i++) {
      const j = seat * MAX_MELDS + i;
      if (s.meldType[j] === PUNG && s.hand[base + s.meldTile[j]!]! > 0) legal[n++] = ADD_KONG[s.meldTile[j]!]!;
    }
  }
  c.n = n;
}

/**
 * Legal claims of `seat` on `tile` discarded by `from`, into c.legal; false when only passing is possible. `next`:
 * the seat is next in turn after the discarder (chow, out-of-turn Mah-Jongg); `live`: the live wall count.
 */
function claimLegal(c: Ctx, seat: Seat, tile: Tile, next: boolean, live: number): boolean {
  const s = c.state;
  const base = seat * 34;
  const have = s.hand[base + tile]!;
  c.n = 1;
  c.legal[0] = PASS;
  if (winsWith(s, seat, tile) && (s.rules.outOfTurnMahjong === 'any' || next || completesPungOrPair(s, seat, tile))) {
    push(c, MAHJONG);
  }
  if (s.rules.lastDiscardMahjongOnly && live === 0) return c.n > 1; // code500: the last discard only for Mah-Jongg
  if (have >= 2) push(c, PUNG_ACTION);
  // A claimed kong takes three concealed; never onto an exposed pung (Harr, "four of a kind").
  if (have >= 3 && live > 0) push(c, KONG_ACTION);
  if (next) {
    // Runs through the tile, lowest first: (t-2, t-1, t), (t-1, t, t+1), (t, t+1, t+2).
    const runs = chowRuns(s, seat, tile);
    for (let k = 0; k < 3; k++) if ((runs & (1 << k)) !== 0) push(c, CHOW_FROM[tile - 2 + k]!);
  }
  return c.n > 1;
}

/**
 * The runs through `tile` the seat holds the other two tiles of, within the suit: bit k for the run whose lowest
 * tile is tile - 2 + k (0 for an honour).
 */
function chowRuns(s: HandState, seat: Seat, tile: Tile): number {
  if (tile >= 27) return 0;
  const r = tile % 9;
  const h = s.hand;
  const j = seat * 34 + tile;
  return (
    (r >= 2 && h[j - 2] !== 0 && h[j - 1] !== 0 ? 1 : 0) |
    (r >= 1 && r <= 7 && h[j - 1] !== 0 && h[j + 1] !== 0 ? 2 : 0) |
    (r <= 6 && h[j + 1] !== 0 && h[j + 2] !== 0 ? 4 : 0)
  );
}

const CLAIM_RANK: Readonly<Record<string, number>> = { mahjong: 3, pung: 2, kong: 2, chow: 1, pass: 0 };

/** Ask the seats with a legal claim, nearest in turn after the discarder first (RULES.md Claims: priorities). */
function claimPhase(c: Ctx, from: Seat, tile: Tile): { seat: Seat; action: Action } | null {
  const s = c.state;
  let best: { seat: Seat; action: Action } | null = null;
  const p = s.players;
  const next = from + 1 === p ? 0 : from + 1;
  const live = liveCount(s.wall);
  for (let q = next; q !== from; q = q + 1 === p ? 0 : q + 1) {
    // Skip, without building its list, a seat holding fewer than two of the tile, with no chow on it (the next seat
    // only) and that the prefilter (its cached win mask first) says cannot win with it.
    if (s.hand[q * 34 + tile]! < 2 && (q !== next || chowRuns(s, q, tile) === 0) && !seatCouldWinWith(s, q, tile)) continue;
    if (!claimLegal(c, q, tile, q === next, live)) continue;
    // Only Mah-Jongg beats a pung or kong already claimed; pung/kong is unique (three copies left), chow is next only.
    if (best !== null && CLAIM_RANK[best.action.type]! >= 2 && !legalHas(c, MAHJONG)) continue;
    const a = ask(c, q, 'claim');
    if (a.type === 'mahjong') return { seat: q, action: a }; // nearest Mah-Jongg claimant wins
    if (a.type !== 'pass' && (best === null || CLAIM_RANK[a.type]! > CLAIM_RANK[best.action.type]!)) {
      best = { seat: q, action: a };
    }
  }
  return best;
}

/**
 * Robbing the kong (RULES.md "Own-turn kongs": "another player who needs that very tile may take it to win"): the
 * nearest seat that wins with the added tile may take it. **Reading:** harr's out-of-turn restriction (pung or pair
 * only) is not applied to robbing: the tile cannot complete a pung (three are in the kong) and RULES.md states
 * robbing without it.
 */
function robPhase(c: Ctx, from: Seat, tile: Tile): Seat | null {
  const s = c.state;
  const saved = [s.lastDiscard, s.lastDiscardBy] as const;
  s.lastDiscard = tile;
  s.lastDiscardBy = from;
  try {
    for (let q = nextSeat(s, from); q !== from; q = nextSeat(s, q)) {
      if (!wins(s, q, tile)) continue;
      c.n = 0;
      push(c, PASS);
      push(c, ROB);
      if (ask(c, q, 'rob').type === 'rob') return q;
    }
  } finally {
    s.lastDiscard = saved[0];
    s.lastDiscardBy = saved[1];
  }
  return null;
}

function markClaimed(s: HandState, from: Seat): void {
  const j = from * MAX_DISCARDS + s.discCount[from]! - 1;
  s.discClaimed[j] = 1;
  s.seen[s.discTile[j]!]!--; // the tile is counted in its meld (or the winner's hand) now
  s.pubVer[from]!++;
}

/**
 * Play one hand on `run.state` (already reset by the caller's dealer / prevailing wind): deals, washes (re-dealing from
 * the next reshuffle stream) and plays until a win or a drawn hand.
 */
export function playHand(run: HandRun): HandEnd {
  const c = new Ctx(run);
  const s = c.state;
  const washes: WashResult[] = [];
  const dealer = s.dealer;
  const prevailing = s.prevailing;
  for (let w = 0; ; w++) {
    resetHand(s, dealer, prevailing);
    const order = run.wallOrders?.[w];
    if (order !== undefined) setWallOrder(s.wall, order);
    else fillWall(s.wall, run.wallRng(w));
    c.turnSeat = s.dealer;
    deal(c);
    if (!s.rules.washing || w >= MAX_WASHES) break;
    const washed = washPhase(c);
    if (washed === null) break;
    washes.push(washed);
  }
  return playTurns(c, washes);
}

function end(
  c: Ctx,
  washes: WashResult[],
  winner: Seat | null,
  winBy: WinKind,
  discarder: Seat | null,
  winTile: Tile,
  lastTile: boolean,
  firstTurn: boolean,
  payer: Seat | null,
  lastOfKind = false,
): HandEnd {
  const s = c.state;
  if (winner === null) c.turnSeat = null;
  if (winner === null) if (c.events !== null) c.events.push({ e: 'exhausted', wall: liveCount(s.wall) });
  tick(c);
  return { winner, winBy, discarder, winTile, lastTile, lastOfKind, firstTurn, penaltyPayer: payer, washes };
}

/**
 * Copies of `t` a player at the table can see: every seat's discards still lying (a claimed one is counted in its
 * meld) and every seat's melds, declared concealed kongs included. code500 scores "Mah-Jongg on the last possible
 * tile (the only tile that completes the hand, the other three already visible)" (RULES.md code500); the scorer
 * checks "the only tile". **Reading:** tiles in the winner's own concealed hand are not "visible"; when robbing a
 * kong the other three lie in the exposed pung, so they are.
 */
function visibleCopies(s: HandState, t: Tile): number {
  return s.seen[t]!; // kept by the discard, claim and meld steps (state.seen)
}

function playTurns(c: Ctx, washes: WashResult[]): HandEnd {
  const s = c.state;
  let seat = s.dealer;
  let source: 'deal' | 'wall' | 'loose' | 'claim' = 'deal';
  for (;;) {
    // --- own turn: the seat holds 3n+2 tiles (after the deal, a draw, a loose tile or a claim) ---
    c.turnSeat = seat;
    for (;;) {
      turnLegal(c, seat);
      const a = ask(c, seat, 'turn');
      if (a.type === 'mahjong') {
        const winTile = s.drawn >= 0 ? s.drawn : lastConcealed(s, seat);
        const original = source === 'deal' && seat === s.dealer;
        const firstTurn =
          original ||
          (seat !== s.dealer &&
            s.rules.firstTurnUntilOwnTurn &&
            s.turnsBySeat[seat] === 0 &&
            s.claimCount === 0 &&
            s.meldCount[seat] === 0);
        const by = source === 'loose' ? 'loose-tile' : 'self-draw';
        const lastTile = source !== 'deal' && liveCount(s.wall) === 0;
        if (c.events !== null) c.events.push({ e: 'mahjong', seat, by, tile: tileCode(winTile), from: null, hand: handText(s, seat) });
        tick(c);
        return end(c, washes, seat, by, null, winTile, lastTile, firstTurn, null, visibleCopies(s, winTile) === 3);
      }
      if (a.type === 'concealed-kong') {
        const t = a.tile;
        removeTiles(s, seat, t, 4);
        addMeld(s, seat, KONG, t, true);
        c.turnSeat = -1;
        if (c.events !== null) c.events.push({ e: 'kong', seat, type: 'concealed', tile: tileCode(t) });
        tick(c);
        if (drawLooseFor(c, seat, seat) < 0) return end(c, washes, null, 'none', null, -1, false, false, null);
        source = 'loose';
        continue;
      }
      if (a.type === 'add-kong') {
        const t = a.tile;
        const robber = robPhase(c, seat, t);
        if (robber !== null) {
          const lastOfKind = visibleCopies(s, t) === 3; // the exposed pung being added to
          removeTiles(s, seat, t, 1);
          addTile(s, robber, t);
          c.turnSeat = robber;
          if (c.events !== null) c.events.push({ e: 'mahjong', seat: robber, by: 'robbing-kong', tile: tileCode(t), from: seat, hand: handText(s, robber) });
          tick(c);
          return end(c, washes, robber, 'robbing-kong', seat, t, false, false, null, lastOfKind);
        }
        removeTiles(s, seat, t, 1);
        for (let i = 0; i < s.meldCount[seat]!; i++) {
          const j = seat * MAX_MELDS + i;
          if (s.meldType[j] === PUNG && s.meldTile[j] === t) s.meldType[j] = KONG;
        }
        s.seen[t]!++;
        s.pubVer[seat]!++;
        c.turnSeat = -1;
        if (c.events !== null) c.events.push({ e: 'kong', seat, type: 'add', tile: tileCode(t) });
        tick(c);
        if (drawLooseFor(c, seat, seat) < 0) return end(c, washes, null, 'none', null, -1, false, false, null);
        source = 'loose';
        continue;
      }
      // discard
      const t = (a as { tile: Tile }).tile;
      removeTiles(s, seat, t, 1);
      s.discTile[seat * MAX_DISCARDS + s.discCount[seat]!] = t;
      s.discClaimed[seat * MAX_DISCARDS + s.discCount[seat]!] = 0;
      s.discCount[seat]!++;
      s.seen[t]!++;
      s.pubVer[seat]!++;
      s.discardCount++;
      s.turnsBySeat[seat]!++;
      s.lastDiscard = t;
      s.lastDiscardBy = seat;
      s.drawn = -1;
      s.afterClaim = false;
      c.turnSeat = null;
      if (c.events !== null) c.events.push({ e: 'discard', seat, tile: tileCode(t) });
      tick(c);
      break;
    }
    // --- claims on the discard ---
    const from = seat;
    const tile = s.lastDiscard;
    const claim = claimPhase(c, from, tile);
    if (claim !== null) {
      const q = claim.seat;
      const a = claim.action;
      if (a.type === 'mahjong') {
        const firstTurn =
          s.claimCount === 0 &&
          (s.discardCount === 1 ||
            (s.rules.firstTurnUntilOwnTurn && s.turnsBySeat[q] === 0 && s.meldCount[q] === 0));
        const payer = s.rules.discarderPaysAll ? penaltyPayer(s, q, from, tile) : null;
        const lastOfKind = visibleCopies(s, tile) - 1 === 3; // not counting the winning discard itself
        markClaimed(s, from);
        addTile(s, q, tile);
        c.turnSeat = q;
        if (c.events !== null) c.events.push({ e: 'mahjong', seat: q, by: 'discard', tile: tileCode(tile), from, hand: handText(s, q) });
        tick(c);
        return end(c, washes, q, 'discard', from, tile, false, firstTurn, payer, lastOfKind);
      }
      markClaimed(s, from);
      s.claimCount++;
      s.drawn = -1;
      seat = q;
      c.turnSeat = q;
      if (a.type === 'chow') {
        const low = a.tile;
        for (let k = low; k < low + 3; k++) if (k !== tile) removeTiles(s, q, k, 1);
        addMeld(s, q, CHOW, low, false);
        s.afterClaim = true;
        source = 'claim';
        if (c.events !== null) c.events.push({ e: 'claim', seat: q, type: 'chow', tile: tileCode(tile), from, meld: formatMeld({ type: 'chow', tile: low, concealed: false }) });
        tick(c);
      } else if (a.type === 'pung') {
        removeTiles(s, q, tile, 2);
        addMeld(s, q, PUNG, tile, false);
        s.afterClaim = true;
        source = 'claim';
        if (c.events !== null) c.events.push({ e: 'claim', seat: q, type: 'pung', tile: tileCode(tile), from, meld: formatMeld({ type: 'pung', tile, concealed: false }) });
        tick(c);
      } else {
        removeTiles(s, q, tile, 3);
        addMeld(s, q, KONG, tile, false);
        s.afterClaim = false;
        c.turnSeat = -1;
        if (c.events !== null) c.events.push({ e: 'claim', seat: q, type: 'kong', tile: tileCode(tile), from, meld: formatMeld({ type: 'kong', tile, concealed: false }) });
        tick(c);
        if (drawLooseFor(c, q, q) < 0) return end(c, washes, null, 'none', null, -1, false, false, null);
        source = 'loose';
      }
      continue;
    }
    // --- nobody claimed: the next player draws ---
    seat = nextSeat(s, from);
    c.turnSeat = seat;
    const drawn = drawFor(c, seat);
    if (drawn === null) {
      c.turnSeat = null;
      return end(c, washes, null, 'none', null, -1, false, false, null);
    }
    source = drawn;
  }
}
