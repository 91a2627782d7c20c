/**
 * Replay viewer (docs/replay.md): rebuilds every table position of a game record by applying its events in order
 * (src/record/events.ts), so the page can never show a different game from the one the engine recorded.
 *
 * ONE source of truth for Node and the browser: `reconstructPositions` is self-contained (no imports at run time,
 * no outer references) because html.ts embeds it in the page with Function.prototype.toString. Keep every helper
 * inside it.
 *
 * Wall count: a deal sets it; every tile drawn from either end afterwards (draw, loose tile, a flower drawn in play)
 * takes one off, as src/wall/wall.ts liveCount does. Flowers dealt in the opening hand were counted by the deal.
 * The unit tests check this count against the `wall` each draw/loose event reports.
 */
import type { GameRecord } from '../record/record.js';
import type { WashEast } from '../scoring/wash.js';

export interface MeldView {
  readonly type: 'chow' | 'pung' | 'kong';
  readonly tiles: string[];
  /** A declared concealed kong (its ends are shown turned down). */
  readonly concealed: boolean;
  /** The claimed tile and the seat it came from; null for a concealed kong. */
  readonly claimed: string | null;
  readonly from: number | null;
  /** The meld in notation: `[234m]`, `[7777s]`, `(1111z)`. */
  readonly text: string;
}

export interface DiscardView {
  readonly tile: string;
  /** Seat that claimed it (pung, kong, chow or Mah-Jongg); null while it lies in the river. */
  readonly claimedBy: number | null;
}

export interface SeatView {
  readonly wind: string;
  /** Concealed tiles, sorted, including a just-drawn tile. */
  readonly concealed: string[];
  /** The tile just drawn (also in `concealed`), until the seat discards or declares. */
  drawn: string | null;
  readonly melds: MeldView[];
  readonly flowers: string[];
  readonly discards: DiscardView[];
}

export interface ScoreView {
  readonly seat: number;
  readonly hand: string;
  readonly score: number;
  readonly lines: readonly { label: string; points?: number; doubles?: number; group?: string }[];
}

export interface Position {
  /** Index in the flat list of positions (one per event of every hand). */
  readonly step: number;
  /** Index of the hand in record.hands, and of the event in that hand's events. */
  readonly hand: number;
  readonly event: number;
  readonly dealer: number;
  readonly prevailing: string | null;
  /** Live wall: tiles that may still be drawn. */
  readonly wall: number;
  readonly seats: SeatView[];
  /** Seat that acted in this event (null for the end-of-hand events). */
  readonly actor: number | null;
  /** The discard lying in the river, open to claims: seat and index in its discards. */
  readonly lastDiscard: { seat: number; index: number } | null;
  readonly winner: number | null;
  readonly winBy: string | null;
  readonly winTile: string | null;
  readonly exhausted: boolean;
  /** Score events of this hand seen so far, and its settlement once reached. */
  readonly scores: ScoreView[];
  readonly settle: { nets: number[]; payer: number | null } | null;
  readonly washes: { seat: number; heads: number; payment: number; east?: WashEast; hand: string }[];
}

/** Every position of the record, one per event, in order. Self-contained: see the header. */
export function reconstructPositions(record: GameRecord): Position[] {
  const SUITS = 'mpszf';
  const key = (t: string): number => SUITS.indexOf(t.charAt(t.length - 1)) * 10 + Number(t.slice(0, -1));
  const sortTiles = (ts: string[]): string[] => ts.sort((a, b) => key(a) - key(b));
  /** "235699m26p" → ["2m","3m",...]; brackets, parentheses and spaces are ignored. */
  const tilesOf = (text: string): string[] => {
    const out: string[] = [];
    let digits = '';
    for (const ch of text) {
      if (ch >= '0' && ch <= '9') digits += ch;
      else if (SUITS.includes(ch)) {
        for (const d of digits) out.push(d + ch);
        digits = '';
      }
    }
    return out;
  };
  const fail = (h: number, i: number, msg: string): never => {
    throw new Error(`record hand ${h} event ${i}: ${msg}`);
  };
  const take = (list: string[], tile: string, h: number, i: number): void => {
    const k = list.indexOf(tile);
    if (k < 0) fail(h, i, `tile ${tile} is not in the hand ${list.join('')}`);
    list.splice(k, 1);
  };

  const positions: Position[] = [];
  record.hands.forEach((hr, h) => {
    const n = record.players;
    let seats: SeatView[] = [];
    const dealtFlowers: string[][] = [];
    let wall = 0;
    let lastDiscard: { seat: number; index: number } | null = null;
    let winner: number | null = null;
    let winBy: string | null = null;
    let winTile: string | null = null;
    let exhausted = false;
    const scores: ScoreView[] = [];
    let settle: { nets: number[]; payer: number | null } | null = null;
    const washes: { seat: number; heads: number; payment: number; east?: WashEast; hand: string }[] = [];

    hr.events.forEach((ev, i) => {
      let actor: number | null = null;
      const seatOf = (s: number): SeatView => seats[s] ?? fail(h, i, `no seat ${s}`);
      switch (ev.e) {
        case 'deal':
          // A deal (the first, or the redeal after a wash) starts the table afresh.
          seats = [];
          for (let s = 0; s < n; s++) {
            const all = tilesOf(ev.hands[s] ?? '');
            seats.push({
              wind: ev.winds[s] ?? '?',
              concealed: sortTiles(all.filter((t) => !t.endsWith('f'))),
              drawn: null,
              melds: [],
              flowers: [],
              discards: [],
            });
            dealtFlowers[s] = all.filter((t) => t.endsWith('f'));
          }
          wall = ev.wall;
          lastDiscard = null;
          actor = ev.dealer;
          break;
        case 'flower': {
          const st = seatOf(ev.seat);
          const dealt = dealtFlowers[ev.seat] ?? [];
          const k = dealt.indexOf(ev.tile);
          if (k >= 0) dealt.splice(k, 1);
          else wall--; // drawn in play, from the wall (it never entered the hand)
          st.flowers.push(ev.tile);
          actor = ev.seat;
          break;
        }
        case 'draw':
        case 'loose': {
          const st = seatOf(ev.seat);
          st.concealed.push(ev.tile);
          sortTiles(st.concealed);
          st.drawn = ev.tile;
          wall--;
          lastDiscard = null;
          actor = ev.seat;
          break;
        }
        case 'discard': {
          const st = seatOf(ev.seat);
          take(st.concealed, ev.tile, h, i);
          st.drawn = null;
          st.discards.push({ tile: ev.tile, claimedBy: null });
          lastDiscard = { seat: ev.seat, index: st.discards.length - 1 };
          actor = ev.seat;
          break;
        }
        case 'claim': {
          const st = seatOf(ev.seat);
          const from = seatOf(ev.from);
          const d = from.discards[from.discards.length - 1];
          if (d === undefined || d.tile !== ev.tile) fail(h, i, `claimed ${ev.tile} is not ${ev.from}'s last discard`);
          from.discards[from.discards.length - 1] = { tile: ev.tile, claimedBy: ev.seat };
          const tiles = tilesOf(ev.meld);
          const rest = tiles.slice();
          take(rest, ev.tile, h, i);
          for (const t of rest) take(st.concealed, t, h, i);
          st.melds.push({ type: ev.type, tiles, concealed: false, claimed: ev.tile, from: ev.from, text: ev.meld });
          st.drawn = null;
          lastDiscard = null;
          actor = ev.seat;
          break;
        }
        case 'kong': {
          const st = seatOf(ev.seat);
          if (ev.type === 'concealed') {
            for (let k = 0; k < 4; k++) take(st.concealed, ev.tile, h, i);
            const digit = ev.tile.slice(0, -1);
            const suit = ev.tile.slice(-1);
            st.melds.push({
              type: 'kong',
              tiles: [ev.tile, ev.tile, ev.tile, ev.tile],
              concealed: true,
              claimed: null,
              from: null,
              text: `(${digit.repeat(4)}${suit})`,
            });
          } else {
            take(st.concealed, ev.tile, h, i);
            const m = st.melds.findIndex((x) => x.type === 'pung' && x.tiles[0] === ev.tile);
            const pung = st.melds[m];
            if (pung === undefined) fail(h, i, `no exposed pung of ${ev.tile} to add to`);
            else {
              const digit = ev.tile.slice(0, -1);
              st.melds[m] = { ...pung, type: 'kong', tiles: [...pung.tiles, ev.tile], text: `[${digit.repeat(4)}${ev.tile.slice(-1)}]` };
            }
          }
          st.drawn = null;
          actor = ev.seat;
          break;
        }
        case 'wash':
          washes.push({ seat: ev.seat, heads: ev.heads, payment: ev.payment, ...(ev.east ? { east: ev.east } : {}), hand: ev.hand });
          actor = ev.seat;
          break;
        case 'mahjong': {
          const st = seatOf(ev.seat);
          if (ev.by === 'discard' && ev.from !== null) {
            const from = seatOf(ev.from);
            const d = from.discards[from.discards.length - 1];
            if (d === undefined || d.tile !== ev.tile) fail(h, i, `Mah-Jongg tile ${ev.tile} is not ${ev.from}'s last discard`);
            from.discards[from.discards.length - 1] = { tile: ev.tile, claimedBy: ev.seat };
            st.concealed.push(ev.tile);
          } else if (ev.by === 'robbing-kong' && ev.from !== null) {
            // The robbed tile leaves the hand of the player who tried to add it to his pung.
            take(seatOf(ev.from).concealed, ev.tile, h, i);
            st.concealed.push(ev.tile);
          }
          sortTiles(st.concealed);
          winner = ev.seat;
          winBy = ev.by;
          winTile = ev.tile;
          lastDiscard = null;
          actor = ev.seat;
          break;
        }
        case 'exhausted':
          wall = ev.wall;
          exhausted = true;
          lastDiscard = null;
          break;
        case 'score':
          scores.push({ seat: ev.seat, hand: ev.hand, score: ev.score, lines: ev.lines.map((l) => ({ ...l })) });
          break;
        case 'settle':
          settle = { nets: ev.nets.slice(), payer: ev.payer };
          break;
      }
      positions.push({
        step: positions.length,
        hand: h,
        event: i,
        dealer: hr.dealer,
        prevailing: hr.prevailing,
        wall,
        seats: seats.map((s) => ({
          wind: s.wind,
          concealed: s.concealed.slice(),
          drawn: s.drawn,
          melds: s.melds.map((m) => ({ ...m, tiles: m.tiles.slice() })),
          flowers: s.flowers.slice(),
          discards: s.discards.map((d) => ({ ...d })),
        })),
        actor,
        lastDiscard,
        winner,
        winBy,
        winTile,
        exhausted,
        scores: scores.slice(),
        settle,
        washes: washes.slice(),
      });
    });
  });
  return positions;
}
