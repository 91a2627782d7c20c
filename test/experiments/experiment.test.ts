// `mjlab experiment` end to end (README.md, "Experiments: what we found"): a small run of each experiment (--games 400: 20 to 100 games a
// run, each run still checkpointed in many batches shared among the workers) writes README.md, CSVs, at least one
// SVG and manifest.json; re-running (other worker count, other output directory) gives byte-identical CSVs and
// README; --list; bad input → one line on stderr, exit 2.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { EXPERIMENTS } from '../../experiments/index.js';

const tmp = tempDir('exp');
/** Small, above every experiment's smallest --games (160 here), with several batches in each run. */
const GAMES = '400';

async function run(args: string[]): Promise<void> {
  const r = await mjlabIn(['experiment', ...args, '--no-progress']);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

function reproducible(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.csv') || f === 'README.md').sort();
}

function expectComplete(dir: string, name: string, games: number): void {
  const files = readdirSync(dir);
  expect(files).toContain('README.md');
  expect(files).toContain('manifest.json');
  expect(files.filter((f) => f.endsWith('.csv')).length).toBeGreaterThanOrEqual(2);
  expect(files.filter((f) => f.endsWith('.svg')).length).toBeGreaterThanOrEqual(1);
  for (const svg of files.filter((f) => f.endsWith('.svg'))) expect(readFileSync(join(dir, svg), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  expect(readme).toContain('## Question');
  expect(readme).toContain('## Findings');
  expect(readme).toContain(`mjlab.js experiment ${name} --games ${games} --seed 1`);
  expect(readme).toContain('Preliminary run');
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const spec = EXPERIMENTS.find((e) => e.name === name)!;
  const cells = spec.variants.length * spec.lineups.length;
  expect(m).toMatchObject({ experiment: name, seed: 1, gamesRequested: games });
  expect(m.runs).toHaveLength(cells);
  expect(m.games).toBe(m.gamesPerRun * cells);
  expect(m.games).toBeLessThanOrEqual(games);
  for (const r of m.runs) expect(r.ranges).toEqual([[0, m.gamesPerRun]]);
  // Raw per-run files are kept out of git by the .gitignore written next to them.
  expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toContain('runs/**/nets.bin');
}

describe('mjlab experiment', () => {
  it('--list names every experiment with its question', async () => {
    const r = await mjlabIn(['experiment', '--list']);
    expect(r.status).toBe(0);
    for (const e of EXPERIMENTS) {
      expect(r.stdout).toContain(e.name);
      expect(r.stdout).toContain(e.question);
    }
  });

  it('strategy-comparison --games 400 writes README, CSVs, SVG charts and manifest', async () => {
    const dir = join(tmp, 'strategy-comparison');
    // One worker per run: 20 short runs pay a worker start-up each, and the suite shares the machine.
    await run(['strategy-comparison', '--games', GAMES, '--out', dir, '--workers', '1']);
    expectComplete(dir, 'strategy-comparison', Number(GAMES));
  });

  it('limit-vs-unlimited --games 400 writes them too; --resume keeps the finished runs and the same bytes', async () => {
    const dir = join(tmp, 'limit-vs-unlimited');
    await run(['limit-vs-unlimited', '--games', GAMES, '--out', dir, '--workers', '1']);
    expectComplete(dir, 'limit-vs-unlimited', Number(GAMES));
    const before = new Map(reproducible(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const netsBefore = readFileSync(join(dir, 'runs', 'harr-300', '0', 'nets.bin'));
    type Timed = { startedAt: string; durationSeconds: number; sessionSeconds: number; runs: { startedAt: string; durationSeconds: number }[] };
    const manifest = (): Timed => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Timed;
    const first = manifest();
    await run(['limit-vs-unlimited', '--games', GAMES, '--out', dir, '--resume']);
    for (const [f, text] of before) expect(readFileSync(join(dir, f), 'utf8'), f).toBe(text);
    expect(readFileSync(join(dir, 'runs', 'harr-300', '0', 'nets.bin')).equals(netsBefore)).toBe(true);
    // The manifest times the experiment's runs, not the resume that only re-rendered the report.
    const again = manifest();
    expect(again.startedAt).toBe(first.startedAt);
    expect(again.startedAt).toBe(first.runs.map((r) => r.startedAt).sort()[0]);
    expect(again.durationSeconds).toBe(first.durationSeconds);
    expect(again.durationSeconds).toBeCloseTo(first.runs.reduce((a, r) => a + r.durationSeconds, 0), 2);
    expect(again.sessionSeconds).toBeGreaterThanOrEqual(0);
  });

  it('defender-draws --games 400: complete, and a re-run with another worker count is byte-identical', async () => {
    const a = join(tmp, 'dd-a');
    const b = join(tmp, 'dd-b');
    await run(['defender-draws', '--games', GAMES, '--out', a, '--workers', '1']);
    expectComplete(a, 'defender-draws', Number(GAMES));
    await run(['defender-draws', '--games', GAMES, '--out', b, '--workers', '2']);
    expect(reproducible(b)).toEqual(reproducible(a));
    for (const f of reproducible(a)) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
  });

  const bad: [string, string[], RegExp][] = [
    ['unknown experiment', ['no-such'], /unknown experiment "no-such"/],
    ['no name', [], /name an experiment/],
    ['--games 0', ['defender-draws', '--games', '0'], /--games must be a positive integer/],
    ['--games -5', ['defender-draws', '--games', '-5'], /--games must be a positive integer/],
    ['--games 1.5', ['defender-draws', '--games', '1.5'], /--games must be a positive integer/],
    ['--games too small', ['strategy-comparison', '--games', '100'], /too small/],
    ['--seed 1.5', ['defender-draws', '--seed', '1.5'], /--seed must be an integer/],
    ['--workers 0', ['defender-draws', '--games', '40', '--workers', '0'], /--workers must be a positive integer/],
  ];
  it('bad input: an output directory that cannot be created → one line, exit 2', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'not a directory');
    const r = await mjlabIn(['experiment', 'defender-draws', '--games', '40', '--no-progress', '--out', join(file, 'sub')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot write to output directory/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
  for (const [what, args, msg] of bad) {
    it(`bad input: ${what} → one line, exit 2`, async () => {
      const r = await mjlabIn(['experiment', ...args, '--no-progress', '--out', join(tmp, 'bad')]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    });
  }
});
