/**
 * The bot protocol's messages (docs/protocol.md; its JSON Schema is docs/protocol.schema.json): what the lab writes
 * to a bot, one JSON object per line, and how a bot's answer is read back into an Action. Tiles, melds and actions
 * are written as docs/notation.md writes them ("5p", "[555p]", "(1111z)").
 *
 * Information hiding (docs/strategies.md "What an agent sees"): a decision message is built from the seat's
 * AgentView alone, field by field, and the events it carries from the views this seat was given before; nothing
 * here reads the engine's state.
 */
import type { Action, AgentView, HandOutcome } from '../agent/types.js';
import { actionHasTile } from '../core/action.js';
import type { RuleSet } from '../rules/index.js';
import { TILE_IDS, formatMeld, parseTile, tileCode, type Meld } from '../tiles/index.js';

/** The protocol's version: a bot may refuse a hello whose version it does not know. */
export const PROTOCOL_VERSION = 1;

const WINDS = 'ESWN';

function wind(w: number | null): string | null {
  return w === null ? null : WINDS[w]!;
}

/** What is fixed for a game: the hello's fields beyond the seat's own (src/bot/strategy.ts fills them). */
export interface GameTerms {
  readonly name: string;
  readonly rules: RuleSet;
  readonly players: number;
  readonly seat: number;
  readonly unit: 'hand' | 'match';
  readonly maxHands: number;
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly seed: string;
}

export function helloMessage(t: GameTerms): string {
  return JSON.stringify({
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    name: t.name,
    rules: t.rules,
    players: t.players,
    seat: t.seat,
    unit: t.unit,
    maxHands: t.maxHands,
    limit: t.limit,
    flowers: t.flowers,
    seed: t.seed,
  });
}

/** An action as the protocol writes it: `{"type":"discard","tile":"5p"}`, `{"type":"pass"}`. */
export function actionJson(a: Action): { type: string; tile?: string } {
  const tile = (a as { tile?: number }).tile;
  return tile === undefined ? { type: a.type } : { type: a.type, tile: tileCode(tile) };
}

/** Something another seat did, as its public record shows it. */
export type TableEvent =
  | { readonly type: 'discard'; readonly seat: number; readonly tile: string }
  | { readonly type: 'meld'; readonly seat: number; readonly meld: string }
  | { readonly type: 'flower'; readonly seat: number; readonly tile: string };

// The message is written as text, not built as an object and stringified: a decision's message is about 2 kB and
// written at every decision, where JSON.stringify of the same object took twice as long (src/bench/bots.ts).
// test/bot/writer.test.ts holds it to JSON.stringify of the object, byte for byte.
const TILE_JSON: readonly string[] = Array.from({ length: TILE_IDS }, (_, t) => `"${tileCode(t)}"`);
const DISCARD_JSON: readonly (readonly string[])[] = [false, true].map((claimed) => TILE_JSON.map((t) => `{"tile":${t},"claimed":${claimed}}`));
const WIND_JSON: readonly string[] = ['"E"', '"S"', '"W"', '"N"'];

/** A meld in notation, as a JSON string ("[555p]"); a table small enough to fill as melds are seen. */
const MELD_JSON = new Map<number, string>();
function meldJson(m: Meld): string {
  const key = (m.type === 'chow' ? 0 : m.type === 'pung' ? 1 : 2) * 256 + m.tile * 2 + (m.concealed ? 1 : 0);
  let j = MELD_JSON.get(key);
  if (j === undefined) {
    j = JSON.stringify(formatMeld(m));
    MELD_JSON.set(key, j);
  }
  return j;
}

function actionText(a: Action): string {
  const tile = (a as { tile?: number }).tile;
  return tile === undefined ? `{"type":"${a.type}"}` : `{"type":"${a.type}","tile":${TILE_JSON[tile]}}`;
}

function windJson(w: number | null): string {
  return w === null ? 'null' : WIND_JSON[w]!;
}

/** How much of a seat's record the writer has reported: its discards, sets and flowers. */
interface Told {
  discards: number;
  melds: number;
  flowers: number;
}

/** A seat's decision messages, with the events since its previous one (one per agent: a game's views in order). */
export class DecisionWriter {
  #told: Told[] = [];
  #discards = -1;
  #decision = 0;
  readonly #seen = new Uint8Array(34);

  /** The `decide` message for `view`: every field the view holds, and the events since this seat's last decision. */
  message(view: AgentView): string {
    const table = view.table;
    const n = table.length;
    // A new hand of a match: its counts start again, and the events with them.
    if (view.discardCount < this.#discards || this.#told.length !== n) this.#told = table.map(() => ({ discards: 0, melds: 0, flowers: 0 }));
    this.#discards = view.discardCount;
    const seats: string[] = [];
    for (const p of table) {
      let d = '';
      for (let i = 0; i < p.discards.length; i++) d += (i === 0 ? '' : ',') + DISCARD_JSON[p.discards[i]!.claimed ? 1 : 0]![p.discards[i]!.tile];
      seats.push(
        `{"seatWind":${WIND_JSON[p.seatWind]},"discards":[${d}],"melds":[${p.melds.map(meldJson).join(',')}],"flowers":[${p.flowers.map((t) => TILE_JSON[t]).join(',')}],"concealedCount":${p.concealedCount}}`,
      );
    }
    // What the other seats did since this seat's last decision, seat by seat from the next one round the table.
    const events: string[] = [];
    for (let k = 1; k < n; k++) {
      const s = (view.seat + k) % n;
      const p = table[s]!;
      const was = this.#told[s]!;
      for (let i = was.flowers; i < p.flowers.length; i++) events.push(`{"type":"flower","seat":${s},"tile":${TILE_JSON[p.flowers[i]!]}}`);
      for (let i = was.melds; i < p.melds.length; i++) events.push(`{"type":"meld","seat":${s},"meld":${meldJson(p.melds[i]!)}}`);
      for (let i = was.discards; i < p.discards.length; i++) events.push(`{"type":"discard","seat":${s},"tile":${TILE_JSON[p.discards[i]!.tile]}}`);
    }
    table.forEach((p, s) => {
      const t = this.#told[s]!;
      t.discards = p.discards.length;
      t.melds = p.melds.length;
      t.flowers = p.flowers.length;
    });
    view.seenCounts(this.#seen);
    const last = view.lastDiscard;
    const drawn = view.drawn;
    return (
      `{"type":"decide","decision":${this.#decision++},"rules":"${view.rules.id}","limit":${view.limit},"players":${view.players},` +
      `"seat":${view.seat},"seatWind":${windJson(view.seatWind)},"dealer":${view.dealer},"prevailingWind":${windJson(view.prevailingWind)},` +
      `"phase":"${view.phase}","concealed":[${view.concealed.map((t) => TILE_JSON[t]).join(',')}],"drawn":${drawn === null ? 'null' : TILE_JSON[drawn]},` +
      `"table":[${seats.join(',')}],"seen":[${this.#seen.join(',')}],"wallCount":${view.wallCount},"scores":${JSON.stringify(view.scores)},` +
      `"lastDiscard":${last === null ? 'null' : `{"tile":${TILE_JSON[last.tile]},"by":${last.by}}`},"discardCount":${view.discardCount},` +
      `"legal":[${view.legal.map(actionText).join(',')}],"events":[${events.join(',')}]}`
    );
  }

  /** Decisions written so far in this game (the number of the next). */
  get count(): number {
    return this.#decision;
  }
}

/** The `end_hand` message: how a hand ended, as every player at the table sees it when the hands are shown. */
export function handEndMessage(r: HandOutcome): string {
  return JSON.stringify({
    type: 'end_hand',
    hand: r.hand,
    dealer: r.dealer,
    prevailingWind: wind(r.prevailingWind),
    winner: r.winner,
    winBy: r.winBy,
    discarder: r.discarder,
    scores: r.scores,
    nets: r.nets,
    limitHit: r.limitHit,
    penaltyPayer: r.penaltyPayer,
    washes: r.washes.map((w) => ({ seat: w.seat, heads: w.heads, payment: w.payment })),
  });
}

/** Why a bot's answer could not be read as an action (the caller names the bot and the decision). */
export class BadAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadAnswer';
  }
}

/** An answer quoted in an error: its first 80 characters, control characters escaped. */
export function quoted(line: string): string {
  const cut = line.length > 80 ? `${line.slice(0, 80)}…` : line;
  return JSON.stringify(cut);
}

/** A parsed JSON line that must be an object; BadAnswer otherwise. */
export function parseObject(line: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new BadAnswer(`answered ${quoted(line)}, which is not JSON`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new BadAnswer(`answered ${quoted(line)}, which is not a JSON object`);
  return v as Record<string, unknown>;
}

/**
 * The action a bot answered, as one of `legal` when it is one of them (the engine then gets the very object it
 * offered); an action of a known type that is not legal is returned as written, for the engine to refuse by its
 * own words. Anything else (not JSON, no type, a tile that is no tile) is a BadAnswer.
 */
export function answerAction(line: string, legal: readonly Action[]): Action {
  const o = parseObject(line);
  const type = o.type;
  if (typeof type !== 'string') throw new BadAnswer(`answered ${quoted(line)}, which has no "type"`);
  let tile: number | undefined;
  if (actionHasTile(type)) {
    if (typeof o.tile !== 'string') throw new BadAnswer(`answered ${quoted(line)}: a ${type} names its tile ("tile": "5p")`);
    try {
      tile = parseTile(o.tile);
    } catch {
      throw new BadAnswer(`answered ${quoted(line)}: "${o.tile}" is not a tile (docs/notation.md)`);
    }
  }
  for (const a of legal) if (a.type === type && (a as { tile?: number }).tile === tile) return a;
  return (tile === undefined ? { type } : { type, tile }) as Action;
}
