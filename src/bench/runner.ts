/**
 * One runner benchmark measurement in a fresh process, so its peak RSS (process.resourceUsage
 * covers the worker threads too) belongs to that run alone. Usage: node dist/src/bench/runner.js '<json>'.
 * Prints one JSON line: { hands, seconds, handsPerSecond, maxRssMb, cpuSeconds, workerBusySeconds, workerWaitSeconds }. `seconds` is the whole
 * simulate() call, worker start-up included; cpuSeconds is the process's CPU time over it, all threads (on a
 * shared machine, CPU per hand shows whether two workers cost more per hand than one, whatever the load).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulate } from '../runner/run.js';

export interface RunnerBenchSpec {
  readonly rules: string;
  readonly strategies: string;
  readonly games: number;
  readonly workers: number;
  /** Each wall played once per seat rotation, with the luck meter (`simulate --duplicate`). */
  readonly duplicate?: boolean;
}

export interface RunnerBenchResult {
  readonly hands: number;
  readonly seconds: number;
  readonly handsPerSecond: number;
  readonly maxRssMb: number;
  readonly cpuSeconds: number;
  /** Worker seconds (summed over workers) playing batches, and waiting for a batch once ready. */
  readonly workerBusySeconds: number;
  readonly workerWaitSeconds: number;
}

export async function measureRunner(spec: RunnerBenchSpec): Promise<RunnerBenchResult> {
  const out = mkdtempSync(join(tmpdir(), 'mjlab-bench-'));
  try {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const r = await simulate({
      rules: spec.rules, strategies: spec.strategies, games: spec.games, seed: 1, workers: spec.workers, out,
      outExplicit: true, gamesCsv: false, players: 4, unit: 'hand', duplicate: spec.duplicate ?? false, flowers: false, shard: null,
      resume: false, force: true, progress: 'none', command: 'bench',
    });
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return {
      hands: r.aggregate.hands,
      seconds,
      handsPerSecond: r.aggregate.hands / seconds,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      workerBusySeconds: r.workerTime.busy,
      workerWaitSeconds: r.workerTime.waiting,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = JSON.parse(process.argv[2] ?? '{}') as RunnerBenchSpec;
  measureRunner(spec).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (e: unknown) => {
      process.stderr.write(`${(e as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
