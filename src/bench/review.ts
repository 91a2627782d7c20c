/**
 * The review's cost (docs/performance.md, target: a hand reviewed in at most 10 s on one core at the default coach):
 * hands of four harr under harr (seed 1, games 0..n-1), each reviewed for its dealer by the default coach
 * (src/coach/coach.ts DEFAULT_COACH), one thread. Per hand: the seat's decisions and the CPU seconds of the review
 * (this process's user + system time, which on a shared machine counts what one core spent, where wall time counts
 * the waiting too); the median and the largest, and wall seconds beside them.
 */
import { pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';
import { DEFAULT_COACH } from '../coach/coach.js';
import { reviewSeat } from '../coach/review.js';
import { playGame } from '../game/play.js';
import { parseScenario } from '../game/replay.js';
import { gameSetup } from '../game/setup.js';
import { resolveLineup, resolveStrategy } from '../lineup/registry.js';
import { ruleSet } from '../rules/index.js';

export async function benchReview(hands = 6, coachSpec = DEFAULT_COACH): Promise<Record<string, number | string>> {
  const r = ruleSet('harr');
  const config = { rules: r, limit: r.limit, flowers: false, players: 4 as const, unit: 'hand' as const, seed: 1, lineup: await resolveLineup('harr,harr,harr,harr', 4), duplicate: false };
  const coach = await resolveStrategy(coachSpec);
  const cpu: number[] = [];
  const wall: number[] = [];
  const decisions: number[] = [];
  for (let g = -1; g < hands; g++) {
    // Game -1 is the warm-up (the hand analyser's tables, V8's compilation): reviewed, timed for nothing.
    const game = Math.max(0, g);
    const record = playGame(config, gameSetup(config, game), { record: true }).record!;
    const sc = parseScenario(JSON.parse(JSON.stringify(record)), `game ${game}`);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const review = reviewSeat(sc, `game ${game}`, sc.firstDealer, coach, { seed: 0 });
    const c = process.cpuUsage(c0);
    if (g < 0) continue;
    cpu.push((c.user + c.system) / 1e6);
    wall.push((performance.now() - t0) / 1000);
    decisions.push(review.summary.decisions);
  }
  const r1 = (x: number): number => Math.round(x * 10) / 10;
  return {
    coach: coachSpec,
    'hands reviewed': hands,
    "the dealer's decisions per hand (median, most)": `${median(decisions)}, ${Math.max(...decisions)}`,
    'CPU seconds per hand reviewed (median)': r1(median(cpu)),
    'CPU seconds per hand reviewed (largest)': r1(Math.max(...cpu)),
    'wall seconds per hand reviewed (median; includes waiting on a shared machine)': r1(median(wall)),
    'target: at most 10 s on one core': Math.max(...cpu) <= 10 ? 'met' : 'NOT met',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchReview(Number(process.argv[2] ?? 6), process.argv[3] ?? DEFAULT_COACH));
}
