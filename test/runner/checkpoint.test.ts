// Checkpoints are verified (docs/outputs.md, `checkpoint.jsonl`): each line carries a checksum, the run identity holds a content
// hash of every plug-in file, and --resume refuses a tampered checkpoint or a changed plug-in, and rebuilds a
// games.csv (or nets.bin) that does not match the checkpoint from the checkpointed batches, saying so: never a
// silently short or corrupt file. Runs are interrupted on an event (the gate plug-in), never on a timer.
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXACT_FILES, GATE, read, startHeld, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { CheckpointWriter, readCheckpoint, type CheckpointBatch, type CheckpointHeader } from '../../src/runner/checkpoint.js';

let tmp: string;
const RUN = [
  'simulate', '--rules', 'harr', '--strategies', `${GATE},random,random,random`, '--seed', '5', '--games', '2000', '--workers', '2',
  '--games-csv', '--no-progress', '--decision-timeout', '600',
];

async function ok(args: string[]): Promise<{ stderr: string }> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.status, r.stderr).toBe(0);
  return r;
}

async function refused(args: string[], pattern: RegExp): Promise<void> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
}

/** A run stopped by SIGINT once its gate has held it (at its 1600th game of 2000), with a few batches committed. */
async function interrupted(name: string, args = RUN): Promise<string> {
  const dir = join(tmp, name);
  const { child, exited } = await startHeld([...args, '--out', dir], join(tmp, `${name}.count`), 1600, tmp);
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  return dir;
}

function expectSame(dir: string, ref: string, files: readonly string[] = EXACT_FILES): void {
  for (const f of files) expect(read(dir, f), f).toBe(read(ref, f));
}

beforeAll(async () => {
  tmp = tempDir('cp');
  await ok([...RUN, '--out', join(tmp, 'full')]);
});

describe('checkpoint lines are checksummed', () => {
  it('a checkpoint with one batch\'s win count edited is refused, naming the line', async () => {
    const dir = await interrupted('edited');
    const path = join(dir, 'checkpoint.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.length).toBeGreaterThan(3);
    lines[1] = lines[1]!.replace(/"wins":(\d+)/, (_, w: string) => `"wins":${Number(w) + 300}`);
    writeFileSync(path, lines.join('\n'));
    await refused([...RUN, '--out', dir, '--resume'], /checkpoint\.jsonl line 2 fails its checksum/);
  });
});

describe('a resumed run\'s manifest times the whole run', () => {
  it('a checkpoint written without timing (an older mjlab\'s) resumes, and the manifest says its duration is partial', async () => {
    const dir = await interrupted('untimed');
    const path = join(dir, 'checkpoint.jsonl');
    const entries: (CheckpointHeader | CheckpointBatch)[] = [];
    const state = readCheckpoint(path, (b) => {
      const { seconds, ...old } = b;
      expect(seconds).toBeGreaterThan(0);
      entries.push(old as CheckpointBatch);
    })!;
    const { startedAt, ...header } = state.header;
    expect(startedAt).toMatch(/^\d{4}-/);
    truncateSync(path, 0);
    const w = new CheckpointWriter(path, 0);
    for (const e of [header as CheckpointHeader, ...entries]) w.append(e);
    w.close();
    await ok([...RUN, '--out', dir, '--resume']);
    expectSame(dir, join(tmp, 'full'));
    expect(JSON.parse(read(dir, 'manifest.json'))).toMatchObject({ complete: true, durationPartial: true });
    expect(JSON.parse(read(join(tmp, 'full'), 'manifest.json')).durationPartial).toBeUndefined();
  });

  it('a finished run of an older mjlab resumed again: partial only if its manifest timed less than the whole run', async () => {
    for (const [name, hps] of [['old-whole', null], ['old-resumed', 0]] as const) {
      const dir = join(tmp, name);
      cpSync(join(tmp, 'full'), dir, { recursive: true });
      const path = join(dir, 'checkpoint.jsonl');
      const entries: (CheckpointHeader | CheckpointBatch)[] = [];
      const state = readCheckpoint(path, ({ seconds: _, ...old }) => entries.push(old as CheckpointBatch))!;
      const { startedAt: _s, ...header } = state.header;
      truncateSync(path, 0);
      const w = new CheckpointWriter(path, 0);
      for (const e of [header as CheckpointHeader, ...entries]) w.append(e);
      w.close();
      // An older mjlab's --resume of a run it had finished timed only its own session: no hands, milliseconds.
      const m = JSON.parse(read(dir, 'manifest.json')) as Record<string, unknown>;
      if (hps !== null) writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, handsPerSecond: hps, durationSeconds: 0.02 }, null, 2));
      const before = JSON.parse(read(dir, 'manifest.json')) as Record<string, unknown>;
      await ok([...RUN, '--out', dir, '--resume']);
      const after = JSON.parse(read(dir, 'manifest.json')) as Record<string, unknown>;
      expect(after.commit).toBe(before.commit);
      expect(after.startedAt).toBe(before.startedAt);
      expect(after.durationSeconds).toBe(before.durationSeconds);
      expect(after.durationPartial, name).toBe(hps === null ? undefined : true);
    }
  });
});

describe('games.csv is checked against the checkpoint and rebuilt from it', () => {
  it('emptied after an interruption: rebuilt from the checkpointed batches, said so, equal to the uninterrupted run', async () => {
    const dir = await interrupted('emptied');
    truncateSync(join(dir, 'games.csv'), 0);
    const r = await ok([...RUN, '--out', dir, '--resume']);
    expect(r.stderr).toMatch(/games\.csv ends at byte 0.*rebuilding games\.csv for games 0\.\.\d+ from the checkpointed batches/);
    const text = read(dir, 'games.csv');
    expect(text.charCodeAt(0)).not.toBe(0);
    expect(text.startsWith('game,hand,')).toBe(true);
    expectSame(dir, join(tmp, 'full'));
  });

  it('cut short, or with one committed row changed: rebuilt from the first batch that differs', async () => {
    const dir = await interrupted('changed');
    const path = join(dir, 'games.csv');
    const text = readFileSync(path, 'utf8');
    const rows = text.split('\n');
    rows[40] = rows[40]!.replace(/^(\d+),0,/, '$1,1,');
    writeFileSync(path, rows.join('\n'));
    const r = await ok([...RUN, '--out', dir, '--resume']);
    expect(r.stderr).toMatch(/games\.csv's bytes \d+\.\.\d+ differ from the checkpoint's.*rebuilding games\.csv for games 32\.\./);
    expectSame(dir, join(tmp, 'full'));

    const cut = await interrupted('cut');
    const g = join(cut, 'games.csv');
    truncateSync(g, Math.floor(readFileSync(g).length / 2));
    const r2 = await ok([...RUN, '--out', cut, '--resume']);
    expect(r2.stderr).toMatch(/games\.csv ends at byte \d+, before byte \d+.*rebuilding/);
    expectSame(cut, join(tmp, 'full'));
  });
});

describe('plug-in files are part of the run identity', () => {
  it('a plug-in changed since the checkpoint was written is refused, naming it', async () => {
    const plugin = join(tmp, 'bot.mjs');
    copyFileSync(GATE, plugin);
    const args = RUN.map((a) => a.replace(GATE, plugin));
    const dir = await interrupted('plugin', args);
    const manifest = JSON.parse(read(dir, 'manifest.json')) as { identity: { plugins: Record<string, string> } };
    expect(Object.keys(manifest.identity.plugins)).toEqual([plugin]);
    expect(manifest.identity.plugins[plugin]).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(plugin, `${readFileSync(plugin, 'utf8')}\n// tuned\n`);
    await refused([...args, '--out', dir, '--resume'], /plug-in .*bot\.mjs changed since .* checkpoint was written/);
  });
});
