/**
 * Writes one hand's record as it is played (docs/notation.md, "Game records"): the events in tile notation
 * (docs/notation.md) as a reader follows the hand, each deal's wall order, and every decision applied (passes
 * included), so that the record alone re-executes the hand (src/game/replay.ts). It is the engine's observer
 * (src/engine/observer.ts) while recording; the fast path has none.
 */
import type { Action } from '../core/action.js';
import { windLetter } from '../core/seat.js';
import type { ClaimType, HandObserver } from '../engine/observer.js';
import { type HandState, bonusOf, concealedOf, meldsOf } from '../engine/state.js';
import type { HandResult } from '../engine/types.js';
import { washEast } from '../scoring/index.js';
import { formatHand, formatMeld, tileCode } from '../tiles/index.js';
import { liveCount } from '../wall/wall.js';
import { actionText } from './actions.js';
import type { HandEvent } from './events.js';

function handText(s: HandState, seat: number): string {
  return formatHand({ concealed: concealedOf(s, seat), melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning: null });
}

export class HandRecorder implements HandObserver {
  readonly events: HandEvent[] = [];
  /** Each deal's wall order in notation, head first (a wash deals again). */
  readonly walls: string[] = [];
  /** Every decision applied, in order: "SEAT ACTION" (docs/notation.md "Game records"). */
  readonly actions: string[] = [];

  deal(s: HandState): void {
    this.walls.push(Array.from(s.hidden.wall.tiles, tileCode).join(' '));
    this.events.push({
      e: 'deal',
      dealer: s.pub.dealer,
      winds: Array.from(s.pub.seatWind, (w) => windLetter(w)!),
      hands: Array.from({ length: s.players }, (_, p) => handText(s, p)),
      wall: liveCount(s.hidden.wall),
    });
  }

  flower(_s: HandState, seat: number, tile: number): void {
    this.events.push({ e: 'flower', seat, tile: tileCode(tile) });
  }

  draw(s: HandState, seat: number, tile: number): void {
    this.events.push({ e: 'draw', seat, tile: tileCode(tile), wall: liveCount(s.hidden.wall) });
  }

  loose(s: HandState, seat: number, tile: number): void {
    this.events.push({ e: 'loose', seat, tile: tileCode(tile), wall: liveCount(s.hidden.wall) });
  }

  discard(_s: HandState, seat: number, tile: number): void {
    this.events.push({ e: 'discard', seat, tile: tileCode(tile) });
  }

  claim(_s: HandState, seat: number, type: ClaimType, tile: number, from: number, low: number): void {
    const meld = formatMeld({ type, tile: type === 'chow' ? low : tile, concealed: false });
    this.events.push({ e: 'claim', seat, type, tile: tileCode(tile), from, meld });
  }

  kong(_s: HandState, seat: number, type: 'concealed' | 'add', tile: number): void {
    this.events.push({ e: 'kong', seat, type, tile: tileCode(tile) });
  }

  wash(s: HandState, seat: number, heads: number, payment: number): void {
    const east = washEast(s.rules, payment, s.pub.dealer);
    this.events.push({ e: 'wash', seat, heads, payment, ...(east ? { east } : {}), hand: handText(s, seat) });
  }

  mahjong(s: HandState, seat: number, by: string, tile: number, from: number | null): void {
    this.events.push({ e: 'mahjong', seat, by, tile: tileCode(tile), from, hand: handText(s, seat) });
  }

  exhausted(s: HandState): void {
    this.events.push({ e: 'exhausted', wall: liveCount(s.hidden.wall) });
  }

  action(_s: HandState, seat: number, a: Action): void {
    this.actions.push(`${seat} ${actionText(a)}`);
  }

  /** The hand's scores (each scored seat's hand and book lines) and settlement, from its detailed result. */
  scored(r: HandResult): void {
    const lines = r.lines ?? [];
    const hands = r.scoredHands ?? [];
    for (let seat = 0; seat < r.scores.length; seat++) {
      const hand = hands[seat];
      if (hand === null || hand === undefined) continue;
      this.events.push({ e: 'score', seat, hand, score: r.scores[seat]!, lines: (lines[seat] ?? []).map((l) => ({ ...l })) });
    }
    this.events.push({ e: 'settle', nets: r.nets.slice(), payer: r.penaltyPayer });
  }
}
