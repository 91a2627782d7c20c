/**
 * The kept hand analysis (strategies/shared/analysis.ts; docs/performance.md, "Decisions that remember"): over
 * thousands of random hands of every rule set and table shape, a seat's analysis updated at its decisions (at some
 * of them only: updates may skip decisions) says exactly what one made afresh from the view says (its validate
 * mode, on here, throws on a difference), and its kept shanten figures equal fresh ones. A mark brought up by the
 * view's changesSince says which parts moved, and never leaves one out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, AgentView, Strategy } from '../../src/agent/types.js';
import { SeatMark } from '../../src/agent/seat-mark.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import type { TableConfig } from '../../src/game/types.js';
import { shanten } from '../../src/hand/index.js';
import { ruleSet } from '../../src/rules/index.js';
import { KINDS } from '../../src/tiles/tile.js';
import { markDiff, markFromView } from '../../src/view/changes.js';
import { SeatAnalysis } from '../../strategies/shared/analysis.js';
import { Scratch } from '../../strategies/shared/scratch.js';
import { random } from '../../strategies/random.js';
import { harr } from '../../strategies/harr.js';
import { applyParams } from '../../src/agent/params.js';

const group = (t: number): number => 1 << (t < 27 ? (t / 9) | 0 : 3);

interface Stats {
  updates: number;
  fresh: number;
  kept: number;
}

/**
 * `inner` playing, with an analysis of its own seat (validate mode) updated at the decisions `skip` leaves, and a
 * second mark whose reported changes are checked against the parts that really moved.
 */
function checking(inner: Strategy, skip: (n: number) => boolean, stats: Stats): Strategy {
  return {
    ...inner,
    create(init) {
      const agent = inner.create(init);
      const s = new Scratch();
      const an = new SeatAnalysis(s, true);
      const mark = new SeatMark();
      const before = new SeatMark();
      const ref = new SeatMark();
      let n = 0;
      return {
        act(view: AgentView): Action {
          if (!skip(n++)) {
            const melds = an.update(view);
            stats.updates++;
            if (an.mark.fresh) stats.fresh++;
            const c = s.counts;
            // Plain comparisons, one failure message: an expect per kind would cost more than the hands.
            const fail = (what: string): never => {
              throw new Error(`seat ${view.seat}, ${view.phase}, ${what}`);
            };
            if (an.shanten() !== shanten(c, melds)) fail('shanten');
            const sh = an.shanten();
            if (view.phase === 'turn') {
              const after = an.discardShanten();
              for (let t = 0; t < KINDS; t++) {
                if (c[t] === 0) continue;
                c[t]!--;
                const x = shanten(c, melds);
                c[t]!++;
                if (after[t] !== x) fail(`shanten after discarding ${t}`);
              }
            } else {
              const after = an.drawShanten();
              for (let t = 0; t < KINDS; t++) {
                if (c[t]! >= 4) continue;
                c[t]!++;
                const x = shanten(c, melds);
                c[t]!--;
                if (after[t] !== x) fail(`shanten after drawing ${t}`);
              }
            }
            if (sh === an.shanten()) stats.kept++;
            // The groups and seats a mark reports as moved cover every part that moved.
            const wasFresh = mark.token === null;
            for (let t = 0; t < KINDS; t++) {
              before.hand[t] = mark.hand[t]!;
            }
            const keys = Int32Array.from(mark.meldKey);
            view.changesSince!(mark);
            const diff = markDiff(mark, markFromView(ref, view), view.players);
            if (diff !== null) fail(diff);
            if (!wasFresh && !mark.fresh) {
              for (let t = 0; t < KINDS; t++) {
                if (before.hand[t] !== mark.hand[t] && (mark.handGroups & group(t)) === 0) fail(`own ${t} moved unreported`);
              }
              for (let p = 0; p < view.players; p++) if (keys[p] !== mark.meldKey[p] && (mark.meldSeats & (1 << p)) === 0) fail(`seat ${p}'s sets moved unreported`);
            }
          }
          return agent.act(view);
        },
      };
    },
  };
}

const SHAPES: readonly { rules: string; players: 2 | 3 | 4; flowers: boolean }[] = [
  { rules: 'harr', players: 4, flowers: false },
  { rules: 'harr-limit', players: 4, flowers: true },
  { rules: 'babcock', players: 4, flowers: false },
  { rules: 'code500', players: 4, flowers: false },
  { rules: 'harr', players: 3, flowers: true },
  { rules: 'babcock', players: 3, flowers: false },
  { rules: 'harr', players: 2, flowers: false },
];

function play(shape: (typeof SHAPES)[number], lineup: readonly Strategy[], seed: number, games: number, skip: (n: number) => boolean, stats: Stats): void {
  const rules = ruleSet(shape.rules);
  const config: TableConfig = {
    rules,
    limit: rules.limit,
    flowers: shape.flowers,
    players: shape.players,
    unit: 'hand',
    seed,
    lineup: lineup.slice(0, shape.players).map((s, i) => ({ label: `${s.name}${i}`, strategy: checking(s, skip, stats), params: applyParams(s, [], s.name) })),
    duplicate: false,
  };
  const engine = createEngine(config);
  for (let g = 0; g < games; g++) engine.play(gameSetup(config, g), { record: false });
}

describe('the kept hand analysis equals one made afresh', () => {
  it('over random hands of every rule set and table shape, updated at every decision or at some', () => {
    const stats: Stats = { updates: 0, fresh: 0, kept: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SHAPES.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }), (k, seed, every) => {
        // every = 0: at every decision; otherwise at one decision in every + 1.
        play(SHAPES[k]!, [random, random, random, random], seed, 25, (n) => every > 0 && n % (every + 1) !== 0, stats);
      }),
      { numRuns: 100, seed: 63 },
    );
    // 2,500 hands: every shape met, fresh marks at the start of each seat's hands and incremental ones after.
    expect(stats.updates).toBeGreaterThan(50_000);
    expect(stats.fresh).toBeGreaterThan(1_000);
    expect(stats.updates - stats.fresh).toBeGreaterThan(40_000);
  });

  it('under harr, whose hands meld, kong and defend, at every decision', () => {
    const stats: Stats = { updates: 0, fresh: 0, kept: 0 };
    for (const shape of SHAPES) play(shape, [harr, harr, random, harr], 11, 20, () => false, stats);
    expect(stats.updates).toBeGreaterThan(5_000);
  });
});
