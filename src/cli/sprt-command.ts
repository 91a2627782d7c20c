/**
 * The sprt command itself, loaded when it runs (its options: src/cli/commands/sprt.ts).
 * `mjlab sprt A B --rules R --delta D` (docs/statistics.md, "The sequential test"): a sequential test of A against three B on duplicate
 * walls that stops when it can decide; see src/league/sprt-run.ts and src/stats/sprt.ts.
 */
import { commandLine } from '../io/manifest.js';
import { refuseCommitted, SCRATCH_DIR } from '../io/committed.js';
import { runSprtCommand } from '../league/sprt-run.js';
import { SIGNAL_EXIT } from '../runner/signals.js';

export interface SprtArgs {
  a: string;
  b: string;
  rules: string;
  delta: number;
  alpha: number;
  beta: number;
  adjust: boolean;
  'max-games': number;
  seed: number;
  workers?: number;
  out?: string;
  resume: boolean;
  force: boolean;
  progress: boolean;
  'luck-model'?: string;
}

export async function sprtHandler(a: SprtArgs): Promise<void> {
  const out = a.out ?? `${SCRATCH_DIR}/sprt`;
  refuseCommitted(out, a.force);
  const r = await runSprtCommand({
    a: a.a, b: a.b, rules: a.rules, delta: a.delta, alpha: a.alpha, beta: a.beta, adjust: a.adjust, maxGames: a['max-games'], seed: a.seed,
    ...(a.workers !== undefined ? { workers: a.workers } : {}), out, resume: a.resume, force: a.force, progress: a.progress ? 'auto' : 'none',
    ...(a['luck-model'] !== undefined ? { luckModel: a['luck-model'] } : {}), command: commandLine(),
  });
  if (r.status === 'interrupted') {
    process.exitCode = SIGNAL_EXIT[r.signal ?? 'SIGINT'];
    return;
  }
  const s = r.state;
  const what = s.verdict === 'H1' ? `${a.a} gains ${a.delta} a hand over ${a.b} (H1)` : s.verdict === 'H0' ? `${a.a} gains nothing over ${a.b} (H0)` : 'undecided at --max-games';
  process.stdout.write(`sprt: ${what}: ${a.adjust ? 'luck-adjusted ' : ''}LLR ${s.llr.toFixed(2)} against bounds ${s.lower.toFixed(2)}, ${s.upper.toFixed(2)} after ${s.n} wall sets (${s.n * 4} hands) → ${out}/sprt.csv\n`);
}
