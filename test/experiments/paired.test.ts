// Paired statistics of an experiment checked against a direct computation from playGame (docs/statistics.md, "The unit of a paired statistic"):
// a tiny strategy-comparison run in-process, then every pairwise row and every strategy's mean net recomputed
// from the engine's own hand results, per wall set, with the array-based pairedZ and holm of src/stats.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runExperiment } from '../../src/experiments/run.js';
import { experiment, LAB } from '../../experiments/index.js';
import { pathToFileURL } from 'node:url';
import type { tableConfig as TableConfigFn } from '../../src/runner/table.js';
import type { gameSetup as GameSetupFn } from '../../src/game/setup.js';
import type { playGame as PlayGameFn } from '../../src/game/play.js';
import { ruleSet } from '../../src/rules/index.js';
import { holm, pairedFromSums, pairedZ } from '../../src/stats/paired.js';
import { parseCsv, ROOT, read, tempDir } from '../runner/helpers.js';

// The direct side plays with the compiled engine in dist/, the very code the runner's worker threads run, so the
// comparison holds even while someone edits the sources during the test run (the tree is shared).
const dist = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(join(ROOT, 'dist', rel)).href)) as T;

const NAME = 'strategy-comparison';
const TOTAL = 320; // 20 runs × 16 games = 4 wall sets per run
let dir: string;

/** net[variant][lineup][game] = Map label → net sum of that game. */
async function direct(): Promise<Map<string, Map<string, number>[][]>> {
  const { tableConfig } = await dist<{ tableConfig: typeof TableConfigFn }>('src/runner/table.js');
  const { gameSetup } = await dist<{ gameSetup: typeof GameSetupFn }>('src/game/setup.js');
  const { playGame } = await dist<{ playGame: typeof PlayGameFn }>('src/game/play.js');
  const spec = experiment(NAME);
  const per = TOTAL / (spec.variants.length * spec.lineups.length);
  const out = new Map<string, Map<string, number>[][]>();
  for (const v of spec.variants) {
    const rules = ruleSet(v.rules);
    const byLineup: Map<string, number>[][] = [];
    for (const lineup of spec.lineups) {
      const config = await tableConfig({
        rules: v.rules, strategies: lineup, players: 4, unit: 'hand', seed: spec.seed, duplicate: true,
        flowers: rules.flowers, limit: v.limit ?? rules.limit,
      });
      const games: Map<string, number>[] = [];
      for (let g = 0; g < per; g++) {
        const o = playGame(config, gameSetup(config, g), { record: false });
        const m = new Map<string, number>();
        for (const h of o.hands) o.strategies.forEach((label, seat) => m.set(label, (m.get(label) ?? 0) + h.nets[seat]!));
        games.push(m);
      }
      byLineup.push(games);
    }
    out.set(v.label, byLineup);
  }
  return out;
}

beforeAll(async () => {
  dir = tempDir('exp-paired');
  const r = await runExperiment(LAB, { name: NAME, games: TOTAL, out: join(dir, 'out'), workers: 1, progress: 'none', resume: false, command: 'test' });
  expect(r.status).toBe('complete');
});

describe('paired statistics equal a direct computation from playGame', () => {
  it('pairwise differences, z, p and Holm p; strategy means', async () => {
    const nets = await direct();
    const pairwise = parseCsv(read(join(dir, 'out'), 'pairwise.csv'));
    const strategies = parseCsv(read(join(dir, 'out'), 'strategies.csv'));
    const expectedP: number[] = [];
    expect(pairwise.length).toBe(4 * 10);
    for (const row of pairwise) {
      const lineups = nets.get(row.rules!)!;
      const spec = experiment(NAME);
      const both = spec.lineups.map((l, i) => ({ l: l.split(','), i })).filter((x) => x.l.includes(row.strategy_a!) && x.l.includes(row.strategy_b!));
      expect(Number(row.lineups)).toBe(both.length);
      const walls = lineups[0]!.length / 4;
      const diffs: number[] = [];
      for (let w = 0; w < walls; w++) {
        let d = 0;
        for (const { i } of both) {
          for (let g = 4 * w; g < 4 * w + 4; g++) d += lineups[i]![g]!.get(row.strategy_a!)! - lineups[i]![g]!.get(row.strategy_b!)!;
        }
        diffs.push(d / (4 * both.length)); // per hand: each strategy plays 4 hands per wall set per lineup
      }
      const z = pairedZ(diffs);
      expectedP.push(z.p);
      expect(Number(row.wall_sets)).toBe(walls);
      expect(Number(row.mean_net_diff)).toBeCloseTo(z.meanDiff, 5);
      if (Number.isFinite(z.statistic)) expect(Number(row.z)).toBeCloseTo(z.statistic, 5);
      expect(Number(row.p)).toBeCloseTo(z.p, 3);
    }
    const adj = holm(expectedP);
    pairwise.forEach((row, i) => expect(Number(row.p_holm)).toBeCloseTo(adj[i]!, 3));

    for (const row of strategies) {
      const lineups = nets.get(row.rules!)!;
      let sum = 0;
      let hands = 0;
      for (const games of lineups) for (const m of games) if (m.has(row.strategy!)) (sum += m.get(row.strategy!)!), (hands += 1);
      expect(Number(row.hands)).toBe(hands);
      expect(Number(row.mean_net)).toBeCloseTo(sum / hands, 5);
    }
  });

  it('pairedFromSums equals pairedZ on the same differences', () => {
    const d = [3, -7, 12, 0, 5, -2, 8, 8, -11, 4];
    const n = BigInt(d.length);
    const s = d.reduce((a, x) => a + BigInt(x), 0n);
    const s2 = d.reduce((a, x) => a + BigInt(x) * BigInt(x), 0n);
    const a = pairedFromSums(d.length, s, s2, 4);
    const b = pairedZ(d.map((x) => x / 4));
    expect(a.meanDiff).toBeCloseTo(b.meanDiff, 12);
    expect(a.statistic).toBeCloseTo(b.statistic, 12);
    expect(a.p).toBeCloseTo(b.p, 12);
    expect(a.high - a.meanDiff).toBeCloseTo(1.959964 * (b.sd / Math.sqrt(Number(n))), 5);
  });
});
