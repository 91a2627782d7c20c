// `mjlab export --run DIR [--games A-B]` (docs/replay.md "Exporting a run"): one JSON line per game, each the record
// `replay --run DIR --game G --json` prints with the run's provenance added; a line re-executes through `replay
// --record`; a bot file changed since the run is refused; a bad range is one line and exit 2.
import { describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { mjlab, ROOT, tempDir } from '../runner/helpers.js';

const tmp = tempDir('export');

function run(out: string, lineup: string, games: number): string {
  const dir = join(tmp, out);
  const r = mjlab(['simulate', '--rules', 'harr-limit', '--strategies', lineup, '--games', String(games), '--out', dir, '--no-progress', '--quiet', '--workers', '2', '--decision-timeout', '60'], { cwd: ROOT });
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

describe('mjlab export', () => {
  it('writes every game of the range as its replay record with the run provenance, and a line replays', () => {
    const dir = run('builtin', 'harr,random,chow-mixer,greedy', 12);
    const r = mjlab(['export', '--run', dir, '--games', '3-7'], { cwd: ROOT });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(5);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    lines.forEach((l, i) => {
      const { provenance, ...record } = JSON.parse(l) as Record<string, unknown>;
      expect(provenance).toEqual({ tool: 'mjlab', version: manifest.version, commit: manifest.commit, dirty: manifest.dirty, identity: manifest.identity });
      const one = mjlab(['replay', '--run', dir, '--game', String(3 + i), '--json'], { cwd: ROOT });
      expect(record).toEqual(JSON.parse(one.stdout));
    });
    const file = join(tmp, 'line.json');
    writeFileSync(file, `${lines[2]}\n`);
    const again = mjlab(['replay', '--record', file, '--json'], { cwd: ROOT });
    expect(again.status, again.stderr).toBe(0);
    const { provenance: _p, ...record } = JSON.parse(lines[2]!) as Record<string, unknown>;
    expect(JSON.parse(again.stdout)).toEqual(record);
    // The whole export, as replay --record reads it, says to give one line.
    writeFileSync(join(tmp, 'all.jsonl'), r.stdout);
    const all = mjlab(['replay', '--record', join(tmp, 'all.jsonl')], { cwd: ROOT });
    expect(all.status).toBe(2);
    expect(all.stderr).toMatch(/holds 5 game records, one a line \(mjlab export\): give one of them/);
  });

  it('without --games, the whole run; a range outside the run is one line and exit 2', () => {
    const dir = join(tmp, 'builtin');
    const r = mjlab(['export', '--run', dir], { cwd: ROOT });
    expect(r.stdout.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { game: number }).game)).toEqual([...Array(12).keys()]);
    for (const bad of ['5-20', '7-3', 'x']) {
      const b = mjlab(['export', '--run', dir, '--games', bad], { cwd: ROOT });
      expect(b.status).toBe(2);
      expect(b.stderr.trim().split('\n')).toHaveLength(1);
      expect(b.stdout).toBe('');
    }
  });

  it('a run with a bot exports through the bot, and is refused once the bot file has changed', () => {
    const bot = join(tmp, 'bot.mjs');
    copyFileSync(join(ROOT, 'examples', 'random-bot.mjs'), bot);
    const dir = run('bot', `cmd:node ${bot},harr,harr,harr`, 4);
    const r = mjlab(['export', '--run', dir, '--decision-timeout', '60'], { cwd: ROOT });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter((l) => l !== '')).toHaveLength(4);
    appendFileSync(bot, '// changed\n');
    const changed = mjlab(['export', '--run', dir], { cwd: ROOT });
    expect(changed.status).toBe(2);
    expect(changed.stderr).toMatch(/bot\.mjs has changed since the run .* was played/);
  });
});
