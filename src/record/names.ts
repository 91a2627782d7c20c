/**
 * How every tool names a seat and the event a decision answers (docs/replay.md, "A review"): `mjlab replay`, `mjlab review`,
 * the replay viewer and the play page alike. A seat by its wind (docs/rules.md "Players"), a record's seat by the wind
 * it held in the first hand (as `--seat` takes it); an event in words from the deciding seat's view (the deal shows
 * it its own hand only: "the deal"; another seat's draw carries no tile).
 */
import { SEAT_WINDS } from '../engine/state.js';
import type { HandEvent } from './events.js';

const WINDS = 'ESWN';

/** The wind `seat` held in the first hand of a record whose first dealer is `firstDealer`. */
export function firstWind(players: number, firstDealer: number, seat: number): string {
  const winds = SEAT_WINDS[players]!;
  return WINDS[winds[(seat - firstDealer + players) % players]!]!;
}

/** The event a decision answers, in words; `w` names a seat by its wind. */
export function answered(
  ev: Exclude<HandEvent, { readonly e: 'deal' }> | { readonly e: 'deal' } | { readonly e: 'draw' | 'loose'; readonly seat: number; readonly tile?: string } | undefined,
  w: (seat: number) => string,
): string {
  if (ev === undefined) return 'the start';
  switch (ev.e) {
    case 'deal':
      return 'the deal';
    case 'draw':
      return ev.tile === undefined ? `${w(ev.seat)} draws` : `${w(ev.seat)} draws ${ev.tile}`;
    case 'loose':
      return ev.tile === undefined ? `${w(ev.seat)} takes a loose tile` : `${w(ev.seat)} takes loose tile ${ev.tile}`;
    case 'flower':
      return `${w(ev.seat)} exposes ${ev.tile}`;
    case 'discard':
      return `${w(ev.seat)} discards ${ev.tile}`;
    case 'claim':
      return `${w(ev.seat)} ${ev.type}s ${ev.tile} from ${w(ev.from)}`;
    case 'kong':
      return `${w(ev.seat)} declares a ${ev.type === 'concealed' ? 'concealed kong' : 'kong'} of ${ev.tile}`;
    default:
      return ev.e;
  }
}
