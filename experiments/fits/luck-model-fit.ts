/**
 * luck.bin format 4's coefficients fitted as the evidence says (docs/statistics.md "The learned value"; src/luck/
 * beta.ts): pilots recorded with a value model on a seed reserved for fitting (src/value/seeds.ts; never the model's
 * own data seed, never a measuring seed), format 3's nine channels and the model's term fitted together by the
 * pooled least squares of luck-fit.ts. Prints the ten coefficients in LUCK_BETA's units and the share of each
 * pilot's first label's variance they explain. With --measure, on each format-4 run given (a measuring seed, one
 * label against three), the first label's adjusted 95% half-width against its raw one for format 3's coefficients
 * alone, the model's term alone at AIVAT's weight of 1, and the fitted ten.
 *
 *   node dist/experiments/fits/luck-model-fit.js MODEL SEED GAMES OUT RULES:STRATEGIES... [--measure DIR...]
 *
 * Each pilot is a simulate run in OUT/<i> (resumed where it stopped).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LUCK_BETA } from '../../src/luck/beta.js';
import { runLabelsOf } from '../../src/league/read.js';
import { labelLuck, luckUnit } from '../../src/runner/luck-adjust.js';
import { luckFormatOf } from '../../src/runner/luck-file.js';
import { simulate } from '../../src/runner/run.js';
import { forEachWall, WallMoments } from '../../src/runner/wall-sets.js';
import { NETS_FILE } from '../../src/runner/nets-file.js';
import { statSync } from 'node:fs';
import { fitLuck } from './luck-fit.js';
import { UserError } from '../../src/errors.js';

const PLAYERS = 4;

/** Plays (or resumes) each pilot on `seed` with the model recording format 4; null when a signal stopped one (it said how to resume). */
export async function playPilots(model: string, seed: number, games: number, out: string, lineups: readonly string[]): Promise<string[] | null> {
  const dirs: string[] = [];
  for (const [i, l] of lineups.entries()) {
    const [rules, strategies] = [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)];
    const dir = join(out, String(i));
    const r = await simulate({
      rules, strategies, games, seed, out: dir, outExplicit: true, gamesCsv: false, players: PLAYERS, unit: 'hand', duplicate: true, flowers: false, shard: null,
      resume: existsSync(join(dir, 'checkpoint.jsonl')), force: false, progress: 'none', nets: true, luck: true, luckModel: model, fittingPilot: true, workers: 1,
    });
    if (r.signal) return null;
    dirs.push(dir);
  }
  return dirs;
}

/** The first label's 95% half-width over a run's wall sets: raw, and adjusted by each of `betas` (format 4's channels). */
export function halfWidths(dir: string, betas: readonly (readonly number[])[]): { raw: number; adjusted: number[]; walls: number } {
  const { labels, seats } = runLabelsOf(dir);
  const cell = { dir, labels, seats };
  const C = luckFormatOf(dir)?.channels ?? 0;
  if (C !== 10) throw new Error(`${dir}: not a luck.bin format 4 run`);
  const walls = Math.floor(statSync(join(dir, NETS_FILE)).size / (4 * labels.length * PLAYERS));
  const raw = new WallMoments();
  const adj = betas.map(() => new WallMoments());
  forEachWall([cell], PLAYERS, walls, (sums, lk) => {
    raw.add(sums[0]![0]!);
    betas.forEach((b, i) => adj[i]!.add(sums[0]![0]! * luckUnit(PLAYERS) - labelLuck([cell], [lk[0]!], labels[0]!, b, PLAYERS)));
  }, C);
  const hw = (r: { low: number; high: number }) => (r.high - r.low) / 2;
  return { raw: hw(raw.result(PLAYERS)), adjusted: adj.map((a) => hw(a.result(PLAYERS * luckUnit(PLAYERS)))), walls };
}

if (process.argv[1]?.endsWith('luck-model-fit.js')) {
  const args = process.argv.slice(2);
  const m = args.indexOf('--measure');
  const measure = m >= 0 ? args.slice(m + 1) : [];
  const [model, seed, games, out, ...lineups] = m >= 0 ? args.slice(0, m) : args;
  const dirs = await playPilots(model!, Number(seed), Number(games), out!, lineups).catch((e: unknown) => {
    if (!(e instanceof UserError)) throw e;
    process.stderr.write(`mjlab: ${e.message}\n`);
    process.exit(2);
  });
  if (dirs === null) process.exit(130);
  const fit = fitLuck(dirs);
  process.stdout.write(`fitted: [${fit.units.join(', ')}]\n`);
  for (const e of fit.explained) process.stdout.write(`${e.dir}: ${(100 * e.share).toFixed(1)}% of the first label's variance over wall sets\n`);
  const rules = lineups[0]!.slice(0, lineups[0]!.indexOf(':'));
  const sets = { 'format 3 alone': [...(LUCK_BETA[rules] ?? []), 0], 'value alone': [0, 0, 0, 0, 0, 0, 0, 0, 0, 1000], combined: fit.units };
  for (const d of measure) {
    const h = halfWidths(d, Object.values(sets));
    process.stdout.write(`${d} (${h.walls} wall sets): raw ±${h.raw.toFixed(2)}; ${Object.keys(sets).map((k, i) => `${k} ${(h.adjusted[i]! / h.raw).toFixed(3)}`).join(', ')}\n`);
  }
}
