/**
 * deploy/slurm/ on a real Slurm (docs/distributed.md): a private single-node cluster (slurm-cluster.sh beside this
 * file; Debian's slurm-wlm and munge), the array and the merge submitted with docs/distributed.md's own block (a
 * small GAMES), one task requeued and another cancelled as soon as their checkpoints show them under way (events,
 * not timers), the merge cancelled because its dependency can never be met, the doc's recovery block, and the merge
 * compared byte for byte with one machine's run. The daemons it started are stopped at the end.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { markedBlock, ROOT } from '../support/doc.js';
import { describeWithTool } from '../support/optional.js';
import { EXACT_FILES, lineCount, mjlab, read, sleep, tempDir } from '../runner/helpers.js';

const DOC = 'docs/distributed.md';
const CLUSTER = join(ROOT, 'test', 'deploy', 'slurm-cluster.sh');
const TOOLS = ['slurmctld', 'slurmd', 'munged', 'sbatch', 'scontrol', 'squeue', 'sinfo'];

function missingSlurm(): string | null {
  const absent = TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (absent.length) return `Slurm is not installed (no ${absent.join(', ')})`;
  if (process.getuid?.() !== 0) return 'starting slurmd needs root';
  return null;
}

/**
 * The run: small, with games.csv so that it is compared too. Four shards (the script's --array=1-4) of 2,500 games,
 * each checkpointed in 64 batches: a task seen under way (one batch committed) has 63 of them left when it is
 * requeued or cancelled. A shard on its two workers (the script's --cpus-per-task=2) takes about 2 s on this
 * quiet machine and several times that beside the other test files; the requeue and the cancel follow within a poll
 * (0.1 s) of the first batch, so a machine several times faster still has the shard under way. 20,000 games, as
 * before, cost twice the CPU, most of it in the array's tasks, which slurmd runs: no file's CPU figure counts them.
 */
const GAMES = 10_000;
const SHARD = GAMES / 4;
const RUN = { GAMES: String(GAMES), SEED: '3', MJLAB_OPTS: '--games-csv' };

describeWithTool('deploy/slurm on a single-node Slurm cluster', missingSlurm(), "apt-get install slurm-wlm munge (.ci/run does), as root", () => {
  let cluster: string;
  let tmp: string;
  let env: NodeJS.ProcessEnv;
  const logs = join(ROOT, 'logs');
  const hadLogs = existsSync(logs);
  const jobs: string[] = [];
  let passed = false;

  const slurm = (cmd: string, args: string[]): string => execFileSync(cmd, args, { env, encoding: 'utf8' });
  /** The state and reason of a job, or of each task of an array job (by ArrayTaskId), from scontrol. */
  function states(job: string): { task: string | undefined; state: string; reason: string }[] {
    return slurm('scontrol', ['show', 'job', '-o', job])
      .trim()
      .split('\n')
      .map((l) => ({
        task: /ArrayTaskId=(\S+)/.exec(l)?.[1],
        state: /JobState=(\S+)/.exec(l)?.[1] ?? '',
        reason: /Reason=(\S+)/.exec(l)?.[1] ?? '',
      }));
  }
  /**
   * Wait for an event: what `ready` reports, polled every `every` ms, within a bound that only a hung cluster
   * reaches. A job's state is polled every 0.5 s: each poll forks this process for scontrol.
   */
  async function until<T>(what: string, ready: () => T | undefined | false, every = 100, seconds = 300): Promise<T> {
    for (let t = Date.now(); Date.now() - t < seconds * 1000; await sleep(every)) {
      const v = ready();
      if (v !== undefined && v !== false) return v;
    }
    throw new Error(`Slurm test: ${what} did not happen within ${seconds} s (logs in ${cluster})`);
  }
  const running = (dir: string) => lineCount(join(dir, 'checkpoint.jsonl')) >= 2 && !existsSync(join(dir, 'manifest.json'));
  const finished = (job: string) => states(job).every((s) => !/PENDING|RUNNING|REQUEUED|COMPLETING|CONFIGURING/.test(s.state));
  const log = (name: string) => readFileSync(join(logs, name), 'utf8');
  function submit(block: string, extra: NodeJS.ProcessEnv = {}): string {
    // Standard input from /dev/null: a piped one is a socket pair (libuv), and bash given a socket for stdin at
    // SHLVL below 2 takes itself for rshd's child and reads /etc/bash.bashrc, whose unset PS1 fails under -u.
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', block], { cwd: ROOT, env: { ...env, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return r.stdout;
  }

  beforeAll(() => {
    cluster = tempDir('slurm-cluster');
    tmp = tempDir('slurm-run');
    const started = Date.now();
    const out = execFileSync('bash', [CLUSTER, 'start', cluster], { encoding: 'utf8' });
    const conf = /^SLURM_CONF=(.*)$/m.exec(out)![1]!;
    console.log(`slurm test: single-node cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    env = { ...process.env, SLURM_CONF: conf, ...RUN, OUT: join(tmp, 'run') };
    for (const k of Object.keys(env)) if (/^(SLURM_(?!CONF)|SBATCH_)/.test(k)) delete env[k];
  });

  afterAll(() => {
    try {
      if (jobs.length) spawnSync('scancel', jobs, { env });
    } finally {
      execFileSync('bash', [CLUSTER, 'stop', cluster]);
    }
    if (existsSync(logs)) {
      for (const f of readdirSync(logs)) if (jobs.some((j) => f.includes(`-${j}_`) || f.endsWith(`-${j}.out`))) rmSync(join(logs, f));
      if (!hadLogs && readdirSync(logs).length === 0) rmdirSync(logs);
    }
    rmSync(tmp, { recursive: true, force: true });
    // The cluster's own logs stay for a failed run (the error names the directory).
    if (passed) rmSync(cluster, { recursive: true, force: true });
  });

  // Four shards of a few seconds each, and the scheduler's own delays before a requeued task starts again.
  it('array + merge as the doc submits them; requeue and cancel mid-run; the doc recovery; merge = one machine', { timeout: 900_000 }, async () => {
    const shard = (i: number) => join(tmp, 'run', `shard-${i}`);
    const first = submit(markedBlock(DOC, 'slurm-submit'));
    const array = /^array job (\d+)$/m.exec(first)![1]!;
    const merge = /^Submitted batch job (\d+)$/m.exec(first)![1]!;
    jobs.push(array, merge);

    // Task 1 requeued, task 3 cancelled, each as soon as its checkpoint holds a batch and it has not finished.
    await until('task 1 under way', () => running(shard(1)));
    slurm('scontrol', ['requeue', `${array}_1`]);
    await until('task 3 under way', () => running(shard(3)));
    slurm('scancel', [`${array}_3`]);

    // The merge can never run now: cancelled (not left pending) once the array is over.
    await until('the merge cancelled', () => states(merge)[0]!.state === 'CANCELLED', 500);
    expect(states(merge)[0]!.reason).toBe('DependencyNeverSatisfied');
    await until('the array over', () => finished(array), 500);
    expect(Object.fromEntries(states(array).map((s) => [s.task, s.state]))).toEqual({ 1: 'COMPLETED', 2: 'COMPLETED', 3: 'CANCELLED', 4: 'COMPLETED' });

    // The requeued task's log holds both attempts (--open-mode=append): the interrupted one, which says how to
    // resume its shard, and the one that finished.
    const log1 = log(`mjlab-sim-${array}_1.out`);
    expect(log1).toMatch(/task 1 of array \d+ on .*, restart 0,/);
    expect(log1).toMatch(/task 1 of array \d+ on .*, restart 1,/);
    expect(log1).toMatch(new RegExp(`interrupted after \\d+ of ${SHARD} games; .* resume with: node bin/mjlab\\.js simulate .*--shard 1/4 --resume`));
    expect(log1).toMatch(new RegExp(`^\\d+ hands \\(${SHARD} games\\) in .* → .*shard-1$`, 'm'));
    expect(log(`mjlab-sim-${array}_3.out`)).toMatch(new RegExp(`interrupted after \\d+ of ${SHARD} games`));
    expect(JSON.parse(read(shard(3), 'manifest.json')).complete).toBe(false);

    // Recovery as the doc gives it: requeue task 3, submit the merge again.
    const second = submit(markedBlock(DOC, 'slurm-recover'), { array });
    const merge2 = /^Submitted batch job (\d+)$/m.exec(second)![1]!;
    jobs.push(merge2);
    await until('the second merge', () => finished(merge2), 500);
    expect(states(merge2)[0]!.state).toBe('COMPLETED');
    expect(log(`mjlab-merge-${merge2}.out`)).toMatch(new RegExp(`^merged 4 directories: ${GAMES} hands, games 0\\.\\.${GAMES - 1} → `, 'm'));
    expect(log(`mjlab-sim-${array}_3.out`)).toMatch(new RegExp(`restart 1,[^]*\\d+ hands \\(${SHARD} games\\)`));

    // One machine, the same run: byte for byte.
    const single = join(tmp, 'single');
    const r = mjlab(['simulate', '--games', RUN.GAMES, '--seed', RUN.SEED, '--games-csv', '--no-progress', '--out', single], { cwd: tmp });
    expect(r.status, r.stderr).toBe(0);
    for (const f of EXACT_FILES) expect(read(join(tmp, 'run', 'merged'), f), f).toBe(read(single, f));
    passed = true;
  });
});
