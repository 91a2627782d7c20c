// `mjlab simulate` / `mjlab merge` end to end (README.md, "Running at scale"): identical outputs whatever the
// worker count or shard layout, merge associativity, games.csv rows against the engine's recorded game, and
// resume after SIGKILL or Ctrl-C equal to an uninterrupted run. The kills happen on an event (the gate plug-in
// holding the run at a fixed point, test/runner/fixtures/gate.mjs), never on a timer.
import { beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXACT_FILES, GATE, lineCount, parseCsv, read, startHeld, tempDir, untilLines } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { tableConfig } from '../../src/runner/table.js';
import { gameSetup } from '../../src/game/setup.js';
import { playGame } from '../../src/game/play.js';

const BASE = ['simulate', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '7', '--games-csv', '--no-progress'];
const GAMES = 240;

let tmp: string;
const out = (name: string) => join(tmp, name);

async function ok(args: string[]): Promise<void> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

function expectSame(a: string, b: string): void {
  for (const f of EXACT_FILES) expect(read(b, f), `${f}: ${a} vs ${b}`).toBe(read(a, f));
}

beforeAll(async () => {
  tmp = tempDir('sim');
  await ok([...BASE, '--games', String(GAMES), '--workers', '1', '--out', out('w1')]);
});

describe('exact and independent of workers and shards', () => {
  it('1 worker, 2 workers and merged shards give byte-identical outputs', async () => {
    await ok([...BASE, '--games', String(GAMES), '--workers', '2', '--out', out('w2')]);
    expectSame(out('w1'), out('w2'));
    for (const i of [0, 1, 2]) await ok([...BASE, '--games', String(GAMES), '--workers', '2', '--shard', `${i + 1}/3`, '--out', out(`s${i}`)]);
    await ok(['merge', '--out', out('merged'), out('s2'), out('s0'), out('s1')]);
    expectSame(out('w1'), out('merged'));
    // Associativity: (s0 ⊕ s1) ⊕ s2 = s0 ⊕ (s1 ⊕ s2) = the single run.
    await ok(['merge', '--out', out('m01'), out('s0'), out('s1'), '--allow-partial']);
    await ok(['merge', '--out', out('m01_2'), out('m01'), out('s2')]);
    await ok(['merge', '--out', out('m12'), out('s1'), out('s2'), '--allow-partial']);
    await ok(['merge', '--out', out('m0_12'), out('s0'), out('m12')]);
    expectSame(out('w1'), out('m01_2'));
    expectSame(out('w1'), out('m0_12'));
    const rows = parseCsv(read(out('w1'), 'summary.csv'));
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.hands)).toBe(4 * GAMES);
    const m = JSON.parse(read(out('w1'), 'manifest.json')) as Record<string, unknown>;
    expect(m).toMatchObject({ complete: true, ranges: [[0, GAMES]], identity: { rules: 'harr', seed: 7, games: GAMES } });
  });

  it('merge refuses overlapping or foreign inputs', async () => {
    const r = await mjlabIn(['merge', '--out', out('bad'), out('s0'), out('m01')], { cwd: tmp });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/overlap/);
  });
});

describe('games.csv', () => {
  it('row G is the engine\'s recorded result of game G', async () => {
    const rows = parseCsv(read(out('w1'), 'games.csv'));
    expect(rows).toHaveLength(GAMES);
    const config = await tableConfig({
      rules: 'harr', strategies: 'random,random,random,random', players: 4, unit: 'hand', seed: 7, duplicate: false, flowers: false, limit: null,
    });
    const won = rows.filter((r) => r.win_by !== 'none').map((r) => Number(r.game));
    const checked = [0, 1, GAMES - 1, ...won.slice(0, 5)];
    for (const g of checked) {
      const row = rows[g]!;
      const outcome = playGame(config, gameSetup(config, g), { record: true });
      const h = outcome.hands[0]!;
      expect(Number(row.game)).toBe(g);
      expect(row.win_by).toBe(h.winBy);
      expect(row.winner_strategy).toBe(h.winner === null ? '' : outcome.strategies[h.winner]);
      expect(row.discarder_strategy).toBe(h.discarder === null ? '' : outcome.strategies[h.discarder]);
      expect(Number(row.turns)).toBe(h.turns);
      expect(row.winner_score).toBe(h.winnerScore === null ? '' : String(h.winnerScore));
      expect(row.winner_pattern).toBe(h.winnerPattern ?? '');
    }
  });
});

describe('interruption', () => {
  // The gate plug-in plays like random; held from its K-th agent on, the run stands still until killed.
  const LONG = [
    'simulate', '--rules', 'harr', '--strategies', `${GATE},random,random,random`, '--seed', '11', '--games-csv', '--no-progress',
    '--games', '2000', '--workers', '2', '--decision-timeout', '600',
  ];
  // The gate creates one agent per game: held at its 600th game of 2000 (around batch 19 of 63).
  const K = 600;

  it('SIGKILL mid-run, then --resume, equals the uninterrupted run', async () => {
    await ok([...LONG, '--out', out('full')]);
    const dir = out('killed');
    const { child, exited } = await startHeld([...LONG, '--out', dir], out('killed.count'), K, tmp);
    // Held, the workers send nothing more; the batches staged before reach the checkpoint on its flush timer.
    await untilLines(join(dir, 'checkpoint.jsonl'), 2);
    child.kill('SIGKILL');
    expect(await exited).toBe(-1);
    expect(existsSync(join(dir, 'manifest.json'))).toBe(false); // it really died mid-run
    const committed = lineCount(join(dir, 'checkpoint.jsonl')) - 1;
    expect(committed).toBeLessThan(Math.ceil(2000 / Math.ceil(2000 / 64)));
    const lines = read(dir, 'checkpoint.jsonl').trimEnd().split('\n').map((l) => JSON.parse(l) as { startedAt?: string; seconds?: number });
    const killedAfter = lines[lines.length - 1]!.seconds!;
    appendFileSync(join(dir, 'checkpoint.jsonl'), '{"kind":"batch","index":'); // a torn write
    appendFileSync(join(dir, 'games.csv'), '99999,0,random,disc'); // rows past the checkpoint
    await ok([...LONG, '--out', dir, '--resume']);
    expectSame(out('full'), dir);
    // The manifest tells of the whole run, not only of the session that finished it.
    const m = JSON.parse(read(dir, 'manifest.json')) as { startedAt: string; durationSeconds: number; durationPartial?: boolean };
    expect(m.startedAt).toBe(lines[0]!.startedAt);
    expect(killedAfter).toBeGreaterThan(0);
    expect(m.durationSeconds).toBeGreaterThan(killedAfter);
    expect(m.durationPartial).toBeUndefined();
    // Resumed once more, a finished run plays nothing and keeps its manifest as it was.
    const before = read(dir, 'manifest.json');
    await ok([...LONG, '--out', dir, '--resume']);
    expect(read(dir, 'manifest.json')).toBe(before);
    expectSame(out('full'), dir);
  });

  it('Ctrl-C writes what is done and says how to resume', async () => {
    const dir = out('interrupted');
    const { child, exited, stderr } = await startHeld([...LONG, '--out', dir], out('interrupted.count'), K, tmp);
    child.kill('SIGINT');
    const code = await exited;
    expect(code).toBe(130);
    expect(stderr()).toMatch(/interrupted after \d+ of 2000 games.*--resume/);
    const m = JSON.parse(read(dir, 'manifest.json')) as { complete: boolean };
    expect(m.complete).toBe(false);
    await ok([...LONG, '--out', dir, '--resume']);
    expectSame(out('full'), dir);
  });
});
