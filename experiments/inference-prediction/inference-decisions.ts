/**
 * Which decisions the inference changes, and whether for the better where the truth is known (docs/strategies.md, "Why
 * the inference gains nothing yet": "if it misses, measure why"): at turns of four-`harr` self-play, `search` with and
 * without `infer` decide from the same view with the same stream; where they differ, the true deal-in of each chosen
 * discard (does it let another seat go Mah-Jongg on it?) and the policy's choice are counted. A search that reads the
 * table should, where it departs from the other, discard tiles that truly deal in less often. Run:
 * `node dist/experiments/inference-prediction/inference-decisions.js [hands per rule set] [budget]`.
 */
import { pathToFileURL } from 'node:url';
import { applyParams } from '../../src/agent/params.js';
import { mayClaimMahjong } from '../../src/engine/legal.js';
import type { HandState } from '../../src/engine/state.js';
import { makeStream } from '../../src/rng/streams.js';
import { RULESET_IDS, ruleSet } from '../../src/rules/index.js';
import { viewFor } from '../../src/view/view.js';
import { search } from '../../strategies/search.js';
import { selfPlay } from '../self-play.js';

export interface DecisionRow {
  rules: string;
  turns: number;
  differ: number;
  deal_in_with: number;
  deal_in_without: number;
  with_is_policy: number;
  without_is_policy: number;
}

function dealsIn(s: HandState, seat: number, tile: number): boolean {
  for (let k = 1; k < s.players; k++) {
    const q = (seat + k) % s.players;
    if (mayClaimMahjong(s, q, tile, k === 1)) return true;
  }
  return false;
}

export function decisionChanges(hands: number, budget: number, every = 2, seed = 27): DecisionRow[] {
  const rows: DecisionRow[] = [];
  for (const id of RULESET_IDS) {
    const r = ruleSet(id);
    const row: DecisionRow = { rules: id, turns: 0, differ: 0, deal_in_with: 0, deal_in_without: 0, with_is_policy: 0, without_is_policy: 0 };
    let k = 0;
    selfPlay(id, hands, seed, (s, view, g) => {
      if (view.phase !== 'turn' || k++ % every !== 0 || view.legal.length < 2) return;
      const seat = view.seat;
      const decide = (over: string[]) => {
        const a = search.create({ seat, players: 4, rules: r, rng: makeStream(seed, g, `decide:${k}`), params: applyParams(search, [`budget=${budget}`, ...over], 'search') });
        return a.act(viewFor(s, seat));
      };
      const policy = decide(['budget=0']);
      const w = decide(['infer=true']);
      const wo = decide([]);
      row.turns++;
      if (JSON.stringify(w) === JSON.stringify(wo)) return;
      row.differ++;
      if (w.type === 'discard' && dealsIn(s, seat, w.tile)) row.deal_in_with++;
      if (wo.type === 'discard' && dealsIn(s, seat, wo.tile)) row.deal_in_without++;
      if (JSON.stringify(w) === JSON.stringify(policy)) row.with_is_policy++;
      if (JSON.stringify(wo) === JSON.stringify(policy)) row.without_is_policy++;
    });
    rows.push(row);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const hands = Number(process.argv[2] ?? 20);
  const budget = Number(process.argv[3] ?? 64);
  const t0 = Date.now();
  const rows = decisionChanges(hands, budget);
  console.log(Object.keys(rows[0]!).join(','));
  for (const x of rows) console.log(Object.values(x).join(','));
  process.stderr.write(`${hands} hands per rule set, budget ${budget}, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}
