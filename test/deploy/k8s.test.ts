/**
 * deploy/k8s/: the manifests parsed, the fields docs/distributed.md relies on checked,
 * and each pod's command run here as Kubernetes would start it (its env list, `$(VAR)` expansion, `sh -c` in the
 * working directory, the volume mapped to a temporary directory): every completion index, then the merge Job,
 * whose result must equal one machine's run byte for byte. No cluster is needed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/doc.js';
import { mjlab, read, tempDir } from '../runner/helpers.js';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { resourceFieldRef?: { containerName: string; resource: string } };
}
interface Container {
  name: string;
  image: string;
  workingDir: string;
  env: EnvVar[];
  command: string[];
  args: string[];
  resources?: { limits?: { cpu?: string } };
  volumeMounts: { name: string; mountPath: string }[];
}
interface PodSpec {
  restartPolicy: string;
  containers: Container[];
  volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[];
}
interface Job {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    completionMode?: string;
    completions?: number;
    parallelism?: number;
    backoffLimitPerIndex?: number;
    maxFailedIndexes?: number;
    podFailurePolicy?: { rules: { action: string; onExitCodes?: { containerName: string; operator: string; values: number[] }; onPodConditions?: { type: string }[] }[] };
    template: { spec: PodSpec };
  };
}

const load = (file: string): Job => parse(readFileSync(join(ROOT, 'deploy', 'k8s', file), 'utf8')) as Job;
const container = (job: Job): Container => {
  expect(job.spec.template.spec.containers).toHaveLength(1);
  return job.spec.template.spec.containers[0]!;
};
const envValue = (c: Container, name: string): string => {
  const v = c.env.find((e) => e.name === name)?.value;
  if (v === undefined) throw new Error(`${c.name} has no env ${name}`);
  return v;
};
/** The volume a container's path lies on: its claim and the path inside the volume. */
function onVolume(job: Job, path: string): { claim: string; rest: string } {
  const c = container(job);
  const m = c.volumeMounts.find((v) => path === v.mountPath || path.startsWith(`${v.mountPath}/`));
  if (!m) throw new Error(`${path} is on no volume of ${job.metadata.name}`);
  const claim = job.spec.template.spec.volumes.find((v) => v.name === m.name)?.persistentVolumeClaim?.claimName;
  if (!claim) throw new Error(`volume ${m.name} of ${job.metadata.name} is not a persistent volume claim`);
  return { claim, rest: path.slice(m.mountPath.length) };
}

/** Kubernetes' expansion of `$(VAR)` in command and args: defined variables only; `$$` is a literal `$`. */
function k8sExpand(s: string, env: Record<string, string>): string {
  return s.replace(/\$\$|\$\(([^)]*)\)/g, (all, name: string | undefined) => (all === '$$' ? '$' : name !== undefined && name in env ? env[name]! : all));
}

/**
 * The environment Kubernetes gives the container: its env list (a resourceFieldRef to limits.cpu is the limit
 * rounded up to whole CPUs), the Indexed Job's JOB_COMPLETION_INDEX, PATH from the image; OUT moved onto `volume`.
 */
function podEnv(job: Job, volume: string, extra: Record<string, string>): Record<string, string> {
  const c = container(job);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  for (const e of c.env) {
    const ref = e.valueFrom?.resourceFieldRef;
    if (ref) {
      expect(ref).toEqual({ containerName: c.name, resource: 'limits.cpu' });
      env[e.name] = String(Math.ceil(Number(c.resources!.limits!.cpu)));
    } else env[e.name] = e.value!;
  }
  Object.assign(env, extra);
  env.OUT = join(volume, onVolume(job, env.OUT!).rest);
  return env;
}

function runPod(job: Job, env: Record<string, string>): string {
  const c = container(job);
  expect(c.command).toEqual(['sh', '-c']);
  const [script, ...rest] = c.args.map((a) => k8sExpand(a, env));
  const r = spawnSync('sh', ['-c', script!, ...rest], { cwd: ROOT, env, encoding: 'utf8' });
  expect(r.status, `${job.metadata.name}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

let shards: Job;
let merge: Job;
beforeAll(() => {
  shards = load('shards.yaml');
  merge = load('merge.yaml');
});

describe('deploy/k8s manifests', () => {
  it('the shards Job: Indexed, SHARDS = completions, per-index retries, bad input fails the Job, evictions retried', () => {
    expect(shards).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job', spec: { completionMode: 'Indexed', maxFailedIndexes: 0 } });
    const c = container(shards);
    const completions = shards.spec.completions!;
    expect(Number(envValue(c, 'SHARDS'))).toBe(completions);
    expect(shards.spec.parallelism).toBeLessThanOrEqual(completions);
    expect(shards.spec.backoffLimitPerIndex).toBeGreaterThanOrEqual(1);
    // backoffLimitPerIndex and podFailurePolicy need restartPolicy Never.
    expect(shards.spec.template.spec.restartPolicy).toBe('Never');
    const rules = shards.spec.podFailurePolicy!.rules;
    expect(rules).toContainEqual({ action: 'FailJob', onExitCodes: { containerName: c.name, operator: 'In', values: [2] } });
    expect(rules).toContainEqual({ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] });
    for (const name of ['GAMES', 'SEED', 'RULES', 'STRATEGIES', 'OUT']) expect(envValue(c, name)).not.toBe('');
    expect(c.resources?.limits?.cpu).toBeDefined();
    const script = c.args.join(' ');
    for (const opt of ['--resume', '--shards "$SHARDS"', '--workers "$WORKERS"', '--games "$GAMES"', '--seed "$SEED"']) expect(script).toContain(opt);
    expect(script).toContain('--out "$OUT/shard-$((JOB_COMPLETION_INDEX + 1))"');
  });

  it('the merge Job reads what the shards Job wrote: the same image, working directory, claim and OUT', () => {
    expect(merge).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job' });
    const s = container(shards);
    const m = container(merge);
    expect(m.image).toBe(s.image);
    expect(m.workingDir).toBe(s.workingDir);
    expect(envValue(m, 'OUT')).toBe(envValue(s, 'OUT'));
    expect(onVolume(merge, envValue(m, 'OUT'))).toEqual(onVolume(shards, envValue(s, 'OUT')));
    expect(m.args.join(' ')).toContain('merge --out "$OUT/merged" "$OUT"/shard-*');
    // The doc's kubectl commands name these Jobs.
    const doc = readFileSync(join(ROOT, 'docs', 'distributed.md'), 'utf8');
    for (const j of [shards, merge]) expect(doc).toContain(`job/${j.metadata.name}`);
  });

  it('every pod as Kubernetes starts it, then the merge Job: equal to one machine byte for byte', () => {
    const volume = tempDir('k8s-volume');
    const run = { GAMES: '600' };
    for (let i = 0; i < shards.spec.completions!; i++) runPod(shards, podEnv(shards, volume, { ...run, JOB_COMPLETION_INDEX: String(i) }));
    const merged = runPod(merge, podEnv(merge, volume, {}));
    expect(merged).toMatch(/merged 8 directories: 600 hands, games 0\.\.599 → /);
    const s = container(shards);
    const single = join(tempDir('k8s-single'), 'out');
    const args = ['simulate', '--rules', envValue(s, 'RULES'), '--strategies', envValue(s, 'STRATEGIES'), '--games', run.GAMES, '--seed', envValue(s, 'SEED'), '--no-progress', '--out', single];
    expect(mjlab(args).status).toBe(0);
    const out = join(volume, onVolume(merge, envValue(container(merge), 'OUT')).rest, 'merged');
    for (const f of ['summary.csv', 'score-distribution.csv', 'totals.csv']) expect(read(out, f), f).toBe(read(single, f));
    expect(JSON.parse(read(join(out, '..', 'shard-8'), 'manifest.json')).shard).toEqual({ index: 8, count: 8 });
  });
});
