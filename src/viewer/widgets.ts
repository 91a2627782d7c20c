/**
 * What the replay viewer (client.ts) and the `mjlab play` table (src/play/client.ts) draw alike: a tile (its face
 * from tiles.ts's symbols, its code and name on hover), a game-record event in words (as render.ts words it), and a
 * hand's book-style score breakdown and settlement.
 *
 * Serialised into both pages with Function.prototype.toString (html.ts): self-contained, no imports, no outer
 * references; the page calls it once and hands the result to its client.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { HandEvent } from '../record/events.js';

export interface TileOptions {
  readonly cls?: string;
  /** Turned face down (a concealed kong's ends; another seat's concealed tile shows only its back). */
  readonly down?: boolean;
  readonly note?: string;
  readonly attrs?: string;
}

/** One scored seat in a breakdown. */
export interface BreakdownSeat {
  readonly seat: number;
  /** How the seat is named: "E (harr)". */
  readonly who: string;
  readonly hand: string;
  readonly score: number;
  readonly lines: readonly { readonly label: string; readonly points?: number; readonly doubles?: number }[];
  readonly winner: boolean;
}

export interface Breakdown {
  readonly hand: number;
  /** "E (harr) wins on a discard (5p)" or "Drawn hand". */
  readonly head: string;
  /** The winner's hand score and whether the limit capped it; null for a drawn hand. */
  readonly handScore: { readonly score: number; readonly limit: boolean } | null;
  readonly washes: readonly string[];
  readonly seats: readonly BreakdownSeat[];
  /** The settlement, each seat named by its wind; null until reached. */
  readonly settle: { readonly nets: readonly number[]; readonly winds: readonly string[]; readonly payer: string | null } | null;
}

export interface Widgets {
  /** Markup characters as entities, control characters as \uXXXX: for HTML. */
  esc(s: unknown): string;
  /** Control characters as \uXXXX: for text set as text (textContent). */
  shown(s: unknown): string;
  tileName(code: string): string;
  tile(code: string, opts?: TileOptions): string;
  /** An event in words; `w` names a seat by its wind, `label` by its strategy. A draw without its tile is another seat's. */
  describe(ev: HandEvent | { readonly e: 'draw' | 'loose'; readonly seat: number; readonly wall: number }, w: (seat: number) => string, label: (seat: number) => string): string;
  winBy(by: string): string;
  /** What a wash collected, in words: "50 from each", and East's part where East pays and receives a wash double. */
  washPaid(w: { readonly seat: number; readonly payment: number; readonly east?: { readonly seat: number; readonly payment: number } }): string;
  breakdown(b: Breakdown): string;
  /**
   * Sets the children of `box` to `parts`, one element each, rebuilding only the parts whose markup changed since
   * the last call for `box` (all of them on the first call, or when the parts do not map one to one).
   */
  patch(box: any, parts: readonly string[]): void;
  /** A tile id (docs/notation.md's order: 1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..8f) in notation. */
  code(id: number): string;
  /** The concealed tiles of a hand in notation, leaving out melds and flowers ("123m [555z] 1f +6p"). */
  concealedOf(text: string): string[];
  /** An exposed or declared set as tiles (a concealed kong with its end tiles face down). */
  meldHtml(m: { type: string; tile: number; concealed: boolean }): string;
}

export function pageWidgets(): Widgets {
  const WIND_NAME: Record<string, string> = { E: 'East', S: 'South', W: 'West', N: 'North' };
  const WIN_BY: Record<string, string> = {
    discard: 'on a discard',
    'self-draw': 'by drawing the winning tile',
    'loose-tile': 'on a loose tile',
    'robbing-kong': 'by robbing the kong',
  };
  // Control characters shown as \uXXXX (src/text.ts printable(): a record's labels are untrusted text; this copy runs
  // in the page, which can import nothing), for text set as such; esc() also makes markup characters entities.
  const shown = (s: unknown): string =>
    String(s).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const esc = (s: unknown): string =>
    shown(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

  function tileName(code: string): string {
    const r = Number(code.slice(0, -1));
    switch (code.slice(-1)) {
      case 'm':
        return `${r} of characters`;
      case 'p':
        return `${r} of dots`;
      case 's':
        return `${r} of bamboo`;
      case 'z':
        return r <= 4 ? `${WIND_NAME['ESWN'.charAt(r - 1)]} wind` : `${['white', 'green', 'red'][r - 5]} dragon`;
      default:
        return r <= 4 ? `flower of ${WIND_NAME['ESWN'.charAt(r - 1)]}` : `season of ${WIND_NAME['ESWN'.charAt(r - 5)]}`;
    }
  }

  function tile(code: string, opts: TileOptions = {}): string {
    const title = `${code} — ${tileName(code)}${opts.down ? ' (turned down)' : ''}${opts.note ? ` — ${opts.note}` : ''}`;
    return (
      `<span class="t${opts.cls ? ` ${opts.cls}` : ''}" data-tile="${esc(code)}" title="${esc(title)}"${opts.attrs ?? ''}>` +
      `<svg viewBox="0 0 30 40"><use href="#t-${opts.down ? 'back' : esc(code)}"/></svg></span>`
    );
  }

  const winBy = (by: string): string => WIN_BY[by] ?? by;

  // As scoring/wash.ts washPaidText words it (this file imports nothing).
  function washPaid(w: { readonly seat: number; readonly payment: number; readonly east?: { readonly seat: number; readonly payment: number } }): string {
    if (w.east === undefined) return `${w.payment} from each`;
    return w.east.seat === w.seat
      ? `${w.east.payment} from each: East collects a wash as he collects a hand (washEastDouble)`
      : `${w.payment} from each and ${w.east.payment} from East, who pays a wash as he pays a hand (washEastDouble)`;
  }

  function describe(ev: any, w: (seat: number) => string, label: (seat: number) => string): string {
    switch (ev.e) {
      case 'deal':
        return `Deal: East is ${label(ev.dealer)}; ${ev.wall} tiles to draw`;
      case 'flower':
        return `${w(ev.seat)} exposes ${ev.tile}`;
      case 'draw':
        return ev.tile === undefined ? `${w(ev.seat)} draws` : `${w(ev.seat)} draws ${ev.tile}`;
      case 'loose':
        return ev.tile === undefined ? `${w(ev.seat)} takes a loose tile` : `${w(ev.seat)} takes loose tile ${ev.tile}`;
      case 'discard':
        return `${w(ev.seat)} discards ${ev.tile}`;
      case 'claim':
        return `${w(ev.seat)} ${ev.type}s ${ev.tile} from ${w(ev.from)} → ${ev.meld}`;
      case 'kong':
        return ev.type === 'concealed' ? `${w(ev.seat)} declares a concealed kong of ${ev.tile}` : `${w(ev.seat)} adds ${ev.tile} to his pung`;
      case 'wash':
        return `${w(ev.seat)} washes the tiles (${ev.heads} heads), collects ${washPaid(ev)}`;
      case 'mahjong':
        return `Mah-Jongg! ${w(ev.seat)} ${winBy(ev.by)} ${ev.tile}${ev.from !== null ? ` from ${w(ev.from)}` : ''}`;
      case 'exhausted':
        return `Drawn hand: no drawable tile left`;
      case 'score':
        return `${w(ev.seat)} scores ${ev.score}`;
      case 'settle':
        return `Settlement: ${ev.nets.map((n: number, s: number) => `${w(s)} ${n > 0 ? '+' : ''}${n}`).join(', ')}`;
      default:
        return String(ev.e);
    }
  }

  function scoreLine(l: { label: string; points?: number; doubles?: number }): string {
    if (l.doubles !== undefined) return `<td>${esc(l.label)}</td><td class="num">×${2 ** l.doubles}</td>`;
    // A line without points or doubles states the hand's score (the limit, or half of it): no figure beside it.
    if (l.points === undefined) return `<td colspan="2">${esc(l.label)} (the hand's score)</td>`;
    return `<td>${esc(l.label)}</td><td class="num">${l.points}</td>`;
  }

  function breakdown(b: Breakdown): string {
    const rows = b.seats
      .map((sc) => {
        const lines = sc.lines.length ? sc.lines.map((l) => `<tr class="line">${scoreLine(l)}</tr>`).join('') : '<tr class="line"><td>—</td><td></td></tr>';
        return (
          `<tbody class="seat-score${sc.winner ? ' winner' : ''}" data-score-seat="${sc.seat}" data-score="${sc.score}" data-hand-notation="${esc(sc.hand)}">` +
          `<tr class="who"><th>${esc(sc.who)}</th><th class="num">${sc.score}</th></tr>` +
          `<tr class="notation"><td colspan="2"><code>${esc(sc.hand)}</code></td></tr>${lines}</tbody>`
        );
      })
      .join('');
    const st = b.settle;
    const settle = st
      ? `<p class="settle" data-role="settle">Settlement: ${st.nets
          .map((n, s) => `<span data-net-seat="${s}" data-net="${n}">${esc(st.winds[s] ?? '?')} ${n > 0 ? '+' : ''}${n}</span>`)
          .join(', ')}${st.payer !== null ? ` (penalty: ${esc(st.payer)} pays for all)` : ''}</p>`
      : '';
    return (
      `<section class="hand-score" data-hand="${b.hand}"><h3>Hand ${b.hand + 1}: ${esc(b.head)}` +
      `${b.handScore !== null && b.seats.length ? ` — hand score ${b.handScore.score}${b.handScore.limit ? ' (limit)' : ''}` : ''}</h3>` +
      b.washes.map((w) => `<p>${esc(w)}</p>`).join('') +
      (rows ? `<table class="breakdown">${rows}</table>` : '') +
      settle +
      `</section>`
    );
  }

  // Why patch: a step of the viewer or a message of the play page changes one or two seats (and adds a line to a
  // log), and rebuilding every seat made the browser lay out and paint every tile again (headless Chromium
  // spent about a third less rendering a walk through a hand once only the changed elements were swapped).
  const given = new WeakMap<object, readonly string[]>();
  function patch(box: any, parts: readonly string[]): void {
    const before = given.get(box);
    given.set(box, parts);
    if (before !== undefined && box.children.length === before.length) {
      const doc = box.ownerDocument;
      /** The part as a fragment holding its one element, or null when it is not one element. */
      const one = (html: string): any => {
        const t = doc.createElement('template');
        t.innerHTML = html;
        return t.content.childNodes.length === 1 && t.content.firstElementChild !== null ? t.content : null;
      };
      // Each changed or new part with the element it replaces (null: appended), or null when one is not one element.
      let changes: [any, any][] | null = [];
      for (let i = 0; i < parts.length; i++) {
        if (i < before.length && parts[i] === before[i]) continue;
        const f = one(parts[i]!);
        if (f === null) {
          changes = null;
          break;
        }
        changes.push([i < before.length ? box.children[i] : null, f]);
      }
      if (changes !== null) {
        for (let i = before.length - 1; i >= parts.length; i--) box.children[i].remove();
        for (const [old, f] of changes) {
          if (old === null) box.append(f);
          else old.replaceWith(f);
        }
        return;
      }
    }
    box.innerHTML = parts.join('');
  }

  const code = (id: number): string => (id < 27 ? `${(id % 9) + 1}${'mps'.charAt(Math.floor(id / 9))}` : id < 34 ? `${id - 26}z` : `${id - 33}f`);

  function concealedOf(text: string): string[] {
    const out: string[] = [];
    for (const g of text.trim().split(/\s+/)) {
      if (g === '' || g[0] === '[' || g[0] === '(') continue;
      let digits = '';
      for (const ch of g.replace(/^\+/, '')) {
        if (ch >= '0' && ch <= '9') digits += ch;
        else {
          if (ch !== 'f') for (const d of digits) out.push(d + ch);
          digits = '';
        }
      }
    }
    return out;
  }

  function meldHtml(m: { type: string; tile: number; concealed: boolean }): string {
    const n = m.type === 'chow' ? 3 : m.type === 'pung' ? 3 : 4;
    const tiles: string[] = [];
    for (let i = 0; i < n; i++) {
      const c = code(m.type === 'chow' ? m.tile + i : m.tile);
      tiles.push(m.concealed ? tile(c, { down: i === 0 || i === 3, note: 'concealed kong' }) : tile(c));
    }
    const text = m.type === 'chow' ? `chow ${code(m.tile)}` : `${m.concealed ? 'concealed ' : ''}${m.type} ${code(m.tile)}`;
    return `<span class="meld" data-meld="${esc(text)}" title="${esc(text)}">${tiles.join('')}</span>`;
  }

  return { esc, shown, tileName, tile, describe, winBy, washPaid, breakdown, patch, code, concealedOf, meldHtml };
}
