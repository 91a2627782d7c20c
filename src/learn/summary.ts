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
import { msPerDecision, timeDecisions } from '../runner/decision-times.js';
import { csv } from '../io/csv.js';
import { csvRows } from '../report/csv-read.js';
import { pairOf } from '../report/leaderboard.js';
import { pairRow } from '../report/run-files.js';

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

/** A paired difference of `a` over `b` (same seat, same walls) and its 95% interval, from a run's pairwise.csv. */
export interface PairedDiff {
  readonly wallSets: number;
  readonly diff: number;
  readonly low: number;
  readonly high: number;
  readonly p: number;
}

/** The row of `a` against `b` in pairwise.csv's text, whichever way round it was written (turned by pairOf). */
export function pairedRow(text: string, a: string, b: string, where: string): PairedDiff {
  const rows = csvRows(text);
  const turned = pairOf(rows.map(pairRow), a, b);
  // Wall sets and p are the same either way round.
  const raw = rows.find((r) => (r.strategy_a === a && r.strategy_b === b) || (r.strategy_a === b && r.strategy_b === a));
  if (!turned || !raw) throw new Error(`${where} has no row for ${a} against ${b}`);
  return { wallSets: Number(raw.wall_sets), diff: turned.diff, low: turned.low, high: turned.high, p: Number(raw.p) };
}

export async function summarise(planPath: string): Promise<string> {
  const base = dirname(planPath);
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as Row[];
  const out: string[][] = [['rules', 'agent', 'baseline', 'wall_sets', 'diff_mean', 'ci_low', 'ci_high', 'ms_per_decision', 'baseline_ms_per_decision']];
  for (const r of plan) {
    const p = pairedRow(readFileSync(join(base, r.run, 'pairwise.csv'), 'utf8'), r.a, r.b, `${r.run}/pairwise.csv`);
    // Paths in the entry are relative to the plan: the timing runs from there.
    const cwd = process.cwd();
    process.chdir(base);
    let ms: number;
    let baseMs: number;
    try {
      // Agent and baseline timed at one table, on the same hands and under the same load.
      const field = (r.field ?? `${r.b},${r.b},${r.b}`).split(',');
      const t = await timeDecisions(r.timingHands, r.rules, [r.a, r.b, field[1]!, field[2]!].join(','));
      ms = msPerDecision(t, r.a);
      baseMs = msPerDecision(t, r.b);
    } finally {
      process.chdir(cwd);
    }
    out.push([r.rules, r.agent, r.baseline, String(p.wallSets), p.diff.toFixed(4), p.low.toFixed(4), p.high.toFixed(4), ms.toFixed(3), baseMs.toFixed(3)]);
  }
  return csv(out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [plan, to] = process.argv.slice(2);
  if (!plan || !to) throw new Error('usage: node dist/src/learn/summary.js PLAN.json OUT.csv');
  writeFileSync(to, await summarise(plan));
}
