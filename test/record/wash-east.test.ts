// A wash under a variant where East pays and receives a wash double (`washEastDouble`, docs/rules.md "Washing the
// tiles"): the record, `mjlab replay`'s text, the replay viewer's positions and the words both pages show say what
// East paid, or collected, rather than "from each" alone; under harr-limit itself a wash reads as before.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/cli/replay-command.js';
import type { GameRecord } from '../../src/record/record.js';
import { renderRecord } from '../../src/record/render.js';
import { reconstructPositions } from '../../src/viewer/positions.js';
import { pageWidgets } from '../../src/viewer/widgets.js';
import { tempDir } from '../runner/helpers.js';

const variant = join(tempDir('wash-east'), 'east-double.json');
writeFileSync(variant, JSON.stringify({ base: 'harr-limit', title: 'East pays and receives a wash double', overrides: { washEastDouble: true } }));

const game = (rules: string, g: number): Promise<GameRecord> =>
  replayRecord({ rules, strategies: 'harr,harr,harr,harr', seed: 1, game: g, players: 4, unit: 'hand', flowers: false, duplicate: false });

const widgets = pageWidgets();
const wind = (s: number): string => `seat ${s}`;

// Seed 1 of four harr players under harr-limit: in game 172 seat 2 washes with East at seat 0 (10 heads, 70 a
// player); in game 207 East (seat 3) washes himself (9 heads, 50 a player).
const CASES = [
  { g: 172, seat: 2, east: 0, payment: 70, words: '70 from each and 140 from East, who pays a wash as he pays a hand (washEastDouble)' },
  { g: 207, seat: 3, east: 3, payment: 50, words: '100 from each: East collects a wash as he collects a hand (washEastDouble)' },
];

describe('a wash where East pays and receives it double', () => {
  it.each(CASES)('game $g: every text of the wash says what East paid or collected', async ({ g, seat, east, payment, words }) => {
    const rec = await game(variant, g);
    const hand = rec.hands[0]!;
    const ev = hand.events.find((e) => e.e === 'wash');
    expect(ev).toMatchObject({ e: 'wash', seat, payment, east: { seat: east, payment: 2 * payment } });
    if (ev?.e !== 'wash') return;
    // The hand's result (what the play page shows and a bot is sent) carries East's part, and the nets agree with it:
    // against harr-limit's own (the same play), East pays, or collects from each, one payment more.
    expect(hand.result.washes).toEqual([{ seat, heads: ev.heads, payment, east: { seat: east, payment: 2 * payment } }]);
    const base = (await game('harr-limit', g)).hands[0]!.result.nets;
    const more = hand.result.nets.map((n, s) => n - base[s]!);
    expect(more).toEqual(more.map((_, s) => (east === seat ? (s === east ? 3 * payment : -payment) : s === east ? -payment : s === seat ? payment : 0)));
    // mjlab replay's text
    expect(renderRecord(rec)).toContain(`washes the tiles: ${ev.heads} different heads in ${ev.hand}, collects ${words}; reshuffle`);
    // the pages' move list, and the breakdown line the viewer (from its positions) and the play page build
    expect(widgets.describe(ev, wind, wind)).toBe(`seat ${seat} washes the tiles (${ev.heads} heads), collects ${words}`);
    const last = reconstructPositions(rec).at(-1)!;
    expect(last.washes.map((w) => widgets.washPaid(w))).toEqual([words]);
    expect(hand.result.washes.map((w) => widgets.washPaid(w))).toEqual([words]);
  });

  it.each(CASES)('game $g under harr-limit: East pays a wash as the others do, and the texts say "from each" alone', async ({ g, seat, payment }) => {
    const rec = await game('harr-limit', g);
    const hand = rec.hands[0]!;
    const ev = hand.events.find((e) => e.e === 'wash');
    expect(ev).toEqual({ e: 'wash', seat, heads: expect.any(Number), payment, hand: expect.any(String) });
    if (ev?.e !== 'wash') return;
    expect(hand.result.washes).toEqual([{ seat, heads: ev.heads, payment }]);
    expect(renderRecord(rec)).toContain(`collects ${payment} from each; reshuffle`);
    expect(widgets.describe(ev, wind, wind)).toBe(`seat ${seat} washes the tiles (${ev.heads} heads), collects ${payment} from each`);
    expect(reconstructPositions(rec).at(-1)!.washes.map((w) => widgets.washPaid(w))).toEqual([`${payment} from each`]);
  });
});
