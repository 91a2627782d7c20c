/**
 * `npm run bench`: runner throughput for four `random` and for the four-strategy mix, plain and
 * with `--duplicate` (its CPU per hand against the plain mix's, round by round), with one worker and with all, the
 * scaling ratio, and peak memory at 100,000 and 1,000,000 hands; each figure the median of several rounds, each run
 * in its own process, the configurations interleaved within a round so that load from other processes on a shared
 * machine falls on all of them alike. Then the module benchmarks of the engine, scoring and hand analysis where
 * those modules exist. `--quick` shrinks every size for a smoke run.
 *
 * Throughput is steady-state: each round runs a short and a long simulation per worker count, and the rate is
 * (long − short hands) / (long − short seconds), which cancels worker start-up (thread spawn, module loading,
 * engine, the hand tables built on first use) exactly; start-up is reported on its own. A rate that includes
 * start-up would make the scaling ratio depend on the run length rather than on the workers.
 *
 * After throughput, the floor (src/bench/floor.ts): the least work a hand of four uniform players takes on this
 * machine, measured side by side with the engine, against which the per-worker target for four `random` is read;
 * where a hand of the mix spends its time (src/bench/decisions.ts); and the machine's own two-core scaling.
 *
 * Then the state machine's costs for search (src/bench/machine.ts: clone, sampled worlds, rollouts), the learned
 * policy's cost per decision (src/bench/net.ts),
 * Then the review's cost (src/bench/review.ts: CPU seconds per hand reviewed at the default coach), and, with
 * `--against OTHER_DIST` (another checkout's compiled dist/), this build and that one side by side in one process on
 * the same games (src/bench/ab.ts): `npm run bench -- --against ../base/dist`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { builtinNames } from '../lineup/registry.js';
import { DEFAULT_STRATEGIES } from '../runner/run.js';
import { benchDecisions } from './decisions.js';
import { benchFloor, floorScaling } from './floor.js';
import type { RunnerBenchResult, RunnerBenchSpec } from './runner.js';
import { median } from 'simple-statistics';
import { thousands } from '../text.js';

// `npm run bench --quick` hands --quick to npm, which passes it on as npm_config_quick rather than as an argument.
const quick = process.argv.includes('--quick') || process.env.npm_config_quick === 'true';
/** Throughput only (no memory runs), for comparing builds side by side. */
const throughputOnly = process.argv.includes('--throughput');
const ROUNDS = quick ? 1 : 5;
const MEMORY_GAMES = quick ? [2_000, 20_000] : [100_000, 1_000_000];
const runnerJs = fileURLToPath(new URL('./runner.js', import.meta.url));

interface Lineup {
  readonly name: string;
  readonly rules: string;
  readonly strategies: string;
  /** Short and long run sizes (hands): the long one makes the one-worker run last several seconds. */
  readonly short: number;
  readonly long: number;
  /** Played as `simulate --duplicate` plays it: walls rotated through the seats, the luck meter on. */
  readonly duplicate?: boolean;
}

function once(spec: RunnerBenchSpec): RunnerBenchResult {
  const text = execFileSync(process.execPath, [runnerJs, JSON.stringify(spec)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(text) as RunnerBenchResult;
}

const fmt = (x: number) => thousands(Math.round(x));
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

interface Throughput {
  /** Steady-state hands/s (start-up cancelled). */
  steady: number;
  /** Hands/s of the long run, start-up included. */
  raw: number;
  /** Seconds of start-up: the short run's time beyond what its hands take at the steady rate. */
  startup: number;
  /** CPU microseconds per hand, all threads, steady state. */
  cpuPerHand: number;
  /** Long run: time the workers waited for a batch once ready, as a percentage of the time they played. */
  waitPct: number;
}

/** Per lineup and worker count, the median figures over the rounds, and each round's own figures (in round order). */
type Measured = { median: Map<number, Throughput>; rounds: Map<number, Throughput[]> };

/**
 * Every lineup at every worker count within each round, so that a ratio between two of them (workers, or a
 * lineup with --duplicate against the same without) compares runs made minutes apart at most.
 */
function throughput(ls: readonly Lineup[], workers: readonly number[]): Measured[] {
  const rounds = ls.map(() => new Map<number, Throughput[]>(workers.map((w) => [w, []])));
  for (let r = 0; r < ROUNDS; r++) {
    ls.forEach((l, i) => {
      for (const w of workers) {
        const spec = { rules: l.rules, strategies: l.strategies, workers: w, ...(l.duplicate ? { duplicate: true } : {}) };
        const s = once({ ...spec, games: l.short });
        const g = once({ ...spec, games: l.long });
        const steady = (g.hands - s.hands) / (g.seconds - s.seconds);
        rounds[i]!.get(w)!.push({
          steady,
          raw: g.handsPerSecond,
          startup: s.seconds - s.hands / steady,
          cpuPerHand: (1e6 * (g.cpuSeconds - s.cpuSeconds)) / (g.hands - s.hands),
          waitPct: (100 * g.workerWaitSeconds) / g.workerBusySeconds,
        });
      }
    });
  }
  return rounds.map((byWorkers) => {
    const out = new Map<number, Throughput>();
    for (const [w, rs] of byWorkers) {
      out.set(w, {
        steady: median(rs.map((x) => x.steady)),
        raw: median(rs.map((x) => x.raw)),
        startup: median(rs.map((x) => x.startup)),
        cpuPerHand: median(rs.map((x) => x.cpuPerHand)),
        waitPct: median(rs.map((x) => x.waitPct)),
      });
    }
    return { median: out, rounds: byWorkers };
  });
}

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
  const counts = cores > 1 ? [1, cores] : [1];
  console.log(`runner benchmark${quick ? ' (--quick)' : ''}: ${cores} cores, median of ${ROUNDS} interleaved round(s); load average ${load()}`);
  console.log(
    'hands/s is steady state: (long - short run hands) / (long - short run seconds), each run a fresh process, so worker\n' +
      'start-up (spawn, modules, engine, tables built on first use) cancels; start-up and the long run\'s rate including it\n' +
      'are shown apart. CPU is all threads\' CPU time per hand: equal CPU per hand at 1 and N workers means the workers\n' +
      'add no overhead, and a scaling ratio below N then comes from the cores being shared (see the load average).\n' +
      '"Waited" is the time a ready worker spent without a batch (the runner\'s own cost to scaling).',
  );
  const known = new Set(builtinNames());
  const mix = { rules: 'harr', strategies: DEFAULT_STRATEGIES, short: quick ? 200 : 1_000, long: quick ? 2_000 : 12_000 };
  const lineups: Lineup[] = [
    { name: 'four random', rules: 'harr', strategies: 'random,random,random,random', short: quick ? 1_000 : 2_000, long: quick ? 10_000 : 40_000 },
    { name: 'four-strategy mix', ...mix },
    { name: 'four-strategy mix, --duplicate', ...mix, duplicate: true },
  ].filter((l) => {
    const missing = l.strategies.split(',').filter((s) => !known.has(s));
    if (missing.length) console.log(`${l.name}: strategies not registered yet (${missing.join(', ')}), skipped`);
    return missing.length === 0;
  });
  const measured = throughput(lineups, counts);
  lineups.forEach((l, i) => {
    const { median: t, rounds } = measured[i]!;
    const parts = counts.map((w) => {
      const x = t.get(w)!;
      return `${w} worker${w > 1 ? 's' : ''} ${fmt(x.steady)} hands/s (${x.cpuPerHand.toFixed(0)} µs CPU/hand; workers waited ${x.waitPct.toFixed(1)}% of their playing time; start-up ${x.startup.toFixed(2)} s; ${fmt(x.raw)} hands/s over ${fmt(l.long)} hands with it)`;
    });
    const one = t.get(1)!;
    const all = t.get(cores)!;
    console.log(`${l.name} (${l.rules}, ${fmt(l.short)}/${fmt(l.long)} hands): ${parts.join('; ')}`);
    if (l.name === 'four-strategy mix') {
      console.log(
        `  target: ≥ 10,000 hands/s with all workers: ${all.steady >= 10_000 ? 'met' : 'not met'} here (${fmt(all.steady)}); where ` +
          'the machine cannot show it, instructions per hand at most half those of 864aac6 (node dist/src/bench/count.js mix under callgrind: docs/performance.md)',
      );
    }
    // Each round's ratio compares runs made minutes apart at most, so a slow drift of the machine's speed moves it less.
    const byRound = rounds.get(cores)!.map((x, r) => x.steady / rounds.get(1)![r]!.steady);
    console.log(
      `  scaling ${cores} vs 1 worker: ${(all.steady / one.steady).toFixed(2)}× steady state (rounds: ${byRound.map((x) => x.toFixed(2)).join(', ')}; ` +
        `median ${median(byRound).toFixed(2)}×), ${(all.raw / one.raw).toFixed(2)}× with start-up; load average ${load()}`,
    );
    const plain = lineups.findIndex((p) => p.strategies === l.strategies && p.rules === l.rules && !p.duplicate);
    if (l.duplicate && plain >= 0) {
      // CPU per hand, not rate: the luck meter's price to each --duplicate user, whatever share of the cores the
      // run got.
      const cost = (w: number) => measured[i]!.rounds.get(w)!.map((x, r) => x.cpuPerHand / measured[plain]!.rounds.get(w)![r]!.cpuPerHand);
      console.log(
        `  --duplicate against the same lineup without it, CPU per hand, same rounds: ` +
          counts.map((w) => `${w} worker${w > 1 ? 's' : ''} ${median(cost(w)).toFixed(2)}× (rounds: ${cost(w).map((x) => x.toFixed(2)).join(', ')})`).join('; '),
      );
    }
  });
  // The least work any engine does for a hand of four uniform players, against the engine, in one thread.
  console.log('\nbenchFloor():');
  console.log(await benchFloor(quick ? 4_000 : 40_000));
  if (cores > 1) {
    console.log(`\nfloorScaling(${cores}): the machine's own scaling, the ceiling for the runner's`);
    console.log(await floorScaling(cores, quick ? 10_000 : 60_000, quick ? 3 : ROUNDS + 2));
  }
  if (throughputOnly) return;
  // Peak RSS of the whole process (main thread and workers), sizes interleaved round by round.
  const mem = new Map<number, RunnerBenchResult[]>(MEMORY_GAMES.map((g) => [g, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const games of MEMORY_GAMES) mem.get(games)!.push(once({ rules: 'harr', strategies: 'random,random,random,random', games, workers: cores }));
  }
  const rss = new Map<number, number>();
  for (const [games, rs] of mem) {
    rss.set(games, median(rs.map((x) => x.maxRssMb)));
    console.log(
      `peak memory, four random, ${fmt(games)} hands, ${cores} workers: ${rss.get(games)!.toFixed(1)} MB ` +
        `(runs ${rs.map((x) => x.maxRssMb.toFixed(1)).join(', ')}; ${fmt(median(rs.map((x) => x.handsPerSecond)))} hands/s)`,
    );
  }
  const [small, large] = MEMORY_GAMES.map((g) => rss.get(g)!);
  if (small !== undefined && large !== undefined) {
    console.log(`peak memory growth ${fmt(MEMORY_GAMES[0]!)} → ${fmt(MEMORY_GAMES[1]!)} hands: ${((100 * (large - small)) / small).toFixed(1)}%; load average ${load()}`);
  }

  const { benchStart, formatStart } = await import('./start.js');
  console.log(`\nCLI start-up (src/bench/start.ts), median of ${quick ? 5 : 15} interleaved rounds; load average ${load()}`);
  console.log(formatStart(benchStart(quick ? 5 : 15)));
  // benchHand first: it times the hand table's build, which only the process's first query pays.
  await optionalBench('hand', 'benchHand');
  console.log('\nbenchDecisions(): where a hand of the four-strategy mix spends its time');
  console.log(await benchDecisions(quick ? 300 : 3_000));
  await optionalBench('engine', 'benchEngine');
  await optionalBench('scoring', 'benchScoring');
  await optionalBench('machine', 'benchMachine');
  await optionalBench('search', 'benchSearch');
  await optionalBench('net', 'benchNet');
  await optionalBench('luck-value', 'benchLuckValue');
  await optionalBench('review', 'benchReview');
  console.log('\nbenchBots(): external bots (src/bench/bots.ts)');
  console.log(await (await import('./bots.js')).benchBots(quick));
}

/** `--against DIR`: this build and the build in DIR side by side (ab.ts); nothing else is run. */
async function sideBySide(dir: string): Promise<void> {
  const { AB_CASES, abCompare, loadBuild } = await import('./ab.js');
  const mine = await loadBuild(fileURLToPath(new URL('../..', import.meta.url)));
  console.log(`side by side with ${dir}: median of ${quick ? 3 : 9} alternating rounds; load average ${load()}`);
  console.log(await abCompare(mine, await loadBuild(dir), AB_CASES, quick ? 3 : 9));
}

const against = process.argv.indexOf('--against');
if (process.argv.includes('--start')) {
  const { benchStart, formatStart } = await import('./start.js');
  console.log(`CLI start-up, median of ${quick ? 5 : 15} interleaved rounds; load average ${load()}`);
  const other = process.argv.indexOf('--start-against');
  console.log(formatStart(benchStart(quick ? 5 : 15, other >= 0 ? process.argv[other + 1] : undefined)));
} else if (against >= 0) {
  const dir = process.argv[against + 1];
  if (dir === undefined) throw new Error('--against needs the other build\'s dist/ directory');
  await sideBySide(dir);
} else await main();
