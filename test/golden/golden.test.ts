// Golden playthroughs (README.md, "Layout": `npm run golden`): one hand per rule set (seed 1, game 0, four greedy)
// rendered move by move. When a rule or scoring change is intended, run `npm run golden` and review the diff.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenText } from '../../src/golden.js';
import { RULESET_IDS } from '../../src/rules/index.js';

describe('golden playthroughs', () => {
  for (const rules of RULESET_IDS) {
    it(`${rules} (seed 1, game 0, four greedy) matches test/golden/${rules}.txt`, async () => {
      const golden = readFileSync(new URL(`./${rules}.txt`, import.meta.url), 'utf8');
      expect(golden).toMatch(/Result: /);
      expect(await goldenText(rules)).toBe(golden);
    });
  }
});
