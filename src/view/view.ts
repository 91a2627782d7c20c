/**
 * viewFor(state, seat): the ONLY way hand state reaches an agent (docs/strategies.md, "Writing your own strategy"). A view shows what a player at
 * the table sees: own concealed tiles and drawn tile, every seat's discards (claimed ones marked), melds, flowers and
 * concealed count, the live wall count, winds, scores, the last discard, and the legal actions.
 *
 * Cheap by construction: a view holds four fields and reads the rest from the state on demand; the arrays an agent may
 * read are built on first access and are frozen or fresh copies (mutating them changes nothing). The state is held
 * in an ES private field, which no agent code can reach; a view refuses the table, the hand and the other per-decision
 * fields once its decision is answered, so a view kept for later cannot be used to watch the table.
 */
import type { AgentView, HandGuide, SeatPublic, World } from '../agent/types.js';
import type { Action, Phase } from '../core/action.js';
import type { Seat, Wind } from '../core/seat.js';
import type { Rng } from '../rng/streams.js';
import type { RuleSet } from '../rules/index.js';
import type { Meld, Tile } from '../tiles/index.js';
import { liveCount } from '../wall/wall.js';
import { type HandState, KONG, MAX_DISCARDS, MAX_MELDS, bonusOf, concealedOf, meldsOf } from '../engine/state.js';
import { type DiscardInfo, type SeatHand, type ViewCache, viewCacheOf } from './cache.js';
import { sampleWorldFor } from './world.js';
import { type SeatMark, markChanges } from './changes.js';

/**
 * One decision's view: a small object, new for each decision (a young object: storing the fresh legal list in it
 * needs no write barrier, which a long-lived per-seat view paid at every decision). It holds only the state, the seat,
 * the decision number and the legal list, in private fields; everything else is read from the state through getters
 * while the decision is open (the state does not change while the agent thinks), which costs nothing for an agent that
 * does not look. An agent can neither change what a getter reads (writing `view.seat = 1` throws: no setter) nor reach
 * the state. Once the decision is answered, everything but the seat, the hand-long fields (rules, winds, dealer) and
 * the legal list it was given is refused.
 */
class TableView implements AgentView {
  readonly #s: HandState;
  readonly #cache: ViewCache;
  readonly #seat: Seat;
  readonly #decision: number;
  readonly #legal: readonly Action[];
  #concealed: readonly Tile[] | null = null;
  #table: readonly SeatPublic[] | null = null;

  constructor(s: HandState, seat: Seat, legal: readonly Action[]) {
    this.#s = s;
    this.#cache = viewCacheOf(s);
    this.#seat = seat;
    this.#decision = s.flow.decision;
    this.#legal = legal;
  }

  get seat(): Seat {
    return this.#seat;
  }

  get phase(): Phase {
    return this.#live().flow.phase as Phase;
  }

  get drawn(): Tile | null {
    const s = this.#live();
    return s.flow.phase === 'turn' && s.flow.seat === this.#seat && s.priv.drawn >= 0 ? s.priv.drawn : null;
  }

  get wallCount(): number {
    return liveCount(this.#live().hidden.wall);
  }

  get discardCount(): number {
    return this.#live().pub.discardCount;
  }

  get legal(): readonly Action[] {
    return this.#legal;
  }

  get rules(): RuleSet {
    return this.#hand().rules;
  }

  get limit(): number | null {
    return this.#hand().limit;
  }

  get players(): number {
    return this.#hand().players;
  }

  get seatWind(): Wind {
    return this.#hand().seatWind;
  }

  get dealer(): Seat {
    return this.#hand().dealer;
  }

  get prevailingWind(): Wind | null {
    return this.#hand().prevailingWind;
  }

  #hand(): SeatHand {
    return this.#cache.hand[this.#seat] ?? seatHand(this.#s, this.#cache, this.#seat);
  }

  #live(): HandState {
    if (this.#s.flow.decision !== this.#decision) throw new Error('AgentView used after its decision was answered');
    return this.#s;
  }

  get lastDiscard(): { readonly tile: Tile; readonly by: Seat } | null {
    const pub = this.#live().pub;
    return pub.lastDiscard >= 0 ? LAST_DISCARD[pub.lastDiscardBy * 34 + pub.lastDiscard]! : null;
  }

  get concealed(): readonly Tile[] {
    if (this.#concealed === null) this.#concealed = Object.freeze(concealedOf(this.#live(), this.#seat));
    return this.#concealed;
  }

  concealedCounts(out: Uint8Array): number {
    const hand = this.#live().priv.hand;
    const base = this.#seat * 34;
    let n = 0;
    for (let t = 0; t < 34; t++) {
      const x = hand[base + t]!;
      out[t] = x;
      n += x;
    }
    return n;
  }

  changesSince(mark: SeatMark): SeatMark {
    return markChanges(mark, this.#live(), this.#seat, this.#cache.token);
  }

  meldCount(seat: Seat): number {
    return this.#seatOf(seat, 'meldCount').pub.meldCount[seat]!;
  }

  meldsOf(seat: Seat): readonly Meld[] {
    return publicMelds(this.#seatOf(seat, 'meldsOf'), this.#cache, seat);
  }

  discardsOf(seat: Seat): readonly DiscardInfo[] {
    return discardsOf(this.#seatOf(seat, 'discardsOf'), this.#cache, seat);
  }

  /** The open decision's state, once `seat` is known to be one of its seats. */
  #seatOf(seat: Seat, what: string): HandState {
    const s = this.#live();
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) throw new RangeError(`${what}: no seat ${String(seat)}`);
    return s;
  }

  get table(): readonly SeatPublic[] {
    if (this.#table === null) {
      const s = this.#live();
      const out: SeatPublic[] = [];
      for (let p = 0; p < s.players; p++) out.push(seatPublic(s, this.#cache, p));
      this.#table = Object.freeze(out);
    }
    return this.#table;
  }

  get seen(): Uint8Array {
    return this.#live().pub.seen.slice(); // kept by the engine (pub.seen); a copy is the reader's
  }

  seenCounts(out: Uint8Array): void {
    const seen = this.#live().pub.seen;
    for (let t = 0; t < 34; t++) out[t] = seen[t]!;
  }

  get scores(): readonly number[] {
    return this.#live().pub.scores.slice();
  }

  sampleWorld(rng: Rng, into?: World, guide?: HandGuide): World {
    const s = this.#live();
    if (s.flow.seat !== this.#seat) throw new Error('sampleWorld: only the seat to move may sample a world');
    return sampleWorldFor(s, this.#seat, rng, into, guide, viewFor);
  }

  toJSON(): Record<string, unknown> {
    return {
      seat: this.seat,
      seatWind: this.seatWind,
      dealer: this.dealer,
      prevailingWind: this.prevailingWind,
      phase: this.phase,
      concealed: this.concealed,
      drawn: this.drawn,
      table: this.table,
      seen: Array.from(this.seen),
      wallCount: this.wallCount,
      scores: this.scores,
      lastDiscard: this.lastDiscard,
      discardCount: this.discardCount,
      legal: this.legal,
    };
  }
}

// Frozen: an agent reaching the prototype (Object.getPrototypeOf(view)) cannot wrap a getter and so read the views
// other agents are given at the same table.
Object.freeze(TableView.prototype);
Object.freeze(TableView);

function seatHand(s: HandState, cache: ViewCache, seat: Seat): SeatHand {
  const h: SeatHand = Object.freeze({
    rules: s.rules,
    limit: s.limit,
    players: s.players,
    seatWind: s.pub.seatWind[seat]!,
    dealer: s.pub.dealer,
    prevailingWind: s.rules.prevailingWind ? s.pub.prevailing : null,
  });
  cache.hand[seat] = h;
  return h;
}

/**
 * The last discard as a view shows it, one frozen object per (discarder, tile), made once: a shared object instead of
 * a new one per read (frozen, so an agent cannot change what another decision reads). Discards are never flowers.
 */
const LAST_DISCARD: readonly { readonly tile: Tile; readonly by: Seat }[] = Object.freeze(
  Array.from({ length: 4 * 34 }, (_, i) => Object.freeze({ tile: i % 34, by: Math.floor(i / 34) })),
);

const NO_LEGAL: readonly Action[] = Object.freeze([]);

/**
 * The view `seat` gets of `state` while its decision is open: the legal actions are the state's (a copy: whatever the
 * agent does to it, the engine validates against its own), none for a seat not to move.
 */
export function viewFor(state: HandState, seat: Seat): AgentView {
  const f = state.flow;
  if (f.seat !== seat || f.phase === 'over') return new TableView(state, seat, NO_LEGAL);
  // Copied by a loop, not slice(): in a thread that has loaded a strategy file the standard library is pinned
  // (src/lineup/lockdown.ts), which sends every slice() down V8's generic path, about 1 µs against 0.1 µs for the
  // loop; a view is made at every decision of every seat (docs/performance.md, "A fair table's costs").
  const n = f.n;
  const legal = new Array<Action>(n);
  for (let i = 0; i < n; i++) legal[i] = f.legal[i]!;
  return new TableView(state, seat, legal);
}

/**
 * A seat's public information, deep-frozen and cached in the state while the seat's public version holds, so that
 * agents reading the table every decision do not rebuild unchanged seats. Shared between views: frozen, so no agent
 * can change what another sees. Its discards, melds and flowers are kept separately, keyed by the counts that
 * determine them in a hand: only the last discard can become claimed (a claim takes the last discard), and a meld
 * changes only from pung to kong.
 */
function seatPublic(s: HandState, c: ViewCache, p: Seat): SeatPublic {
  const cached = c.seat[p];
  const pub = s.pub;
  if (cached && c.seatVer[p] === pub.pubVer[p]) return cached;
  const sp: SeatPublic = Object.freeze({
    seatWind: pub.seatWind[p]!,
    discards: discardsOf(s, c, p),
    melds: publicMelds(s, c, p),
    flowers: flowersOf(s, c, p),
    concealedCount: pub.handCount[p]!,
  });
  c.seat[p] = sp;
  c.seatVer[p] = pub.pubVer[p]!;
  return sp;
}

/** A discard as the table shows it, one frozen object per (tile, claimed), made once and shared by every list. */
const DISCARD_INFO: readonly DiscardInfo[] = Object.freeze(
  Array.from({ length: 34 * 2 }, (_, i) => Object.freeze({ tile: i >> 1, claimed: (i & 1) === 1 })),
);

function discardsOf(s: HandState, c: ViewCache, p: Seat): readonly DiscardInfo[] {
  const pub = s.pub;
  const n = pub.discCount[p]!;
  const key = n * 2 + (n > 0 ? pub.discClaimed[p * MAX_DISCARDS + n - 1]! : 0);
  const cached = c.disc[p];
  const was = c.discKey[p]!;
  if (cached && was === key) return cached;
  // Within a hand (keys are reset with every deal) only the last discard changes: a new one is appended, or the last
  // is claimed. So the entries of the list last built that were not its last are still right: copied, not looked at
  // again. Its last may have been claimed since, before a new discard followed it: read again with the new one.
  // (Copied by a loop: slice() of a frozen array takes V8's slow path.)
  const out: DiscardInfo[] = [];
  let from = 0;
  if (cached && was >= 0 && n > 0 && ((was >> 1) === n - 1 || (was >> 1) === n)) {
    from = Math.max(0, (was >> 1) - 1);
    for (let i = 0; i < from; i++) out.push(cached[i]!);
  }
  for (let i = from; i < n; i++) {
    const j = p * MAX_DISCARDS + i;
    out.push(DISCARD_INFO[pub.discTile[j]! * 2 + pub.discClaimed[j]!]!);
  }
  const frozen = Object.freeze(out);
  c.disc[p] = frozen;
  c.discKey[p] = key;
  return frozen;
}

function publicMelds(s: HandState, c: ViewCache, p: Seat): readonly Meld[] {
  const pub = s.pub;
  let kongs = 0;
  for (let i = 0; i < pub.meldCount[p]!; i++) if (pub.meldType[p * MAX_MELDS + i] === KONG) kongs++;
  const key = pub.meldCount[p]! * 8 + kongs;
  const cached = c.melds[p];
  if (cached && c.meldKey[p] === key) return cached;
  const frozen = Object.freeze(meldsOf(s, p).map((m) => Object.freeze(m)));
  c.melds[p] = frozen;
  c.meldKey[p] = key;
  return frozen;
}

function flowersOf(s: HandState, c: ViewCache, p: Seat): readonly Tile[] {
  const key = s.pub.bonusCount[p]!;
  const cached = c.flowers[p];
  if (cached && c.flowerKey[p] === key) return cached;
  const frozen = Object.freeze(bonusOf(s, p));
  c.flowers[p] = frozen;
  c.flowerKey[p] = key;
  return frozen;
}

/** A seat's public information computed from scratch, without any cache: what the caches are tested against. */
export function seatPublicFresh(s: HandState, p: Seat): SeatPublic {
  const pub = s.pub;
  const discards: DiscardInfo[] = [];
  for (let i = 0; i < pub.discCount[p]!; i++) {
    const j = p * MAX_DISCARDS + i;
    discards.push({ tile: pub.discTile[j]!, claimed: pub.discClaimed[j] === 1 });
  }
  return {
    seatWind: pub.seatWind[p]!,
    discards,
    melds: meldsOf(s, p),
    flowers: bonusOf(s, p),
    concealedCount: pub.handCount[p]!,
  };
}
