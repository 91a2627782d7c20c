/**
 * `mjlab experiment learned-policy` (docs/learning.md, "The experiment") on a tiny copy of its spec (one rule set, searches of a few
 * rollouts): every stage writes its files, summary.csv has docs/learning.md's columns with a row per comparison, and the
 * run with its later stages lost, resumed on two workers, writes the same models and files as it did on one. The registered spec is listed, and its --games refused in one line when it is
 * not whole wall sets or too small.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimDir } from '../../src/experiments/run.js';
import { runLearnedPolicy } from '../../experiments/learned-policy/run.js';
import { learningMinGames } from '../../experiments/learned-policy/sizes.js';
import { LEARNING_EXPERIMENTS } from '../../experiments/index.js';
import type { LearningExperimentSpec } from '../../src/experiments/types.js';
import { mjlabIn } from '../helpers/cli.js';
import { ROOT, oneLine, parseCsv, read, tempDir } from '../runner/helpers.js';

const SPEC: LearningExperimentSpec = {
  ...LEARNING_EXPERIMENTS[0]!,
  variants: [{ label: 'harr', rules: 'harr' }],
  teacher: 'search:budget=4',
  games: 16,
  gen2Budget: 2,
  gen2Factor: 0.5,
  netFactor: 1,
  baselineSearch: 'search:budget=4',
  netSearchBudget: 2,
  searchFactor: 0.5,
  timingHands: { net: 2, search: 1 },
};

const tmp = tempDir('learned-policy');
// Both runs write to one --out (the nets are named by their paths in the lineups, and so in generation 2's
// teacher); the first is copied aside to be compared.
const out = join(tmp, 'out');
const a = join(tmp, 'a');
const b = out;

async function run(dir: string, workers: number, resume: boolean) {
  const out = claimDir(dir, { experiment: SPEC.name, games: SPEC.games, seed: 5 }, { resume });
  return runLearnedPolicy(SPEC, { games: SPEC.games, seed: 5, workers, progress: 'none', resume, command: 'test' }, out);
}

/** summary.csv without its timings (the one thing a re-run does not reproduce). */
const untimed = (dir: string) => parseCsv(read(dir, 'summary.csv')).map(({ ms_per_decision: _m, baseline_ms_per_decision: _b, ...rest }) => rest);

beforeAll(async () => {
  expect((await run(out, 1, false)).status).toBe('complete');
  cpSync(out, a, { recursive: true });
  // Lose generation 2 and every stage after it, and a file of generation 1's comparison: the resume on two workers
  // reads generation 1 back and redoes the rest (mjlab train's own test covers its data on one worker and two).
  for (const d of ['gen2', 'net2-vs-harr', 'net2-vs-net1', 'search-net-vs-search']) rmSync(join(b, 'runs', 'harr', d), { recursive: true });
  rmSync(join(b, 'runs', 'harr', 'net1-vs-harr', 'summary.csv'));
  for (const f of ['manifest.json', 'summary.csv', 'generations.csv', 'comparisons.svg', 'README.md']) rmSync(join(b, f));
  expect((await run(b, 2, true)).status).toBe('complete');
}, 600_000);

describe('experiment learned-policy', () => {
  it('writes the summary, the generations, the chart and the README', () => {
    const rows = parseCsv(read(a, 'summary.csv'));
    for (const col of ['rules', 'agent', 'baseline', 'wall_sets', 'diff_mean', 'ci_low', 'ci_high', 'ms_per_decision']) expect(Object.keys(rows[0]!)).toContain(col);
    expect(rows.map((r) => `${r.agent} | ${r.baseline}`)).toEqual([
      'net (generation 1) | harr',
      'net (generation 2) | harr',
      'net (generation 2) | net (generation 1)',
      'search:budget=2 with net (generation 2) as policy and prior | search:budget=4',
    ]);
    expect(rows.map((r) => r.wall_sets)).toEqual(['4', '4', '4', '2']);
    for (const r of rows) {
      expect(Number(r.ci_low)).toBeLessThanOrEqual(Number(r.diff_mean));
      expect(Number(r.ci_high)).toBeGreaterThanOrEqual(Number(r.diff_mean));
      expect(Number(r.ms_per_decision)).toBeGreaterThan(0);
    }
    const gens = parseCsv(read(a, 'generations.csv'));
    expect(gens.map((g) => [g.generation, g.games, g.seed])).toEqual([['1', '16', '5'], ['2', '8', '6']]);
    expect(gens[1]!.teacher).toBe('search:budget=2 with net (generation 1) as policy and prior');
    // Generation 2 keeps generation 1's decisions.
    expect(Number(gens[1]!.train_decisions)).toBeGreaterThan(Number(gens[0]!.train_decisions));
    for (const g of [1, 2]) expect(existsSync(join(a, 'runs', 'harr', `gen${g}`, 'model.mjnet'))).toBe(true);
    expect(read(a, 'comparisons.svg')).toContain('<svg');
    const readme = read(a, 'README.md');
    expect(readme).toMatch(/A net alone beats three harr under at least three of the 1 rule sets\*\* \(interval above zero\): generation 2 under \d/);
    expect(readme).toContain('node bin/mjlab.js experiment learned-policy --games 16 --seed 5');
    const manifest = JSON.parse(read(a, 'manifest.json')) as { generations: unknown[]; runs: unknown[]; dataCpuSeconds: number };
    expect(manifest.generations).toHaveLength(2);
    expect(manifest.runs).toHaveLength(4);
    expect(manifest.dataCpuSeconds).toBeGreaterThan(0);
    // The data stays out of the repository; the models, manifests and batch checksums go in, under the project's
    // results/.gitignore too (which leaves out every run's checkpoint).
    const repo = join(tmp, 'ignore-check');
    mkdirSync(join(repo, 'results', 'learned-policy'), { recursive: true });
    execFileSync('git', ['init', '--quiet', repo]);
    cpSync(join(ROOT, 'results', '.gitignore'), join(repo, 'results', '.gitignore'));
    cpSync(join(a, '.gitignore'), join(repo, 'results', 'learned-policy', '.gitignore'));
    const ignored = (f: string) => spawnSync('git', ['check-ignore', '--quiet', `results/learned-policy/runs/harr/${f}`], { cwd: repo }).status === 0;
    for (const f of ['gen1/decisions.bin', 'gen2/decisions.bin', 'net1-vs-harr/checkpoint.jsonl', 'net1-vs-harr/nets.bin', 'net1-vs-harr/aggregate.json']) expect(ignored(f), f).toBe(true);
    for (const f of ['gen1/checkpoint.jsonl', 'gen2/checkpoint.jsonl', 'gen1/model.mjnet', 'gen1/manifest.json', 'net1-vs-harr/pairwise.csv']) expect(ignored(f), f).toBe(false);
  });

  it('writes the same models and files on two workers with its later stages lost and resumed', () => {
    expect(readFileSync(join(b, 'runs', 'harr', 'gen2', 'manifest.json'), 'utf8')).toContain(join(out, 'runs', 'harr', 'gen1', 'model.mjnet'));
    for (const g of [1, 2]) {
      const model = (d: string) => readFileSync(join(d, 'runs', 'harr', `gen${g}`, 'model.mjnet'));
      expect(model(b).equals(model(a))).toBe(true);
    }
    expect(untimed(b)).toEqual(untimed(a));
    expect(read(b, 'generations.csv')).toBe(read(a, 'generations.csv'));
    expect(read(b, 'comparisons.svg')).toBe(read(a, 'comparisons.svg'));
  });

  it('refuses to go on from a generation fitted with other options or data than its own', async () => {
    const c = join(tmp, 'c');
    cpSync(a, c, { recursive: true });
    const file = join(c, 'runs', 'harr', 'gen1', 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8')) as { fit: { departureWeight: number } };
    m.fit.departureWeight += 1;
    writeFileSync(file, JSON.stringify(m));
    rmSync(join(c, 'manifest.json'));
    await expect(run(c, 1, true)).rejects.toThrow(/runs\/harr\/gen1 was fitted with other options or data than this mjlab's .*then --resume; or start over with --force$/);
  });

  it('is listed, and refuses --games that is not whole wall sets or too small, in one line', async () => {
    const list = await mjlabIn(['experiment', '--list']);
    expect(list.stdout).toMatch(/learned-policy\n {2}Can a small network distilled/);
    expect(list.stdout).toMatch(/4,000 games of generation 1 per rule set/);
    expect(oneLine(await mjlabIn(['experiment', 'learned-policy', '--games', '4001', '--out', join(tmp, 'x')]))).toMatch(/--games 4001 is not a whole number of wall sets of 4 games: give 4000 or 4004/);
    const least = learningMinGames(LEARNING_EXPERIMENTS[0]!);
    expect(oneLine(await mjlabIn(['experiment', 'learned-policy', '--games', String(least - 4), '--out', join(tmp, 'x')]))).toMatch(new RegExp(`the smallest is --games ${least}$`));
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  });
});
