// The decision message is written as text for speed (src/bot/messages.ts); here it is held, byte for byte, to
// JSON.stringify of the plain object built field by field from the view, over every decision of hands of every
// rule set (flowers, 2 and 3 players, claims and kongs), events included.
import { describe, expect, it } from 'vitest';
import type { AgentView, SeatPublic } from '../../src/agent/types.js';
import { DecisionWriter, actionJson } from '../../src/bot/messages.js';
import { apply, isOver, legalActions, toMove } from '../../src/engine/step.js';
import { makeStream } from '../../src/rng/streams.js';
import { formatMeld, tileCode } from '../../src/tiles/index.js';
import { viewFor } from '../../src/view/view.js';
import { newHand, type Table } from '../engine/helpers.js';

const W = (w: number | null) => (w === null ? null : 'ESWN'[w]!);

type SeatJson = { seatWind: string; discards: { tile: string; claimed: boolean }[]; melds: string[]; flowers: string[]; concealedCount: number };

const seatJson = (p: SeatPublic): SeatJson => ({
  seatWind: W(p.seatWind)!,
  discards: p.discards.map((d) => ({ tile: tileCode(d.tile), claimed: d.claimed })),
  melds: p.melds.map(formatMeld),
  flowers: p.flowers.map(tileCode),
  concealedCount: p.concealedCount,
});

/** The reference: the object, then JSON.stringify; events from the previous tables of the seat. */
class Reference {
  before: SeatJson[] | null = null;
  discards = -1;
  decision = 0;
  message(v: AgentView): string {
    const table = v.table.map(seatJson);
    if (v.discardCount < this.discards) this.before = null;
    const events: unknown[] = [];
    for (let k = 1; k < table.length; k++) {
      const s = (v.seat + k) % table.length;
      const was = this.before?.[s];
      const p = table[s]!;
      for (let i = was?.flowers.length ?? 0; i < p.flowers.length; i++) events.push({ type: 'flower', seat: s, tile: p.flowers[i] });
      for (let i = was?.melds.length ?? 0; i < p.melds.length; i++) events.push({ type: 'meld', seat: s, meld: p.melds[i] });
      for (let i = was?.discards.length ?? 0; i < p.discards.length; i++) events.push({ type: 'discard', seat: s, tile: p.discards[i]!.tile });
    }
    this.before = table;
    this.discards = v.discardCount;
    return JSON.stringify({
      type: 'decide', decision: this.decision++, rules: v.rules.id, limit: v.limit, players: v.players, seat: v.seat,
      seatWind: W(v.seatWind), dealer: v.dealer, prevailingWind: W(v.prevailingWind), phase: v.phase,
      concealed: v.concealed.map(tileCode), drawn: v.drawn === null ? null : tileCode(v.drawn), table, seen: Array.from(v.seen),
      wallCount: v.wallCount, scores: v.scores, lastDiscard: v.lastDiscard === null ? null : { tile: tileCode(v.lastDiscard.tile), by: v.lastDiscard.by },
      discardCount: v.discardCount, legal: v.legal.map(actionJson), events,
    });
  }
}

const TABLES: readonly Table[] = [
  { rules: 'harr', players: 4 },
  { rules: 'harr', players: 4, flowers: true },
  { rules: 'harr-limit', players: 4 },
  { rules: 'babcock', players: 3 },
  { rules: 'code500', players: 4 },
  { rules: 'harr', players: 2, flowers: true },
];

describe('the decision message as text', () => {
  it('is JSON.stringify of the view\'s fields, at every decision of 25 hands per table', () => {
    let compared = 0;
    let melds = 0;
    for (const t of TABLES) {
      for (let seed = 1; seed <= 25; seed++) {
        const s = newHand(t, seed);
        const fast = Array.from({ length: t.players }, () => new DecisionWriter());
        const slow = Array.from({ length: t.players }, () => new Reference());
        const pick = makeStream(seed, 1, 'pick');
        while (!isOver(s)) {
          const seat = toMove(s);
          const v = viewFor(s, seat);
          expect(fast[seat]!.message(v)).toBe(slow[seat]!.message(v));
          compared++;
          melds += v.table.reduce((n, p) => n + p.melds.length, 0);
          const legal = legalActions(s);
          // Claims are taken when offered, so that sets and kongs come up.
          const claim = legal.find((a) => a.type !== 'pass' && a.type !== 'discard' && a.type !== 'mahjong');
          apply(s, claim ?? legal[pick.int(legal.length)]!);
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(melds).toBeGreaterThan(500);
  });
});
