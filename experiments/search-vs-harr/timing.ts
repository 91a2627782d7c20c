/**
 * The `ms_per_decision` column of experiments search-vs-harr, search-budget-curve and inference: each searched
 * lineup's decisions timed after the runs (src/bench/search-timing.ts), the one timing in their files.
 */
import { median } from 'simple-statistics';
import { ruleSet } from '../../src/rules/index.js';
import { timeSearchHands } from '../../src/bench/search-timing.js';
import type { Cell } from '../../src/experiments/walls.js';
import { lineupParts } from './analysis.js';

/** The median milliseconds per searched decision of every (rules, search parameters) the cells play. */
export async function searchTiming(cells: readonly Cell[], progress: 'auto' | 'none', hands = 4): Promise<{ msPerDecision: Map<string, number> }> {
  const out = new Map<string, number>();
  for (const c of cells) {
    const parts = lineupParts(c.lineup);
    if (parts.budget === null) continue;
    const key = `${c.variant.rules} ${parts.budget}`;
    // Also by the challenger as written: two searches of one budget (experiment inference) are timed apart.
    const byName = `${c.variant.rules} ${parts.challenger}`;
    if (out.has(byName)) continue;
    if (progress !== 'none') process.stderr.write(`mjlab: timing ${parts.challenger} under ${c.variant.rules} (${hands} hands)\n`);
    const overrides = parts.challenger.split(':').slice(1);
    const r = ruleSet(c.variant.rules);
    timeSearchHands(r, 2, overrides, 1000); // warm-up: tables built and code compiled, timed for nothing
    const t = timeSearchHands(r, hands, overrides, 0);
    const ms = t.searched.length > 0 ? median(t.searched) : NaN;
    if (!out.has(key)) out.set(key, ms);
    out.set(byName, ms);
  }
  return { msPerDecision: out };
}
