// Every long command honours SIGINT and SIGTERM at every point, as simulate does (fault-injection.test.ts): a
// league, an sprt, a train and an experiment are stopped at several points of their runs, SIGINT and SIGTERM
// mixed; each time they exit 130 or 143 with one line holding the command that resumes them, and that command,
// run as printed, ends at the uninterrupted run's files, byte for byte. The kills fall on events (the gate
// plug-in holding the run at its K-th agent, or a run's checkpoint growing), never on a timer.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATE, mjlab, spawnMjlab, startHeld, tempDir, untilLines, words } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { RunDir } from '../../src/io/run-dir.js';
import { tree } from '../support/tree.js';

const tmp = tempDir('long-signals');

/** The command a stopped run printed to resume it (its last "resume with:" line), as arguments. */
function resumeArgs(stderr: string): string[] {
  const lines = stderr.trimEnd().split('\n').filter((l) => !l.startsWith('mjlab: nothing to resume'));
  expect(lines, stderr).toHaveLength(1);
  const m = /^mjlab: .*interrupted.*; resume with: (.*)$/.exec(lines[0]!);
  expect(m, stderr).not.toBeNull();
  const [node, tool, ...args] = words(m![1]!);
  expect([node, tool]).toEqual(['node', 'bin/mjlab.js']);
  return args;
}

const CODE = { SIGINT: 130, SIGTERM: 143 } as const;
const same = (a: string, b: string, files: readonly string[]): void => {
  for (const f of files) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
};

/** Stop `args` at each gate point in turn (the resume command after the first), then finish it; returns its directory. */
async function stopAt(name: string, args: string[], points: readonly { k: number; signal: 'SIGINT' | 'SIGTERM' }[]): Promise<void> {
  let command = args;
  for (const [i, { k, signal }] of points.entries()) {
    const { child, exited, stderr } = await startHeld(command, join(tmp, `${name}${i}.count`), k, tmp);
    child.kill(signal);
    expect(await exited, stderr()).toBe(CODE[signal]);
    command = resumeArgs(stderr());
  }
  const last = mjlab(command, { cwd: tmp });
  expect(last.status, last.stderr).toBe(0);
}

describe('league', () => {
  const LEAGUE = ['league', '--rules', 'harr', '--strategies', `${GATE},random`, '--games', '16', '--seed', '5', '--workers', '1', '--no-progress'];
  beforeAll(() => expect(mjlab([...LEAGUE, '--out', join(tmp, 'league-ref')], { cwd: tmp }).status).toBe(0));

  it('stopped in its first pairing, at its start, and in its last pairing, ends at the same league', async () => {
    // The gate is one seat of pairing 0-1 (16 agents) and three of 1-0 (48 more).
    await stopAt('league', [...LEAGUE, '--out', join(tmp, 'league')], [
      { k: 5, signal: 'SIGINT' }, { k: 1, signal: 'SIGTERM' }, { k: 9, signal: 'SIGTERM' }, { k: 20, signal: 'SIGINT' },
    ]);
    same(join(tmp, 'league-ref'), join(tmp, 'league'), ['league.csv', 'matrix.csv', 'runs/0-1/nets.bin', 'runs/1-0/nets.bin', 'runs/1-0/luck.bin']);
  }, 300_000);

  it('a second signal ends it at once', async () => {
    const { child, exited } = await startHeld([...LEAGUE, '--out', join(tmp, 'league-twice')], join(tmp, 'twice.count'), 3, tmp);
    child.kill('SIGINT');
    child.kill('SIGINT');
    const code = await exited;
    expect([CODE.SIGINT, -1]).toContain(code);
  }, 120_000);
});

describe('sprt', () => {
  const SPRT = ['sprt', GATE, 'random', '--rules', 'harr', '--delta', '50', '--max-games', '400', '--seed', '6', '--workers', '1', '--no-progress'];
  it('stopped twice, ends at the same sprt.csv and nets', async () => {
    expect(mjlab([...SPRT, '--out', join(tmp, 'sprt-ref')], { cwd: tmp }).status).toBe(0);
    await stopAt('sprt', [...SPRT, '--out', join(tmp, 'sprt')], [{ k: 40, signal: 'SIGTERM' }, { k: 7, signal: 'SIGINT' }]);
    same(join(tmp, 'sprt-ref'), join(tmp, 'sprt'), ['sprt.csv', 'nets.bin', 'luck.bin', 'summary.csv']);
  }, 300_000);
});

describe('train', () => {
  const TRAIN = ['train', '--rules', 'harr', '--teacher', GATE, '--games', '40', '--seed', '2', '--hidden', '4', '--epochs', '1', '--workers', '1', '--no-progress'];
  it('stopped while generating its data, twice, ends at the same model', async () => {
    expect(mjlab([...TRAIN, '--out', join(tmp, 'train-ref')], { cwd: tmp }).status).toBe(0);
    // The teacher is the gate at one seat (harr at the others): one agent a game.
    await stopAt('train', [...TRAIN, '--out', join(tmp, 'train')], [{ k: 20, signal: 'SIGINT' }, { k: 6, signal: 'SIGTERM' }]);
    same(join(tmp, 'train-ref'), join(tmp, 'train'), ['decisions.bin', 'model.mjnet', 'curve.csv', 'validation.csv']);
  }, 300_000);
});

describe('experiment', () => {
  const EXP = ['experiment', 'defender-draws', '--games', '80', '--workers', '1', '--no-progress'];
  it('stopped once its first run has committed a batch, ends at the same files', async () => {
    expect(mjlab([...EXP, '--out', join(tmp, 'exp-ref')], { cwd: tmp }).status).toBe(0);
    const dir = join(tmp, 'exp');
    const child = spawnMjlab([...EXP, '--out', dir], tmp);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    await untilLines(join(dir, 'runs', 'harr', '1', 'checkpoint.jsonl'), 2);
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(143);
    const last = mjlab(resumeArgs(stderr), { cwd: tmp });
    expect(last.status, last.stderr).toBe(0);
    same(join(tmp, 'exp-ref'), dir, ['lineups.csv', 'pairwise.csv', 'README.md']);
  }, 300_000);
});

/** Run `args` in-process, raising `signal` when `file` is written in a directory ending in `where`. */
async function signalAtWrite(args: string[], where: string, file: string, signal: 'SIGINT' | 'SIGTERM'): Promise<{ status: number; stderr: string }> {
  let sent = false;
  const write = RunDir.prototype.write;
  const spy = vi.spyOn(RunDir.prototype, 'write').mockImplementation(function (this: RunDir, name: string, data: string | Uint8Array) {
    write.call(this, name, data);
    if (!sent && name === file && this.path.endsWith(where)) {
      sent = true;
      process.emit(signal);
    }
  });
  try {
    const r = await mjlabIn(args, { cwd: tmp });
    expect(sent, `${where}/${file} was never written`).toBe(true);
    return r;
  } finally {
    spy.mockRestore();
  }
}

// The points no gate can hold: while a run writes its files, between two runs, while the command writes its own.
// The signal is delivered to the process's handlers at the very moment a given file is written (in-process, so
// the point is exact), and must be honoured as one within a run is.
describe('a signal while files are written', () => {
  async function stoppedThenResumed(args: string[], where: string, file: string, signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
    const r = await signalAtWrite(args, where, file, signal);
    expect(r.status, r.stderr).toBe(CODE[signal]);
    // In-process the printed command is the test runner's own argv: the line is checked, the arguments given.
    expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(/^mjlab: .*interrupted.*; resume with: node bin\/mjlab\.js.*--resume$/);
    const again = await mjlabIn([...args, '--resume'], { cwd: tmp });
    expect(again.status, again.stderr).toBe(0);
  }

  const LEAGUE = ['league', '--rules', 'harr', '--strategies', 'greedy,random', '--games', '8', '--seed', '5', '--workers', '1', '--no-progress'];
  it('league: while a pairing writes its files, and while the league writes its own', async () => {
    await mjlabIn([...LEAGUE, '--out', join(tmp, 'w-ref')], { cwd: tmp });
    await stoppedThenResumed([...LEAGUE, '--out', join(tmp, 'w-pairing')], join('runs', '0-1'), 'summary.csv', 'SIGINT');
    await stoppedThenResumed([...LEAGUE, '--out', join(tmp, 'w-own')], 'w-own', 'league.csv', 'SIGTERM');
    for (const d of ['w-pairing', 'w-own']) same(join(tmp, 'w-ref'), join(tmp, d), ['league.csv', 'matrix.csv', 'league.svg']);
  }, 300_000);

  it('sprt: while it writes sprt.csv', async () => {
    const SPRT = ['sprt', 'greedy', 'random', '--rules', 'harr', '--delta', '50', '--max-games', '400', '--seed', '6', '--workers', '1', '--no-progress'];
    await mjlabIn([...SPRT, '--out', join(tmp, 'ws-ref')], { cwd: tmp });
    await stoppedThenResumed([...SPRT, '--out', join(tmp, 'ws')], 'ws', 'sprt.csv', 'SIGINT');
    same(join(tmp, 'ws-ref'), join(tmp, 'ws'), ['sprt.csv', 'nets.bin']);
  }, 300_000);

  it('train: while it writes its model', async () => {
    const TRAIN = ['train', '--rules', 'harr', '--teacher', 'harr', '--games', '40', '--seed', '2', '--hidden', '4', '--epochs', '1', '--workers', '1', '--no-progress'];
    await mjlabIn([...TRAIN, '--out', join(tmp, 'wt-ref')], { cwd: tmp });
    await stoppedThenResumed([...TRAIN, '--out', join(tmp, 'wt')], 'wt', 'model.mjnet', 'SIGINT');
    same(join(tmp, 'wt-ref'), join(tmp, 'wt'), ['decisions.bin', 'model.mjnet', 'curve.csv']);
  }, 300_000);

  it('experiment: while a run writes its files', async () => {
    const EXP = ['experiment', 'defender-draws', '--games', '40', '--workers', '1', '--no-progress'];
    await mjlabIn([...EXP, '--out', join(tmp, 'we-ref')], { cwd: tmp });
    await stoppedThenResumed([...EXP, '--out', join(tmp, 'we')], join('runs', 'harr', '0'), 'summary.csv', 'SIGTERM');
    same(join(tmp, 'we-ref'), join(tmp, 'we'), ['lineups.csv', 'pairwise.csv', 'README.md']);
  }, 300_000);
});

// Merges (a league's and simulate's): a signal while a pairing's small files are written, or while a streamed file
// is copied, stops the merge with 130/143 and one line; nothing half-written is left (the copy's temporary file is
// removed), the shards are untouched, the pairings merged are kept by --resume, and the ends equal a merge never
// stopped. The signal is raised at the exact write, in-process, as above.
describe('a signal during a merge', () => {
  const LEAGUE = ['league', '--rules', 'harr', '--strategies', 'greedy,random', '--games', '16', '--seed', '5', '--workers', '1', '--no-progress'];
  const shards = [join(tmp, 'mg-s1'), join(tmp, 'mg-s2')];
  const MERGE = ['league', '--merge', shards.join(',')];
  const hashes = (): string => JSON.stringify(shards.map((d) => tree(d)));
  let before = '';
  beforeAll(async () => {
    for (const [i, d] of shards.entries()) expect((await mjlabIn([...LEAGUE, '--shard', `${i + 1}/2`, '--out', d], { cwd: tmp })).status).toBe(0);
    expect((await mjlabIn([...MERGE, '--out', join(tmp, 'mg-ref')], { cwd: tmp })).status).toBe(0);
    before = hashes();
  }, 300_000);

  /** Raise `signal` at the first chunk written to `file`'s temporary copy, in a directory ending in `where`. */
  async function copyStopped(args: string[], where: string, file: string, signal: 'SIGINT' | 'SIGTERM') {
    let sent = false;
    const atomic = RunDir.prototype.atomic;
    const spy = vi.spyOn(RunDir.prototype, 'atomic').mockImplementation(function (this: RunDir, name: string) {
      const f = atomic.call(this, name);
      if (!sent && name === file && this.path.endsWith(where)) {
        const write = f.write.bind(f);
        f.write = (...a: Parameters<typeof f.write>) => {
          write(...a);
          if (!sent) {
            sent = true;
            process.emit(signal);
          }
        };
      }
      return f;
    });
    try {
      const r = await mjlabIn(args, { cwd: tmp });
      expect(sent, `${where}/${file} was never copied`).toBe(true);
      return r;
    } finally {
      spy.mockRestore();
    }
  }

  const noTemps = (dir: string): void => expect(readdirSync(dir).filter((n) => n.endsWith('.tmp')), dir).toEqual([]);

  it('league --merge: stopped after a pairing and within a copy, resumed, ends at the merge never stopped', async () => {
    const out = join(tmp, 'mg');
    const first = await signalAtWrite([...MERGE, '--out', out], join('runs', '0-1'), 'summary.csv', 'SIGINT');
    expect(first.status, first.stderr).toBe(130);
    expect(first.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^mjlab: league merge interrupted; .*; resume with: node bin\/mjlab\.js.*--resume$/)]);
    expect(existsSync(join(out, 'runs', '1-0', 'manifest.json'))).toBe(false);
    const kept = readFileSync(join(out, 'runs', '0-1', 'manifest.json'));
    // Without --resume the unfinished merge is refused in one line, and kept.
    const plain = await mjlabIn([...MERGE, '--out', out], { cwd: tmp });
    expect([plain.status, plain.stderr]).toEqual([2, expect.stringMatching(/^mjlab: .*unfinished experiment of this command; add --resume/)]);
    const second = await copyStopped([...MERGE, '--out', out, '--resume'], join('runs', '1-0'), 'nets.bin', 'SIGTERM');
    expect(second.status, second.stderr).toBe(143);
    expect(existsSync(join(out, 'runs', '1-0', 'nets.bin'))).toBe(false);
    noTemps(join(out, 'runs', '1-0'));
    const last = await mjlabIn([...MERGE, '--out', out, '--resume'], { cwd: tmp });
    expect(last.status, last.stderr).toBe(0);
    // The pairing merged before the first signal was kept, not merged again.
    expect(readFileSync(join(out, 'runs', '0-1', 'manifest.json')).equals(kept)).toBe(true);
    same(join(tmp, 'mg-ref'), out, ['league.csv', 'matrix.csv', 'league.svg', 'runs/0-1/nets.bin', 'runs/1-0/nets.bin', 'runs/1-0/luck.bin']);
    expect(hashes()).toBe(before);
  }, 300_000);

  it('merge: stopped within a copy, no half-written file, redone by the same command', async () => {
    const out = join(tmp, 'mg-run');
    const args = ['merge', ...shards.map((d) => join(d, 'runs', '1-0')), '--out', out, '--quiet'];
    const r = await copyStopped(args, 'mg-run', 'nets.bin', 'SIGINT');
    expect(r.status, r.stderr).toBe(130);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^mjlab: merge interrupted; its inputs are untouched .*; redo it with: /)]);
    expect(existsSync(join(out, 'nets.bin'))).toBe(false);
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
    noTemps(out);
    const again = await mjlabIn(args, { cwd: tmp });
    expect(again.status, again.stderr).toBe(0);
    same(join(tmp, 'mg-ref', 'runs', '1-0'), out, ['nets.bin', 'luck.bin', 'summary.csv', 'aggregate.json']);
    expect(hashes()).toBe(before);
  }, 300_000);
});
