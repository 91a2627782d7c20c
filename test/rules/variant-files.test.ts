/**
 * Variant files (docs/rules.md "Variants"): checked whole before anything runs (an unknown key, a wrong type, a
 * value out of range, a contradiction: one line naming the key and what is allowed, exit 2); the canonical form and
 * its SHA-256; every documented key changes exactly its own value of the rule-set description; `mjlab rules
 * show|diff` and `score|settle --explain` cite each rule's source.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_KEYS, showValue, valueAt } from '../../src/rules/keys.js';
import { variantChanging } from './variants.js';
import { differingKeys } from '../../src/rules/describe.js';
import { parseVariant, RULESET_IDS, ruleSet } from '../../src/rules/index.js';
import { runCli } from '../helpers/cli.js';
import { ROOT, tempDir } from '../runner/helpers.js';

const tmp = tempDir('variant-files');
let n = 0;
function file(content: unknown): string {
  const f = join(tmp, `v${n++}.json`);
  writeFileSync(f, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return f;
}

async function refused(content: unknown): Promise<string> {
  const r = await runCli(['rules', 'show', file(content)]);
  expect(r.code, r.err).toBe(2);
  expect(r.out).toBe('');
  const lines = r.err.trimEnd().split('\n');
  expect(lines, r.err).toHaveLength(1);
  return lines[0]!;
}

describe('a variant file is checked whole before anything runs: one line, exit 2', () => {
  it('an unknown rule names the key and where the keys are listed', async () => {
    expect(await refused({ base: 'harr', overrides: { chowFromAnyone: true } })).toMatch(/unknown rule "chowFromAnyone" .*mjlab rules show harr/);
  });
  it('an unknown top-level key, a bad base, a bad title', async () => {
    expect(await refused({ base: 'harr', override: {} })).toMatch(/unknown key "override" \(a variant has "base", "title", "overrides"\)/);
    expect(await refused({ base: 'pung-chow' })).toMatch(/"base" must be one of harr, harr-limit, babcock, code500, got "pung-chow"/);
    expect(await refused({ overrides: {} })).toMatch(/"base" must be one of .*, got null/);
    expect(await refused({ base: 'harr', title: 'two\nlines' })).toMatch(/"title" must be one line/);
  });
  it('a wrong type or a value out of range names the key and what it allows', async () => {
    expect(await refused({ base: 'harr', overrides: { deadWall: '14' } })).toMatch(/"deadWall" must be a whole number from 0 to 40, got "14"/);
    expect(await refused({ base: 'harr', overrides: { deadWall: 41 } })).toMatch(/"deadWall" must be a whole number from 0 to 40, got 41/);
    expect(await refused({ base: 'harr', overrides: { limit: 0 } })).toMatch(/"limit" must be a whole number from 1 to 100000, or null, got 0/);
    expect(await refused({ base: 'harr', overrides: { 'table.mahjong': 2.5 } })).toMatch(/"table.mahjong" must be a whole number/);
    expect(await refused({ base: 'harr', overrides: { losersSettle: 'no' } })).toMatch(/"losersSettle" must be true or false, got "no"/);
    expect(await refused({ base: 'harr', overrides: { outOfTurnMahjong: 'chow' } })).toMatch(/"outOfTurnMahjong" must be one of "pung-or-pair", "any"/);
    expect(await refused({ base: 'harr', overrides: { 'table.sets.pungSimple': [2] } })).toMatch(/"table.sets.pungSimple" must be two whole numbers/);
    expect(await refused({ base: 'harr-limit', overrides: { 'table.limitHands': ['heaven', 'heaven'] } })).toMatch(/"table.limitHands" must be a list of distinct names/);
    expect(await refused({ base: 'harr-limit', overrides: { 'table.fillRun': { closed: [2, 4] } } })).toMatch(/"table.fillRun" must be null or \{"closed": \[a, b\], "open": \[a, b\]\}/);
  });
  it('a contradiction names the rules and how to settle it', async () => {
    expect(await refused({ base: 'babcock', overrides: { 'table.flowerPoints': 4 } })).toMatch(/table.flowerPoints scores flowers and seasons, but they are not in the wall/);
    expect(await refused({ base: 'harr', overrides: { flowersOptional: false } })).toMatch(/table.dOwnBonus scores flowers and seasons, but they are not in the wall/);
    expect(await refused({ base: 'harr', overrides: { 'table.dRoundWindSet': 1 } })).toMatch(/table.dRoundWindSet scores the prevailing wind, but prevailingWind is false/);
    expect(await refused({ base: 'harr-limit', overrides: { limit: null } })).toMatch(/table.limitHands score the limit, but limit is null/);
    expect(await refused({ base: 'code500', overrides: { losersSettle: false } })).toMatch(/scoreDrawnHand settles a drawn hand between its losers, but losersSettle is false/);
  });
  it('a file that is not JSON, is missing, or is not a .json file', async () => {
    expect(await refused('{ "base": "harr",')).toMatch(/not valid JSON/);
    expect(await refused('[1, 2]')).toMatch(/a variant is a JSON object/);
    const gone = await runCli(['rules', 'show', join(tmp, 'missing.json')]);
    expect(gone.err).toMatch(/^mjlab: --rules .*missing.json: cannot read the variant file \(no such file\)\n$/);
    expect((await runCli(['rules', 'show', 'my-house.yaml'])).err).toMatch(/unknown rule set "my-house.yaml" \(known: harr, harr-limit, babcock, code500, or a variant file ending .json\)/);
  });
  it('is refused by simulate before any worker starts, the output directory untouched', async () => {
    const out = join(tmp, 'never');
    const r = await runCli(['simulate', '--rules', file({ base: 'harr', overrides: { deadWall: -1 } }), '--games', '4', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/"deadWall" must be a whole number from 0 to 40, got -1/);
    expect(() => readFileSync(join(out, 'manifest.json'))).toThrow();
  });
});

describe('the canonical form', () => {
  it('is the same for the same variant however the file is laid out, and differs with any value', () => {
    const a = parseVariant('a.json', '{"overrides": {"deadWall": 14, "losersSettle": false}, "base": "harr"}');
    const b = parseVariant('b.json', JSON.stringify({ base: 'harr', overrides: { losersSettle: false, deadWall: 14 } }, null, 4));
    const c = parseVariant('c.json', JSON.stringify({ base: 'harr', overrides: { losersSettle: false, deadWall: 12 } }));
    expect(a.variant!.canonical).toBe('{"base":"harr","overrides":{"deadWall":14,"losersSettle":false}}');
    expect(b.variant!.sha256).toBe(a.variant!.sha256);
    expect(c.variant!.sha256).not.toBe(a.variant!.sha256);
    expect(a.variant!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(a.id).toBe('harr');
    expect(Object.isFrozen(a) && Object.isFrozen(a.table)).toBe(true);
  });
  it('a variant overriding nothing has every value of its base', () => {
    for (const id of RULESET_IDS) expect(differingKeys(ruleSet(id), parseVariant('x.json', JSON.stringify({ base: id })))).toEqual([]);
  });
});

describe('every documented key', () => {
  it('is documented in docs/rules.md "Variants" with each book\'s value', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Variants'));
    expect(section.length).toBeGreaterThan(100);
    for (const k of RULE_KEYS) {
      const row = section.split('\n').find((l) => l.startsWith(`| \`${k.key}\` |`));
      expect(row, k.key).toBeDefined();
      // The last four cells: each book's value, as a variant file writes it.
      const cells = row!.split(' | ').slice(-4).map((c) => c.replace(/^`|`( \|)?$/g, ''));
      expect(cells, k.key).toEqual(RULESET_IDS.map((id) => showValue(valueAt(ruleSet(id), k.key))));
    }
  });
  it('names a value of every book, and a variant changing it changes that value and no other', () => {
    for (const k of RULE_KEYS) {
      for (const id of RULESET_IDS) expect(valueAt(ruleSet(id), k.key), `${id} ${k.key}`).not.toBeUndefined();
      const { base, variant, value } = variantChanging(k.key);
      expect(differingKeys(base, variant), k.key).toEqual([k.key]);
      expect(showValue(valueAt(variant, k.key))).toBe(showValue(value));
    }
  });
});

describe('mjlab rules show | diff', () => {
  it('show prints every rule with its value and its source; a variant\'s overrides say "this variant"', async () => {
    const f = file({ base: 'harr-limit', title: 'A club of 1924', overrides: { limit: 500, 'table.mahjong': 20 } });
    const r = await runCli(['rules', 'show', f]);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe(`${f}: A club of 1924`);
    for (const k of RULE_KEYS) expect(lines.some((l) => l.startsWith(`${k.key} `)), k.key).toBe(true);
    expect(lines.find((l) => l.startsWith('limit '))).toMatch(/^limit +500 +this variant/);
    expect(lines.find((l) => l.startsWith('table.mahjong '))).toMatch(/^table.mahjong +20 +this variant/);
    expect(lines.find((l) => l.startsWith('deadWall '))).toMatch(/^deadWall +14 +Harr II "The procedure of play" p. 57; docs\/rules.md/);
    expect(lines.filter((l) => l.includes('this variant'))).toHaveLength(2);
    const book = await runCli(['rules', 'show', 'babcock']);
    expect(book.out).not.toContain('this variant');
    expect(book.out.split('\n').find((l) => l.startsWith('startingScore '))).toMatch(/2000 +Babcock/);
  });
  it('diff lists exactly the rules that differ', async () => {
    const f = file({ base: 'harr', overrides: { deadWall: 14, losersSettle: false } });
    const r = await runCli(['rules', 'diff', 'harr', f]);
    expect(r.out.trimEnd().split('\n')).toEqual(['2 rules differ:', expect.stringMatching(/^rule +harr +/), expect.stringMatching(/^deadWall +0 +14$/), expect.stringMatching(/^losersSettle +true +false$/)]);
    expect((await runCli(['rules', 'diff', 'harr', file({ base: 'harr' })])).out).toMatch(/have the same rules/);
    expect((await runCli(['rules', 'diff', 'harr'])).err).toMatch(/^mjlab: mjlab rules diff takes two rule sets/);
    expect((await runCli(['rules', 'list', 'harr'])).err).toMatch(/^mjlab: mjlab rules list: choose show or diff/);
  });
});

describe('--explain', () => {
  it('score: each line with the rule that gave it and where the book says it', async () => {
    const r = await runCli(['score', '--rules', 'harr', '--explain', '66p 77m [222s] [777z] [333m] +6p']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Which rule gave each line:\n  Mah-Jongg\n    table.mahjong = 20: Harr I score card p. 29');
    expect(r.out).toContain('  3 dragons (exposed)\n    table.winnerSets.pungHead = [4,8]: Harr I score card p. 29');
    const f = file({ base: 'harr', overrides: { 'table.mahjong': 30 } });
    const v = await runCli(['score', '--rules', f, '--explain', '--json', '66p 77m [222s] [777z] [333m] +6p']);
    const json = JSON.parse(v.out) as { rules: string; lines: { label: string; rule?: string; source?: string }[] };
    expect(json.rules).toBe(f);
    expect(json.lines[0]).toEqual({ label: 'Mah-Jongg', points: 30, rule: 'table.mahjong', source: `table.mahjong = 30: this variant (${f})` });
  });
  it('settle: each payment with the rules that gave it', async () => {
    const r = await runCli(['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'E=10,S=44,W=22,N=8', '--explain']);
    expect(r.out).toContain('  E pays S 88: the winner\'s score 44\n    eastFactor = 2: Harr I "Settling the scores" p. 25');
    expect(r.out).toContain('  N pays W 14: two losers\' difference 14\n    losersSettle = true: Harr I "Settling the scores" p. 25');
    const f = file({ base: 'harr', overrides: { losersSettle: false } });
    const v = await runCli(['settle', '--rules', f, '--winner', 'S', '--scores', 'E=10,S=44,W=22,N=8', '--explain']);
    expect(v.out.split('\n').slice(0, 4)).toEqual(['E -88', 'S +176', 'W -44', 'N -44']);
    expect(v.out).toContain(`  The losers do not settle among themselves\n    losersSettle = false: this variant (${f})`);
    expect((await runCli(['settle', '--rules', 'harr', '--winner', 'S', '--scores', 'E=10,S=44', '--explain', '--json'])).code).toBe(2);
  });
});
