// Outputs a researcher can use (docs/outputs.md): games.csv says who dealt, won and discarded, and each seat's
// strategy and net; --unit match writes matches.csv and match-win rates in summary.csv; simulate --duplicate
// writes pairwise.csv, the experiments' paired comparison; mjlab --version; the manifest records whether the tree
// was modified and a hash of every plug-in file; docs/outputs.md documents every column and manifest field.
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, parseCsv, read, ROOT, tempDir } from './helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { tableConfig } from '../../src/runner/table.js';
import { gameSetup } from '../../src/game/setup.js';
import { playGame } from '../../src/game/play.js';
import { pairedZ } from '../../src/stats/paired.js';
import { zCritical } from '../../src/stats/erf.js';
import { gitState, parseGitStatus } from '../../src/io/manifest.js';

const tmp = tempDir('outputs');
const d = (n: string) => join(tmp, n);
const LINEUP = 'greedy,greedy,random,random';

async function ok(args: string[]): Promise<void> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.status, r.stderr).toBe(0);
}

beforeAll(async () => {
  await ok(['simulate', '--strategies', LINEUP, '--games', '200', '--seed', '4', '--workers', '2', '--games-csv', '--no-progress', '--out', d('hands')]);
  await ok(['simulate', '--rules', 'babcock', '--strategies', LINEUP, '--games', '12', '--seed', '4', '--workers', '2', '--unit', 'match', '--games-csv', '--no-progress', '--out', d('matches')]);
  await ok(['simulate', '--strategies', 'harr,chow-mixer,greedy,greedy', '--games', '800', '--seed', '4', '--workers', '2', '--duplicate', '--no-progress', '--out', d('dup')]);
});

describe('games.csv', () => {
  it('has the dealer, winner and discarder seats and every seat\'s strategy and net, as the engine played them', async () => {
    const rows = parseCsv(read(d('hands'), 'games.csv'));
    const config = await tableConfig({ rules: 'harr', strategies: LINEUP, players: 4, unit: 'hand', seed: 4, duplicate: false, flowers: false, limit: null });
    for (const row of rows.filter((r) => r.win_by !== 'none').slice(0, 8).concat(rows.slice(0, 3))) {
      const g = Number(row.game);
      const outcome = playGame(config, gameSetup(config, g), { record: false });
      const h = outcome.hands[0]!;
      expect(Number(row.dealer_seat)).toBe(h.dealer);
      expect(row.winner_seat).toBe(h.winner === null ? '' : String(h.winner));
      expect(row.discarder_seat).toBe(h.discarder === null || h.winner === null ? '' : String(h.discarder));
      for (let s = 0; s < 4; s++) {
        expect(row[`seat${s}_strategy`]).toBe(outcome.strategies[s]);
        expect(Number(row[`seat${s}_net`])).toBe(h.nets[s]);
      }
      if (h.winner !== null) expect(row[`seat${h.winner}_strategy`]).toBe(row.winner_strategy);
    }
    // With greedy, greedy, random, random one can now tell which greedy won, and pair hands seat by seat.
    for (const row of rows) expect([0, 1, 2, 3].reduce((s, k) => s + Number(row[`seat${k}_net`]), 0)).toBe(0);
  });
});

describe('--unit match', () => {
  it('writes matches.csv (final scores and placings) and match-win rates in summary.csv', async () => {
    const matches = parseCsv(read(d('matches'), 'matches.csv'));
    expect(matches).toHaveLength(12);
    const config = await tableConfig({ rules: 'babcock', strategies: LINEUP, players: 4, unit: 'match', seed: 4, duplicate: false, flowers: false, limit: 300 });
    const wins = new Map<string, number>();
    for (const m of matches) {
      const outcome = playGame(config, gameSetup(config, Number(m.game)), { record: false });
      expect(Number(m.hands)).toBe(outcome.hands.length);
      for (let s = 0; s < 4; s++) {
        expect(Number(m[`seat${s}_final_score`])).toBe(outcome.finalScores[s]);
        expect(m[`seat${s}_strategy`]).toBe(outcome.strategies[s]);
        const place = 1 + outcome.finalScores.filter((x) => x > outcome.finalScores[s]!).length;
        expect(Number(m[`seat${s}_placing`])).toBe(place);
        if (place === 1) wins.set(outcome.strategies[s]!, (wins.get(outcome.strategies[s]!) ?? 0) + 1);
      }
    }
    const summary = parseCsv(read(d('matches'), 'summary.csv'));
    for (const row of summary) {
      expect(Number(row.matches)).toBe(24); // two seats each, 12 matches
      expect(Number(row.match_wins)).toBe(wins.get(row.strategy!) ?? 0);
      expect(Number(row.match_win_rate)).toBeCloseTo(Number(row.match_wins) / 24, 6);
      expect(Number(row.match_win_rate_low)).toBeLessThanOrEqual(Number(row.match_win_rate));
      expect(Number(row.mean_placing)).toBeGreaterThanOrEqual(1);
    }
    // A hand run's summary.csv keeps its columns (the committed results' files are unchanged).
    expect(read(d('hands'), 'summary.csv').split('\n')[0]).not.toContain('match');
  });
});

describe('simulate --duplicate', () => {
  it('writes pairwise.csv: each pair\'s paired mean-net difference per hand with its 95% interval, over wall sets', () => {
    const rows = parseCsv(read(d('dup'), 'pairwise.csv'));
    const labels = ['harr', 'chow-mixer', 'greedy'];
    const seats = [1, 1, 2];
    expect(rows.map((r) => `${r.strategy_a}-${r.strategy_b}`)).toEqual(['harr-chow-mixer', 'harr-greedy', 'chow-mixer-greedy']);
    // Independently: per wall set (4 games), each label's net from nets.bin, then a paired z test on the differences.
    const nets = readFileSync(join(d('dup'), 'nets.bin'));
    const walls = 200;
    for (const row of rows) {
      const a = labels.indexOf(row.strategy_a!);
      const b = labels.indexOf(row.strategy_b!);
      const ha = seats[a]! * 4;
      const hb = seats[b]! * 4;
      const diffs: number[] = [];
      for (let w = 0; w < walls; w++) {
        let xa = 0;
        let xb = 0;
        for (let g = 4 * w; g < 4 * w + 4; g++) {
          xa += nets.readInt32LE((g * 3 + a) * 4);
          xb += nets.readInt32LE((g * 3 + b) * 4);
        }
        diffs.push(xa / ha - xb / hb);
      }
      const z = pairedZ(diffs);
      const half = (zCritical(0.95) * z.sd) / Math.sqrt(z.n);
      expect(Number(row.wall_sets)).toBe(walls);
      expect(Number(row.mean_net_diff)).toBeCloseTo(z.meanDiff, 5);
      expect(Number(row.diff_low)).toBeCloseTo(z.meanDiff - half, 5);
      expect(Number(row.diff_high)).toBeCloseTo(z.meanDiff + half, 5);
      expect(Number(row.z)).toBeCloseTo(z.statistic, 4);
    }
  });
});

describe('provenance', () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)results') !== '';

  it('mjlab --version prints the version and the commit, saying when the tree is modified', async () => {
    const r = await mjlabIn(['--version']);
    expect(r.status).toBe(0);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    expect(r.stdout.trim()).toBe(`mjlab ${version} (commit ${git('rev-parse', 'HEAD')}${dirty ? ', modified' : ''})`);
  });

  it("one git status gives the commit and the modified flag, as rev-parse and a plain status do", () => {
    expect(gitState()).toEqual({ commit: git('rev-parse', 'HEAD'), dirty });
    const oid = 'a'.repeat(40);
    const head = `# branch.oid ${oid}\n# branch.head main\n`;
    expect(parseGitStatus(head)).toEqual({ commit: oid, dirty: false });
    expect(parseGitStatus(`# branch.oid ${oid}\n# branch.head (detached)\n`)).toEqual({ commit: oid, dirty: false });
    expect(parseGitStatus(`${head}1 .M N... 100644 100644 100644 ${oid} ${oid} docs/notation.md\n`)).toEqual({ commit: oid, dirty: true });
    expect(parseGitStatus(`${head}2 R. N... 100644 100644 100644 ${oid} ${oid} R100 b.ts\ta.ts\n`)).toEqual({ commit: oid, dirty: true });
    // A SHA-256 repository's object names are 64 digits; a repository without a commit has none.
    expect(parseGitStatus(`# branch.oid ${'b'.repeat(64)}\n`)).toEqual({ commit: 'b'.repeat(64), dirty: false });
    expect(parseGitStatus('# branch.oid (initial)\n# branch.head main\n')).toEqual({ commit: 'unknown', dirty: null });
    expect(parseGitStatus('')).toEqual({ commit: 'unknown', dirty: null });
  });

  it('the manifest records whether the tree was modified and a SHA-256 of every plug-in file', async () => {
    const bot = join(ROOT, 'strategies', 'example-user-bot.js');
    const gate = join(FIXTURES, 'gate.mjs');
    await ok(['simulate', '--strategies', `${bot},${gate},greedy,greedy`, '--games', '8', '--workers', '1', '--no-progress', '--out', d('plugins')]);
    const m = JSON.parse(read(d('plugins'), 'manifest.json'));
    expect(m.dirty).toBe(dirty);
    expect(m.commit).toBe(git('rev-parse', 'HEAD'));
    const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
    expect(m.identity.plugins).toEqual({ [bot]: sha(bot), [gate]: sha(gate) });
    expect(m.outputs['summary.csv'].sha256).toBe(createHash('sha256').update(read(d('plugins'), 'summary.csv')).digest('hex'));
  });
});

describe('docs/outputs.md', () => {
  it('documents every column of every CSV a run writes and every manifest field', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'outputs.md'), 'utf8');
    const documented = (name: string) => doc.includes(`\`${name.replace(/^seat\d+_/, 'seatN_')}\``);
    const headers: [string, string][] = [];
    for (const [dir, files] of [
      ['hands', ['games.csv', 'summary.csv', 'totals.csv', 'score-distribution.csv']],
      ['matches', ['matches.csv', 'summary.csv']],
      ['dup', ['pairwise.csv']],
    ] as const) {
      for (const f of files) for (const col of read(d(dir), f).split('\n')[0]!.split(',')) headers.push([f, col]);
    }
    const missing = headers.filter(([, col]) => !documented(col)).map(([f, col]) => `${f}: ${col}`);
    expect(missing).toEqual([]);
    const fields: string[] = [];
    for (const dir of ['hands', 'matches', 'dup', 'plugins']) {
      const m = JSON.parse(read(d(dir), 'manifest.json'));
      fields.push(...Object.keys(m), ...Object.keys(m.identity).map((k) => `identity.${k}`));
    }
    await ok(['simulate', '--strategies', LINEUP, '--games', '200', '--seed', '4', '--workers', '1', '--shard', '1/2', '--no-progress', '--out', d('half')]);
    await ok(['merge', '--out', d('merged'), d('half'), '--allow-partial']);
    fields.push(...Object.keys(JSON.parse(read(d('merged'), 'manifest.json'))));
    expect([...new Set(fields)].filter((f) => !documented(f))).toEqual([]);
  });
});
