/**
 * The procedure keys of docs/rules.md "Variants" that change who may claim a discard, how claims rank, what a wash
 * pays, the players at the table and how long a first-turn win lasts, each changed alone on the same walls: it
 * changes exactly what it should (a legal claim, a claim's resolution, a payment, a first-turn score) and nothing
 * else (docs/rules.md "Claims on the last discard", harr-limit "Washing the tiles", "Players", code500 "Special hands").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/action.js';
import { applyParams } from '../../src/agent/params.js';
import { seededWalls } from '../../src/engine/chance.js';
import { handResult } from '../../src/engine/result.js';
import { createHandState, nextSeat, type HandState } from '../../src/engine/state.js';
import { apply, startHand } from '../../src/engine/step.js';
import { executeScenario, parseScenario } from '../../src/game/replay.js';
import { makeStream } from '../../src/rng/streams.js';
import { parseVariant, ruleSet, type RuleSet } from '../../src/rules/index.js';
import { settleWash, washPayment } from '../../src/scoring/index.js';
import { viewFor } from '../../src/view/view.js';
import { harr } from '../../strategies/harr.js';
import { chowMixer } from '../../strategies/chow-mixer.js';
import { mjlabIn } from '../helpers/cli.js';
import { tempDir } from '../runner/helpers.js';
import { variantChanging, variantFiles } from './variants.js';

const tmp = tempDir('variant-claims');
const file = variantFiles(tmp);

/** One decision of a hand: who, in which phase, what was legal and taken, and the claim round's state. */
interface Decision {
  readonly seat: number;
  readonly phase: string;
  readonly legal: readonly Action[];
  readonly action: Action;
  /** Claim rounds: the discarder, and the best claim made so far in the round (null: none). */
  readonly from: number;
  readonly best: string | null;
}

const key = (a: Action): string => JSON.stringify(a);

/** Hand `g` of seed 5 under `r`, a lineup of harr and chow-mixer (which claims every chow): every decision. */
function play(r: RuleSet, g: number): { decisions: Decision[]; state: HandState } {
  const s = createHandState(r, r.limit, r.flowers, 4);
  startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(5, g, `wall:${w}`)) });
  const agents = [0, 1, 2, 3].map((seat) => {
    const st = seat % 2 === 0 ? harr : chowMixer;
    return st.create({ seat, players: 4, rules: r, rng: makeStream(5, g, `seat:${seat}`), params: applyParams(st, [], st.name) });
  });
  const decisions: Decision[] = [];
  while (s.flow.phase !== 'over') {
    const seat = s.flow.seat;
    const phase = s.flow.phase;
    const legal = s.flow.legal.slice(0, s.flow.n);
    const claim = s.flow.claim;
    const action = agents[seat]!.act(viewFor(s, seat));
    decisions.push({ seat, phase, legal, action, from: phase === 'claim' ? claim.from : -1, best: phase === 'claim' && claim.bestAction ? claim.bestAction.type : null });
    apply(s, action);
  }
  return { decisions, state: s };
}

const same = (a: Decision, b: Decision): boolean =>
  a.seat === b.seat && a.phase === b.phase && key(a.action) === key(b.action) && a.legal.map(key).join() === b.legal.map(key).join();

describe('chowFrom', () => {
  it('"any": a seat not next in turn is offered the chows of the discard; nothing else changes until one is taken', () => {
    const { base, variant } = variantChanging('chowFrom');
    expect([base.chowFrom, variant.chowFrom]).toEqual(['next', 'any']);
    let offered = 0;
    let taken = 0;
    for (let g = 0; g < 120; g++) {
      const a = play(base, g).decisions;
      const b = play(variant, g).decisions;
      const s = createHandState(base, base.limit, false, 4);
      let i = 0;
      let j = 0;
      for (; i < a.length && j < b.length; ) {
        if (same(a[i]!, b[j]!)) {
          i++;
          j++;
          continue;
        }
        const v = b[j]!;
        // The only difference allowed: a claim decision offering chows to a seat that is not next in turn.
        expect(v.phase, `hand ${g}, decision ${j}`).toBe('claim');
        const next = v.seat === nextSeat(s, v.from);
        expect(next, `hand ${g}: the next seat's chows are the base's`).toBe(false);
        const extra = v.legal.filter((x) => x.type === 'chow');
        expect(extra.length).toBeGreaterThan(0);
        offered++;
        const rest = v.legal.filter((x) => x.type !== 'chow').map(key);
        const u = a[i]!;
        if (u.seat === v.seat && u.phase === 'claim') expect(u.legal.map(key)).toEqual(rest); // asked in both: the chows added
        else expect(rest).toEqual([key({ type: 'pass' })]); // asked only for its chows
        if (v.action.type === 'chow') {
          taken++;
          break; // the hand goes on differently from here
        }
        // Passed: asked in both, the play goes on alike; asked only here, the base never asked it.
        if (u.seat === v.seat && u.phase === 'claim') {
          expect(key(u.action)).toBe(key(v.action));
          i++;
        }
        j++;
      }
      if (i === a.length) expect(j, `hand ${g}`).toBe(b.length);
    }
    expect(offered).toBeGreaterThan(0);
    expect(taken).toBeGreaterThan(0);
  });
});

describe('claimPriority', () => {
  it('"mahjong-nearest": a farther seat is not asked for a set once a nearer one has claimed one; nothing else changes', () => {
    const { base, variant } = variantChanging('claimPriority');
    expect([base.claimPriority, variant.claimPriority]).toEqual(['mahjong-pung-chow', 'mahjong-nearest']);
    let skipped = 0;
    let changed = 0;
    for (let g = 0; g < 200; g++) {
      const a = play(base, g);
      const b = play(variant, g);
      let i = 0;
      let j = 0;
      for (; i < a.decisions.length && j < b.decisions.length; ) {
        const u = a.decisions[i]!;
        if (same(u, b.decisions[j]!)) {
          i++;
          j++;
          continue;
        }
        // The only difference allowed: the base asks a seat whose set claim would outrank a nearer seat's chow; the
        // variant does not ask it (only Mah-Jongg beats a claim made), so the nearer chow stands.
        expect(u.phase, `hand ${g}`).toBe('claim');
        expect(u.best, `hand ${g}`).toBe('chow');
        expect(u.legal.some((x) => x.type === 'mahjong')).toBe(false);
        expect(u.legal.some((x) => x.type === 'pung' || x.type === 'kong')).toBe(true);
        skipped++;
        if (u.action.type === 'pass') {
          i++; // the base's seat passed: the chow stands in both
          continue;
        }
        changed++;
        break;
      }
    }
    expect(skipped).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
  });
  it('ties: between two Mah-Jongg claimants the nearest wins under either priority (Harr I "F. To Pung" rule 6)', () => {
    const sc = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'harr-two-claimants.json'), 'utf8')) as { rules: string };
    const v = file({ base: 'harr', overrides: { claimPriority: 'mahjong-nearest' } });
    for (const rules of ['harr', v]) {
      const won = executeScenario(parseScenario({ ...sc, rules, hands: [{ ...(sc as unknown as { hands: object[] }).hands[0], actions: ['0 discard 5z', '1 mahjong'] }] }, 'two-claimants'), 'two-claimants');
      expect(won.result.winner_seat, rules).toBe(1);
    }
  });
});

describe('washPayments and washEastDouble', () => {
  const heads = fc.integer({ min: 9, max: 13 });
  const seats = fc.record({ washer: fc.integer({ min: 0, max: 3 }), east: fc.integer({ min: 0, max: 3 }), heads });
  it('washPayments: what each player pays a washer is the table\'s entry for his heads, nothing else changes', () => {
    const { base, variant } = variantChanging('washPayments', ['harr-limit']);
    fc.assert(
      fc.property(seats, ({ washer, east, heads: h }) => {
        const a = settleWash(base, 4, washer, washPayment(base, h), east);
        const b = settleWash(variant, 4, washer, washPayment(variant, h), east);
        // b = a scaled by the entries' ratio, in whole numbers.
        expect(b.map((x) => x * base.washPayments[h - 9]!)).toEqual(a.map((x) => x * variant.washPayments[h - 9]!));
        expect(b).not.toEqual(a);
        expect(washPayment(variant, 8)).toBe(0);
      }),
    );
  });
  it('washEastDouble: payments without East stay, East pays or collects eastFactor times', () => {
    const { base, variant } = variantChanging('washEastDouble', ['harr-limit']);
    expect([base.washEastDouble, variant.washEastDouble]).toEqual([false, true]);
    fc.assert(
      fc.property(seats, ({ washer, east, heads: h }) => {
        const p = washPayment(base, h);
        const a = settleWash(base, 4, washer, p, east);
        const b = settleWash(variant, 4, washer, p, east);
        expect(b.reduce((x, y) => x + y, 0)).toBe(0);
        for (let s = 0; s < 4; s++) {
          if (s === washer) continue;
          expect(b[s], `seat ${s}`).toBe(s === east || washer === east ? base.eastFactor * a[s]! : a[s]);
        }
      }),
    );
  });
  it('in play, a hand with a wash settles by the variant\'s table; a hand without one, and every decision, are the same', () => {
    const v = parseVariant('wash.json', JSON.stringify({ base: 'harr-limit', overrides: { washPayments: [100, 140, 200, 300, 400], washEastDouble: true } }));
    const hl = ruleSet('harr-limit');
    let washed = 0;
    for (let g = 0; g < 300; g++) {
      const a = play(hl, g);
      const b = play(v, g);
      expect(b.decisions.map((d) => key(d.action))).toEqual(a.decisions.map((d) => key(d.action)));
      const ra = handResult(a.state, 0, false);
      const rb = handResult(b.state, 0, false);
      expect(rb.scores).toEqual(ra.scores);
      if (ra.washes.length === 0) {
        expect(rb.nets).toEqual(ra.nets);
        continue;
      }
      washed++;
      const dealer = g % 4;
      const expected = ra.nets.slice();
      for (const w of ra.washes) {
        const was = settleWash(hl, 4, w.seat, w.payment, dealer);
        const now = settleWash(v, 4, w.seat, 2 * w.payment, dealer);
        for (let s = 0; s < 4; s++) expected[s]! += now[s]! - was[s]!;
      }
      expect(rb.nets).toEqual(expected);
    }
    expect(washed).toBeGreaterThan(0);
  });
});

describe('players', () => {
  it('a variant of 3 players is played at 3 without --players, --players replaces it; a four-seat command refuses it', async () => {
    const v = file({ base: 'harr', overrides: { players: 3 } });
    const run = async (rules: string, out: string, extra: string[] = []) => {
      const r = await mjlabIn(['simulate', '--rules', rules, '--games', '12', '--seed', '3', '--workers', '1', '--no-progress', '--games-csv', '--out', join(tmp, out), ...extra]);
      expect(r.status, r.stderr).toBe(0);
      const m = JSON.parse(readFileSync(join(tmp, out, 'manifest.json'), 'utf8')) as { identity: { players: number } };
      return { players: m.identity.players, games: readFileSync(join(tmp, out, 'games.csv'), 'utf8') };
    };
    const three = await run(v, 'p3');
    expect(three.players).toBe(3);
    expect(three.games).toBe((await run('harr', 'p3-book', ['--players', '3'])).games);
    const four = await run(v, 'p4', ['--players', '4']);
    expect(four.players).toBe(4);
    expect(four.games).toBe((await run('harr', 'p4-book')).games);
    for (const args of [
      ['league', '--rules', v, '--strategies', 'harr,greedy', '--games', '8', '--out', join(tmp, 'league')],
      ['sprt', 'harr', 'greedy', '--rules', v, '--delta', '5', '--max-games', '400', '--out', join(tmp, 'sprt')],
      ['tune', '--strategy', 'harr', '--rules', v, '--params', 'washMin', '--out', join(tmp, 'tune')],
      ['train', '--rules', v, '--games', '8', '--out', join(tmp, 'train')],
    ]) {
      const r = await mjlabIn([...args, '--no-progress']);
      expect(r.status, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/sets players 3, but \w+ plays 4 players/);
    }
  });
});

describe('a league of a variant', () => {
  it('plays it, and its manifest carries the variant\'s canonical form and SHA-256 (docs/rules.md "Variants")', async () => {
    const v = file({ base: 'harr', overrides: { chowFrom: 'any' } });
    const out = join(tmp, 'league-variant');
    const r = await mjlabIn(['league', '--rules', v, '--strategies', 'harr,greedy', '--games', '8', '--workers', '1', '--no-progress', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { rules: string; rulesVariant?: { sha256: string; canonical: string } };
    expect(m.rules).toBe(v);
    expect(m.rulesVariant).toEqual({ sha256: ruleSet(v).variant!.sha256, canonical: ruleSet(v).variant!.canonical });
  });
});

describe('a tune of a variant', () => {
  it('plays it; best.json and the manifest carry its SHA-256; a resume with the file changed since is refused', async () => {
    const v = file({ base: 'harr-limit', overrides: { washPayments: [100, 140, 200, 300, 400] } });
    const out = join(tmp, 'tune-variant');
    const args = ['tune', '--strategy', 'harr', '--rules', v, '--params', 'washMin', '--generations', '1', '--population', '2', '--games', '8', '--finalists', '2', '--race-rounds', '1', '--confirm-games', '8', '--workers', '1', '--no-progress', '--out', out];
    const r = await mjlabIn(args);
    expect(r.status, r.stderr).toBe(0);
    const sha = ruleSet(v).variant!.sha256;
    const best = JSON.parse(readFileSync(join(out, 'best.json'), 'utf8')) as { tune: { rules: string; rulesVariant?: { sha256: string } } };
    expect(best.tune.rules).toBe(v);
    expect(best.tune.rulesVariant?.sha256).toBe(sha);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toContain(sha);
    const before = readFileSync(join(out, 'best.json'));
    writeFileSync(v, JSON.stringify({ base: 'harr-limit', overrides: { washPayments: [100, 140, 200, 300, 500] } }));
    const again = await mjlabIn([...args, '--resume']);
    expect(again.status).toBe(2);
    expect(again.stderr.trimEnd().split('\n'), again.stderr).toHaveLength(1);
    expect(readFileSync(join(out, 'best.json')).equals(before)).toBe(true);
  });
});

describe('firstTurnUntilOwnTurn', () => {
  // East discards 2s; South draws 9m and discards it; West goes out on it, matching his 9m pair, before his own first
  // turn and not on East's first discard: code500's Gift from Earth only where the first turn lasts until one's own.
  const scenario = (rules: string) => ({
    rules,
    hands: [
      {
        walls: [{ hands: ['1234z 67z 2468s 357p 5z', '1m4m7m 2m5m8m 3m6m 9s 58s 19p', '123m 456m 789p 111s 9m', '1m2m3m 4m5m6m 7m8m9m 5p5p 4p6p'], draws: '9m' }],
        actions: ['0 discard 2s', '1 discard 9m', '2 mahjong'],
      },
    ],
  });
  it.each(['code500', 'harr-limit'])('%s: changing it changes only whether the win counts as a first-turn win', (book) => {
    const { base, variant } = variantChanging('firstTurnUntilOwnTurn', [book as 'code500']);
    const v = file(JSON.parse(variant.variant!.canonical));
    const a = executeScenario(parseScenario(scenario(base.id), 'base'), 'base');
    const b = executeScenario(parseScenario(scenario(v), 'variant'), 'variant');
    const ha = a.hands[0]!;
    const hb = b.hands[0]!;
    // The same decisions and events; the same winner, from the same discard.
    expect(hb.actions).toEqual(ha.actions);
    expect(ha.result.winner_seat).toBe(2);
    expect(hb.result.winner_seat).toBe(2);
    expect(hb.result.scores.filter((_, s) => s !== 2)).toEqual(ha.result.scores.filter((_, s) => s !== 2));
    // Who has the first-turn win: the rule set whose first turn lasts until one's own.
    const [on, off] = base.firstTurnUntilOwnTurn ? [ha, hb] : [hb, ha];
    const limit = base.limit!;
    if (book === 'code500') {
      // Gift from Earth, a limit hand; without it the hand scores its own points.
      expect(on.result.winner_pattern).toBe('limit');
      expect(on.result.winner_score).toBe(limit);
      expect(off.result.winner_pattern).not.toBe('limit');
      expect(off.result.winner_score).toBeLessThan(limit);
    } else {
      // harr-limit: half the limit or the hand's own score, whichever is more (docs/rules.md R6).
      expect(on.result.winner_score).toBe(Math.max(limit / 2, off.result.winner_score!));
      expect(on.result.winner_score).toBeGreaterThan(off.result.winner_score!);
    }
  });
});
