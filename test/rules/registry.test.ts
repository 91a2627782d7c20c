/**
 * One rule set, one description (README.md, "Rule sets"): a rule set's procedure and scoring table are one registry
 * entry with no value held twice; command-line help lists the registry; strategies read rule flags, never a rule
 * set's name; and the Mah-Jongg check takes its special hands from the table, so a limit hand of a non-standard
 * shape added to a table is offered as Mah-Jongg.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderedWalls } from '../../src/engine/chance.js';
import { createHandState } from '../../src/engine/state.js';
import { legalActions, startHand } from '../../src/engine/step.js';
import { buildWall } from '../../src/record/walls.js';
import { RULESET_IDS, ruleSet, type RuleSet } from '../../src/rules/index.js';
import { isWinningHand } from '../../src/scoring/index.js';
import { parseHand } from '../../src/tiles/index.js';
import { runCli } from '../helpers/cli.js';
import { mjlab } from '../runner/helpers.js';

describe('the rule-set registry', () => {
  it('every entry holds its procedure and its table, and no key twice', () => {
    for (const id of RULESET_IDS) {
      const r = ruleSet(id);
      expect(r.id).toBe(id);
      expect(Object.isFrozen(r) && Object.isFrozen(r.table)).toBe(true);
      const procedure = Object.keys(r).filter((k) => k !== 'table');
      expect(Object.keys(r.table).filter((k) => procedure.includes(k))).toEqual([]);
    }
  });

  it('command-line help names exactly the registered rule sets', async () => {
    for (const cmd of ['simulate', 'replay', 'score', 'settle']) {
      const out = mjlab([cmd, '--help']).stdout;
      const line = out.split('\n').find((l) => l.trimStart().startsWith('--rules'))!;
      expect(line).toContain(RULESET_IDS.join(', '));
    }
    expect((await runCli(['score', '--rules', 'pung-chow', '1m'])).err).toBe(`mjlab: unknown rule set "pung-chow" (known: ${RULESET_IDS.join(', ')}, or a variant file ending .json)\n`);
  });

  it('no strategy asks which rule set it plays: it reads the rule flags', () => {
    const dir = join(import.meta.dirname, '..', '..', 'strategies');
    for (const f of readdirSync(dir).filter((n) => /\.(ts|js)$/.test(n))) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/rules\.id|RULESET_IDS|'harr-limit'|'babcock'|'code500'/);
    }
  });
});

describe('special hands come from the score table', () => {
  // East dealt thirteen different heads with a pair of one of them.
  const wall = buildWall({ hands: ['19m19p19s1234567z 1z', '2345678m 234567p', '2345678s 234567m', '8m 8p 8s 2m3m4m 5p6p7p 3s4s5s 6s'] }, false);
  function eastMayGoOut(rules: RuleSet): boolean {
    const s = createHandState(rules, rules.limit, false, 4);
    startHand(s, { dealer: 0, prevailing: 0, scores: [0, 0, 0, 0], chance: orderedWalls([wall]) });
    return legalActions(s).some((a) => a.type === 'mahjong');
  }

  it('harr-limit lists thirteen heads: East may declare it; harr lists no limit hand: he may not', () => {
    expect(eastMayGoOut(ruleSet('harr-limit'))).toBe(true);
    expect(eastMayGoOut(ruleSet('harr'))).toBe(false);
  });

  it('the same limit hand added to harr\'s table is offered as Mah-Jongg and scored, with no other change', () => {
    const harr = ruleSet('harr');
    const extended: RuleSet = { ...harr, limit: 1000, table: { ...harr.table, limitHands: ['thirteen-heads'] } };
    expect(eastMayGoOut(extended)).toBe(true);
    expect(isWinningHand(extended, parseHand('19m19p19s1234567z +1z'))).toBe(true);
    expect(isWinningHand(harr, parseHand('19m19p19s1234567z +1z'))).toBe(false);
  });
});
