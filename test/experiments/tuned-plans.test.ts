// `mjlab experiment tuned-plans` end to end (README.md, "Experiments: what we found") at a tiny size: every tune and the cross-play are
// written with the columns the report names; killed during the tunes and again during the cross-play (on their
// checkpoint lines), then resumed, the experiment writes exactly the files of an uninterrupted run with another
// worker count.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mjlab, parseCsv, read, spawnMjlab, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { verdict } from '../../experiments/tuned-plans/report.js';
import type { PairedInterval } from '../../src/stats/paired.js';

const RUN = ['experiment', 'tuned-plans', '--games', '8', '--generations', '2', '--seed', '1'];
const tmp = tempDir('tuned-plans');
const a = join(tmp, 'a');

/** Every file a run writes that must not depend on workers or interruptions (checkpoints and manifests aside). */
function outputs(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(csv|svg|md)$|best\.json$/.test(e)) out.set(relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

async function killOn(args: string[], event: RegExp): Promise<void> {
  const child = spawnMjlab(args, tmp);
  let stderr = '';
  const exited = new Promise<void>((res) => child.on('exit', () => res()));
  let sent = false;
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (!sent && event.test(stderr)) {
      sent = true;
      child.kill('SIGKILL');
    }
  });
  await exited;
  expect(sent, stderr).toBe(true);
}

// Sixteen tunes and the cross-play, each with its own worker pool: most of a run is start-up, ~1 min on a quiet
// machine, several on a shared one.
const SLOW = 900_000;

beforeAll(() => {
  const r = mjlab([...RUN, '--workers', '1', '--no-progress', '--out', a], { cwd: tmp });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}, SLOW);

describe('mjlab experiment tuned-plans', () => {
  it('is listed with its question', async () => {
    const r = await mjlabIn(['experiment', '--list']);
    expect(r.stdout).toMatch(/tuned-plans\n {2}Harr \(Part II, introduction\)/);
  });

  it('writes the tunes, the cross-play and the answer', () => {
    const cross = parseCsv(read(a, 'cross-play.csv'));
    expect(cross).toHaveLength(2 * 4 * 8);
    for (const col of ['evaluated_under', 'plan_tuned_under', 'mean_net', 'ci_low', 'ci_high']) expect(Object.keys(cross[0]!)).toContain(col);
    expect(new Set(cross.map((r) => r.evaluated_under))).toEqual(new Set(['harr', 'harr-300', 'harr-limit', 'babcock']));
    const params = parseCsv(read(a, 'tuned-params.csv'));
    expect(params).toHaveLength(16);
    expect(params.filter((r) => r.strategy === 'harr').every((r) => r['minPairs+limitMinPairs'] !== '' && r.honourPairs !== '')).toBe(true);
    for (const t of params) {
      const best = JSON.parse(read(join(a, 'tunes', t.strategy!, t.tuned_under!, `seed-${t.seed}`), 'best.json'));
      expect(best.strategy).toBe(t.strategy);
      if (t.strategy === 'harr') expect(best.params.minPairs).toBe(best.params.limitMinPairs); // the tied dimension
    }
    const readme = read(a, 'README.md');
    expect(readme).toContain('### Does the best plan differ with a limit?');
    expect(readme).toContain('### Tuned parameters side by side');
    expect(readme).toMatch(/Run-to-run spread: the two tunes for harr-limit differ by/);
    expect(readme).toContain('node bin/mjlab.js experiment tuned-plans --games 8 --seed 1 --generations 2');
    expect(readme).toMatch(/Cost of this run: \d+\.\d\d CPU-hours/);
    for (const svg of ['cross-play.svg', 'tuned-params.svg']) expect(read(a, svg)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const m = JSON.parse(read(a, 'manifest.json'));
    expect(m).toMatchObject({ experiment: 'tuned-plans', seed: 1, gamesPerCandidate: 8, generations: 2, families: 2 });
    expect(m.tunes).toHaveLength(16);
    expect(read(a, '.gitignore')).toContain('tunes/**/checkpoint.jsonl');
  });

  it('killed in the tunes and again in the cross-play, then resumed, writes the same files', async () => {
    const b = join(tmp, 'b');
    const args = [...RUN, '--workers', '2', '--out', b];
    await killOn(args, /tuned-plans tune 6\/16/);
    expect(existsSync(join(b, 'cross-play.csv'))).toBe(false);
    await killOn([...args, '--resume'], /cross-play harr under harr-300 checkpointed/);
    expect(existsSync(join(b, 'cross-play.csv'))).toBe(false);
    const r = mjlab([...args, '--resume', '--no-progress'], { cwd: tmp });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const want = outputs(a);
    const got = outputs(b);
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    // The cost line is measured, the one line that differs between runs.
    const strip = (text: string) => text.replace(/^Cost of this run: .*$/m, '');
    for (const [f, text] of want) expect(strip(got.get(f)!), f).toBe(strip(text));
  }, SLOW);

  it('--generations is refused for an experiment that does not tune', async () => {
    const r = await mjlabIn(['experiment', 'defender-draws', '--generations', '3', '--out', join(tmp, 'x')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^mjlab: --generations is for the tuning experiments \(variant-plans, tuned-plans\), not defender-draws\n$/);
  });
});

describe('the verdict', () => {
  const at = (mean: number): PairedInterval => ({ n: 100, meanDiff: mean, sd: 1, statistic: 0, p: 1, df: Infinity, low: mean - 1, high: mean + 1 });
  const v = (own: number, back: number, fam = [own, own], famBack = [back, back]) => verdict('harr', 'babcock', at(own), at(back), fam.map(at), famBack.map(at));
  it('differs only when each setting\'s own plans win under it', () => {
    expect(v(3, 3)).toBe('differs: each plan is best under its own rules, in both seed families');
    expect(v(3, 3, [3, 0])).toBe('differs: each plan is best under its own rules (on average over the seed families, not in each)');
  });
  it('names the one plan that is best under both', () => {
    expect(v(3, 0)).toBe('does not differ: the plan tuned for babcock is best under both');
    expect(v(3, -3)).toBe('does not differ: the plan tuned for babcock is best under both (the tunes for harr fell short of it)');
    expect(v(0, -3)).toBe('does not differ: the plan tuned for babcock is best under both (the tunes for harr fell short of it)');
    expect(v(0, 3)).toBe('does not differ: the plan tuned for harr is best under both');
    expect(v(-3, 3)).toBe('does not differ: the plan tuned for harr is best under both (the tunes for babcock fell short of it)');
    expect(v(-3, 0)).toBe('does not differ: the plan tuned for harr is best under both (the tunes for babcock fell short of it)');
  });
  it('no difference, or an inconsistent one', () => {
    expect(v(0, 0)).toBe('does not differ detectably');
    expect(v(-3, -3)).toBe("inconclusive: each setting's plans do better under the other's rules");
  });
});
