/**
 * What a message of `mjlab play` may hold (docs/play.md), checked against the game's saved record: the record
 * is re-executed (src/game/replay.ts) and, at each decision of the person's seat and at each hand's end, the seat's
 * view is taken with viewFor, the one definition of what a seat may see (test/view/hiding.test.ts). A message must be
 * exactly that view, the hand's events so far as a player at the table sees them (written here from the books' table
 * rather than taken from src/play), the finished hands' public results, and nothing else.
 */
import { expect } from 'vitest';
import { type Scenario, executeScenario } from '../../src/game/replay.js';
import type { HandEvent } from '../../src/record/events.js';
import type { GameRecord } from '../../src/record/record.js';
import { viewFor } from '../../src/view/view.js';

type Json = Record<string, unknown>;

/** What the seat may know of one record event. */
function seen(ev: HandEvent, seat: number): Json {
  if (ev.e === 'deal') return { e: 'deal', dealer: ev.dealer, winds: ev.winds, wall: ev.wall, hand: ev.hands[seat] };
  if ((ev.e === 'draw' || ev.e === 'loose') && ev.seat !== seat) return { e: ev.e, seat: ev.seat, wall: ev.wall };
  return ev as unknown as Json;
}

const TOP = ['status', 'token', 'table', 'hand', 'view', 'events', 'finished', 'scores', 'saved', 'problem'];
const TABLE = ['rules', 'title', 'players', 'unit', 'limit', 'flowers', 'seed', 'game', 'seat', 'labels', 'coach'];

interface Moment {
  readonly hand: number;
  readonly events: number;
  readonly over: boolean;
  readonly view: Json;
}

/** Every moment of the record at which the person's seat is told something: its decisions and each hand's end. */
export function seatMoments(sc: Scenario, seat: number): Moment[] {
  const out: Moment[] = [];
  const viewJson = (s: Parameters<typeof viewFor>[0]): Json => JSON.parse(JSON.stringify(viewFor(s, seat))) as Json;
  executeScenario(sc, 'record', {
    decision(state, hand, _move, recorded, events) {
      if (recorded.seat === seat) out.push({ hand, events: events.length, over: false, view: viewJson(state) });
    },
    handOver(state, hand, events) {
      out.push({ hand, events: events.length, over: true, view: viewJson(state) });
    },
  });
  return out;
}

/**
 * Check every message `msgs` (parsed JSON bodies' `state`) sent to `seat` in a game whose record is `record`
 * (scenario `sc`): returns how many were checked at a decision and at a hand's end.
 */
export function checkSeatMessages(msgs: readonly Json[], record: GameRecord, sc: Scenario, seat: number): { decisions: number; ends: number } {
  const moments = seatMoments(sc, seat);
  const key = (m: { hand: number; events: number; over: boolean }) => `${m.hand}/${m.events}/${m.over}`;
  const byKey = new Map<string, Moment>();
  for (const m of moments) {
    expect(byKey.has(key(m)), `two moments at ${key(m)}`).toBe(false);
    byKey.set(key(m), m);
  }
  let decisions = 0;
  let ends = 0;
  for (const msg of msgs) {
    expect(Object.keys(msg).sort()).toEqual([...TOP].sort());
    const table = msg.table as Json;
    expect(Object.keys(table).sort()).toEqual([...TABLE].sort());
    expect(table.seat).toBe(seat);
    expect(table.labels).toEqual(record.strategies);
    const h = msg.hand as number;
    const hr = record.hands[h]!;
    const events = msg.events as Json[];
    const over = msg.status !== 'decide';
    // The events: the record's, as the seat sees them, up to this moment (with the scores once the hand is over).
    expect(events, `hand ${h} events`).toEqual(hr.events.slice(0, events.length).map((e) => seen(e, seat)));
    for (const e of events) {
      if ((e.e === 'draw' || e.e === 'loose') && e.seat !== seat) expect(e).not.toHaveProperty('tile');
      expect(e).not.toHaveProperty('hands');
    }
    const played = over ? hr.events.filter((e) => e.e !== 'score' && e.e !== 'settle').length : events.length;
    if (over) expect(events.length).toBe(hr.events.length);
    const m = byKey.get(key({ hand: h, events: played, over }));
    expect(m, `no moment of seat ${seat} at hand ${h}, event ${played} (${String(msg.status)})`).toBeDefined();
    // The view: exactly the seat's view at that moment.
    expect(msg.view, `hand ${h}, event ${played}: view`).toEqual(m!.view);
    if (over) ends++;
    else decisions++;
    // Finished hands: the public end of each hand already over, and no other.
    const finished = msg.finished as Json[];
    expect(finished.length).toBe(over ? h + 1 : h);
    finished.forEach((f, i) => {
      const r = record.hands[i]!;
      const deal = [...r.events].reverse().find((e) => e.e === 'deal');
      expect(f).toEqual({
        hand: i,
        dealer: r.dealer,
        winds: deal?.e === 'deal' ? deal.winds : [],
        end: r.events.filter((e) => e.e === 'mahjong' || e.e === 'exhausted' || e.e === 'score' || e.e === 'settle'),
        result: r.result,
      });
    });
    const start = (record.result.final_scores as number[]).map((s, p) => s - record.hands.reduce((n, x) => n + x.result.nets[p]!, 0));
    expect(msg.scores).toEqual(start.map((s, p) => s + finished.reduce((n, _, i) => n + record.hands[i]!.result.nets[p]!, 0)));
  }
  return { decisions, ends };
}
