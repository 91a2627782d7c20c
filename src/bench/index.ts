/**
 * `npm run bench` (issue 5, point 8): runner throughput for four `random` and for the four-strategy mix, with one
 * worker and with all, the scaling ratio, and peak memory at 100,000 and 1,000,000 hands; each figure the median
 * of several runs, each run in its own process. Then the module benchmarks of the engine, scoring and hand
 * analysis where those modules exist. `--quick` shrinks every size for a smoke run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { builtinNames } from '../agent/registry.js';
import { DEFAULT_STRATEGIES } from '../runner/run.js';
import type { RunnerBenchResult, RunnerBenchSpec } from './runner.js';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 1 : 3;
const THROUGHPUT_GAMES = quick ? 2_000 : 20_000;
const MEMORY_GAMES = quick ? [2_000, 20_000] : [100_000, 1_000_000];
const runnerJs = fileURLToPath(new URL('./runner.js', import.meta.url));

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function once(spec: RunnerBenchSpec): RunnerBenchResult {
  const text = execFileSync(process.execPath, [runnerJs, JSON.stringify(spec)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(text) as RunnerBenchResult;
}

function medianOf(spec: RunnerBenchSpec, runs = RUNS): { hps: number; rss: number } {
  const rs = Array.from({ length: runs }, () => once(spec));
  return { hps: median(rs.map((r) => r.handsPerSecond)), rss: median(rs.map((r) => r.maxRssMb)) };
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

async function optionalBench(file: string, fn: string): Promise<void> {
  const path = fileURLToPath(new URL(`./${file}.js`, import.meta.url));
  if (!existsSync(path)) {
    console.log(`\n${fn}: src/bench/${file}.ts not built yet (skipped)`);
    return;
  }
  const mod = (await import(path)) as Record<string, unknown>;
  const f = mod[fn];
  if (typeof f !== 'function') {
    console.log(`\n${fn}: not exported by src/bench/${file}.ts (skipped)`);
    return;
  }
  console.log(`\n${fn}():`);
  const r = (await (f as () => unknown)()) as unknown;
  if (r !== undefined) console.log(r);
}

async function main(): Promise<void> {
  const cores = availableParallelism();
  console.log(`runner benchmark${quick ? ' (--quick)' : ''}: ${cores} cores, median of ${RUNS} run(s), ${THROUGHPUT_GAMES} hands each`);
  const known = new Set(builtinNames());
  const lineups: [string, string, string][] = [
    ['four random', 'harr', 'random,random,random,random'],
    ['four-strategy mix', 'harr', DEFAULT_STRATEGIES],
  ];
  for (const [name, rules, strategies] of lineups) {
    const missing = strategies.split(',').filter((s) => !known.has(s));
    if (missing.length) {
      console.log(`${name}: strategies not registered yet (${missing.join(', ')}), skipped`);
      continue;
    }
    const one = medianOf({ rules, strategies, games: THROUGHPUT_GAMES, workers: 1 });
    const all = medianOf({ rules, strategies, games: THROUGHPUT_GAMES, workers: cores });
    console.log(
      `${name} (${rules}): 1 worker ${fmt(one.hps)} hands/s; ${cores} workers ${fmt(all.hps)} hands/s; scaling ${(all.hps / one.hps).toFixed(2)}×`,
    );
  }
  const memRuns = quick ? 1 : Math.min(RUNS, 2);
  const mem = MEMORY_GAMES.map((games) => ({ games, ...medianOf({ rules: 'harr', strategies: 'random,random,random,random', games, workers: cores }, memRuns) }));
  for (const m of mem) console.log(`peak memory, four random, ${fmt(m.games)} hands, ${cores} workers: ${m.rss.toFixed(1)} MB (${fmt(m.hps)} hands/s)`);
  const [small, large] = mem;
  if (small && large) console.log(`peak memory growth ${fmt(small.games)} → ${fmt(large.games)} hands: ${((100 * (large.rss - small.rss)) / small.rss).toFixed(1)}%`);

  await optionalBench('engine', 'benchEngine');
  await optionalBench('scoring', 'benchScoring');
  await optionalBench('hand', 'benchHand');
}

await main();
