// Fault injection (docs/outputs.md, `checkpoint.jsonl`): one run killed again and again at pseudo-random points —
// 24 kills, SIGKILL and SIGTERM mixed, some at the very start of a resumed session — each time resumed (after a
// SIGTERM, with exactly the command it printed), always ending at the uninterrupted run's numbers, byte for byte.
// The run is a Slurm shard with --duplicate and --games-csv, so every streamed file (games.csv, nets.bin) and
// pairwise.csv are at stake. Each kill happens on an event — the gate plug-in holding the run at its K-th agent
// (fixtures/gate.mjs) — never on a timer, so neither a fast nor a slow machine changes what is tested.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXACT_FILES, GATE, lineCount, mjlab, read, startHeld, tempDir, words } from './helpers.js';

const tmp = tempDir('faults');
const SLURM = { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '3' };
const NO_SLURM = { SLURM_ARRAY_TASK_ID: '', SLURM_ARRAY_TASK_MIN: '', SLURM_ARRAY_TASK_COUNT: '' };
const GAMES = 6000; // shard 2 of 3: games 4000..5999
const SHARD_GAMES = 2000;
const RUN = [
  'simulate', '--rules', 'harr', '--strategies', `${GATE},random,random,random`, '--seed', '13', '--games', String(GAMES),
  '--workers', '2', '--duplicate', '--games-csv', '--no-progress', '--decision-timeout', '600',
];
const KILLS = 24;
const ref = join(tmp, 'ref');
const dir = join(tmp, 'run');

/** A small seeded generator (mulberry32): the kill points are pseudo-random but the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(() => {
  const r = mjlab([...RUN, '--out', ref], { cwd: tmp, env: SLURM });
  expect(r.status, r.stderr).toBe(0);
});

describe('killed at 24 points, SIGKILL and SIGTERM, resumed each time', () => {
  it('always reaches the uninterrupted numbers', async () => {
    const next = rng(20261201);
    const batch = Math.ceil(SHARD_GAMES / 64 / 4) * 4;
    const signals = Array.from({ length: KILLS }, (_, i) => (i % 2 === 0 ? 'SIGKILL' : 'SIGTERM') as 'SIGKILL' | 'SIGTERM');
    for (let i = signals.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [signals[i], signals[j]] = [signals[j]!, signals[i]!];
    }
    // The first session is the command as a Slurm task runs it; later ones --resume it (after a SIGTERM: as printed).
    let command: { args: string[]; env: NodeJS.ProcessEnv } = { args: [...RUN, '--out', dir], env: SLURM };
    const seen: { signal: string; k: number; committed: number }[] = [];
    for (let i = 0; i < KILLS; i++) {
      const committed = Math.max(0, lineCount(join(dir, 'checkpoint.jsonl')) - 1);
      // The gate sits at one seat: it creates one agent per game, so K is the session's K-th game started.
      const left = SHARD_GAMES - committed * batch;
      // One kill in four right at the first game of a session: while the resume itself is setting up.
      const k = next() < 0.25 ? 1 : 1 + Math.floor(next() * Math.min(200, left / 4));
      const signal = signals[i]!;
      const { child, exited, stderr } = await startHeld(command.args, join(tmp, `kill${i}.count`), k, tmp, command.env);
      child.kill(signal);
      const code = await exited;
      seen.push({ signal, k, committed });
      if (signal === 'SIGKILL') {
        expect(code, stderr()).toBe(-1);
        command = { args: [...RUN, '--out', dir, '--resume'], env: SLURM };
      } else {
        expect(code, stderr()).toBe(143);
        const lines = stderr().trimEnd().split('\n').filter((l) => !l.startsWith('mjlab: nothing to resume'));
        expect(lines, stderr()).toHaveLength(1);
        const m = /^mjlab: interrupted after \d+ of 2000 games; partial results in .*; resume with: (.*)$/.exec(lines[0]!);
        expect(m, lines[0]).not.toBeNull();
        const [node, tool, ...args] = words(m![1]!);
        expect([node, tool]).toEqual(['node', 'bin/mjlab.js']);
        command = { args, env: NO_SLURM };
      }
    }
    expect(seen.filter((s) => s.signal === 'SIGKILL').length).toBeGreaterThanOrEqual(10);
    expect(seen.filter((s) => s.signal === 'SIGTERM').length).toBeGreaterThanOrEqual(10);
    // The kills fell at different stages: from before the first committed batch to well into the run.
    expect(Math.max(...seen.map((s) => s.committed))).toBeGreaterThan(5);
    const last = mjlab(command.args, { cwd: tmp, env: command.env });
    expect(last.status, last.stderr).toBe(0);
    for (const f of [...EXACT_FILES, 'pairwise.csv']) expect(read(dir, f), f).toBe(read(ref, f));
    expect(readFileSync(join(dir, 'nets.bin')).equals(readFileSync(join(ref, 'nets.bin')))).toBe(true);
    expect(JSON.parse(read(dir, 'manifest.json'))).toMatchObject({ complete: true, ranges: [[4000, 6000]] });
  }, 600_000);
});
