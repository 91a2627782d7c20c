/**
 * deploy/ against docs/distributed.md: the page shows every deploy file exactly as it is, and the
 * Slurm scripts carry the directives the page relies on (checked here without Slurm; test/deploy/slurm.test.ts
 * runs them on a real one). Run outside Slurm or outside the repository root, a script stops with one line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks, ROOT } from '../support/doc.js';
import { tempDir } from '../runner/helpers.js';

const FILES = ['deploy/slurm/simulate-array.sh', 'deploy/slurm/merge.sh', 'deploy/k8s/shards.yaml', 'deploy/k8s/merge.yaml'];
const text = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const directives = (f: string) => [...text(f).matchAll(/^#SBATCH (\S+)$/gm)].map((m) => m[1]!);

describe('deploy/', () => {
  it('docs/distributed.md shows each deploy file as it is', () => {
    const blocks = fencedBlocks('docs/distributed.md').map((b) => b.text);
    for (const f of FILES) expect(blocks, `${f} is not shown as it is`).toContain(text(f));
  });

  it('the array requeues, appends to its log under logs/, and the merge is cancelled when it can never run', () => {
    const sim = directives('deploy/slurm/simulate-array.sh');
    expect(sim).toEqual(expect.arrayContaining(['--requeue', '--open-mode=append', '--output=logs/%x-%A_%a.out']));
    expect(sim.some((d) => /^--array=\d+-\d+$/.test(d))).toBe(true);
    const merge = directives('deploy/slurm/merge.sh');
    expect(merge).toEqual(expect.arrayContaining(['--kill-on-invalid-dep=yes', '--output=logs/%x-%j.out']));
    // Neither script changes directory: the job's working directory is the submit directory or sbatch --chdir.
    for (const f of FILES.slice(0, 2)) expect(text(f)).not.toMatch(/^\s*cd /m);
  });

  it('the run comes from the environment, with defaults', () => {
    for (const v of ['GAMES', 'SEED', 'RULES', 'STRATEGIES', 'OUT']) expect(text('deploy/slurm/simulate-array.sh')).toMatch(new RegExp(`^${v}=\\$\\{${v}:-[^}]+\\}$`, 'm'));
    expect(text('deploy/slurm/merge.sh')).toMatch(/^OUT=\$\{OUT:-results\/run1\}$/m);
  });

  it('a script started outside the repository root, or outside a job array, says so in one line', () => {
    const elsewhere = tempDir('deploy');
    for (const f of FILES.slice(0, 2)) {
      const r = spawnSync('bash', [join(ROOT, f)], { cwd: elsewhere, encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^\S+\.sh: .* is not the mahjong-lab repository root; submit from there or with sbatch --chdir=REPO\n$/);
    }
    const env = { ...process.env };
    for (const k of Object.keys(env)) if (k.startsWith('SLURM_')) delete env[k];
    const r = spawnSync('bash', [join(ROOT, 'deploy/slurm/simulate-array.sh')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/simulate-array.sh is a job array script: submit it with sbatch/);
  });
});
