/**
 * The pilot that sized experiment tuned-plans (results/tuned-plans/README.md): every numeric parameter of each tuned
 * strategy moved one notch down and one up from its default, each such one-change candidate playing one seat against
 * three copies of the defaults on the same --duplicate walls, under each rule setting of the experiment. It measures
 * (1) the noise: the standard deviation of a candidate's net per wall set, which sets the wall sets a generation, the
 * race and the confirmation need (n = ((z_α/2 + z_β)·σ/δ)², the normal approximation of a paired test's size), and (2)
 * which parameters matter under which rules, which chooses the dimensions to tune. Against three copies of the defaults
 * the defaults themselves net exactly zero on every wall set (the four rotations are one game), so each candidate's
 * mean is its paired gain. Walls: seed PILOT_SEED, used by no tune.
 *
 *   npm run build && node dist/experiments/tuned-plans/pilot.js results/tuned-plans [--games 4000] [--workers 2]
 */
import { writeAtomic, makeDir } from '../../src/io/files.js';
import { join } from 'node:path';
import { builtinStrategies } from '../../strategies/index.js';
import { commandLine, gitState, packageVersion } from '../../src/io/manifest.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../src/runner/run.js';
import { ruleSet, rulesName } from '../../src/rules/index.js';
import { Arms } from '../../src/tune/arms.js';
import { Evaluator } from '../../src/tune/evaluate.js';
import { spec } from './spec.js';
import { csv, num, pval } from '../../src/experiments/tables.js';

export const PILOT_SEED = 9001;

/** One notch each way: a count moves by 1, a wall or bias threshold by about a tenth of its range. */
function notches(p: { default: number; min: number; max: number }): number[] {
  const d = p.max - p.min > 20 ? Math.round((p.max - p.min) / 10) : 1;
  return [p.default - d, p.default + d].filter((v) => v >= p.min && v <= p.max);
}

async function main(argv: string[]): Promise<void> {
  const dir = argv[0] ?? join('results', 'tuned-plans');
  const opt = (name: string, def: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : def;
  };
  const games = opt('games', 4000);
  const workers = opt('workers', 2);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const rows: string[][] = [];
  for (const variant of spec.variants) {
    const rules = ruleSet(variant.rules);
    // Built-in strategies only: the bundle's workers.
    const ev = new Evaluator({ rules: rulesName(rules), players: 4, flowers: rules.flowers, limit: variant.limit ?? rules.limit }, workers, 1000 * DEFAULT_DECISION_TIMEOUT, undefined, undefined, false);
    try {
      for (const name of spec.strategies.map((s) => s.strategy)) {
        const strategy = builtinStrategies.find((s) => s.name === name)!;
        const cands: { param: string; value: number | null; entry: string }[] = [{ param: '(defaults)', value: null, entry: name }];
        for (const p of strategy.params) {
          if (typeof p.default !== 'number' || p.min === undefined || p.max === undefined) continue;
          for (const v of notches({ default: p.default, min: p.min, max: p.max })) cands.push({ param: p.name, value: v, entry: `${name}:${p.name}=${v}` });
        }
        const field = `${name},${name},${name}`;
        process.stderr.write(`pilot: ${variant.label} ${name}: ${cands.length} candidates × ${games} games\n`);
        const r = await ev.run(cands.map((c) => ({ lineup: `${c.entry},${field}`, seed: PILOT_SEED, start: 0, end: games })));
        if (r.status !== 'done') throw new Error('pilot interrupted');
        cands.forEach((c, i) => {
          const arms = new Arms(1);
          arms.addWalls([r.walls[i]!]);
          const m = arms.mean(0, 4);
          const def = strategy.params.find((p) => p.name === c.param)?.default;
          rows.push([
            variant.label, name, c.param, def === undefined ? '' : String(def), c.value === null ? '' : String(c.value), String(m.n),
            num(m.meanDiff), num(m.low), num(m.high), pval(m.p), num(m.sd),
          ]);
        });
      }
    } finally {
      await ev.close();
    }
  }
  makeDir(dir);
  writeAtomic(
    join(dir, 'pilot.csv'),
    csv([['variant', 'strategy', 'param', 'default', 'value', 'wall_sets', 'mean_net', 'ci_low', 'ci_high', 'p', 'sd_per_wall_set'], ...rows]),
  );
  const cpu = process.cpuUsage(cpu0);
  writeAtomic(
    join(dir, 'pilot-manifest.json'),
    `${JSON.stringify(
      {
        tool: 'mjlab', kind: 'tuned-plans pilot', version: packageVersion(), ...gitState(), command: commandLine(argv).replace(/^mjlab/, 'node dist/experiments/tuned-plans/pilot.js'),
        seed: PILOT_SEED, gamesPerCandidate: games, games: rows.length * games, workers,
        durationSeconds: Number(((performance.now() - t0) / 1000).toFixed(3)), cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(3)), node: process.version,
      },
      null,
      2,
    )}\n`,
  );
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
