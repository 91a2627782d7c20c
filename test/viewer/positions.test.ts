/**
 * Replay viewer (docs/replay.md): positions rebuilt from a record's events agree with what the engine recorded —
 * the final concealed tiles, melds and flowers of every seat equal the hands in the record's score / mahjong events
 * (docs/notation.md), and the live wall count equals the `wall` each draw and loose event reports.
 */
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/cli/replay-command.js';
import type { GameRecord } from '../../src/record/record.js';
import { formatMeld, parseHand } from '../../src/tiles/notation.js';
import { tileCode } from '../../src/tiles/tile.js';
import { reconstructPositions, type Position, type SeatView } from '../../src/viewer/positions.js';

interface Case {
  rules: string;
  strategies: string;
  players: number;
  unit: string;
  seed: number;
  game: number;
  flowers?: boolean;
}

const CASES: Case[] = [];
for (const rules of ['harr', 'harr-limit', 'babcock', 'code500']) {
  for (const seed of [1, 7, 42]) {
    for (const game of [0, 3]) CASES.push({ rules, strategies: 'greedy,greedy,random,random', players: 4, unit: 'hand', seed, game });
  }
  CASES.push({ rules, strategies: 'greedy,random,greedy', players: 3, unit: 'hand', seed: 5, game: 1 });
  CASES.push({ rules, strategies: 'random,greedy', players: 2, unit: 'hand', seed: 9, game: 2 });
}
CASES.push({ rules: 'harr', strategies: 'greedy,greedy,random,random', players: 4, unit: 'hand', seed: 11, game: 0, flowers: true });
CASES.push({ rules: 'babcock', strategies: 'greedy,greedy,greedy,greedy', players: 4, unit: 'match', seed: 2, game: 0 });

async function record(c: Case): Promise<GameRecord> {
  return replayRecord({ ...c, flowers: c.flowers ?? false, duplicate: false });
}

const sorted = (xs: string[]): string[] => xs.slice().sort();

/** A seat's holding in normalised notation pieces, from a hand string of the record. */
function fromNotation(hand: string): { concealed: string[]; melds: string[]; flowers: string[] } {
  const spec = parseHand(hand);
  const concealed = spec.concealed.map(tileCode);
  if (spec.winning !== null) concealed.push(tileCode(spec.winning));
  return { concealed: sorted(concealed), melds: sorted(spec.melds.map(formatMeld)), flowers: sorted(spec.bonus.map(tileCode)) };
}

function fromPosition(s: SeatView): { concealed: string[]; melds: string[]; flowers: string[] } {
  // Normalise the meld text through the project's parser, so "[234m]" and the engine's spelling compare equal.
  return {
    concealed: sorted(s.concealed),
    melds: sorted(s.melds.map((m) => formatMeld(parseHand(m.text).melds[0]!))),
    flowers: sorted(s.flowers),
  };
}

describe('reconstructPositions', () => {
  it.each(CASES)('$rules $players players $unit seed $seed game $game: final hands equal the record', async (c) => {
    const rec = await record(c);
    const positions = reconstructPositions(rec);
    const total = rec.hands.reduce((n, h) => n + h.events.length, 0);
    expect(positions).toHaveLength(total);
    let checkedHands = 0;
    rec.hands.forEach((hr, h) => {
      const ps = positions.filter((p) => p.hand === h);
      const last = ps[ps.length - 1]!;
      // the wall count the viewer shows equals the engine's at every draw
      hr.events.forEach((ev, i) => {
        if (ev.e === 'draw' || ev.e === 'loose' || ev.e === 'exhausted') expect(ps[i]!.wall, `hand ${h} event ${i}`).toBe(ev.wall);
      });
      for (const ev of hr.events) {
        if (ev.e === 'score') {
          expect(fromPosition(last.seats[ev.seat]!), `hand ${h} seat ${ev.seat}`).toEqual(fromNotation(ev.hand));
          checkedHands++;
        }
        if (ev.e === 'mahjong') {
          // the mahjong event's hand holds the winning tile among the concealed ones
          expect(fromPosition(last.seats[ev.seat]!)).toEqual(fromNotation(ev.hand));
          expect(last.winner).toBe(ev.seat);
          checkedHands++;
        }
      }
      expect(last.winner).toBe(hr.result.winner_seat);
      if (last.winner === null) expect(last.exhausted || hr.result.win_by !== 'exhausted').toBe(true);
      // Conservation from the first discard on (dealt flowers are all exposed by then): tiles on the table plus the
      // live wall never change, whatever moves between hands, melds, rivers and flowers.
      const onTable = (p: Position): number =>
        p.wall +
        p.seats.reduce(
          (n, s) => n + s.concealed.length + s.melds.reduce((k, m) => k + m.tiles.length, 0) + s.flowers.length + s.discards.filter((d) => d.claimedBy === null).length,
          0,
        );
      const first = hr.events.findIndex((e) => e.e === 'discard');
      if (first >= 0) for (const p of ps.slice(first)) expect(onTable(p), `hand ${h} event ${p.event}`).toBe(onTable(ps[first]!));
    });
    const decided = rec.hands.filter((hr) => hr.result.winner_seat !== null || hr.events.some((e) => e.e === 'score'));
    expect(checkedHands).toBeGreaterThanOrEqual(decided.length);
  });

  it('tracks claimed discards and tile counts per seat after every event', async () => {
    const rec = await record({ rules: 'harr', strategies: 'greedy,greedy,greedy,greedy', players: 4, unit: 'hand', seed: 3, game: 0 });
    const positions: Position[] = reconstructPositions(rec);
    let claims = 0;
    positions.forEach((p, k) => {
      const ev = rec.hands[p.hand]!.events[p.event]!;
      if (ev.e === 'claim') {
        claims++;
        const d = p.seats[ev.from]!.discards.at(-1)!;
        expect(d).toEqual({ tile: ev.tile, claimedBy: ev.seat });
        // the discard before the claim was still in the river
        expect(positions[k - 1]!.seats[ev.from]!.discards.at(-1)!.claimedBy).toBeNull();
      }
      for (const s of p.seats) {
        const kongs = s.melds.filter((m) => m.type === 'kong').length;
        const held = s.concealed.length + s.melds.reduce((n, m) => n + m.tiles.length, 0) - kongs;
        // 13 tiles between turns, 14 while holding a drawn tile or having just claimed (docs/rules.md "A turn")
        expect([13, 14]).toContain(held);
      }
    });
    expect(claims).toBeGreaterThan(0);
  });

  it('fails loudly on a record whose events do not fit together', async () => {
    const rec = await record({ rules: 'harr', strategies: 'random,random,random,random', players: 4, unit: 'hand', seed: 1, game: 0 });
    const events = rec.hands[0]!.events.slice();
    const i = events.findIndex((e) => e.e === 'discard');
    const ev = events[i]!;
    if (ev.e !== 'discard') throw new Error('no discard');
    // a discard of a tile the seat cannot hold (five of a kind do not exist)
    const bad = { ...rec, hands: [{ ...rec.hands[0]!, events: [...events.slice(0, i), { ...ev, tile: '9z' === ev.tile ? '1m' : 'xx' }] }] };
    expect(() => reconstructPositions(bad as unknown as GameRecord)).toThrow(/event \d+: tile/);
  });
});
