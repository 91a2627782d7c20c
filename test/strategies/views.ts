/** Constructed AgentViews for unit tests of single decisions (src/agent/types.ts). */
import type { Action, AgentView, Phase, SeatPublic } from '../../src/agent/types.js';
import { ruleSet } from '../../src/rules/index.js';
import { KINDS, parseTiles, type Meld, type Tile } from '../../src/tiles/index.js';
import { tableSeen } from './reference.js';

export interface ViewSpec {
  rules?: string;
  phase?: Phase;
  concealed: string;
  seat?: number;
  seatWind?: number;
  /** Exposed melds per seat, e.g. { 1: [{type:'pung', tile: 31, concealed: false}] }. */
  melds?: Record<number, Meld[]>;
  /** Discards per seat in notation. */
  discards?: Record<number, string>;
  wallCount?: number;
  discardCount?: number;
  lastDiscard?: { tile: Tile; by: number } | null;
  legal?: Action[];
  /** The limit in force, when not the rule set's own (`--limit`). */
  limit?: number | null;
}

export function pung(tile: Tile): Meld {
  return { type: 'pung', tile, concealed: false };
}
export function chow(tile: Tile): Meld {
  return { type: 'chow', tile, concealed: false };
}

export function makeView(spec: ViewSpec): AgentView {
  const rules = ruleSet(spec.rules ?? 'harr');
  const concealed = parseTiles(spec.concealed).sort((a, b) => a - b);
  const phase = spec.phase ?? 'turn';
  const seat = spec.seat ?? 0;
  const table: SeatPublic[] = [0, 1, 2, 3].map((p) => ({
    seatWind: p,
    discards: parseTiles(spec.discards?.[p] ?? '').map((tile) => ({ tile, claimed: false })),
    melds: spec.melds?.[p] ?? [],
    flowers: [],
    concealedCount: p === seat ? concealed.length : 13 - 3 * (spec.melds?.[p]?.length ?? 0),
  }));
  const legal: Action[] =
    spec.legal ?? (phase === 'turn' ? [...new Set(concealed)].map((tile) => ({ type: 'discard', tile }) as Action) : [{ type: 'pass' }]);
  return {
    rules,
    limit: spec.limit !== undefined ? spec.limit : rules.limit,
    players: 4,
    seat,
    seatWind: spec.seatWind ?? seat,
    dealer: 0,
    prevailingWind: rules.prevailingWind ? 0 : null,
    phase,
    concealed,
    drawn: phase === 'turn' ? concealed[concealed.length - 1]! : null,
    table,
    // Counted from the table as src/view counts it from the state (test/view: the two agree in play).
    get seen() {
      return tableSeen(this, new Uint8Array(KINDS));
    },
    wallCount: spec.wallCount ?? 60,
    scores: [0, 0, 0, 0],
    lastDiscard: spec.lastDiscard ?? null,
    discardCount: spec.discardCount ?? 10,
    legal,
    concealedCounts(out: Uint8Array): number {
      out.fill(0);
      for (const t of concealed) out[t]!++;
      return concealed.length;
    },
    meldCount(p: number): number {
      return table[p]!.melds.length;
    },
    meldsOf(p: number) {
      return table[p]!.melds;
    },
    discardsOf(p: number) {
      return table[p]!.discards;
    },
    seenCounts(out: Uint8Array): void {
      tableSeen(this, out);
    },
    sampleWorld(): never {
      throw new Error('a constructed view has no world to sample');
    },
  };
}
