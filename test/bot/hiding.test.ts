// Information hiding through the bot protocol (docs/protocol.md "What a decision carries"): a decision message holds
// exactly the fields of the seat's AgentView, and two true states that give the seat the same view (the second
// truth, test/view/second-truth.ts: every tile it has not seen dealt afresh) give it the same messages, events
// included, byte for byte, all through a hand.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecisionWriter } from '../../src/bot/messages.js';
import { viewFor } from '../../src/view/view.js';
import { apply, isOver, legalActions, toMove } from '../../src/engine/step.js';
import type { HandState } from '../../src/engine/state.js';
import { makeStream } from '../../src/rng/streams.js';
import { secondTruth } from '../view/second-truth.js';
import { EVERY_TABLE, newHand, type Table } from '../engine/helpers.js';

const TABLES = EVERY_TABLE;

/** The fields of an AgentView that hold data (its methods, sampleWorld and the count readers, are not data). */
const VIEW_FIELDS = ['rules', 'limit', 'players', 'seat', 'seatWind', 'dealer', 'prevailingWind', 'phase', 'concealed', 'drawn', 'table', 'seen', 'wallCount', 'scores', 'lastDiscard', 'discardCount', 'legal'];

/** Play `stop` decisions by the seed's random answers; every decision of `seat` is written by `writer` on the way. */
function playTo(t: Table, seed: number, stop: number, seat: number, writer: DecisionWriter): { s: HandState; sent: string[] } {
  const s = newHand(t, seed);
  const pick = makeStream(seed, 1, 'pick');
  const sent: string[] = [];
  for (let k = 0; k < stop && !isOver(s); k++) {
    if (toMove(s) === seat) sent.push(writer.message(viewFor(s, seat)));
    const legal = legalActions(s);
    const notWin = legal.filter((a) => a.type !== 'mahjong');
    const from = notWin.length > 0 ? notWin : legal;
    apply(s, from[pick.int(from.length)]!);
  }
  return { s, sent };
}

describe('a decision message holds what the view holds', () => {
  it('its fields are the view\'s data fields, with the message\'s type, number and events', () => {
    const s = newHand({ rules: 'harr', players: 4 }, 3);
    const m = JSON.parse(new DecisionWriter().message(viewFor(s, toMove(s)))) as Record<string, unknown>;
    expect(Object.keys(m).sort()).toEqual([...VIEW_FIELDS, 'type', 'decision', 'events'].sort());
  });

  it('two truths the seat cannot tell apart give it the same messages, byte for byte', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TABLES), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 120 }), (t, seed, stop) => {
        const probe = playTo(t, seed, stop, -1, new DecisionWriter()).s;
        fc.pre(!isOver(probe));
        const seat = toMove(probe);
        // The seat's messages up to now, then the open decision's, on the true state and on a second truth.
        const writer = new DecisionWriter();
        const { s } = playTo(t, seed, stop, seat, writer);
        const twin = new DecisionWriter();
        playTo(t, seed, stop, seat, twin);
        const other = secondTruth(s, seat, makeStream(seed, 2, 'truth'));
        expect(twin.message(viewFor(other, seat))).toBe(writer.message(viewFor(s, seat)));
      }),
      { numRuns: 120 },
    );
  });

  it('positive control: the messages of two different seats at the same decision differ', () => {
    const s = newHand({ rules: 'babcock', players: 4 }, 11);
    const seat = toMove(s);
    expect(new DecisionWriter().message(viewFor(s, (seat + 1) % 4))).not.toBe(new DecisionWriter().message(viewFor(s, seat)));
  });
});
