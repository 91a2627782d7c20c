/**
 * Game-record events, in tile notation (docs/notation.md). They are built only when a record
 * is asked for: the runner's fast path creates none. Seats are physical seats; `wind` letters are given where a
 * reader needs them.
 */
import type { ScoreLine } from '../scoring/types.js';
import type { WashEast } from '../scoring/wash.js';

export type HandEvent =
  | { readonly e: 'deal'; readonly dealer: number; readonly winds: readonly string[]; readonly hands: readonly string[]; readonly wall: number }
  | { readonly e: 'flower'; readonly seat: number; readonly tile: string }
  | { readonly e: 'draw'; readonly seat: number; readonly tile: string; readonly wall: number }
  | { readonly e: 'loose'; readonly seat: number; readonly tile: string; readonly wall: number }
  | { readonly e: 'discard'; readonly seat: number; readonly tile: string }
  | { readonly e: 'claim'; readonly seat: number; readonly type: 'pung' | 'kong' | 'chow'; readonly tile: string; readonly from: number; readonly meld: string }
  | { readonly e: 'kong'; readonly seat: number; readonly type: 'concealed' | 'add'; readonly tile: string }
  // `east`: where the rule set has East pay and receive a wash double, East's seat and his payment (scoring/wash.ts).
  | { readonly e: 'wash'; readonly seat: number; readonly heads: number; readonly payment: number; readonly east?: WashEast; readonly hand: string }
  | { readonly e: 'mahjong'; readonly seat: number; readonly by: string; readonly tile: string; readonly from: number | null; readonly hand: string }
  | { readonly e: 'exhausted'; readonly wall: number }
  | { readonly e: 'score'; readonly seat: number; readonly hand: string; readonly score: number; readonly lines: readonly ScoreLine[] }
  | { readonly e: 'settle'; readonly nets: readonly number[]; readonly payer: number | null };
