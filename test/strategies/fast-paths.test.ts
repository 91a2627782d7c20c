/**
 * The strategies' fast decision paths (hand analysis and strategies made faster without changing
 * any decision) against plain references written the slow, obvious way: the discard choice (docs/rules.md "Playing
 * advice": least distance to a complete hand, then the strategy's tie-break), the "tiles that help" counts, the
 * seen-tile counts kept by differences, and the suit-vector masks the ukeire count uses.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HandAnalyser, shanten } from '../../src/hand/index.js';
import { KINDS } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { handArb as hand, refDraws, tableSeen } from './reference.js';
import type { Agent, AgentView, Strategy } from '../../src/agent/types.js';
import { ruleSet } from '../../src/rules/index.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import type { TableConfig } from '../../src/game/types.js';
import { greedy } from '../../strategies/greedy.js';
import { chowMixer } from '../../strategies/chow-mixer.js';
import { defender } from '../../strategies/defender.js';
import { suitHunter } from '../../strategies/suit-hunter.js';
import { Scratch } from '../../strategies/shared/scratch.js';
import { drawCandidates, drawsHelping, prepareDraws, touches } from '../../strategies/shared/draws.js';
import { pickDiscard } from '../../strategies/shared/discard.js';

const handArb = hand([[0, 1, 2, 3], [0, 1, 2, 3], [1, 3], [2]]);

/** The discard choice as first written: one pass, score = shanten * 1000 + cost, less 5 per live wait if ready. */
function refPick(c: Counts, held: Counts, melds: number, cost: Float64Array, live: Counts | null): number {
  let best = -1;
  let bestScore = Infinity;
  for (let t = 0; t < KINDS; t++) {
    if (held[t] === 0) continue;
    const d = c.slice();
    if (d[t]! > 0) d[t]!--;
    const sh = shanten(d, melds);
    let score = sh * 1000 + cost[t]!;
    if (sh === 0 && live) {
      let n = 0;
      for (let u = 0; u < KINDS; u++) {
        if (live[u] === 0 || d[u]! >= 4 || !touches(c, u) || !touches(d, u)) continue;
        d[u]!++;
        if (shanten(d, melds) < 0) n += live[u]!;
        d[u]!--;
      }
      score -= Math.min(n, 40) * 5;
    }
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

describe('suit-vector masks (HandAnalyser.drawMasks / critical)', () => {
  it('a draw of another suit helps after a discard exactly when its mask meets the critical entries', () => {
    fc.assert(
      fc.property(handArb, fc.nat(KINDS - 1), ({ c, melds }, t) => {
        if (c[t] === 0) return true;
        const a = new HandAnalyser().load(c, melds);
        const kinds = new Uint8Array(KINDS);
        let n = 0;
        for (let u = 0; u < KINDS; u++) if (c[u]! < 4) kinds[n++] = u;
        const masks = new Uint16Array(KINDS);
        a.drawMasks(kinds, n, masks);
        a.selectDiscard(t);
        const st = t < 27 ? Math.floor(t / 9) : 3;
        const sh = a.afterDiscard();
        const d = c.slice();
        d[t]!--;
        for (let i = 0; i < n; i++) {
          const u = kinds[i]!;
          const su = u < 27 ? Math.floor(u / 9) : 3;
          if (su === st) continue;
          d[u]!++;
          expect((masks[i]! & a.critical(su, sh + 1)) !== 0).toBe(shanten(d, melds) < sh);
          d[u]!--;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe('drawMasks kept by kind across loads', () => {
  it('one analyser loaded with hand after hand, sets declared varying, answers as a fresh one', () => {
    const kept = new HandAnalyser();
    fc.assert(
      fc.property(fc.array(handArb, { minLength: 2, maxLength: 6 }), (hands) => {
        // Each hand also with another number of sets declared, then as it was (the kept answers are asked again).
        for (const { c, melds: m0 } of hands) for (const melds of [m0, (m0 + 1) % 4, m0]) {
          const kinds = new Uint8Array(KINDS);
          let n = 0;
          for (let u = 0; u < KINDS; u++) if (c[u]! < 4) kinds[n++] = u;
          const got = new Uint16Array(KINDS);
          const want = new Uint16Array(KINDS);
          kept.load(c, melds).drawMasks(kinds, n, got);
          new HandAnalyser().load(c, melds).drawMasks(kinds, n, want);
          expect(Array.from(got)).toEqual(Array.from(want));
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

describe('drawCandidates (held ranks by mask)', () => {
  it('lists the live kinds touching the hand, in kind order, as touches() finds them one by one', () => {
    fc.assert(
      fc.property(handArb, fc.integer({ min: 0, max: KINDS - 1 }), ({ c, live }, drop) => {
        // The hand, and the hand less one kind (drawsAfter's hand after a discard).
        const d = c.slice();
        if (d[drop]! > 0) d[drop]!--;
        for (const h of [c, d]) {
          const want: number[] = [];
          for (let u = 0; u < KINDS; u++) if (live[u]! > 0 && touches(h, u)) want.push(u);
          const out = new Uint8Array(KINDS);
          const n = drawCandidates(h, live, out);
          expect(Array.from(out.subarray(0, n))).toEqual(want);
        }
        return true;
      }),
      { numRuns: 400 },
    );
  });
});

describe('drawsHelping (ukeire by masks, shared across equal suit vectors)', () => {
  it('equals the brute-force count of helping draws for every discard, in one group', () => {
    fc.assert(
      fc.property(handArb, ({ c, melds, live }) => {
        const s = new Scratch();
        s.counts.set(c);
        const a = s.a.load(s.counts, melds);
        const ncand = prepareDraws(s, s.counts, live);
        for (let t = 0; t < KINDS; t++) {
          if (c[t] === 0) continue;
          const shT = a.shantenWith(t, -1);
          // At the discard's own shanten (the tie-break), and below it (the other path).
          expect(drawsHelping(s, s.counts, t, shT, live, shT, ncand)).toBe(refDraws(c, melds, t, live, shT));
          expect(drawsHelping(s, s.counts, t, shT, live, shT + 1, ncand)).toBe(refDraws(c, melds, t, live, shT + 1));
        }
        expect(s.counts).toEqual(c);
        expect(ncand).toBe(drawCandidates(c, live, new Uint8Array(KINDS)));
        return true;
      }),
      { numRuns: 150 },
    );
  });
});

describe('pickDiscard', () => {
  it('chooses as the one-pass reference, with and without waits, on the hand or a projection of it', () => {
    fc.assert(
      fc.property(handArb, fc.boolean(), fc.integer({ min: -1, max: 3 }), ({ c, melds, live, cost }, withWaits, keepSuit) => {
        const s = new Scratch();
        // keepSuit >= 0: analyse only that suit and the honours (a hunt), discard from the whole hand.
        const p = c.slice();
        if (keepSuit >= 0) for (let t = 0; t < 27; t++) if (Math.floor(t / 9) !== keepSuit) p[t] = 0;
        s.cost.set(cost);
        const a = s.a.load(p, melds);
        const tile = pickDiscard(a, p, c, s, withWaits ? live : null);
        expect(tile).toBe(refPick(p, c, melds, cost, withWaits ? live : null));
        const d = p.slice();
        if (d[tile]! > 0) d[tile]!--;
        expect(s.sh[tile]).toBe(shanten(d, melds));
        // allSh: every held kind's shanten is left in s.sh.
        const s2 = new Scratch();
        s2.cost.set(cost);
        expect(pickDiscard(s2.a.load(p, melds), p, c, s2, withWaits ? live : null, true)).toBe(tile);
        for (let t = 0; t < KINDS; t++) {
          if (c[t] === 0) continue;
          const e = p.slice();
          if (e[t]! > 0) e[t]!--;
          expect(s2.sh[t]).toBe(shanten(e, melds));
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('view.seen (counted from the state) in play', () => {
  /** Wraps a strategy: before each decision, checks view.seen against a count of view.table. */
  function checked(inner: Strategy, log: { decisions: number; bad: number }): Strategy {
    return {
      ...inner,
      create(init) {
        const agent: Agent = inner.create(init);
        return {
          act(view: AgentView) {
            const fresh = tableSeen(view, new Uint8Array(KINDS));
            const seen = view.seen;
            if (seen.length !== KINDS || !seen.every((x, t) => x === fresh[t])) log.bad++;
            seen[0] = 99; // the reader's own copy
            if (view.seen[0] !== fresh[0]) log.bad++;
            log.decisions++;
            return agent.act(view);
          },
        };
      },
    };
  }
  for (const [rules, unit] of [['harr', 'hand'], ['harr-limit', 'match'], ['code500', 'match']] as const) {
    it(`equals a fresh count at every decision (${rules}, unit ${unit})`, () => {
      const log = { decisions: 0, bad: 0 };
      const rs = ruleSet(rules);
      const lineup = [greedy, chowMixer, defender, suitHunter].map((st) => ({ label: st.name, strategy: checked(st, log), params: Object.fromEntries(st.params.map((p) => [p.name, p.default])) }));
      const config: TableConfig = { rules: rs, limit: rs.limit, flowers: rs.flowers, players: 4, unit, seed: 7, lineup, duplicate: false };
      const eng = createEngine(config);
      for (let g = 0; g < (unit === 'hand' ? 40 : 3); g++) eng.play(gameSetup(config, g), { record: false });
      expect(log.decisions).toBeGreaterThan(1000);
      expect(log.bad).toBe(0);
    });
  }
});
