/**
 * The learned-policy experiment's summary (issue 26, point 4): one row per comparison of an agent with a baseline in
 * the same seat on the same walls, read from the pairwise.csv of a `mjlab simulate --duplicate` run whose lineup
 * holds both (src/stats: the paired difference per wall set and its 95% interval), and the agent's milliseconds
 * per decision (every decision it makes, searched or not), and the baseline's, measured here at one table in one
 * thread on a few hands (src/bench/decisions.ts).
 *
 *   node dist/src/learn/summary.js PLAN.json OUT.csv
 *
 * PLAN.json: [{"rules", "agent", "baseline", "run": "DIR", "a": "entry as in the lineup", "b": "...", "timingHands": N}]
 * with paths relative to the plan's directory.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDecisions } from '../bench/decisions.js';
import { csv } from '../io/csv.js';
import { csvRows } from '../report/csv-read.js';

interface Row {
  readonly rules: string;
  readonly agent: string;
  readonly baseline: string;
  readonly run: string;
  readonly a: string;
  readonly b: string;
  readonly field?: string;
  readonly timingHands: number;
}

export async function summarise(planPath: string): Promise<string> {
  const base = dirname(planPath);
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as Row[];
  const out: string[][] = [['rules', 'agent', 'baseline', 'wall_sets', 'diff_mean', 'ci_low', 'ci_high', 'ms_per_decision', 'baseline_ms_per_decision']];
  for (const r of plan) {
    const pairs = csvRows(readFileSync(join(base, r.run, 'pairwise.csv'), 'utf8'));
    const fwd = pairs.find((p) => p.strategy_a === r.a && p.strategy_b === r.b);
    const rev = pairs.find((p) => p.strategy_a === r.b && p.strategy_b === r.a);
    const p = fwd ?? rev;
    if (!p) throw new Error(`${r.run}/pairwise.csv has no row for ${r.a} against ${r.b}`);
    const sign = fwd ? 1 : -1;
    const lo = sign * Number(fwd ? p.diff_low : p.diff_high);
    const hi = sign * Number(fwd ? p.diff_high : p.diff_low);
    // Paths in the entry are relative to the plan: the timing runs from there.
    const cwd = process.cwd();
    process.chdir(base);
    let ms: number;
    let baseMs: number;
    try {
      // Agent and baseline timed at one table, on the same hands and under the same load.
      const field = (r.field ?? `${r.b},${r.b},${r.b}`).split(',');
      const t = await benchDecisions(r.timingHands, r.rules, [r.a, r.b, field[1]!, field[2]!].join(','));
      const msOf = (label: string): number => {
        let n = 0;
        let total = 0;
        for (const [k, v] of Object.entries(t)) {
          if (!k.startsWith(`${label} `)) continue;
          const m = /^([\d.]+) decisions per hand, ([\d.]+) µs each/.exec(v);
          if (m) {
            n += Number(m[1]);
            total += Number(m[1]) * Number(m[2]);
          }
        }
        return n > 0 ? total / n / 1000 : NaN;
      };
      ms = msOf(r.a);
      baseMs = msOf(r.b);
    } finally {
      process.chdir(cwd);
    }
    out.push([r.rules, r.agent, r.baseline, p.wall_sets!, (sign * Number(p.mean_net_diff)).toFixed(4), lo.toFixed(4), hi.toFixed(4), ms.toFixed(3), baseMs.toFixed(3)]);
  }
  return csv(out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [plan, to] = process.argv.slice(2);
  if (!plan || !to) throw new Error('usage: node dist/src/learn/summary.js PLAN.json OUT.csv');
  writeFileSync(to, await summarise(plan));
}
