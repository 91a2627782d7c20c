/**
 * What the `mjlab play` page receives (docs/play.md): the person's seat's view exactly as an agent gets it
 * (src/view viewFor, serialised by its toJSON), the hand's events as a player at the table sees them, and the
 * results of the hands already finished (scores, breakdowns and settlement are shown to all at the end of a hand, as
 * the books score every hand openly). Never another seat's concealed tiles, a tile it draws, or the wall.
 */
import type { Seat } from '../core/seat.js';
import type { HandEvent } from '../record/events.js';
import type { RecordResult } from '../record/record.js';

/** A game-record event as `seat` sees it. */
export type PublicEvent =
  | Exclude<HandEvent, { readonly e: 'deal' | 'draw' | 'loose' }>
  | { readonly e: 'deal'; readonly dealer: number; readonly winds: readonly string[]; readonly wall: number; readonly hand: string }
  | { readonly e: 'draw' | 'loose'; readonly seat: number; readonly wall: number; readonly tile?: string };

/**
 * The event `ev` as `seat` sees it: the deal shows it its own hand only, another seat's draw and loose tile only
 * that it took one; the rest lies open on the table (discards, claims, exposed flowers and kongs; a concealed kong is
 * declared by its tile, docs/rules.md "Own-turn kongs"; a wash shows the hand, Harr II "Washing the tiles"; the
 * Mah-Jongg hand, scores and settlement at the end).
 */
export function publicEvent(ev: HandEvent, seat: Seat): PublicEvent {
  switch (ev.e) {
    case 'deal':
      return { e: 'deal', dealer: ev.dealer, winds: ev.winds, wall: ev.wall, hand: ev.hands[seat] ?? '' };
    case 'draw':
    case 'loose':
      return ev.seat === seat ? ev : { e: ev.e, seat: ev.seat, wall: ev.wall };
    default:
      return ev;
  }
}

/**
 * Where the table stands for the person:
 * - `decide`: the person's decision is open (view.legal lists its answers);
 * - `hand-over`: the hand is over and the game goes on ("next hand");
 * - `game-over`: the game is over and saved ("new game");
 * - `stopped`: an opponent's strategy failed; the game cannot go on ("new game").
 */
export type TableStatus = 'decide' | 'hand-over' | 'game-over' | 'stopped';

/** A finished hand of this game, as everyone at the table saw it scored. */
export interface FinishedHand {
  readonly hand: number;
  readonly dealer: number;
  readonly winds: readonly string[];
  /** The hand's closing events: Mah-Jongg or the drawn hand, every score and the settlement (washes: result.washes). */
  readonly end: readonly PublicEvent[];
  readonly result: RecordResult;
}

export interface SeatMessage {
  readonly status: TableStatus;
  /** Names the moment: an answer must carry it, so an answer to an earlier moment is refused as stale. */
  readonly token: number;
  readonly table: {
    readonly rules: string;
    readonly title: string;
    readonly players: number;
    readonly unit: 'hand' | 'match';
    readonly limit: number | null;
    readonly flowers: boolean;
    readonly seed: number;
    readonly game: number;
    /** The person's physical seat. */
    readonly seat: Seat;
    /** Who sits at each physical seat: a strategy label, or "person". */
    readonly labels: readonly string[];
    /** The coach of the hint (`mjlab play --coach`), or null: no hint at this table. */
    readonly coach: string | null;
  };
  readonly hand: number;
  /** viewFor(state, seat).toJSON(): the person's seat's view (its legal answers while a decision is open). */
  readonly view: Readonly<Record<string, unknown>>;
  /** This hand's events so far, as the seat sees them. */
  readonly events: readonly PublicEvent[];
  /** The game's finished hands (this one too, once over). */
  readonly finished: readonly FinishedHand[];
  /** Each seat's score in the game after the finished hands (the starting score included). */
  readonly scores: readonly number[];
  /** Where the game's record was saved; the commands showing it and comparing the person's play with a strategy. */
  readonly saved: { readonly file: string; readonly watch: string; readonly compare: string } | null;
  /** Why the game stopped, or why the record could not be saved. */
  readonly problem: string | null;
}
