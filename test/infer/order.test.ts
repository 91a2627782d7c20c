/**
 * The record of passed claims in the order of play (src/infer/order.ts, record.ts): the order of
 * the discards read back from a view is the order in which they were truly made, with who claimed each, at every
 * decision of self-play under every rule set; a seat's passes are every discard made since its own last one; and a
 * pass counts as a passed Mah-Jongg only where the rules would have let the seat claim it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfPlay } from '../../experiments/self-play.js';
import { Likelihood } from '../../src/infer/likelihood.js';
import { POLICY_MODEL } from '../../src/infer/model.js';
import { discardOrder, type PlayedDiscard } from '../../src/infer/order.js';
import { seatRecord, type SeatRecord } from '../../src/infer/record.js';
import { RULESET_IDS, ruleSet } from '../../src/rules/index.js';
import { parseTiles } from '../../src/tiles/notation.js';
import { tempDir } from '../runner/helpers.js';

/** A variant in which any seat may chow (docs/rules.md "Variants", `chowFrom`): a run is claimed out of turn too. */
const ANY_CHOW = join(tempDir('order-any-chow'), 'any-chow.json');
writeFileSync(ANY_CHOW, JSON.stringify({ base: 'babcock', overrides: { chowFrom: 'any' } }));

describe('the order of play read from a view', () => {
  it('is the true order of the discards and their claims, at every decision', () => {
    let claims = 0;
    let skips = 0;
    let farChows = 0;
    for (const [id, hands] of [...RULESET_IDS.map((x) => [x, 12] as const), [ANY_CHOW, 24] as const]) {
      let game = -1;
      let truth: { by: number; tile: number; claimedBy: number }[] = [];
      let lens: number[] = [];
      let melds: number[] = [];
      selfPlay(id, hands, 41, (s, view, g) => {
        if (g !== game) {
          game = g;
          truth = [];
          lens = [0, 0, 0, 0];
          melds = [0, 0, 0, 0];
        }
        // From the true state: which seat's discards grew (at most one discard between two decisions), and which
        // seat's exposed sets grew by a claim of the last one.
        for (let q = 0; q < 4; q++) {
          const open = view.table[q]!.melds.filter((m) => !m.concealed).length;
          if (open > melds[q]!) {
            const last = truth[truth.length - 1]!;
            expect(view.table[last.by]!.discards.at(-1)!.claimed).toBe(true);
            last.claimedBy = q;
            claims++;
            if (q !== (last.by + 1) % 4) skips++;
            if (q !== (last.by + 1) % 4 && view.table[q]!.melds.filter((m) => !m.concealed).at(-1)!.type === 'chow') farChows++;
          }
          melds[q] = open;
        }
        for (let q = 0; q < 4; q++) {
          const d = view.table[q]!.discards;
          if (d.length > lens[q]!) truth.push({ by: q, tile: d[d.length - 1]!.tile, claimedBy: -1 });
          lens[q] = d.length;
        }
        expect(s.pub.discardCount).toBe(truth.length);
        const got = discardOrder(view);
        expect(got).not.toBeNull();
        // Where any seat may chow, two seats may hold a run through the same discard: the view then fits more than
        // one order, and the search returns one of them (docs/rules.md "Claims on the last discard").
        if (id === ANY_CHOW) return void expect(got).toHaveLength(truth.length);
        expect(got!.map((x: PlayedDiscard) => [x.by, x.tile, x.claimedBy])).toEqual(truth.map((x) => [x.by, x.tile, x.claimedBy]));
        // Each other seat's passes: every discard since its own last, less an open claim round's.
        for (let q = 0; q < 4; q++) {
          if (q === view.seat) continue;
          let from = truth.length - 1;
          while (from >= 0 && truth[from]!.by !== q) from--;
          const end = view.phase === 'claim' ? truth.length - 1 : truth.length;
          const want = truth.slice(from + 1, Math.max(from + 1, end));
          const rec = seatRecord(view, q, 8, got);
          expect(rec.passed).toEqual(want.map((x) => x.tile));
          expect(rec.passedNext).toEqual(want.map((x) => (x.by + 1) % 4 === q));
        }
      });
    }
    // The seating order alone would misread these: claims that skipped seats.
    expect(claims).toBeGreaterThan(20);
    expect(skips).toBeGreaterThan(5);
    // And, under the variant, chows by a seat not next in turn.
    expect(farChows).toBeGreaterThan(0);
  }, 120_000);

  it('a pass is a passed Mah-Jongg only where the rule set would have let the seat claim it', () => {
    const counts = (text: string): Uint8Array => {
      const c = new Uint8Array(34);
      for (const t of parseTiles(text)) c[t]!++;
      return c;
    };
    const harr = new Likelihood(POLICY_MODEL, [], ruleSet('harr'));
    const any = new Likelihood(POLICY_MODEL, [], ruleSet('babcock'));
    // Waiting on a run (1s or 4s): out of turn only where a run may complete it.
    const run = counts('123m 456m 789m 11p 23s');
    const s1 = parseTiles('1s')[0]!;
    expect(harr.passedWin(run, 13, s1, false)).toBe(false);
    expect(harr.passedWin(run, 13, s1, true)).toBe(true);
    expect(any.passedWin(run, 13, s1, false)).toBe(true);
    // Waiting on a pung (1p or 9p): any seat may claim it.
    const pung = counts('123m 456m 789m 11p 99p');
    expect(harr.passedWin(pung, 13, parseTiles('9p')[0]!, false)).toBe(true);
    expect(harr.passedWin(pung, 13, parseTiles('5p')[0]!, true)).toBe(false);
    expect(Array.from(run)).toEqual(Array.from(counts('123m 456m 789m 11p 23s')));
  });

  it('a variant reaches the reading of a pass through the rule set: out-of-turn Mah-Jongg changes it, who may chow does not', () => {
    const dir = tempDir('order-variants');
    const variant = (name: string, overrides: object): string => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify({ base: 'harr', overrides }));
      return file;
    };
    const lik = (rules: string) => new Likelihood(POLICY_MODEL, [], ruleSet(rules));
    // A seat waiting on 1s or 4s for a run let 1s pass from the player across (not next in turn after him).
    const hand = new Uint8Array(34);
    for (const t of parseTiles('123m 456m 789m 11p 23s')) hand[t]!++;
    const rec: SeatRecord = { seat: 2, discards: [], passed: [parseTiles('1s')[0]!], passedNext: [false], pungs: [], melds: 0 };
    const harr = lik('harr').logLik(rec, hand);
    // Where any seat may win on a run, the pass counts against the hand by the model's passWin.
    expect(lik(variant('out-of-turn', { outOfTurnMahjong: 'any' })).logLik(rec, hand) - harr).toBeCloseTo(POLICY_MODEL.passWin, 9);
    // Where any seat may chow, the seat could have taken 1s for a run, but not won on it (a discard that completes a
    // hand is claimed for Mah-Jongg, never for a set): the pass says what it says under harr.
    expect(lik(variant('any-chow', { chowFrom: 'any' })).logLik(rec, hand)).toBe(harr);
    // Next in turn after the discarder, the pass counts under every one of them.
    const next = { ...rec, passedNext: [true] };
    expect(lik('harr').logLik(next, hand) - harr).toBeCloseTo(POLICY_MODEL.passWin, 9);
  });
});
