/**
 * A loose tile after an own-turn kong may complete the hand (docs/rules.md "Own-turn kongs": the player draws a loose
 * tile "and may then declare again, go Mah-Jongg or discard"), also when a pung or chow was claimed earlier in the
 * same turn, under every rule set that allows the kong there (all but babcock). Hand-written records of each
 * (test/scenarios/), and a property: whenever the hand in turn is complete on a drawn or loose tile, Mah-Jongg is
 * among the legal actions.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Action, AgentView, Strategy } from '../../src/agent/types.js';
import { sameAction } from '../../src/agent/types.js';
import { playGame } from '../../src/game/play.js';
import { replayRecordFile } from '../../src/game/replay.js';
import { gameSetup } from '../../src/game/setup.js';
import { ruleSet } from '../../src/rules/index.js';
import { isWinningHand } from '../../src/scoring/index.js';
import { formatTiles, type Tile } from '../../src/tiles/index.js';
import { random } from '../../strategies/random.js';
import { buildWall, lineupOf, playScripted, table } from './helpers.js';

const SCENARIOS = join(import.meta.dirname, '..', 'scenarios');

describe('the loose tile after a kong that follows a claim (test/scenarios/)', () => {
  const cases = [
    ['harr', 'harr-loose-tile-after-claim.json', 'pung, concealed kong', 66],
    ['harr-limit', 'harr-limit-loose-tile-after-chow.json', 'chow, concealed kong', 92],
    ['code500', 'code500-loose-tile-after-pung.json', 'pung, kong added to it', 46],
  ] as const;
  for (const [rules, file, what, score] of cases) {
    it(`${rules}: ${what}, and the loose tile completes the hand: a win from the loose tiles`, () => {
      const h = replayRecordFile(join(SCENARIOS, file)).hands[0]!;
      expect(h.result).toMatchObject({ winner_seat: 1, win_by: 'loose-tile', discarder: null, winner_score: score });
      const lines = h.events.find((e) => e.e === 'score' && e.seat === 1);
      const loose = rules === 'harr-limit' ? /winning on a loose tile/ : /^Winning on loose tile draw$/;
      expect(lines).toMatchObject({ lines: expect.arrayContaining([expect.objectContaining({ label: expect.stringMatching(loose) })]) });
    });
  }
});

/** Plays the queued actions when legal (else `then`), and checks the property at every own-turn decision. */
function checking(plans: Record<number, Action[]>, then: Strategy, failures: string[]): Strategy {
  return {
    name: 'checking',
    description: 'test script',
    params: [],
    create: (ctx) => {
      const queue = [...(plans[ctx.seat] ?? [])];
      const fallback = then.create(ctx);
      return {
        act: (view: AgentView): Action => {
          if (view.phase === 'turn' && view.drawn !== null) {
            const concealed = [...view.concealed];
            concealed.splice(concealed.indexOf(view.drawn), 1);
            const me = view.table[view.seat]!;
            const complete = isWinningHand(view.rules, { concealed, melds: [...me.melds], bonus: [...me.flowers], winning: view.drawn });
            if (complete && !view.legal.some((l) => l.type === 'mahjong')) {
              failures.push(`${view.rules.id}: seat ${view.seat} complete on ${formatTiles([view.drawn])} (${formatTiles(concealed)} + ${me.melds.length} sets), legal ${view.legal.map((l) => l.type).join(' ')}`);
            }
          }
          const want = queue[0];
          if (want && view.legal.some((l) => sameAction(l, want))) return queue.shift()!;
          return fallback.act(view);
        },
      };
    },
  };
}

const SUITED = fc.integer({ min: 0, max: 26 });
const KIND = fc.integer({ min: 0, max: 33 });
/** A set of the final hand: a pung of any kind, or a run (lowest tile) within a suit. */
const SET = fc.oneof(
  KIND.map((t) => [t, t, t]),
  SUITED.filter((t) => t % 9 <= 6).map((t) => [t, t + 1, t + 2]),
);

/**
 * South's hand, built to end complete on the loose tile after East's discard `x` is claimed and a kong declared in
 * the same turn: `claim` the claimed set (a pung of x, or a run through x: South is next in turn, so may chow), then
 * either a concealed kong of `kong` held four times, or (add) the fourth x added to the pung just claimed.
 */
const POSITION = fc.record({
  rules: fc.constantFrom('harr', 'harr-limit', 'babcock', 'code500'),
  add: fc.boolean(),
  chow: fc.boolean(),
  x: SUITED,
  kong: KIND,
  sets: fc.array(SET, { minLength: 3, maxLength: 3 }),
  pair: KIND,
  loosePick: fc.nat(),
  shuffle: fc.array(fc.nat(), { minLength: 136, maxLength: 136 }),
  seed: fc.nat(),
});
type Position = typeof POSITION extends fc.Arbitrary<infer P> ? P : never;

function walls(p: Position): { wall: number[]; plans: Record<number, Action[]> } | null {
  const { x, add } = p;
  const chow = p.chow && !add && x % 9 <= 6;
  const claimSet = chow ? [x, x + 1, x + 2] : [x, x, x];
  // The rest of the final hand besides the claimed set and the kong: two sets and the pair (three with an added
  // kong, whose kong is the claimed pung itself).
  const rest = [...p.sets.slice(0, add ? 3 : 2).flat(), p.pair, p.pair];
  const loose = rest[p.loosePick % rest.length]!;
  const dealtRest = [...rest];
  dealtRest.splice(dealtRest.indexOf(loose), 1);
  const south = [...claimSet.slice(1), ...(add ? [x] : [p.kong, p.kong, p.kong, p.kong]), ...dealtRest];
  const used = new Array<number>(34).fill(0);
  for (const t of [...south, x, loose]) used[t]!++;
  if (used.some((n) => n > 4) || south.length !== 13) return null;
  // Everyone else from what is left, in an order of fast-check's choosing.
  const pool: number[] = [];
  for (let t = 0; t < 34; t++) for (let k = used[t]!; k < 4; k++) pool.push(t);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = p.shuffle[i]! % (i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const east = [x, ...pool.splice(0, 13)];
  const west = pool.splice(0, 13);
  const north = pool.splice(0, 13);
  const wall = buildWall({ hands: [east, south, west, north].map((h) => formatTiles(h)), loose: formatTiles([loose]), flowers: ruleSet(p.rules).flowers });
  const claim: Action = chow ? { type: 'chow', tile: x } : { type: 'pung' };
  const kong: Action = add ? { type: 'add-kong', tile: x } : { type: 'concealed-kong', tile: p.kong };
  return { wall, plans: { 0: [{ type: 'discard', tile: x as Tile }], 1: [claim, kong] } };
}

describe('property: a hand complete on a drawn or loose tile may always go Mah-Jongg', () => {
  it('after a claim and a kong in the same turn, through the rest of that hand, and in games played at random', () => {
    let reached = 0;
    fc.assert(
      fc.property(POSITION, (p) => {
        const built = walls(p);
        fc.pre(built !== null);
        const failures: string[] = [];
        const config = table(p.rules, lineupOf(checking(built!.plans, random, failures), 4), { seed: p.seed });
        const { record } = playScripted(config, [built!.wall]);
        if (record.hands[0]!.events.some((e) => e.e === 'loose' && e.seat === 1)) reached++;
        expect(failures).toEqual([]);
      }),
      { numRuns: 300 },
    );
    expect(reached).toBeGreaterThan(50); // the generator does reach the position it is built for
    // ...and in games played at random, every rule set.
    fc.assert(
      fc.property(fc.constantFrom('harr', 'harr-limit', 'babcock', 'code500'), fc.nat(), (rules, seed) => {
        const failures: string[] = [];
        const config = table(rules, lineupOf(checking({}, random, failures), 4), { seed });
        playGame(config, gameSetup(config, seed % 1000), { record: false });
        expect(failures).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
