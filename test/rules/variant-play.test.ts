/**
 * Variant files in play (docs/rules.md "Variants"): a variant overriding nothing plays byte for byte as its base
 * under every rule set; a run resumed with a changed file is refused; a key changes exactly what it should: a score
 * line it gives (scoring keys), the payments it governs (settlement keys), the play of a hand or a match
 * (procedure keys); and a strategy's choices follow a variant where it changes what they read.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULE_KEYS } from '../../src/rules/keys.js';
import { parseVariant, RULESET_IDS, ruleSet, type RuleSet, type RuleSetId } from '../../src/rules/index.js';
import { scoreHand, settle, type Payment, type ScoreContext, type ScoreResult } from '../../src/scoring/index.js';
import { mjlabIn } from '../helpers/cli.js';
import { tempDir } from '../runner/helpers.js';
import { buildHand, ctxArb, handArb } from '../scoring/random-hands.js';
import type { HandSpec } from '../../src/tiles/index.js';
import { variantChanging, variantFiles } from './variants.js';
import { applyParams } from '../../src/agent/params.js';
import { seededWalls } from '../../src/engine/chance.js';
import { createHandState } from '../../src/engine/state.js';
import { apply, startHand } from '../../src/engine/step.js';
import { makeStream } from '../../src/rng/streams.js';
import { viewFor } from '../../src/view/view.js';
import { harr } from '../../strategies/harr.js';

const tmp = tempDir('variant-play');
const file = variantFiles(tmp);

async function simulate(rules: string, out: string, extra: string[] = []): Promise<void> {
  const r = await mjlabIn(['simulate', '--rules', rules, '--strategies', 'defender,harr,greedy,chow-mixer', '--games', '48', '--duplicate', '--games-csv', '--seed', '7', '--workers', '1', '--no-progress', '--out', out, ...extra]);
  expect(r.status, r.stderr).toBe(0);
}

describe('a variant that overrides nothing', () => {
  it('plays byte for byte as its base, under every rule set (only the name of the rule set differs)', async () => {
    for (const id of RULESET_IDS) {
      const v = file({ base: id });
      const a = join(tmp, `${id}-book`);
      const b = join(tmp, `${id}-variant`);
      await simulate(id, a);
      await simulate(v, b);
      const files = readdirSync(a).filter((f) => !f.startsWith('.') && !['manifest.json', 'checkpoint.jsonl', 'report.html', 'largest-win.html'].includes(f));
      expect(files).toEqual(expect.arrayContaining(['games.csv', 'nets.bin', 'luck.bin', 'aggregate.json', 'summary.csv', 'pairwise.csv']));
      for (const f of files) {
        const x = readFileSync(join(a, f));
        const y = readFileSync(join(b, f));
        if (f === 'pairwise.csv') expect(y.toString().replaceAll(v, id), `${id} ${f}`).toBe(x.toString());
        else expect(y.equals(x), `${id} ${f}`).toBe(true);
      }
      const m = JSON.parse(readFileSync(join(b, 'manifest.json'), 'utf8')) as { identity: { rules: string; rulesVariant?: { sha256: string; canonical: string } } };
      expect(m.identity.rules).toBe(v);
      expect(m.identity.rulesVariant?.canonical).toBe(`{"base":"${id}","overrides":{}}`);
      expect(m.identity.rulesVariant?.sha256).toBe(parseVariant(v, readFileSync(v, 'utf8')).variant!.sha256);
    }
  });
});

describe('resuming a run', () => {
  it('with the variant file changed since is refused, and nothing of the run is lost', async () => {
    const v = file({ base: 'harr', overrides: { deadWall: 14 } });
    const out = join(tmp, 'resume');
    await simulate(v, out);
    const before = readFileSync(join(out, 'nets.bin'));
    writeFileSync(v, JSON.stringify({ base: 'harr', overrides: { deadWall: 12 } }));
    const r = await mjlabIn(['simulate', '--rules', v, '--strategies', 'defender,harr,greedy,chow-mixer', '--games', '48', '--duplicate', '--games-csv', '--seed', '7', '--workers', '1', '--no-progress', '--out', out, '--resume']);
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr, r.stderr).toMatch(/holds a different run .*differs in rulesVariant\); cannot --resume it/);
    expect(readFileSync(join(out, 'nets.bin')).equals(before)).toBe(true);
  });
  it('a worker given a file changed since the run began refuses it', () => {
    const v = file({ base: 'harr' });
    const sha = ruleSet(v).variant!.sha256;
    expect(ruleSet(v, sha).variant!.sha256).toBe(sha);
    writeFileSync(v, JSON.stringify({ base: 'harr', overrides: { eastFactor: 3 } }));
    expect(() => ruleSet(v, sha)).toThrow(/the variant file changed since the run began/);
  });
});

/** What a scoring key's lines are cited as (the enum and flag keys act through other items' lines). */
const CITED_AS: Readonly<Record<string, readonly string[]>> = {
  'table.pairsScoreFor': ['table.pairDragon', 'table.pairOwnWind', 'table.pairRoundWind', 'table.pairOwnWindOwnRound'],
  'table.suitDoublesFor': ['table.dOneSuitHonours', 'table.dPureSuit', 'table.dAllHonours'],
  'table.drawnIncludesLoose': ['table.drawn'],
  'table.noSequencesNotForFourKongs': ['table.noSequences'],
  limit: ['limit', 'table.limitHands', 'table.firstDiscard'],
};
const SCORING_KEYS = RULE_KEYS.filter((k) => k.key.startsWith('table.') || k.key === 'limit').map((k) => k.key);

/** Hands of heads only (terminals and honours): the rare hands (all honours, limit hands) come up too. */
const HEADS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
const headsArb = fc
  .record({
    sets: fc.array(fc.record({ kind: fc.constantFrom<1 | 2>(1, 1, 2), tile: fc.constantFrom(...HEADS.slice(6), ...HEADS), laid: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2) }), { minLength: 4, maxLength: 4 }),
    pair: fc.constantFrom(...HEADS),
    winPick: fc.nat(),
    bonus: fc.uniqueArray(fc.integer({ min: 34, max: 41 }), { maxLength: 8 }),
  })
  .map(({ sets, pair, winPick, bonus }) => buildHand(sets, pair, winPick, bonus))
  .filter((h): h is HandSpec => h !== null);
const anyHandArb = fc.oneof({ arbitrary: handArb, weight: 3 }, { arbitrary: headsArb, weight: 1 });

function lineText(r: ScoreResult): string[] {
  return r.lines.map((l) => `${l.label}|${l.points ?? ''}|${l.doubles ?? ''}`);
}

describe('a scoring key changes exactly its own lines', () => {
  it.each(SCORING_KEYS)('%s: some hand scores differently, and every hand that does shows a line of that rule', (key) => {
    const { base, variant } = variantChanging(key);
    const cited = CITED_AS[key] ?? [key];
    let changed = 0;
    fc.assert(
      fc.property(anyHandArb, ctxArb, fc.boolean(), (hand, c, asLoser) => {
        const h = asLoser ? { ...hand, winning: null } : hand;
        const ctx = (r: RuleSet): ScoreContext => ({ ...c, prevailingWind: r.prevailingWind ? c.prevailingWind : null, win: asLoser ? null : c.win, limit: r.limit });
        const a = scoreHand(base, h, ctx(base));
        const b = scoreHand(variant, h, ctx(variant));
        if (a.score === b.score && lineText(a).join() === lineText(b).join()) return;
        changed++;
        const rules = [...a.lines, ...b.lines].map((l) => l.rule);
        expect(rules.some((r) => r !== undefined && cited.includes(r)), `${key}: ${lineText(a).join('; ')} => ${lineText(b).join('; ')}`).toBe(true);
      }),
      { numRuns: 1500, seed: 65 },
    );
    expect(changed, `${key}: no hand of 1,500 scored differently`).toBeGreaterThan(0);
  });
});

describe('a settlement key changes exactly the payments it governs', () => {
  const inputArb = fc.record({
    scores: fc.array(fc.integer({ min: 0, max: 400 }).map((x) => 2 * x), { minLength: 4, maxLength: 4 }),
    winner: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    east: fc.integer({ min: 0, max: 3 }),
  });
  const pay = (r: RuleSet, i: { scores: number[]; winner: number | null; east: number }) => {
    const sink: Payment[] = [];
    const nets = settle(r, { ...i, limit: r.limit }, sink);
    return { nets, sink };
  };
  it('losersSettle false: the winner\'s payments stay, the losers\' go', () => {
    const { base, variant } = variantChanging('losersSettle');
    fc.assert(
      fc.property(inputArb, (i) => {
        const a = pay(base, i);
        const b = pay(variant, i);
        expect(b.sink).toEqual(a.sink.filter((p) => p.why !== 'losers'));
        expect(b.nets.reduce((x, y) => x + y, 0)).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
  it('eastFactor: payments without East stay, East\'s scale with it', () => {
    const { base, variant } = variantChanging('eastFactor');
    fc.assert(
      fc.property(inputArb, (i) => {
        const a = pay(base, i).sink;
        const b = pay(variant, i).sink;
        expect(b.map((p) => ({ ...p, amount: p.east ? (p.amount * base.eastFactor) / variant.eastFactor : p.amount }))).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });
  it('scoreDrawnHand: won hands stay; drawn hands settle between their losers', () => {
    const { base, variant } = variantChanging('scoreDrawnHand');
    fc.assert(
      fc.property(inputArb, (i) => {
        const a = pay(base, i);
        const b = pay(variant, i);
        if (i.winner !== null) expect(b.sink).toEqual(a.sink);
        else {
          expect((base.scoreDrawnHand ? a : b).sink.every((p) => p.why === 'losers')).toBe(true);
          expect((base.scoreDrawnHand ? b : a).sink).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * Procedure keys: each played on the same seed under its book and under a variant changing it alone (`hands`
 * one-hand games, or three matches), and what must follow: the play differs, or (`same`) it cannot.
 */
const PLAY: readonly { key: string; books?: readonly RuleSetId[]; hands?: number; same?: string }[] = [
  { key: 'flowers' },
  { key: 'deadWall' },
  { key: 'outOfTurnMahjong' },
  { key: 'noKongAfterClaim', hands: 400 },
  { key: 'washing', hands: 400 },
  { key: 'chowFrom' },
  { key: 'claimPriority', hands: 400 },
  { key: 'discarderPaysAll', books: ['harr-limit'], hands: 400 },
  { key: 'eastKeepsDealOnDraw' },
  { key: 'prevailingWind', same: "harr's table scores no round wind, so a prevailing wind changes no score and no choice" },
];
const PLAY_KEYS = RULE_KEYS.filter((k) => !k.key.startsWith('table.')).map((k) => k.key);

interface Played {
  readonly games: string;
  readonly matches: string;
}

async function playBoth(key: string, books: readonly RuleSetId[] | undefined, hands: number | undefined): Promise<{ base: RuleSet; variant: RuleSet; a: Played; b: Played }> {
  const { base, variant } = variantChanging(key, books);
  const v = file(JSON.parse(variant.variant!.canonical));
  const run = async (rules: string, out: string) => {
    const unit = hands === undefined ? ['--games', '3', '--unit', 'match'] : ['--games', String(hands)];
    const r = await mjlabIn(['simulate', '--rules', rules, '--strategies', 'harr,greedy,chow-mixer,defender', ...unit, '--games-csv', '--seed', '11', '--workers', '1', '--no-progress', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const read = (f: string) => (readdirSync(out).includes(f) ? readFileSync(join(out, f), 'utf8') : '');
    return { games: read('games.csv'), matches: read('matches.csv') };
  };
  return { base, variant, a: await run(base.id, join(tmp, `${key}-a`)), b: await run(v, join(tmp, `${key}-b`)) };
}

describe('a procedure key changes the play', () => {
  it('every procedure key is tested here, by the settlement and scoring properties above, or in variant-claims', () => {
    const covered = [...PLAY.map((p) => p.key), 'lastDiscardMahjongOnly', 'limit', 'losersSettle', 'eastFactor', 'scoreDrawnHand', 'flowersOptional', 'startingScore'];
    // Washing's payments, players and the first turn (too rare in random play: a constructed hand) are in
    // variant-claims.test.ts.
    const claims = ['players', 'washPayments', 'washEastDouble', 'firstTurnUntilOwnTurn'];
    expect(PLAY_KEYS.filter((k) => !covered.includes(k))).toEqual(claims);
  });
  it.each(PLAY)('$key: the same seed plays differently under the variant', async ({ key, books, hands, same }) => {
    const { a, b } = await playBoth(key, books, hands);
    if (same !== undefined) expect(b.games, same).toBe(a.games);
    else expect(b.games).not.toBe(a.games);
  });
  it('lastDiscardMahjongOnly: the last discard offers Mah-Jongg only; no other decision changes', () => {
    const { base, variant } = variantChanging('lastDiscardMahjongOnly');
    expect(base.lastDiscardMahjongOnly).toBe(false);
    const types = (t: string) => (JSON.parse(t) as { type: string }[]).map((a) => a.type);
    let changed = 0;
    for (let g = 0; g < 1500 && changed < 3; g++) {
      const la: string[] = [];
      const lb: string[] = [];
      const aa = actions(base, g, la);
      const ab = actions(variant, g, lb);
      // Walk both: every decision and action is the same up to a claim decision of the base's that the variant turns
      // into Mah-Jongg or pass only, or does not ask at all (nothing but pass left).
      let j = 0;
      for (let i = 0; i < la.length; i++) {
        if (la[i] === lb[j] && aa[i] === ab[j]) {
          j++;
          continue;
        }
        // The first difference is a claim on the last discard that the variant does not offer; a claim taken there
        // changes the rest of the hand, so the walk stops.
        changed++;
        expect(types(la[i]!).some((t) => t === 'pung' || t === 'chow' || t === 'kong')).toBe(true);
        if (lb[j] !== undefined) expect(types(lb[j]!).some((t) => t === 'pung' || t === 'chow' || t === 'kong') && lb[j] === la[i]).toBe(false);
        if (aa[i] !== JSON.stringify({ type: 'pass' })) break;
        if (lb[j] !== undefined && types(lb[j]!).every((t) => t === 'pass' || t === 'mahjong') && types(la[i]!).includes('mahjong')) j++;
      }
    }
    expect(changed).toBeGreaterThan(0);
  });
  it('startingScore: every final score of a match moves by the change, and nothing else does', async () => {
    const { base, variant, a, b } = await playBoth('startingScore', undefined, undefined);
    const delta = variant.startingScore - base.startingScore;
    expect(b.games).toBe(a.games);
    const rows = (t: string) => t.trimEnd().split('\n').map((l) => l.split(','));
    const [head, ...ra] = rows(a.matches);
    const rb = rows(b.matches).slice(1);
    expect(rb).toHaveLength(ra.length);
    ra.forEach((r, i) => r.forEach((x, j) => expect(rb[i]![j]).toBe(/_score$/.test(head![j]!) ? String(Number(x) + delta) : x)));
  });
  it('flowersOptional: whether --flowers may switch flowers on', async () => {
    const { base, variant } = variantChanging('flowersOptional');
    const v = file(JSON.parse(variant.variant!.canonical));
    const on = base.flowersOptional ? base.id : v;
    const off = base.flowersOptional ? v : base.id;
    const args = (r: string, d: string) => ['simulate', '--rules', r, '--strategies', 'harr,harr,harr,harr', '--games', '4', '--flowers', '--workers', '1', '--no-progress', '--out', join(tmp, d)];
    expect((await mjlabIn(args(on, 'fl-on'))).status).toBe(0);
    const r = await mjlabIn(args(off, 'fl-off'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/is not played with flowers/);
  });
});

/** Four harr playing hand `g` of seed 5 under `r`: every action taken, in order (and each decision's legal list). */
function actions(r: RuleSet, g: number, legal: string[] = []): string[] {
  const s = createHandState(r, r.limit, r.flowers, 4);
  startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(5, g, `wall:${w}`)) });
  const params = applyParams(harr, [], 'harr');
  const agents = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(5, g, `seat:${seat}`), params }));
  const out: string[] = [];
  while (s.flow.phase !== 'over') {
    const mover = s.flow.seat;
    legal.push(JSON.stringify(s.flow.legal.slice(0, s.flow.n)));
    const a = agents[mover]!.act(viewFor(s, mover));
    out.push(JSON.stringify(a));
    apply(s, a);
  }
  return out;
}

describe('the strategies read a variant', () => {
  it("harr's choices change where a variant changes the score table it plans by, on the same walls", () => {
    // The engine offers the same actions whatever the limit (harr has no penalty): only a strategy reading it differs.
    // harr reads the limit (docs/rules.md "Strategies": with a limit it plays for the quick win).
    const v = parseVariant('limit-300.json', JSON.stringify({ base: 'harr', overrides: { limit: 300 } }));
    const same = parseVariant('nothing.json', JSON.stringify({ base: 'harr' }));
    let differs = 0;
    for (let g = 0; g < 24; g++) {
      const a = actions(ruleSet('harr'), g);
      expect(actions(same, g)).toEqual(a);
      if (actions(v, g).join() !== a.join()) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});
