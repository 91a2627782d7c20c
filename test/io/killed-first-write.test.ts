/**
 * A command killed while it wrote its first file leaves only a temporary file of mjlab's own (`.NAME.RANDOM.tmp`)
 * and no marker: a tuning experiment starts each tune so, and a SIGKILL on its progress line fell in that moment
 * (test/experiments/tuned-plans.test.ts failed once so). Such a directory is empty as far as anyone wrote: the next
 * run, --resume or not, starts there and leaves no temporary file behind; a directory that also holds anything else
 * is still judged as before.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const TEMP = '.mjlab-output.json.3fa9c2d41b7e.tmp';

function withTemp(root: string, name: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, TEMP), '{"tool":"mj');
  return dir;
}

describe('a directory holding only a temporary file of mjlab\'s', () => {
  it('is taken as empty by simulate, with and without --resume', async () => {
    const root = tempDir('killed-first');
    for (const resume of [false, true]) {
      const dir = withTemp(root, `sim-${resume}`);
      const r = await mjlabIn(['simulate', '--games', '8', '--workers', '1', '--no-progress', '--out', dir, ...(resume ? ['--resume'] : [])]);
      expect(r.status, r.stderr).toBe(0);
      expect(readdirSync(dir)).not.toContain(TEMP);
      expect(readdirSync(dir)).toContain('summary.csv');
    }
  });

  it('is taken as empty by tune --resume', async () => {
    const dir = withTemp(tempDir('killed-first'), 'tune');
    const r = await mjlabIn(['tune', '--strategy', 'harr', '--params', 'minPairs', '--generations', '1', '--games', '8', '--workers', '1', '--no-progress', '--out', dir, '--resume']);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(dir)).not.toContain(TEMP);
    expect(readdirSync(dir)).toContain('best.json');
  });

  it('but beside a file mjlab did not write is refused, and nothing is removed', async () => {
    const dir = withTemp(tempDir('killed-first'), 'mixed');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = await mjlabIn(['simulate', '--games', '8', '--workers', '1', '--no-progress', '--out', dir]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual([TEMP, 'notes.txt'].sort());
  });
});
